"""The founding story as the lead told it in the playground in the thirty-first round, in
lower case with a slip of the thumb: "oh and i gotta do the amzon return b4 we leave" was
asked as "Is the Amzon return return due…?", and at the end "did the amazon return today
btw" only repeated that the return was overdue. The shop typed with a slip is Amazon's
return, named once; "did the … return" (and "amazon return done") is the errand done.
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
MONDAY_EVENING = datetime(2026, 12, 7, 3, 0, tzinfo=UTC)
"""Sunday 6 December 2026, 7 pm in Portland: the trip's day."""
TUESDAY_AFTER = datetime(2026, 12, 8, 18, 0, tzinfo=UTC)
"""Tuesday 8 December 2026, 10 am in Portland: back home."""


@pytest.mark.parametrize("done", ["did the amazon return today btw", "amazon return done"])
async def test_the_return_typed_with_a_slip_is_done_at_the_end(
    tg: FakeTelegram, start_bot: StartBot, done: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    first = await story.hears("hey so we're heading to tahoe on sunday w the kids", "")
    assert "Tahoe" in first.text or "plan" in first.text, first.text
    await story.yes_to_all()
    asked = await story.hears("oh and i gotta do the amzon return b4 we leave", "Amazon")
    assert "return return" not in asked.text, asked.text
    assert "Amzon" not in asked.text, asked.text
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.status") == "due"
    story.now = MONDAY_EVENING
    await story.hears("made it to tahoe finally", "")
    await story.yes_to_all()
    story.now = TUESDAY_AFTER
    await story.hears("ok so we drove back home last nite", "")
    await story.yes_to_all()
    said = await story.hears(done, "Amazon")
    assert "overdue" not in said.text, said.text
    await story.yes_to_all()
    assert await story.held("financial.amazon_return.status") == "pending"
    left = await story.hears("what do i still have to do", "")
    assert "Amazon" not in left.text or "overdue" not in left.text, left.text
