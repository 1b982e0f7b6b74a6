"""An errand dated by the trip, when the trip changes, through the bot (the strict Bot API
double, the offline extractor, a clock the story moves on, restarts while asked): called
off, the errand due "before we go" is asked once whether it keeps the trip's day (Yes
keeps it as her own word, No forgets it, Edit takes hers); one due "when we're back"
follows a changed day back, and /why says so; one the user dated herself, one done and
one of no trip are never asked nor moved (``core.engine.errand_trip_off``,
``core.engine.errand_follows_trip``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland: the trip leaves Saturday the 5th."""
DUE = "financial.amazon_return.due_date"
STATUS = "financial.amazon_return.status"
BEFORE = "going to tahoe saturday, need to return the amazon package before we go"
KEEP = (
    "The Amazon return was due before the Tahoe trip, which is off — keep Saturday, "
    "December 5 as its day?\nIts day came from the trip, not from you."
)


async def _planned(story: Story, start_bot: StartBot, *said: str) -> list[str]:
    await story.at_home_in_portland(start_bot)
    asked = []
    for words in said:
        await story.hears(words, "")
        asked += await story.yes_to_all()
    return asked


@pytest.mark.parametrize("off", ["trip's off", "ugh the tahoe trip is cancelled"])
async def test_a_trip_called_off_asks_once_and_yes_keeps_the_day_as_hers(
    tg: FakeTelegram, start_bot: StartBot, off: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, BEFORE)
    assert await story.held(DUE) == "2026-12-05"
    story.later(hours=2)
    await story.hears(off, "")
    await story.yes("Is your trip to Tahoe off?")
    await story.restart(start_bot)  # stopped while the errand's question is open
    assert await story.yes(KEEP.split(" — ")[0]) == KEEP
    assert await story.held(DUE) == "2026-12-05"
    assert await story.held(STATUS) == "due"
    # Asked once: said again, nothing more is asked.
    story.later(hours=1)
    await story.hears("yeah trip's off", "")
    assert not [q for q in await story.yes_to_all() if "Amazon" in q]
    # Her own word now: the next trip does not move it.
    story.later(hours=1)
    await story.hears("going to seattle friday", "")
    await story.yes_to_all()
    await story.hears("actualy we leave thursday now", "")
    await story.yes_to_all()
    assert await story.held(DUE) == "2026-12-05"


async def test_no_forgets_the_day_and_the_errand_stays_to_do(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, BEFORE)
    story.later(hours=2)
    await story.hears("trip's off", "")
    await story.yes("Is your trip to Tahoe off?")
    await story.quiet()
    pending = (await story.hears("/pending", "waiting for you")).text
    assert "Keep Saturday, December 5 as the Amazon return's day?" in pending, pending
    prompt = await tg.prompt(ALICE, "keep Saturday, December 5 as its day?")
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert prompt.text.endswith("❌ No: it stays to do, with no day"), prompt.text
    await story.restart(start_bot)
    assert await story.held(DUE) is None
    assert await story.held(STATUS) == "due"
    plate = (await story.hears("what's on my plate?", "Amazon")).text
    assert "Saturday, December 5" not in plate, plate
    why = (await story.hears(f"/why {DUE}", "")).text
    assert "you said not to keep its day" in why, why


async def test_edit_takes_the_day_she_types(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, BEFORE)
    story.later(hours=2)
    await story.hears("trip's off", "")
    await story.yes("Is your trip to Tahoe off?")
    prompt = await tg.prompt(ALICE, "keep Saturday, December 5 as its day?")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "like 'Saturday' or '28 Nov'")
    story.says("monday")
    await tg.settled(prompt)
    assert await story.held(DUE) == "2026-12-07"


@pytest.mark.parametrize(
    ("said", "done"),
    [
        # Dated by herself: the day is hers, the trip going changes nothing.
        (("need to return the amazon package by friday. going to tahoe saturday",), False),
        # No trip in it.
        (("going to tahoe saturday", "need to return the amazon package by friday"), False),
        # Done before the trip was called off.
        ((BEFORE, "returned it"), True),
    ],
)
async def test_errands_not_dated_by_the_trip_are_not_asked_when_it_is_off(
    tg: FakeTelegram, start_bot: StartBot, said: tuple[str, ...], done: bool
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, *said)
    held = await story.held(DUE)
    story.later(hours=2)
    await story.hears("trip's off", "")
    asked = await story.yes_to_all()
    assert not [q for q in asked if "which is off" in q], asked
    assert await story.held(DUE) == held
    assert await story.held(STATUS) == ("pending" if done else "due")


BACK = "remind me to return the amazon thing when we get back"


@pytest.mark.parametrize(
    "moved", ["back the 8th instead", "we're back the 8th now", "we'll be back tuesday instead"]
)
async def test_an_errand_for_the_way_back_follows_the_day_back(
    tg: FakeTelegram, start_bot: StartBot, moved: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, "going to tahoe saturday, back the 6th", BACK)
    assert await story.held(DUE) == "2026-12-06"
    story.later(hours=2)
    await story.hears(moved, "")
    await story.restart(start_bot)  # stopped while the new day back is asked
    assert [q.split("\n")[0] for q in await story.yes_to_all()] == [
        "Are you back on Tuesday, December 8?"
    ]
    assert await story.held(DUE) == "2026-12-08"
    why = (await story.hears(f"/why {DUE}", "")).text
    assert "due when you're back; you're now back Tuesday, December 8" in why, why


async def test_an_errand_she_dated_herself_keeps_its_day_when_the_day_back_moves(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    said = ("going to tahoe saturday, back the 6th", "need to return the amazon thing by sunday")
    await _planned(story, start_bot, *said)
    assert await story.held(DUE) == "2026-12-06"
    await story.hears("we're back the 8th now", "")
    await story.yes_to_all()
    assert await story.held("travel.return_date") == "2026-12-08"
    assert await story.held(DUE) == "2026-12-06"


async def test_leaving_earlier_moves_the_errand_due_before_going(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Right before this round too: kept as the specification of "leaving friday instead"."""
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned(story, start_bot, BEFORE)
    story.later(hours=2)
    await story.hears("leaving friday instead", "")
    assert [q.split("\n")[0] for q in await story.yes_to_all()] == [
        "Do you leave on Friday, December 4?"
    ]
    assert await story.held(DUE) == "2026-12-04"
    # She confirmed the trip's new day, not the errand's: every reader says Canon moved
    # it with the trip, and why, never "you confirmed it".
    why = (await story.hears(f"/why {DUE}", "")).text
    head, _, rest = why.partition("\n")
    assert "I moved it with your trip, just now" in head, why
    assert "I moved it with your trip (due before you leave; you now leave Friday" in rest, why
    assert "→ Friday, December 4 (I moved it with your trip)" in rest, why
    assert "confirmed by you, just now" not in why, why
    listed = (await story.hears("/state financial", "Amazon")).text
    assert "its due day: I moved it with your trip, just now" in listed, listed
    assert f"- {DUE} = 2026-12-04 (follows_trip, just now)" in await story.block()


async def test_the_next_trip_called_off_does_not_ask_of_an_errand_due_before_the_last(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Due before the Tahoe trip, which went and came back: the Seattle trip called off
    later is another trip, and the errand's day is not its to ask about."""
    story = Story(tg)  # Wednesday 25 November
    said = "going to tahoe friday, need to return the amazon package before we go"
    await _planned(story, start_bot, said)
    assert await story.held(DUE) == "2026-11-27"
    for days, words in (
        (2.1, "made it to tahoe!! drove up this morning"),
        (3, "phew back home, kids asleep"),
        (1, "going to seattle next friday"),
    ):
        story.later(days=days)
        await story.hears(words, "")
        await story.yes_to_all()
    assert await story.held("travel.destination") == "Seattle"
    story.later(hours=2)
    await story.hears("trip's off", "")
    asked = await story.yes_to_all()
    assert await story.held("travel.status") == "cancelled", asked
    assert not [q for q in asked if "which is off" in q], asked
    assert await story.held(DUE) == "2026-11-27"
