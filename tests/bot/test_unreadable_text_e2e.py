"""A chat message that is not Unicode text, through the real bot: a clear reply, the
message kept in the dead-letter queue, no state changed, and the bot reads the next one.

Telegram sends valid UTF-8, but the playground (and any client of the Bot API emulator)
passes on what a browser sends, and JSON's ``\\ud800`` decodes to a lone surrogate,
which the store (UTF-8) cannot hold. Before, the turn died writing the transcript and the
user read "Sorry, something went wrong on my side. Nothing you said was lost." while
nothing of it was kept.
"""

from __future__ import annotations

import json

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation import texts

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("I'm in \ud800 Reno", "lone surrogate"),
        ("\udfff", "lone surrogate"),
        ("back home\udc80 in Portland", "lone surrogate"),
        ("I'm in \x00 Reno", "U+0000"),  # PostgreSQL holds no NUL; the API refuses it too
        ("back home\x1b[2J in Portland", "U+001B"),  # a terminal's command, not words
    ],
)
async def test_a_message_that_is_not_text_is_refused_kept_and_changes_nothing(
    tg: FakeTelegram, start_bot: StartBot, text: str, why: str
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I'm in Tahoe", expect="Tahoe")
    assert runner.chat is not None
    store = runner.chat.engine.store
    facts = await store.facts()
    events = await store.count_events()

    sent = tg.user_says(ALICE, text)
    reply = await tg.reply_after(ALICE, sent, texts.UNREADABLE_TEXT)

    assert texts.FAILED not in [m.text for m in tg.bot_messages(ALICE)]
    assert reply.text.startswith(texts.UNREADABLE_TEXT)
    assert await store.facts() == facts
    assert await store.count_events() == events
    [letter] = await store.dead_letters()
    assert letter.schema == "message"
    assert letter.principal == "user:primary"
    assert json.loads(letter.payload)["text"] == text  # kept whole, escaped for the store
    assert why in letter.errors[0]
    await tg.say(ALICE, "I'm in Reno", expect="Reno")  # the bot reads on


async def test_a_command_with_a_lone_surrogate_is_refused_and_does_not_run(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I'm in Tahoe", expect="Tahoe")
    assert runner.chat is not None
    facts = await runner.chat.engine.store.facts()

    sent = tg.user_says(ALICE, "/forget location\udc80")
    await tg.reply_after(ALICE, sent, texts.UNREADABLE_TEXT)
    await tg.say(ALICE, "where am I?", expect="Tahoe")

    after = [m.text for m in tg.bot_messages(ALICE) if m.message_id > sent]
    assert not any("orget" in text for text in after), after  # /forget never asked
    assert tg.open_prompts(ALICE) == []
    assert await runner.chat.engine.store.facts() == facts
