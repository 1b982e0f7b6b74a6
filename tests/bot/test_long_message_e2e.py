"""A message far past what Canon reads, through the real bot: cut where it is read, the
rest kept in the dead-letter queue, the user told, and the first part still answered.

Telegram stops at 4,096 characters, but the playground (and any client of the Bot API
emulator) passes on whatever it is sent. A 1 MB paste was stored whole in the chat's
transcript (and from there fed back to the model as history on every turn) while the
extractor silently read its first 4,000 characters only.
"""

from __future__ import annotations

import json

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation import texts
from core.conversation.message_dead_letters import KEPT_CHARS, READ_CHARS

pytestmark = pytest.mark.timeout(60)
HEAD = "I'm in Reno. "


@pytest.mark.parametrize(
    ("length", "not_kept"),
    [(1_000_000, 1_000_000 - READ_CHARS - KEPT_CHARS), (READ_CHARS + 900, 0)],
    ids=["1MB", "a-little-over"],
)
async def test_a_long_message_is_cut_where_it_is_read_and_the_rest_kept(
    tg: FakeTelegram, start_bot: StartBot, length: int, not_kept: int
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I'm in Tahoe", expect="Tahoe")
    assert runner.chat is not None
    store = runner.chat.engine.store
    text = (HEAD + "la " * length)[:length]

    sent = tg.user_says(ALICE, text)
    notice = await tg.reply_after(ALICE, sent, "characters long")
    await tg.reply_after(ALICE, sent, "Are you in Reno?")  # the part read is answered

    assert notice.text == texts.CUT_MESSAGE.format(length=length, read=READ_CHARS)
    logged = await store.conversation.messages(ALICE)
    assert max(len(m.text) for m in logged) <= READ_CHARS
    assert [m.text for m in logged if m.role == "user"][-1] == text[:READ_CHARS]
    assert all(
        len(e.evidence_text or "") <= READ_CHARS
        for e in await store.events_for("user:primary", "travel.location")
    )
    [letter] = await store.dead_letters()
    assert (letter.schema, letter.principal) == ("message", "user:primary")
    kept = json.loads(letter.payload)["text"]
    assert kept == text[READ_CHARS : READ_CHARS + KEPT_CHARS]
    assert letter.errors[0].startswith(f"message of {length:,} characters")
    assert (f"the last {not_kept:,} were not kept" in letter.errors[0]) == bool(not_kept)
    await tg.say(ALICE, "I'm in Denver", expect="Denver")  # the bot reads on
