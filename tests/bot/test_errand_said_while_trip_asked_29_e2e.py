"""An errand "before we go" typed fast, while the trip it hangs on waits for its Yes (the
founding story as the lead's playground session of the twenty-ninth round told it):
"so were going to tahoe this saturday w the kids, back the 6th" is asked (Canon is still
calibrating), and "also gotta return the amazon jacket before we go" right after it waited
its turn and came back as "Do you still have to do the Amazon return?" with no day: it lost
"before we go", and the to-do list said "No day yet". The day it hangs on is the day of the
plan she is being asked about, so it is asked with that day (and follows the trip's day
when it is said anew, as any errand "before we go" does).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


async def test_before_we_go_while_the_trip_is_asked(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("hi! we live in portland btw", "Portland")
    await story.yes("Portland")
    await story.hears("so were going to tahoe this saturday w the kids, back the 6th", "Tahoe")
    await story.hears("also gotta return the amazon jacket before we go", "after the current")
    await story.yes("Tahoe")
    errand = await tg.prompt(ALICE, "Amazon")
    assert "Saturday, December 5" in errand.text, errand.text
    await story.yes("Amazon")
    assert await story.held("financial.amazon_return.due_date") == "2026-12-05"
    plan = await story.hears("whats on my plate before the trip", "Amazon")
    assert "No day yet" not in plan.text, plan.text
