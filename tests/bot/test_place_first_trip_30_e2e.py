"""A trip told with the place first and its days after it (the lead's playground session of
the thirtieth round): "ok so the plan: tahoe w/ the girls leaving thursday, home again on the
8th" was read as a return on Thursday alone, no place and no plan, so the chat asked "Are you
back on Thursday, December 3?". The bare place heading the plan is where the trip goes, and
"home again on the 8th" is the way back of the trip that leaves Thursday: one trip is asked,
with both its days.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""


@pytest.mark.parametrize(
    "plan",
    [
        "ok so the plan: tahoe w/ the girls leaving thursday, home again on the 8th",
        "tahoe with the girls, leaving thursday, back on the 8th",
    ],
)
async def test_the_place_first_plan_is_asked_as_one_trip(
    tg: FakeTelegram, start_bot: StartBot, plan: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("hi! we live in portland btw", "Portland")
    await story.yes("Portland")
    await story.hears(plan, "Tahoe")
    asked = await story.yes_to_all()
    said = " | ".join(asked)
    assert any("Tahoe" in q for q in asked), said
    assert "Do you leave on Thursday, December 3?" in said, said
    assert "Are you back on Tuesday, December 8?" in said, said
    assert "back on Thursday" not in said, said
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.status") == "planning"
    assert await story.held("travel.depart_date") == "2026-12-03"
    assert await story.held("travel.return_date") == "2026-12-08"
