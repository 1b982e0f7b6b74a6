"""The founding incident itself, told in the lead's own words of the twenty-ninth round:
the trip was planned for Saturday with the Amazon return due before it, and on Tuesday
night the family went up early. "lol change of plan we came up early, already in tahoe since
last nite" got "I'm not sure what you mean" — the story before the comma ("we came up
early") made the whole message a story, and the news after it was lost; the assistant would
go on planning the return "before the Tahoe trip" while she was in Tahoe.

Now it is the trip under way (her own words, a calibrated policy: noted, not asked); the
return is overdue (not "before the trip"), the trip's day is the night she left, and a
restart changes none of it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


async def test_came_up_early_in_her_own_words(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids", "plan")
    assert await story.held("travel.depart_date") == "2026-12-05"
    await story.hears("also gotta return the amazon jacket before we go", "Amazon")
    await story.yes("Amazon")

    story.now = datetime(2026, 12, 3, 16, 0, tzinfo=UTC)  # Thursday, 8 am
    await story.restart(start_bot)
    asked = await story.hears(
        "lol change of plan we came up early, already in tahoe since last nite", "Tahoe"
    )
    assert "Noted: you're in Tahoe" in asked.text, asked.text
    assert await story.held("travel.status") == "in_progress"
    assert await story.held("travel.location") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-12-02"  # last night, not Saturday

    await story.restart(start_bot)
    plan = await story.hears("whats left to do before the trip?", "Amazon")
    assert "on your trip" in plan.text, plan.text
    assert "before you left" in plan.text, plan.text
    told = await story.told()
    assert "In Tahoe" in told or "in Tahoe" in told, told
    assert "leave for Tahoe" not in told, told
