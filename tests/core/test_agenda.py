"""What is coming up, asked the way people ask it, answered from the state as it is now.

The founding mistake was an errand planned "before the trip" while the user was on it:
an agenda of a trip under way has no departure ahead, and an errand with no day is said
against the trip as it stands. What an open question doubts is left out, and the
question is named beside the answer.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import committed_fact

from core.conversation.agenda import NOTHING, agenda
from core.conversation.offline_replies import message_kind, offline_answer
from core.domain.phrasing import question
from core.domain.state import CommittedFact
from core.engine.consistency import SOURCE_PREFIX
from core.store import ReviewItem

NOW = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)  # Sunday
ME = "user:primary"


def _fact(field: str, value: Any, entity: str = ME) -> CommittedFact:
    return committed_fact(field, value, entity=entity, at=NOW)


def _item(
    seq: int,
    field: str,
    value: Any,
    group: str,
    current: Any = None,
    source: str = "conversation_assertive:tg:1:2",
) -> ReviewItem:
    return ReviewItem(
        f"rv-{seq}", seq, "change", None, ME, field, value, current, 0.8, (),
        source, "pending", NOW, NOW, None, None, group,
    )  # fmt: skip


PLANNED = (
    _fact("travel.status", "planning"),
    _fact("travel.destination", "Tahoe"),
    _fact("travel.depart_date", "2026-12-05"),
    _fact("travel.return_date", "2026-12-13"),
)
UNDER_WAY = (
    _fact("travel.status", "in_progress"),
    _fact("travel.destination", "Tahoe"),
    _fact("travel.location", "Tahoe"),
    _fact("travel.depart_date", "2026-12-05"),  # the plan's day, before they left early
    _fact("travel.return_date", "2026-12-13"),
)
ERRANDS = (
    _fact("financial.amazon_return.status", "due"),
    _fact("financial.rent.status", "due"),
    _fact("financial.rent.due_date", "2026-12-01"),
    _fact("financial.rent.amount", 2400),
    _fact("financial.rent.currency", "USD"),
    _fact("financial.gym.status", "due"),
    _fact("financial.gym.due_date", "2026-11-20"),
    _fact("financial.phone_bill.status", "paid"),
    _fact("financial.phone_bill.due_date", "2026-12-02"),
)
EVENTS = (
    _fact("family.dentist_appt.event_status", "scheduled"),
    _fact("family.dentist_appt.schedule", "2026-11-30"),
    _fact("family.recital.event_status", "cancelled"),
    _fact("family.recital.schedule", "2026-12-04"),
    _fact("family.soccer_practice.schedule", "2026-11-26"),  # last week: behind us
    _fact("household.bin_day.schedule", "2026-12-03", entity="household:home"),
)


@pytest.mark.parametrize(
    "text",
    [
        "whats on my plate",
        "what's coming up?",
        "anything i need to do?",
        "what do I need to do this week",
        "what have we got coming up",
        "what's next",
        "what should i do today",
        "what are my plans",
        "my todo list",
        "anything due soon?",
        "agenda",
        "what do i still need to do",
        "whats left to do",
        "anything still outstanding on my list?",
        "what have i got left",
        # A stretch of days named (users30: "whats on this week" was "I'm not sure what
        # you mean").
        "whats on this week",
        "what's on tomorrow?",
        "anything this weekend",
        "anything on next week?",
        "so what have we got this weekend",
        "what does my week look like",
        "whats happening this week",
    ],
)
def test_ways_of_asking_what_is_ahead_get_the_agenda(text: str) -> None:
    assert message_kind(text) == "state"
    said = offline_answer(text, PLANNED + ERRANDS, (), NOW)
    assert said.startswith("Coming up:"), said
    assert "Saturday, December 5: you leave for Tahoe" in said


@pytest.mark.parametrize(
    "text",
    [
        "whats on tv tonight",  # not the user's days
        "what is tom doing this week",  # someone else's
        "anything from tom this week?",
        "what happened this week",  # the past
        "nothing on this weekend thank god",  # news, not a question
    ],
)
def test_look_alikes_of_a_days_question_are_not_the_agenda(text: str) -> None:
    said = offline_answer(text, PLANNED + ERRANDS, (), NOW)
    assert not said.startswith("Coming up:"), said


def test_the_agenda_is_soonest_first_with_overdue_and_undated_after() -> None:
    said = agenda(PLANNED + ERRANDS + EVENTS, NOW, ME)
    assert said.splitlines() == [
        "Coming up:",
        "• Tomorrow (Monday, November 30): dentist appt",
        "• Tuesday, December 1: the rent ($2,400) is due",
        "• Thursday, December 3: bin day",
        "• Saturday, December 5: you leave for Tahoe",
        "• Sunday, December 13: you're back from Tahoe",
        "Overdue:",
        "• the gym, since Friday, November 20",
        "No day yet: the Amazon return (you leave Saturday, December 5).",
    ]


def test_a_trip_under_way_has_no_departure_ahead_and_errands_come_after_it() -> None:
    said = agenda(UNDER_WAY + ERRANDS, NOW, ME)
    assert said.startswith("You're on your trip to Tahoe now.")
    assert "leave" not in said, "the stale belief the founding story is about"
    assert "Sunday, December 13: you're back from Tahoe" in said
    assert "No day yet: the Amazon return — after your trip, since you're on it now." in said


@pytest.mark.parametrize("status", ["completed", "cancelled"])
def test_a_trip_over_or_off_is_not_on_the_agenda(status: str) -> None:
    facts = (*PLANNED[1:], _fact("travel.status", status))
    assert agenda(facts, NOW, ME) == NOTHING


def test_what_an_open_question_doubts_is_left_out_and_the_question_named() -> None:
    # The timeline check's question: a trip that "leaves" on the 5th may have left today.
    doubt = f"{SOURCE_PREFIX}departure_ahead_trip_under_way|{ME}|travel.depart_date=2026-12-05"
    left = _item(
        1, "travel.depart_date", "2026-11-29", "g-left", current="2026-12-05", source=doubt
    )
    said = offline_answer("what's coming up?", PLANNED, (left,), NOW, shown_item="rv-1")
    assert "you leave for" not in said
    assert "Sunday, December 13: you're back from Tahoe" in said
    assert 'I\'ve asked you: "Did you leave on Sunday, November 29?"' in said, said


def test_someone_elses_errands_are_not_mine() -> None:
    theirs = _fact("financial.car_payment.status", "due", entity="user:partner")
    assert agenda((theirs,), NOW, ME) == NOTHING


def test_days_are_the_users_days() -> None:
    """At 01:00 UTC on the 30th it is still the 29th in Portland: "tomorrow" is the 30th."""
    late = datetime(2026, 11, 30, 1, 0, tzinfo=UTC)
    facts = (_fact("profile.timezone", "America/Los_Angeles"), *EVENTS[:2])
    assert "Tomorrow (Monday, November 30): dentist appt" in agenda(facts, late, ME)


@pytest.mark.parametrize(
    ("facts", "open_items", "text", "said"),
    [
        # Only asked about so far: not known, and the question that settles it.
        (
            (),
            (_item(1, "financial.amazon_return.status", "due", "g-a"),),
            "whens the amazon return due",
            'Not settled yet. I\'ve asked you: "Do you still have to do the Amazon return?" — '
            "your answer "
            "settles it.",
        ),
        # Known, with no day: said so, against the trip as it is now.
        (
            (*UNDER_WAY, ERRANDS[0]),
            (),
            "when's the amazon return due?",
            "The Amazon return is due — it has no day, and you're on your trip now (back "
            "Sunday, December 13), so it comes after it.",
        ),
        (
            (ERRANDS[0],),
            (),
            "what day is the amazon return due",
            'The Amazon return is due — it has no day yet; tell me when ("it\'s due friday").',
        ),
    ],
)
def test_when_is_an_errand_due(
    facts: tuple[CommittedFact, ...], open_items: tuple[ReviewItem, ...], text: str, said: str
) -> None:
    assert offline_answer(text, facts, open_items, NOW, shown_item="rv-1") == said


@pytest.mark.parametrize(
    ("status", "day", "asked"),
    [
        ("scheduled", "2026-12-01", "Is the dentist appt on Tuesday, December 1?"),
        ("moved", "2026-12-03", "Has the dentist appt moved to Thursday, December 3?"),
        ("cancelled", "2026-12-01", "Is the dentist appt cancelled?"),
    ],
)
def test_an_events_status_and_day_are_asked_as_one(status: str, day: str, asked: str) -> None:
    group = (
        _item(1, "family.dentist_appt.event_status", status, "g-e"),
        _item(2, "family.dentist_appt.schedule", day, "g-e"),
    )
    assert question(group, ME) == asked


@pytest.mark.parametrize(
    "text",
    ["did i return the boots yet?", "did i send back the boots", "have i returned the shoes yet?"],
)
def test_an_errand_named_in_other_words_is_found_by_its_kind(text: str) -> None:
    assert offline_answer(text, (*UNDER_WAY, *ERRANDS), (), NOW).startswith(
        "The Amazon return is due"
    )


def test_two_errands_of_one_kind_are_not_guessed_between() -> None:
    both = (*ERRANDS, _fact("financial.zara_return.status", "due"))
    assert not offline_answer("did i return the boots yet?", both, (), NOW).startswith("The ")


def test_a_bill_not_named_is_said_as_asked() -> None:
    said = offline_answer("did i pay the bill?", ERRANDS, (), NOW)
    assert said == "I don't know whether you paid the bill yet — tell me."


@pytest.mark.parametrize(
    ("due", "shown"),
    [
        # Due by the day the trip left (Sunday) or before: left undone, never "due today".
        ("2026-11-29", "• the Amazon return, due before you left (Sunday, November 29)"),
        ("2026-11-27", "• the Amazon return, due before you left (Sunday, November 29)"),
        # Due after the trip left: still ahead, as any errand.
        ("2026-12-02", "• Wednesday, December 2: the Amazon return is due"),
    ],
)
def test_an_errand_due_before_a_trip_under_way_left_is_left_undone(due: str, shown: str) -> None:
    facts = [
        _fact("travel.status", "in_progress"),
        _fact("travel.depart_date", "2026-11-29"),
        _fact("financial.amazon_return.status", "due"),
        _fact("financial.amazon_return.due_date", due),
    ]
    said = agenda(facts, NOW)
    assert shown in said, said
    assert "Today (Sunday, November 29): the Amazon return" not in said, said
