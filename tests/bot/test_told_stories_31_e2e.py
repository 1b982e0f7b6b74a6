"""The founding story told three new ways, in lower case with typos, through the bot (the
strict Bot API double, the offline extractor, a clock the story moves on, a restart):
grandparents visiting the kids (nobody in the chat goes anywhere), a work trip that got
extended, a trip called off and booked again. Each has an errand due before something;
each is told to the end, and every surface keeps the story straight.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(200)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


async def test_grandparents_visiting_the_kids(tg: FakeTelegram, start_bot: StartBot) -> None:
    """Her parents come to stay: their arrival is no trip of hers, before or after."""
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("my parents r coming to stay fri to mon to see the kids", "")
    await story.hears(
        "gotta drop off the amazon retrun before they get here, its due thurs", "Amazon"
    )
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.due_date") == "2026-12-03"

    story.now = datetime(2026, 12, 4, 3, 0, tzinfo=UTC)  # Thursday, 7 pm
    await story.hears("grandma n grandpa got in early tonite!! kids are thrilled", "")
    await story.quiet()
    assert not [p for p in tg.open_prompts(ALICE) if "trip" in p.text.lower()]
    assert await story.held("travel.status") is None
    due = await story.hears("whats due", "Amazon")
    assert "is due Thursday, December 3" in due.text, due.text  # still today, her evening
    told = await story.told()
    assert "trip" not in told.lower(), told

    story.now = datetime(2026, 12, 8, 17, 0, tzinfo=UTC)
    await story.restart(start_bot)
    await story.hears("they flew home yesterday, house is quiet again", "")
    await story.quiet()
    assert await story.held("travel.status") is None
    due = await story.hears("whats due", "Amazon")
    assert "was due Thursday, December 3 (overdue)" in due.text, due.text


async def test_a_work_trip_that_got_extended(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("flying to chicago thurs for work, back sat", "plan")
    await story.yes_to_all()
    await story.hears("need to return the amazon monitor b4 i fly out", "Amazon")
    await story.yes_to_all()

    story.now = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)  # Thursday, noon
    landed = await story.hears("landed in chicago", "Chicago")
    assert "was due before you left (Thursday, December 3)" in landed.text, landed.text
    story.now = datetime(2026, 12, 5, 15, 0, tzinfo=UTC)  # Saturday, 7 am
    await story.hears("ugh client wants me to stay thru tuesday, back wed now", "Wednesday")
    await story.yes_to_all()
    assert await story.held("travel.return_date") == "2026-12-09"

    await story.restart(start_bot)
    due = await story.hears("whats due", "Amazon")
    assert "was due before you left on Thursday, December 3 (overdue)" in due.text, due.text
    plan = await story.hears("whats on this week", "")
    assert "you're back from Chicago" in plan.text, plan.text
    assert "Saturday, December 5" not in plan.text, plan.text
    told = await story.told()
    assert "In Chicago" in told, told
    assert "back Wednesday, December 9" in told, told
    assert "Saturday, December 5" not in told, told

    story.now = datetime(2026, 12, 10, 17, 0, tzinfo=UTC)
    await story.hears("finaly home, what a week", "Portland")
    await story.yes_to_all()
    assert await story.held("travel.status") == "completed"
    told = await story.told()
    assert "In Chicago" not in told, told
    assert "You're in Chicago" not in told, told


async def test_a_trip_called_off_and_booked_again(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("were going to tahoe sat!", "plan")
    await story.hears("have to return the amazon jacket before we go", "Amazon")
    await story.yes_to_all()

    story.now = datetime(2026, 12, 3, 17, 0, tzinfo=UTC)
    await story.hears("ugh tahoe trip is cancled, the roads r closed", "off")
    asked = await story.yes_to_all()
    assert await story.held("travel.status") == "cancelled"
    # The errand's day came from the trip: asked once whether it keeps it; Yes, hers now.
    assert "The Amazon return was due before the Tahoe trip, which is off" in asked[-1], asked

    story.later(hours=5)
    asked = await story.hears("ok rebooked it for the 12th instead", "December 12")
    assert "not sure what you mean" not in asked.text, asked.text
    await story.yes_to_all()
    assert await story.held("travel.status") == "planning"
    assert await story.held("travel.depart_date") == "2026-12-12"
    # The errand's day is her own word since her Yes: the trip booked again leaves it.
    assert await story.held("financial.amazon_return.due_date") == "2026-12-05"
    plan = await story.hears("whats on this week", "")
    assert "Saturday, December 5: the Amazon return is due" in plan.text, plan.text
    assert "Saturday, December 12: you leave" in plan.text, plan.text

    story.now = datetime(2026, 12, 12, 22, 0, tzinfo=UTC)  # Saturday the 12th, 2 pm
    await story.restart(start_bot)
    arrived = await story.hears("made it up here finally", "")
    assert "You sound unsure" not in arrived.text, arrived.text
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    due = await story.hears("whats due", "Amazon")
    assert "before you left" in due.text, due.text
    assert "overdue" in due.text, due.text
    told = await story.told()
    assert "planned" not in told, told
    assert "leaving" not in told, told
