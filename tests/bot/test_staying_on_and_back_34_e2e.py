"""A held trip's day back said in more ways, and a day back said with no trip held, through
the bot (the strict Bot API double, the offline extractor, a clock the story moves on).

"staying in south lake tahoe 2 more days", "staying up here another 2 days", "we're staying
on till tuesday" and "gonna stay through the weekend" were read as nothing: the place was
more than two words, "another 2 days" was not a count, "through the weekend" no day
(``core.engine.staying_longer``). Someone else's stay, a question and a condition still move
nothing, nor does any stay with no trip held.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from context_parser import parse_block
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.away_unplaced import UNPLACED

pytestmark = pytest.mark.timeout(300)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""
BACK = "travel.return_date"
BACK_SUNDAY = "going to tahoe saturday, back the 6th"
BACK_FRIDAY = "going to tahoe thursday, back friday"


@pytest.mark.parametrize(
    ("plan", "longer", "asked", "day"),
    [
        (
            BACK_SUNDAY,
            "staying in south lake tahoe 2 more days",
            "Tuesday, December 8",
            "2026-12-08",
        ),
        (BACK_SUNDAY, "staying up here another 2 days", "Tuesday, December 8", "2026-12-08"),
        (BACK_SUNDAY, "we're staying on till tuesday", "Tuesday, December 8", "2026-12-08"),
        (BACK_FRIDAY, "gonna stay through the weekend", "Sunday, December 6", "2026-12-06"),
        (BACK_FRIDAY, "ok we're staying over the weekend now", "Sunday, December 6", "2026-12-06"),
    ],
)
async def test_her_longer_stay_said_her_way_moves_the_day_back(
    tg: FakeTelegram, start_bot: StartBot, plan: str, longer: str, asked: str, day: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(plan, "")
    await story.yes_to_all()
    story.later(hours=2)
    await story.hears(longer, "")
    assert [q.split("\n")[0] for q in await story.yes_to_all()] == [f"Are you back on {asked}?"]
    assert await story.held(BACK) == day


@pytest.mark.parametrize(
    ("plan", "said"),
    [
        (BACK_SUNDAY, "should we stay 2 more days?"),
        (BACK_SUNDAY, "if it snows we'll stay another night"),
        (BACK_SUNDAY, "mum is staying 2 more days"),
        (BACK_SUNDAY, "mum is staying in south lake tahoe 2 more days"),
        (BACK_SUNDAY, "should we stay up here another 2 days?"),
        (BACK_FRIDAY, "if the roads are bad we'll stay through the weekend"),
        (BACK_FRIDAY, "my sister is staying through the weekend"),
        (None, "staying in south lake tahoe 2 more days"),
        (None, "gonna stay through the weekend"),
    ],
)
async def test_look_alikes_of_a_longer_stay_move_nothing(
    tg: FakeTelegram, start_bot: StartBot, plan: str | None, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    if plan is not None:
        await story.hears(plan, "")
        await story.yes_to_all()
    held = await story.held(BACK)
    story.later(hours=2)
    await story.hears(said, "")
    asked = await story.yes_to_all()
    assert not [q for q in asked if q.startswith("Are you back")], asked
    assert await story.held(BACK) == held


UNDER_WAY = "drove up to tahoe this morning, back friday"


@pytest.mark.parametrize(
    ("said", "day", "noted"),
    [
        # Her own clear word on her own trip under way: her say, taken (her Yes to "back
        # Friday" an hour ago does not hold it back), and told back as a day.
        ("we're staying 2 more days", "2026-12-06", "you're back on Sunday, December 6"),
        (
            "ok we're staying over the weekend now",
            "2026-12-06",
            "you're back on Sunday, December 6",
        ),
        ("staying up here another night lol", "2026-12-05", "you're back on Saturday, December 5"),
        # A learner's word order, with why: the stay still longer.
        ("We stay two days more because the snow.", "2026-12-06", "you're back on Sunday"),
        # Look-alikes move nothing: a hedge, a question, a condition, someone else's stay.
        ("we might stay 2 more days", "2026-12-04", None),
        ("should we stay 2 more days?", "2026-12-04", None),
        ("if it snows we'll stay another night", "2026-12-04", None),
        ("mum is staying 2 more days", "2026-12-04", None),
    ],
)
async def test_her_longer_stay_on_her_trip_under_way_is_her_say(
    tg: FakeTelegram, start_bot: StartBot, said: str, day: str, noted: str | None
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(UNDER_WAY, "")
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    assert await story.held(BACK) == "2026-12-04"
    story.later(hours=1)
    told = await story.hears(said, "")
    assert await story.yes_to_all() == []
    assert await story.held(BACK) == day
    if noted is not None:
        assert noted in told.text, told.text


AWAY_TILL_MONDAY = "Are you away, or going away, until Monday, December 7?"


@pytest.mark.parametrize("said", ["we'll be back monday", "back monday", "ill be home monday"])
async def test_a_day_back_with_no_trip_held_asks_whether_she_is_away_never_of_a_trip(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(said, "")
    asked = await story.yes_to_all()
    assert [q.split("\n")[0] for q in asked] == [AWAY_TILL_MONDAY], asked
    assert "I don't know of a trip of yours yet" in asked[0], asked
    assert not [q for q in asked if "Are you back" in q or "your trip" in q], asked
    assert await story.held(BACK) == "2026-12-07"
    # Until a trip is named, every surface says what she said: away until that day, where
    # not said; never a bare "return date" of a trip no one told of.
    [fact] = [f for f in parse_block(await story.block()).facts if f.field == BACK]
    assert fact.meaning == UNPLACED, fact
    told = await story.told()
    assert "You're away, or going away, until Monday, December 7 (where not said yet)" in told
    assert "Away, or going away, until Monday, December 7 (you confirmed it" in told, told
    assert "Travel: away, or going away, until Monday, December 7" in told, told
    assert "return date" not in told.lower(), told
    # The trip said next keeps the day back she gave.
    story.later(hours=1)
    await story.hears("going to tahoe thursday", "")
    await story.yes_to_all()
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-12-03"
    assert await story.held(BACK) == "2026-12-07"
    told = await story.told()
    assert "Monday, December 7" in told, told
    assert "where not said" not in told, told
    assert UNPLACED not in await story.block()


async def test_no_to_being_away_holds_no_day_back(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("we'll be back monday", "")
    await story.tap(AWAY_TILL_MONDAY, "No")
    await story.quiet()
    assert await story.held(BACK) is None
    assert not tg.open_prompts(ALICE)


@pytest.mark.parametrize(
    ("plan", "said", "asked"),
    [
        # A trip held: its day back, asked as it always was.
        (BACK_SUNDAY, "we'll be back monday", "Are you back on Monday, December 7?"),
        # The trip told in the same message: its day back.
        (None, "going to tahoe thursday, back monday", "Are you back on Monday, December 7?"),
    ],
)
async def test_a_day_back_beside_a_trip_is_asked_of_that_trip(
    tg: FakeTelegram, start_bot: StartBot, plan: str | None, said: str, asked: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    if plan is not None:
        await story.hears(plan, "")
        await story.yes_to_all()
    await story.hears(said, "")
    questions = await story.yes_to_all()
    assert [q.split("\n")[0] for q in questions] == [asked], questions
    assert not [q for q in questions if "away" in q], questions
    assert await story.held(BACK) == "2026-12-07"


FRIDAY_MORNING = datetime(2026, 12, 4, 17, 0, tzinfo=UTC)
"""Friday 4 December 2026, 9 am in Portland: the trip leaves tomorrow."""


async def test_the_founding_errand_reads_due_before_you_leave_on_every_answer(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=FRIDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("Tahoe trip this weekend!! leaving sat morning, back sunday night", "")
    await story.yes_to_all()
    await story.hears("gotta do the amazon return b4 tahoe", "")
    await story.yes_to_all()
    plate = (await story.hears("what's on my plate?", "Coming up")).text.splitlines()
    assert (
        "• Tomorrow (Saturday, December 5): the Amazon return is due before you leave" in plate
    ), plate
    assert plate.index("• Tomorrow (Saturday, December 5): you leave for Tahoe") > plate.index(
        "• Tomorrow (Saturday, December 5): the Amazon return is due before you leave"
    ), plate
    told = await story.told()
    assert "Saturday, December 5, before you leave" in told, told
    assert "still to send back by 2026-12-05, before the trip leaves that day" in (
        await story.block()
    )
