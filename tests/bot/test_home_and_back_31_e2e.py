"""A trip home said with its return ("flying home to chicago on the 20th, back the 29th"),
as a student or a grown child says it, through the real chat: Canon asked "Are you back on
Sunday, December 20?" and lost the 29th. Now it keeps the trip there: leaving the 20th,
back the 29th.
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
    "said",
    [
        "flying home to chicago on the 20th, back the 29th",
        "Heading home to Chicago on the 20th, back on the 29th",
    ],
)
async def test_a_trip_home_keeps_both_its_days(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears(said, "")
    asked = await story.yes_to_all()
    assert not any("back on Sunday, December 20" in q for q in asked), asked
    told = await story.told()
    # /state: the trip a line, both its days in it.
    trip = "• Trip to Chicago planned, leaving Sunday, December 20, back Tuesday, December 29 — "
    assert trip in told, told
