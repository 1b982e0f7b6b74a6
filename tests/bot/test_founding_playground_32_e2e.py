"""The founding story as the lead told it in the playground in the thirty-second round,
typed as a phone types it: "hey so thursday were leaving for tahoe w the kids, back
sunday" on a Tuesday was asked as "Did you leave on Thursday, November 26?" (the "were"
read as the past), and the sweep then withdrew the whole trip, Tahoe and all, as a plan
whose day had passed. A "were" after a day ahead is "we're": the trip leaves this
Thursday, and the errand "before we go" is due by then.
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


@pytest.mark.parametrize(
    "told",
    [
        "hey so thursday were leaving for tahoe w the kids, back sunday",
        "ok thurs were driving up to tahoe, back sunday",
    ],
)
async def test_a_were_typed_after_the_day_is_this_weeks_trip(
    tg: FakeTelegram, start_bot: StartBot, told: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    first = await story.hears(told, "")
    assert "November" not in first.text, first.text
    asked = await story.yes_to_all()
    assert not any("November" in q for q in asked), asked
    assert await story.held("travel.depart_date") == "2026-12-03"
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.return_date") == "2026-12-06"
    await story.hears("oh and i need to retrun the amazon package before we go", "Amazon")
    await story.yes_to_all()
    story.later(hours=10)  # Tuesday evening: nothing has passed, nothing is withdrawn
    coming = await story.hears("whats on my plate this week", "")
    assert "Thursday, December 3: you leave for Tahoe" in coming.text, coming.text
    assert "Amazon" in coming.text, coming.text
