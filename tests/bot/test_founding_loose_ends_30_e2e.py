"""The founding story's loose ends of the thirtieth round, each as a person would hit it in
the chat (the strict Bot API double, the offline extractor, a clock the story moves on).

- "what do i owe" listed the Amazon return: a return to send back is no debt ("what's due"
  still lists it).
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


async def test_a_return_is_no_debt(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids", "plan")
    await story.hears("also gotta return the amazon jacket before we go", "Amazon")
    await story.yes("Amazon")
    owed = await story.hears("what do i owe", "")
    assert owed.text == "You owe nothing that I know of.", owed.text
    await story.hears("still owe the plumber 180 btw", "plumber")
    await story.quiet()
    for asked in [p.text for p in tg.open_prompts(ALICE)]:
        await story.yes(asked)
    owed = await story.hears("what do i owe?", "")
    assert "plumber" in owed.text, owed.text
    assert "Amazon" not in owed.text, owed.text
    due = await story.hears("whats due", "")
    assert "The Amazon return is due Saturday, December 5" in due.text, due.text
