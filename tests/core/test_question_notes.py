"""An answer about state names the open question about the same thing, and only that one.

"where am I?" while "Back home in Denver?" waits behind a question about mom names the
home question, not mom's; "how's mom?" names mom's. The question the chat shows now was
"asked"; one still waiting behind it has not been seen yet, so it is "a question for you".
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from core.conversation.offline_replies import offline_answer
from core.conversation.question_notes import (
    closest_open_question,
    followed_by,
    ranked_fields,
    under,
)
from core.domain.ids import new_id
from core.domain.state import CommittedFact
from core.store import ReviewItem

NOW = datetime(2026, 2, 19, 18, 30, tzinfo=UTC)
ME = "user:primary"


def _fact(field: str, value: Any) -> CommittedFact:
    return CommittedFact(
        ME, field, value, 1, "user_confirmation", "seed", 1.0, new_id(), NOW, NOW, "user_confirm"
    )


def _item(
    seq: int, field: str, value: Any, group: str, status: str = "pending", current: Any = None
) -> ReviewItem:
    return ReviewItem(
        f"rv-{seq}", seq, "change", None, ME, field, value, current, 0.8, (),
        "conversation_assertive:tg:1:2", status, NOW, NOW, None, None, group,  # type: ignore[arg-type]
    )  # fmt: skip


ON_TRIP = (
    _fact("travel.location", "Chicago"),
    _fact("travel.status", "in_progress"),
    _fact("travel.destination", "Chicago"),
    _fact("profile.home_city", "Denver"),
    _fact("family.mom.status", "sick"),
)
MOM_BETTER = _item(1, "family.mom.status", "well", "g-mom", current="sick")
BACK_LATER = _item(2, "travel.return_date", "2026-02-25", "g-back")
HOME = (
    _item(3, "travel.status", "completed", "g-home", current="in_progress"),
    _item(4, "travel.location", "Denver", "g-home", current="Chicago"),
)
OPEN = (MOM_BETTER, BACK_LATER, *HOME)


@pytest.mark.parametrize(
    ("asked", "shown", "names", "never"),
    [
        # The location's question first, though mom's and the return's are older.
        ("where am i?", "rv-1", 'I have a question for you about it: "Back home in Denver', "mom"),
        ("where r we now", "rv-3", "I've asked you: \"Back home in Denver", "mom"),
        ("how's mom?", "rv-1", "I've asked you: \"Is your mom well", "Denver?"),
        ("is mom better", "rv-3", 'I have a question for you about it: "Is your mom', "Denver?"),
        ("when do we fly back?", "rv-1", "Are you back on Wednesday, February 25?", "mom"),
        ("my trip?", None, 'I have a question for you about it: "Back home in Denver', "mom"),
    ],
)
def test_the_answer_names_the_question_about_what_was_asked(
    asked: str, shown: str | None, names: str, never: str
) -> None:
    said = offline_answer(asked, ON_TRIP, OPEN, NOW, ME, shown)
    assert names in said
    assert never not in said.split("about it")[-1].split("asked you")[-1]


@pytest.mark.parametrize(
    "asked", ["where do i live", "what's my name", "did we pay the rent", "how's the website going"]
)
def test_no_question_about_it_no_note(asked: str) -> None:
    """An open question about the trip or mom is not part of an answer about the rent."""
    said = offline_answer(asked, ON_TRIP, OPEN, NOW, ME, "rv-1")
    assert "question for you" not in said
    assert "asked you" not in said


def test_a_group_is_named_whole_and_answered_ones_are_not_named() -> None:
    """The question is named as it was asked (its whole group); a settled one is gone."""
    first, group = closest_open_question(OPEN, ranked_fields("travel.location"))  # type: ignore[misc]
    assert first.id == "rv-4"
    assert [r.id for r in group] == ["rv-3", "rv-4"]
    settled = [MOM_BETTER, _item(9, "family.mom.status", "well", "g-x", status="confirmed")]
    found = closest_open_question(settled, under("family.mom."))
    assert found is not None
    assert found[0].id == "rv-1"
    assert closest_open_question(settled[1:], under("family.mom.")) is None


def test_about_me_names_the_oldest_open_question() -> None:
    said = offline_answer("what do you know about me?", ON_TRIP, OPEN, NOW, ME, "rv-1")
    assert "Here's what I know" in said
    assert "I've asked you: \"Is your mom well" in said
    waiting = offline_answer("what do you know about me?", ON_TRIP, OPEN, NOW, ME, "rv-3")
    assert 'I have a question waiting for you: "Is your mom well' in waiting


# A trip under way whose plan still "leaves" next Sunday: the check asks "Did you leave on
# …?" about the departure, so "what do you know about me?" does not say "since" that day.
UNDER_WAY_PLAN_AHEAD = (
    _fact("travel.status", "in_progress"),
    _fact("travel.destination", "Tahoe"),
    _fact("travel.location", "Tahoe"),
    _fact("travel.depart_date", "2026-02-22"),
    _fact("travel.return_date", "2026-02-24"),
)


def _conflict(seq: int, field: str, value: Any, current: Any) -> ReviewItem:
    item = _item(seq, field, value, f"g-{seq}", current=current)
    return replace(item, source_key=f"consistency:departure_ahead_trip_under_way|{ME}|x")


@pytest.mark.parametrize("asked", ["what do you know about me?", "what do u know abt me"])
def test_what_a_conflict_question_doubts_is_not_said_as_known(asked: str) -> None:
    ask = _conflict(5, "travel.depart_date", "2026-02-19", current="2026-02-22")
    said = offline_answer(asked, UNDER_WAY_PLAN_AHEAD, (ask,), NOW, ME, "rv-5")
    assert "on your trip to Tahoe" in said
    assert "back Tuesday, February 24" in said
    assert "February 22" not in said.split("I've asked")[0]
    assert "I've asked you:" in said
    assert "Did you leave on Thursday, February 19?" in said


def test_an_ordinary_question_leaves_the_known_fact_in_place() -> None:
    """Only a conflict question doubts what stands: a change waiting to be confirmed
    (its value not yet believed) leaves the believed one in the answer."""
    later = _item(6, "travel.return_date", "2026-02-26", "g-6", current="2026-02-24")
    said = offline_answer("what do you know about me?", UNDER_WAY_PLAN_AHEAD, (later,), NOW, ME)
    assert "back Tuesday, February 24" in said


@pytest.mark.parametrize(
    ("said", "joined"),
    [
        # A sentence: the note follows it on the same line.
        ("In Tahoe.", 'In Tahoe. I\'ve asked you: "Q?"'),
        # A list: the note is a paragraph of its own, not part of the last item.
        (
            "Coming up:\n• Tuesday: back from Lisbon",
            'Coming up:\n• Tuesday: back from Lisbon\n\nI\'ve asked you: "Q?"',
        ),
        # Sections after a list: the note does not join the last one ("No day yet: the
        # Amazon return (…). I've asked you: …" read as one more undated errand).
        (
            "Coming up:\n• Tuesday: back from Lisbon\nNo day yet: the Amazon return.",
            "Coming up:\n• Tuesday: back from Lisbon\nNo day yet: the Amazon return."
            '\n\nI\'ve asked you: "Q?"',
        ),
        (
            "You're on your trip to Tahoe now.\nOverdue:\n• the rent was due Monday.",
            "You're on your trip to Tahoe now.\nOverdue:\n• the rent was due Monday."
            '\n\nI\'ve asked you: "Q?"',
        ),
        # No note: the answer as it was.
        ("Coming up:\n• Tuesday", "Coming up:\n• Tuesday"),
    ],
)
def test_a_note_after_a_list_stands_apart(said: str, joined: str) -> None:
    note = ' I\'ve asked you: "Q?"' if joined != said else ""
    assert followed_by(said, note) == joined


def test_the_agenda_and_its_note_read_as_two_paragraphs() -> None:
    ask = _conflict(5, "travel.depart_date", "2026-02-19", current="2026-02-22")
    said = offline_answer("what's on my plate?", UNDER_WAY_PLAN_AHEAD, (ask,), NOW, ME, "rv-5")
    items, note = said.split("\n\n")
    assert items.rstrip().endswith("back from Tahoe"), said
    assert note.startswith("I've asked you:"), said


@pytest.mark.parametrize(
    ("asked", "opening"),
    [
        ("what do you know about me?", "Nothing confirmed yet."),
        ("what's on my plate?", "Nothing confirmed coming up yet."),
    ],
)
def test_nothing_known_while_a_question_waits_names_the_question_not_an_invitation(
    asked: str, opening: str
) -> None:
    """A first plan waiting for its Yes: "Tell me what's going on and I'll remember it"
    beside "I've asked you: …" asked for what had just been said."""
    plan = _item(1, "travel.destination", "Lisbon", "g-1")
    said = offline_answer(asked, (), (plan,), NOW, ME, "rv-1")
    assert said.startswith(f"{opening} I've asked you:"), said
    assert "Tell me" not in said, said
    assert "I'll keep track" not in said, said
    # With no question waiting, the invitation stays.
    assert "Tell me" in offline_answer(asked, (), (), NOW, ME)
