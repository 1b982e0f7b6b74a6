"""The founding story's loose ends of the thirty-first round, each as a person would hit
it in the chat (the strict Bot API double, the offline extractor, a clock the story moves
on).

- The trip left today (earlier than planned, or on the plan's day): the errand "before we
  go" was still "due Thursday, December 3" in "whats due" and "what do you know about me",
  while the agenda had it overdue: she has left, it was not done before leaving.
- "made it up here!" two days before the plan's day got "You sound unsure": an early
  arrival is asked about ("Are you in Tahoe?"), and the story moves on a Yes.
- /pending asked "Is the Amazon return due Saturday, December 5?" on the 8th: a day gone
  by is asked in the past.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""
THURSDAY_MORNING = datetime(2026, 12, 3, 17, 0, tzinfo=UTC)
"""Thursday 3 December 2026, 9 am in Portland."""
SATURDAY_MORNING = datetime(2026, 12, 5, 17, 0, tzinfo=UTC)
"""Saturday 5 December 2026, 9 am in Portland: the plan's day."""


async def _planned_with_the_return(story: Story, start_bot: StartBot) -> None:
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids", "plan")
    await story.hears("also gotta return the amazon jacket before we go", "Amazon")
    await story.yes("Amazon")


@pytest.mark.parametrize(
    ("when", "said", "left"),
    [
        (THURSDAY_MORNING, "we're in tahoe!", "Thursday, December 3"),
        (THURSDAY_MORNING, "change of plans, we drove up this morning, in tahoe now", "Thursday"),
        (SATURDAY_MORNING, "we're in tahoe!", "Saturday, December 5"),
        (SATURDAY_MORNING, "ok finally at the cabin in tahoe", "Saturday, December 5"),
    ],
)
async def test_the_errand_before_we_go_is_overdue_once_she_left_today(
    tg: FakeTelegram, start_bot: StartBot, when: datetime, said: str, left: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_with_the_return(story, start_bot)
    story.now = when
    await story.hears(said, "")
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    due = await story.hears("whats due", "Amazon")
    assert "before you left" in due.text, due.text
    assert "overdue" in due.text, due.text
    assert left in due.text, due.text
    assert "is due" not in due.text, due.text
    about = await story.hears("what do you know about me", "Amazon")
    assert "is due" not in about.text, about.text
    plan = await story.hears("whats on this week", "Amazon")
    assert "before you left" in plan.text, plan.text


@pytest.mark.parametrize(
    "said", ["made it up here!", "we made it up here safe", "finally here lol", "just got here!!"]
)
async def test_made_it_up_here_before_the_plans_day_is_an_early_arrival(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await _planned_with_the_return(story, start_bot)
    story.now = THURSDAY_MORNING
    asked = await story.hears(said, "Tahoe")
    assert "You sound unsure" not in asked.text, asked.text
    assert "Thursday, December 3" in asked.text, asked.text
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    assert await story.held("travel.location") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-12-03"
    told = await story.told()
    assert "leaving Saturday" not in told, told
    assert "departure date is Saturday" not in told, told


async def test_a_return_said_long_before_the_trip_asks_nothing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """A look-alike: "made it here" a month before the plan is not the trip."""
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("we're going to tahoe on january 30", "plan")
    await story.hears("made it here!", "")
    await story.quiet()
    assert not [p for p in tg.open_prompts(ALICE) if "Tahoe" in p.text]
    assert await story.held("travel.status") == "planning"


async def test_pending_asks_a_day_gone_by_in_the_past(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids, back the 6th", "plan")
    await story.hears("also gotta return the amazon jacket before we go", "Amazon")
    await story.quiet()
    story.now = datetime(2026, 12, 8, 17, 0, tzinfo=UTC)
    for asked in ("/pending", "anything pending?"):
        pending = await story.hears(asked, "Amazon")
        assert "Was the Amazon return due Saturday, December 5?" in pending.text, pending.text
