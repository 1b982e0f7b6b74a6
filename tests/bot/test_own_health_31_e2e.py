"""The user's own health through the real chat: "I am not feeling well today" was
"Nothing in that changes what I know"; now it is wished better and told Canon does not
keep the user's own health, and nothing is asked or kept. A family member's illness is
still kept ("emma is sick" asks about Emma)."""

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


@pytest.mark.parametrize("said", ["I am not feeling well today", "ugh im sick"])
async def test_the_users_own_health_is_heard_kindly(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    reply = await story.hears(said, "")
    assert reply.text.startswith("Sorry you're not feeling well"), reply.text
    assert "don't keep track of your own health" in reply.text, reply.text
    assert "Nothing in that changes" not in reply.text, reply.text
    await story.quiet()
    assert tg.open_prompts(ALICE) == [], "nothing is asked of it"
    emma = await story.hears("emma is sick", "")
    await story.quiet()
    assert any("Emma" in p.text for p in tg.open_prompts(ALICE)), emma.text
