"""A question asked beside news (the thirtieth round's playground session): "maya is sick
today, where is tom?" and "just paid the pge bill. anything else due this week?" were taken
for their news alone; the question was dropped, and the user typed it again. The news is
noted or asked as before, and the question is answered from state beside it; news with no
question ("guess what, we're home", "can you believe maya is sick again?") gets no answer
to a question it did not ask.
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


async def test_the_question_beside_the_news_is_answered(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("i live in oakland", "Oakland")
    await story.yes("Oakland")
    await story.hears("the water bill is due friday, $40", "water")
    await story.yes_to_all()
    await story.hears("maya is sick today, where is tom?", "where Tom is")
    await story.yes_to_all()
    assert await story.held("family.maya.status") == "sick"
    await story.hears("rent is due on the 15th, 2100. anything else due this week?", "water bill")
    await story.yes_to_all()
    assert await story.held("financial.rent.status") == "due"
    # Asked while "Are you in Oakland?" waits: the answer names that question.
    where = await story.hears("we are in oakland! where am i", "Your home is Oakland")
    assert "Are you in Oakland?" in where.text, where.text
    await story.yes_to_all()
    await story.quiet()
    mark = len(tg.bot_messages(ALICE))
    story.says("can you believe maya is sick again?")
    await story.quiet()
    said = [m.text for m in tg.bot_messages(ALICE)[mark:]]
    assert not any("I don't know" in t or "Coming up" in t for t in said), said
