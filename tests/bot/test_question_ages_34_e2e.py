"""A question left open reads as it would now, through the bot (the strict Bot API double,
the offline extractor, a clock the story moves on).

Asked "… You said it just now", left unanswered, and come back to the next day, the
message still said "just now" until a restart asked it again below. Its words are now
rendered from the moment it is shown: when she writes in the chat again, the open
question's message is edited in place ("You said it yesterday evening", "on Tuesday"),
its buttons kept, and a tap on them answers it as before; asked again after a restart,
the same words.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(300)

TUESDAY_EVENING = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 7 pm in Portland."""
ASKED = "Is all of this right?"


async def _asked_and_left(tg: FakeTelegram, start_bot: StartBot) -> Story:
    """A fresh Canon (still calibrating: it asks every change): her plan asked, left open."""
    story = Story(tg, now=TUESDAY_EVENING)
    await story.start(start_bot, policy=default_policy())
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    await story.hears("going to tahoe saturday", "")
    await story.quiet()
    (asked,) = tg.open_prompts(ALICE)
    assert "You said it just now" in asked.text, asked.text
    return story


def _open_question(tg: FakeTelegram) -> str:
    (asked,) = tg.open_prompts(ALICE)
    assert asked.text.startswith(ASKED), asked.text
    return asked.text


@pytest.mark.parametrize(
    ("later", "said"),
    [
        ({"hours": 3}, "You said it this evening"),
        ({"hours": 15}, "You said it yesterday evening"),
        ({"days": 3}, "You said it on Tuesday"),
    ],
)
async def test_a_question_left_open_reads_as_it_would_now_when_she_is_back(
    tg: FakeTelegram, start_bot: StartBot, later: dict[str, float], said: str
) -> None:
    story = await _asked_and_left(tg, start_bot)
    message_id = tg.open_prompts(ALICE)[0].message_id
    story.later(**later)
    await story.hears("hi", "")
    await story.quiet()
    text = _open_question(tg)
    assert said in text, text
    assert "just now" not in text, text
    assert tg.open_prompts(ALICE)[0].message_id == message_id  # edited in place, not again
    await story.yes(ASKED)
    assert await story.held("travel.destination") == "Tahoe"


async def test_asked_again_after_a_restart_it_says_when_it_was_said(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = await _asked_and_left(tg, start_bot)
    story.later(hours=2)
    await story.restart(start_bot)
    await story.quiet()
    text = _open_question(tg)
    assert "You said it this evening" in text, text
    assert "just now" not in text, text


async def test_a_question_answered_meanwhile_is_left_as_it_was_settled(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = await _asked_and_left(tg, start_bot)
    await story.yes(ASKED)
    before = [(m.message_id, m.text) for m in tg.bot_messages(ALICE) if m.text.startswith(ASKED)]
    story.later(days=1)
    await story.hears("hi", "")
    await story.quiet()
    after = [(m.message_id, m.text) for m in tg.bot_messages(ALICE) if m.text.startswith(ASKED)]
    assert after == before, after
    assert "Confirmed" in after[0][1], after
    assert not tg.open_prompts(ALICE)
