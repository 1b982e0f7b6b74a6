"""The founding story as the lead told it in the playground in the thirty-third round.
"also need to send back the amazon order before the tahoe trip" — the founding
incident's own words — was asked "Do you still have to do the Amazon return?" with no
day: "before the Tahoe trip" was not read as "before we go" (only "before the trip" was).
And "change of plans … drove up this morning. alredy in tahoe" was answered "Sounds
like that's in the past, so nothing about now changed": "alredy" was not "already".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(150)

WEDNESDAY_MORNING = datetime(2026, 12, 2, 17, 0, tzinfo=UTC)
"""Wednesday 2 December 2026, 9 am in Portland."""


@pytest.mark.parametrize(
    "errand",
    [
        "also need to send back the amazon order before the tahoe trip, its the wrong size",
        "gotta do the amazon return b4 tahoe",
        "oh and the amazon return has to go back before we head up",
    ],
)
async def test_an_errand_before_the_named_trip_is_due_by_its_day(
    tg: FakeTelegram, start_bot: StartBot, errand: str
) -> None:
    story = Story(tg, now=WEDNESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("Tahoe trip this weekend!! leaving sat morning, back sunday night", "")
    await story.yes_to_all()
    assert await story.held("travel.depart_date") == "2026-12-05"
    asked = await story.hears(errand, "Amazon")
    assert "Saturday, December 5" in asked.text, asked.text
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.due_date") == "2026-12-05"


async def test_already_there_typed_fast_moves_the_trip_on(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=WEDNESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("ok so were heading up to tahoe this sat w the fam, back next wed", "")
    await story.yes_to_all()
    story.later(hours=4)
    told = await story.hears(
        "lol change of plans, kids had no school so we drove up this morning. alredy in tahoe", ""
    )
    assert "in the past" not in told.text, told.text
    await story.yes_to_all()
    assert await story.held("travel.status") == "in_progress"
    assert await story.held("travel.location") == "Tahoe"
