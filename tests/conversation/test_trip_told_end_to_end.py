"""The trip told end to end through the real chat: setting out, on the way, arrived, called
off while there, and an Edit a later message ended.

Each table tells a life to a real CanonChat (SQLite, the offline extractor and responder, a
fake clock: ``life_story.Life``), starting at home in Portland on Wednesday 25 November
2026, and reads what Alice is told and what Canon holds. Beside each reading stand the
look-alikes that must keep theirs: someone else's trip, a question, a condition, the past,
a plan.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE
from life_story import Life

from core.conversation import texts
from core.conversation.acknowledgements import UNSURE_HEARD
from core.conversation.chat import CanonChat
from core.domain import phrasing

pytestmark = pytest.mark.timeout(120)

PLAN = "going to tahoe sunday"
"""Sunday 29 November, four days ahead."""


@pytest.fixture
async def life(tmp_path: Path, migrated_store_file: Path) -> AsyncIterator[Life]:
    told = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        yield told
    finally:
        await told.stop()


def _chat(life: Life) -> CanonChat:
    assert life.chat is not None, "the chat is running"
    return life.chat


async def _held(life: Life) -> dict[str, object]:
    return {f.field: f.value for f in await life.engine.store.facts("user:primary")}


async def _planned(life: Life) -> None:
    await life.say(ALICE, PLAN)
    await life.tap("Yes")


async def _there(life: Life) -> None:
    await _planned(life)
    await life.say(ALICE, "made it to tahoe")
    assert (await _held(life))["travel.location"] == "Tahoe"


@pytest.mark.parametrize(
    "said",
    [
        "on our way to tahoe!",
        "omw to tahoe",
        "On our way to Tahoe",
        "in the car headed to tahoe",
        "we're in the car heading up to tahoe",
        "driving up now",
        "on our way!!",
        "just hit the road w the kids",
    ],
)
async def test_on_the_way_is_the_trip_under_way(life: Life, said: str) -> None:
    """Said plainly while the Tahoe trip is planned: the trip under way (at most asked,
    with the day it left in the past tense), never "You sound unsure"."""
    await _planned(life)
    replies = await life.say(ALICE, said)
    assert UNSURE_HEARD not in replies
    assert not any("Do you leave" in r for r in replies), replies
    await life.tap("Yes")
    held = await _held(life)
    assert held["travel.status"] == "in_progress", replies
    assert held.get("travel.location") is None, "on the way is not there"


@pytest.mark.parametrize(
    "said",
    [
        "mom's on her way to tahoe",
        "they're in the car headed to tahoe",
        "are you on your way to tahoe?",
        "driving up now?",
        "if we're on our way to tahoe by 5 we'll make it",
        "last year on our way to tahoe we got a flat",
        "on my way to costco",
        "heading out now",
        "we'll be in the car headed to tahoe tomorrow",
    ],
)
async def test_what_is_not_her_setting_out_leaves_the_plan(life: Life, said: str) -> None:
    """Someone else's going, a question, a condition, the past, an errand, an evening out,
    a plan: the trip stays planned and nothing asks whether it is under way."""
    await _planned(life)
    replies = await life.say(ALICE, said)
    assert not any("under way" in r for r in replies), replies
    await life.tap("Yes")
    assert (await _held(life))["travel.status"] == "planning", replies


async def test_leaving_for_the_place_is_not_being_there(life: Life) -> None:
    """On the Sunday the plan leaves, "just left for tahoe" puts the trip under way; it
    never puts Alice in Tahoe (it did, inside the group a Yes took)."""
    await _planned(life)
    life.clock.advance(hours=100)
    await life.say(ALICE, "just left for tahoe")
    await life.tap("Yes")
    held = await _held(life)
    assert held["travel.status"] == "in_progress"
    assert held.get("travel.location") is None
    state = "\n".join(await life.say(ALICE, "/state"))
    assert "You're in Tahoe" not in state


async def test_finally_here_on_the_day_is_still_the_plans_place(life: Life) -> None:
    """The look-alike: "finally here!!" names no place, so on the plan's day here is Tahoe."""
    await _planned(life)
    life.clock.advance(hours=100)
    await life.say(ALICE, "finally here!!")
    await life.tap("Yes")
    assert (await _held(life))["travel.location"] == "Tahoe"


async def test_on_the_way_while_held_there_asks_to_forget_there(life: Life) -> None:
    """Held in Tahoe, "just left for tahoe": not there yet. Asked, and No keeps her there."""
    await _there(life)
    replies = await life.say(ALICE, "just left for tahoe")
    assert "Should I forget your location (Tahoe)?" in replies[-1], replies
    assert "on your way there is not there yet" in replies[-1]
    assert (await _held(life))["travel.location"] == "Tahoe", "nothing moves unasked"
    await life.tap("No")
    assert (await _held(life))["travel.location"] == "Tahoe"


async def test_arriving_before_the_planned_day_asks_when_she_left_in_the_past(
    life: Life,
) -> None:
    """Planned for Saturday, "finally in tahoe, drove up today" on Wednesday: "Did you leave
    on Wednesday?", and once she has left /state says her trip is under way since that day,
    never "leaving" it (a thing a line: the trip's status, place and day together)."""
    await life.say(ALICE, "going to tahoe sat")
    await life.tap("Yes")
    before = "\n".join(await life.say(ALICE, "/state"))
    assert "• Trip to Tahoe planned, leaving Saturday, November 28 — " in before
    replies = await life.say(ALICE, "finally in tahoe, drove up today")
    assert "Did you leave on Wednesday, November 25?" in replies[-1], replies
    assert "Do you leave" not in "\n".join(replies)
    await life.tap("Yes")
    state = "\n".join(await life.say(ALICE, "/state"))
    assert "On your trip to Tahoe, since Wednesday, November 25 — " in state
    assert "departure date" not in state
    assert "leaving" not in state


async def test_a_new_day_for_a_planned_trip_is_still_asked_ahead(life: Life) -> None:
    """The look-alike: a plan moved ("actualy we leave sat now") is a day to leave."""
    await _planned(life)
    replies = await life.say(ALICE, "actualy we leave sat now")
    assert "Do you leave on Saturday, November 28?" in replies[-1], replies


async def test_the_next_trip_planned_while_there_still_leaves_ahead(life: Life) -> None:
    """The look-alike: in Tahoe, "going to denver on the 11th" plans a trip that has not
    left: its day is asked ahead ("Do you leave on Friday, December 11?")."""
    await _there(life)
    replies = await life.say(ALICE, "going to denver on the 11th")
    assert "Do you leave on Friday, December 11?" in replies[-1], replies


@dataclass(frozen=True)
class _Change:
    entity_id: str
    field: str
    candidate_value: object
    current_value: object


@pytest.mark.parametrize(
    ("left", "asked"),
    [
        (False, "Do you leave on Sunday, November 29?"),
        (True, "Did you leave on Sunday, November 29?"),
    ],
)
def test_a_departure_is_asked_in_the_tense_of_the_trip(left: bool, asked: str) -> None:
    """``phrasing.question``: a trip that has left asks its departure in the past."""
    change = _Change("user:primary", "travel.depart_date", "2026-11-29", "2026-12-04")
    assert phrasing.question([change], "user:primary", left=left) == asked


@pytest.mark.parametrize("said", ["trip's off", "calling off tahoe", "we called off the trip"])
async def test_called_off_while_there_asks_whether_it_is_over(life: Life, said: str) -> None:
    """In Tahoe, the trip called off: asked as the trip over and home ("Back home in
    Portland?"), saying why; nothing moves before the answer, No leaves her there, Yes
    brings her home."""
    await _there(life)
    replies = await life.say(ALICE, said)
    assert "Back home in Portland?" in replies[-1], replies
    assert "can't be called off, so I took it as over" in replies[-1]
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("in_progress", "Tahoe")
    await life.tap("No")
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("in_progress", "Tahoe")
    await life.say(ALICE, said)
    await life.tap("Yes")
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("completed", "Portland")
    assert held["travel.destination"] == "Tahoe", "the trip went there"


async def test_called_off_before_it_left_is_still_off(life: Life) -> None:
    """The look-alike: a trip only planned, called off, is off (asked as before)."""
    await _planned(life)
    replies = await life.say(ALICE, "trip's off")
    assert "Is your trip to Tahoe off?" in replies[-1], replies


@pytest.mark.parametrize("said", ["is the trip off?", "the denver trip is off"])
async def test_what_is_not_this_trip_called_off_leaves_her_there(life: Life, said: str) -> None:
    """A question, another trip's place: nothing reads the trip under way as over, and
    nothing moves before an answer."""
    await _there(life)
    replies = await life.say(ALICE, said)
    assert not any("Back home" in r for r in replies), replies
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("in_progress", "Tahoe")


async def test_an_edits_options_do_nothing_after_a_message_ended_it(life: Life) -> None:
    """Edit, the trip's part picked, its options shown; then a question ends the Edit. A
    late tap on an option changes nothing, says so, and the options go; the question
    stays open."""
    await _planned(life)
    await life.say(ALICE, "we're not going anymore")
    await life.messenger.tap(_chat(life), ALICE, "Edit")
    await life.messenger.tap(_chat(life), ALICE, "your trip is off")
    options = life.messenger.prompt(ALICE)
    assert "Cancel" in options.labels, options
    await life.say(ALICE, "where am i?")
    before = await _held(life)
    label = next(label for label in options.labels if label != "Cancel")
    answer = await life.messenger.tap(_chat(life), ALICE, label, message=options)
    assert answer == texts.EDIT_ENDED
    assert await _held(life) == before
    shown = life.messenger.shown[(options.chat_id, options.message_id)]
    assert shown.buttons == ()
    assert texts.EDIT_ENDED in shown.text
    pending = await life.engine.store.review_items(["pending"])
    assert any(i.field == "travel.status" for i in pending), "the question stays open"


async def test_an_edits_options_still_answer_while_it_waits(life: Life) -> None:
    """The look-alike: tapped while the Edit waits, an option is the value."""
    await _planned(life)
    await life.say(ALICE, "we're not going anymore")
    await life.messenger.tap(_chat(life), ALICE, "Edit")
    await life.messenger.tap(_chat(life), ALICE, "your trip is off")
    options = life.messenger.prompt(ALICE)
    label = next(label for label in options.labels if label != "Cancel")
    answer = await life.messenger.tap(_chat(life), ALICE, label, message=options)
    assert answer == label


@pytest.mark.parametrize(
    "said",
    [
        "ok the trip is over, we're heading home",
        "driving back now",
        "on our way home from tahoe",
        "flight home boards at 6",
    ],
)
async def test_on_the_way_home_the_trip_ends_today_and_home_waits_for_her(
    life: Life, said: str
) -> None:
    """In Tahoe, her way home under way: the trip comes back today and she is still on
    the road, never "Back home?"; home comes when she says she is home."""
    await _there(life)
    replies = await life.say(ALICE, said)
    await life.tap("Yes")  # "Are you back on …?" when asked at all
    assert not any("Back home" in r for r in replies), replies
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("in_progress", "Tahoe")
    assert held["travel.return_date"] == life.now().date().isoformat()
    life.clock.advance(hours=4)
    await life.say(ALICE, "made it home!")
    await life.tap("Yes")
    held = await _held(life)
    assert (held["travel.status"], held["travel.location"]) == ("completed", "Portland")


@pytest.mark.parametrize(
    "said", ["mom is driving home now", "heading home?", "thinking of heading home early"]
)
async def test_what_is_not_her_way_home_now_leaves_the_trip(life: Life, said: str) -> None:
    """Someone else's way home, a question, a hedge: the trip keeps its day back."""
    await _there(life)
    before = (await _held(life)).get("travel.return_date")
    replies = await life.say(ALICE, said)
    assert not any("Back home" in r for r in replies), replies
    held = await _held(life)
    assert (held["travel.status"], held.get("travel.return_date")) == ("in_progress", before)
