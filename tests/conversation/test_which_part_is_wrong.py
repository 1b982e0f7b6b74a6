"""A No to a question of several parts, through the real chat: which part is wrong, in
the question's own words, and, when it is the day a trip left, which day it was instead.

The buttons under "Which part is wrong?" say each part as the question's line says it
("you left on Friday, November 20", never "your departure date: Friday, November 20";
``core.domain.part_words``). The day a trip left, picked as the wrong part, is not just
rejected (that left the trip under way with no day it left, never asked again): "What day
did you leave, then?" is asked, a button a day of the week up to the day asked or the day
typed in her words; it is held with the rest, asked again as one, and her Yes commits it
as hers. Told with ``life_story.Life`` (SQLite, the offline extractor and responder, a fake
clock, a policy still calibrating, so every change is asked), at home in Portland on
Wednesday 25 November 2026.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from chat_harness import ALICE
from life_story import Life

from core.domain.part_words import MAX_PART_WORDS, part_words
from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(120)

ME = "user:primary"


@dataclass(frozen=True)
class Part:
    """One part of a grouped question (what ``part_words`` reads of a review item)."""

    field: str
    candidate_value: Any
    entity_id: str = ME
    current_value: Any = None


@pytest.mark.parametrize(
    ("part", "left", "said"),
    [
        (Part("travel.location", "Tahoe"), False, "you're in Tahoe"),
        (Part("travel.status", "in_progress"), False, "your trip is under way"),
        (Part("travel.status", "planning"), False, "you're planning a trip"),
        (Part("travel.status", "completed"), False, "your trip is over"),
        (Part("travel.status", "cancelled"), False, "your trip is off"),
        (Part("travel.destination", "Denver"), False, "your trip is to Denver"),
        (Part("travel.depart_date", "2026-11-20"), True, "you left on Friday, November 20"),
        (Part("travel.depart_date", "2026-11-28"), False, "you leave on Saturday, November 28"),
        (Part("travel.return_date", "2026-11-29"), False, "you're back on Sunday, November 29"),
        # Another member's part names them.
        (Part("travel.location", "Tahoe", "user:bob"), False, "Bob is in Tahoe"),
        (
            Part("travel.depart_date", "2026-11-20", "user:bob"),
            True,
            "Bob left on Friday, November 20",
        ),
        (
            Part("travel.depart_date", "2026-11-28", "user:bob"),
            False,
            "Bob leaves on Saturday, November 28",
        ),
        # Any other field: its name and value, as a sentence.
        (Part("financial.rent.amount", 2100), False, "the rent amount is 2,100"),
        (Part("financial.rent.status", "paid"), False, "the rent status is paid"),
        # A part that forgets a value.
        (
            Part("travel.return_date", None, current_value="2026-11-29"),
            False,
            "forget your return date",
        ),
    ],
)
def test_a_part_reads_as_the_question_says_it(part: Part, left: bool, said: str) -> None:
    assert part_words(part, ME, left=left) == said


def test_a_long_part_is_cut_to_fit_a_button() -> None:
    long = part_words(Part("travel.location", "Llanfairpwllgwyngyll Llantysiliogogogoch"), ME)
    assert len(long) == MAX_PART_WORDS
    assert long.startswith("you're in Llanfair")
    assert long.endswith("…")


@pytest.fixture
async def life(tmp_path: Path, migrated_store_file: Path) -> AsyncIterator[Life]:
    told = await Life.begin(migrated_store_file, tmp_path, default_policy())
    try:
        yield told
    finally:
        await told.stop()


ARRIVED = "made it to tahoe!! we left on friday"
LEFT_FRIDAY = "you left on Friday, November 20"


async def _which_part(life: Life, said: str) -> tuple[str, list[str]]:
    """``said``, then No: "Which part is wrong?" and its buttons."""
    await life.say(ALICE, said)
    replies = await life.tap("No")
    assert replies[-1] == "Which part is wrong?", replies
    return replies[-1], [label for label, _ in life.messenger.prompts(ALICE)[-1].buttons]


@pytest.mark.parametrize(
    ("said", "buttons"),
    [
        (ARRIVED, ["you're in Tahoe", "your trip is under way", LEFT_FRIDAY]),
        (
            "Made it to Tahoe, we left friday",
            ["you're in Tahoe", "your trip is under way", LEFT_FRIDAY],
        ),
        (
            "planing a trip to tahoe next weekend",
            [
                "your trip is to Tahoe",
                "you're planning a trip",
                "you leave on Saturday, December 5",
                "you're back on Sunday, December 6",
            ],
        ),
    ],
)
async def test_the_parts_are_offered_in_the_questions_words(
    life: Life, said: str, buttons: list[str]
) -> None:
    _, shown = await _which_part(life, said)
    assert shown == [*buttons, "All of it", "Cancel"], shown


async def _facts(life: Life) -> dict[str, Any]:
    return {f.field: f.value for f in await life.engine.store.facts(ME)}


@pytest.mark.parametrize(
    ("answer", "day"),
    [
        ("tap Thursday, Nov 19", "2026-11-19"),
        ("tap Sunday, Nov 22", "2026-11-22"),
        ("thursday", "2026-11-19"),  # typed: the last Thursday, never the next
        ("thurs", "2026-11-19"),
        ("the 19th", "2026-11-19"),
        ("on tuesday i think", "2026-11-24"),
        ("yesterday", "2026-11-24"),
    ],
)
async def test_the_day_a_trip_left_said_wrong_asks_which_day_it_was(
    life: Life, answer: str, day: str
) -> None:
    await _which_part(life, ARRIVED)
    replies = await life.tap(LEFT_FRIDAY)
    asked = replies[-1]
    assert asked.startswith("What day did you leave, then (not Friday, November 20)?"), replies
    days = [label for label, _ in life.messenger.prompts(ALICE)[-1].buttons]
    assert days == [
        "Wednesday, Nov 25",
        "Tuesday, Nov 24",
        "Monday, Nov 23",
        "Sunday, Nov 22",
        "Saturday, Nov 21",  # the Friday said wrong is not offered
        "Thursday, Nov 19",
        "Cancel",
    ]
    if answer.startswith("tap "):
        replies = await life.tap(answer.removeprefix("tap "))
    else:
        replies = await life.say(ALICE, answer)
    # Held with the rest, asked again as one; nothing committed until her Yes.
    rest = replies[-1]
    assert rest.startswith("Is all of this right?\n• Are you in Tahoe?"), replies
    assert "Friday, November 20" not in rest, rest
    assert "travel.status" not in await _facts(life)
    await life.tap("Yes")
    held = await _facts(life)
    assert held["travel.status"] == "in_progress"
    assert held["travel.location"] == "Tahoe"
    assert held["travel.depart_date"] == day
    fact = await life.engine.store.fact(ME, "travel.depart_date")
    assert fact is not None
    assert fact.principal == ME, "her word, as she said it"


async def test_cancel_keeps_the_question_as_it_was(life: Life) -> None:
    await _which_part(life, ARRIVED)
    await life.tap(LEFT_FRIDAY)
    replies = await life.say(ALICE, "/cancel")
    assert replies == ["OK, cancelled. The question is still open."]
    assert await _facts(life) == {"profile.home_city": "Portland"}
    # Her Yes after all: every part as it was asked.
    prompts = life.messenger.prompts(ALICE)
    assert prompts[-1].text.startswith("Is all of this right?"), prompts[-1].text
    await life.tap("Yes")
    assert (await _facts(life))["travel.depart_date"] == "2026-11-20"


async def test_another_part_said_wrong_is_rejected_alone_as_before(life: Life) -> None:
    await _which_part(life, ARRIVED)
    replies = await life.tap("you're in Tahoe")
    assert not any("What day" in r for r in replies), replies
    await life.tap("Yes")
    held = await _facts(life)
    assert "travel.location" not in held
    assert held["travel.depart_date"] == "2026-11-20"
