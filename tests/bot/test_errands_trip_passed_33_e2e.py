"""Errands and a trip whose day has passed, through the bot (the strict Bot API double,
the offline extractor, a clock the story moves on): the question whether an errand keeps
a called-off trip's day reads in the context block as that question, and its No is one
clear reply (``core.engine.errand_trip_off``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from context_parser import parse_block
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(300)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland: the trip leaves Saturday the 5th."""
DUE = "financial.amazon_return.due_date"
BEFORE = "going to tahoe saturday, need to return the amazon package before we go"


async def _called_off(story: Story, start_bot: StartBot) -> None:
    await story.at_home_in_portland(start_bot)
    await story.hears(BEFORE, "")
    await story.yes_to_all()
    story.later(hours=2)
    await story.hears("trip's off", "")
    await story.yes("Is your trip to Tahoe off?")
    await story.quiet()


async def test_the_block_says_whether_to_keep_the_day_is_asked(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _called_off(story, start_bot)
    block = await story.block()
    assert "(committed) vs" not in block, block
    assert (
        "Asked whether to keep what is held (it stands until the user answers):\n"
        "- user:primary financial.amazon_return.due_date: keep 2026-12-05? "
        "(its day came from a trip since called off)"
    ) in block, block
    (asked,) = parse_block(block).questions
    assert (asked.field, asked.current, asked.keep) == (DUE, asked.candidate, True)
    assert asked.candidate.value == "2026-12-05"


async def test_no_to_keeping_the_day_is_one_reply(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _called_off(story, start_bot)
    prompt = await tg.prompt(ALICE, "keep Saturday, December 5 as its day?")
    before = len(tg.bot_messages(ALICE))
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    await story.quiet()
    said = [m.text for m in tg.bot_messages(ALICE)[before:]]
    assert prompt.text.endswith("❌ No: it stays to do, with no day"), prompt.text
    assert not [s for s in said if s.startswith("So I also")], said


MONDAY_MORNING = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
"""Monday 7 December 2026, 10 am in Portland: the plan's Thursday is gone by."""
WENT = "Did you go to Tahoe on Thursday, December 3?"


async def _planned_unanswered(story: Story, start_bot: StartBot, *said: str) -> None:
    """A fresh Canon (still calibrating: it asks every change): her plan asked, left open,
    and Monday comes round with the sweep."""
    await story.start(start_bot, policy=default_policy())
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    for words in said:
        await story.hears(words, "")
    await story.quiet()
    story.now = MONDAY_MORNING
    assert story.runner is not None
    await story.runner.sweep_tick()
    await story.quiet()


@pytest.mark.parametrize(
    ("said", "back"),
    [
        (("going to tahoe thursday", "back monday"), "2026-12-07"),
        (("leaving for tahoe on thursday", "we'll be back the 9th"), "2026-12-09"),
        (("going to tahoe thursday",), None),
    ],
)
async def test_a_plan_gone_by_unanswered_asks_once_whether_she_went_and_yes_is_the_trip(
    tg: FakeTelegram, start_bot: StartBot, said: tuple[str, ...], back: str | None
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_unanswered(story, start_bot, *said)
    asked = [p.text for p in tg.open_prompts(ALICE)]
    assert [q.split("\n")[0] for q in asked] == [WENT], asked
    assert not [q for q in asked if "Are you back" in q], asked
    # Asked once: the sweep coming round again asks nothing more.
    story.later(hours=1)
    assert story.runner is not None
    await story.runner.sweep_tick()
    await story.quiet()
    assert len(tg.open_prompts(ALICE)) == 1
    await story.yes(WENT)
    assert await story.held("travel.status") == "in_progress"
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-12-03"
    assert await story.held("travel.return_date") == back
    assert "travel.status = in_progress" in await story.block()


async def test_no_keeps_nothing_of_the_plan_and_asks_nothing_more(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_unanswered(story, start_bot, "going to tahoe thursday", "back monday")
    await story.tap(WENT, "No")
    await story.quiet()
    assert not tg.open_prompts(ALICE)
    for field in ("status", "destination", "depart_date", "return_date"):
        assert await story.held(f"travel.{field}") is None
    block = await story.block()
    assert "travel." not in block, block


async def test_a_plan_answered_or_still_ahead_is_not_asked_whether_she_went(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Her plan for next Thursday, asked on Monday: its day is ahead, nothing changes."""
    story = Story(tg, now=MONDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    await story.hears("going to tahoe thursday", "")
    await story.quiet()
    story.later(hours=3)
    assert story.runner is not None
    await story.runner.sweep_tick()
    await story.quiet()
    asked = [p.text for p in tg.open_prompts(ALICE)]
    assert not [q for q in asked if "Did you go" in q], asked
    assert [q for q in asked if "Do you leave on Thursday, December 10?" in q], asked


async def test_a_day_back_asked_apart_is_closed_into_whether_she_went(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "Are you away, or going away, until Monday?" (no trip held yet) asked before the plan
    it belongs to: closed, saying it is asked again below with whether she went, never left
    asking about a trip not held."""
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_unanswered(story, start_bot, "we'll be back monday", "going to tahoe thursday")
    said = [m.text for m in tg.bot_messages(ALICE)]
    assert [
        s
        for s in said
        if s.startswith(
            "Are you away, or going away, until Monday, December 7?\n↓ Asked again below"
        )
    ], said
    asked = [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)]
    assert asked == [WENT], asked
    await story.yes(WENT)
    assert await story.held("travel.return_date") == "2026-12-07"


PLANNED = "going to tahoe saturday, back the 6th"
BACK_TUESDAY = "Are you back on Tuesday, December 8?"


@pytest.mark.parametrize(
    "longer",
    [
        "extended the trip 2 more days",
        "staying 2 more days",
        "we're staying till tuesday now",
        "good news we're staying two more nights!!",
    ],
)
async def test_a_longer_stay_moves_the_day_back_and_the_errand_with_it(
    tg: FakeTelegram, start_bot: StartBot, longer: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    for words in (PLANNED, "remind me to return the amazon thing when we get back"):
        await story.hears(words, "")
        await story.yes_to_all()
    assert await story.held(DUE) == "2026-12-06"
    story.later(hours=2)
    await story.hears(longer, "")
    assert [q.split("\n")[0] for q in await story.yes_to_all()] == [BACK_TUESDAY]
    assert await story.held("travel.return_date") == "2026-12-08"
    assert await story.held(DUE) == "2026-12-08"
    assert await story.held("travel.depart_date") == "2026-12-05"


async def test_staying_longer_on_a_trip_under_way_moves_its_day_back(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(PLANNED, "")
    await story.yes_to_all()
    story.later(days=4)  # Saturday the 5th
    await story.hears("made it to tahoe!!", "")
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    story.later(hours=5)
    # Her own word on her own trip under way is her say (trustb35): taken, not asked.
    told = await story.hears("we're staying another night", "")
    assert "Monday, December 7" in told.text, told.text
    assert await story.yes_to_all() == []
    assert await story.held("travel.return_date") == "2026-12-07"


@pytest.mark.parametrize(
    ("plan", "said"),
    [
        # No trip held: nothing to count from.
        ((), "staying 2 more days"),
        ((), "extended the trip 2 more days"),
        # Someone else's stay, a question, a hedge, the past, a stay's length.
        ((PLANNED,), "mom is staying 2 more days"),
        ((PLANNED,), "should we stay 2 more days?"),
        ((PLANNED,), "we might stay 2 more days"),
        ((PLANNED,), "we stayed 2 more days last time"),
        ((PLANNED,), "staying 2 days"),
    ],
)
async def test_look_alikes_of_a_longer_stay_move_nothing(
    tg: FakeTelegram, start_bot: StartBot, plan: tuple[str, ...], said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    for words in plan:
        await story.hears(words, "")
        await story.yes_to_all()
    held = await story.held("travel.return_date")
    story.later(hours=2)
    await story.hears(said, "")
    asked = await story.yes_to_all()
    assert not [q for q in asked if q.startswith("Are you back")], asked
    assert await story.held("travel.return_date") == held


async def test_why_shows_her_plan_and_her_yes_that_she_went(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_unanswered(story, start_bot, "going to tahoe thursday", "back monday")
    await story.yes(WENT)
    why = (await story.hears("/why travel.status", "")).text
    assert 'you said "going to tahoe thursday": planned' in why, why
    assert "you confirmed: under way" in why, why
