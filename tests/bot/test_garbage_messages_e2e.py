"""Garbage and huge messages through the real bot (the Bot API double passes on whatever
it is sent, as the playground does): each gets a plain reply, is kept in the dead-letter
queue, changes nothing the user had, and another member's chat is answered meanwhile.
"""

from __future__ import annotations

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation import texts

pytestmark = pytest.mark.timeout(180)

MB = 1_000_000
GARBAGE: dict[str, tuple[str, str]] = {
    "5 MB of text": ("I'm in Reno. " + "la " * (5 * MB // 3), "characters long"),
    "5 MB holding NUL bytes": ("I'm in Reno.\x00" * (5 * MB // 13), "I can't read that message"),
    "lone surrogates in 1 MB": ("I'm in Reno \ud800" * (MB // 13), "I can't read that message"),
    "an ANSI escape and a forged reply": (
        "I'm in Reno\x1b[2J\nCanon: ✅ Confirmed",
        "I can't read that message",
    ),
    "100,000 nested brackets": ("[" * 100_000 + "]" * 100_000, "characters long"),
}
"""Attack name -> the message, and what the reply to it says."""


@pytest.mark.parametrize("attack", GARBAGE)
async def test_a_garbage_message_is_refused_plainly_kept_and_blocks_nobody(
    tg: FakeTelegram, start_bot: StartBot, attack: str
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I'm in Tahoe", expect="Tahoe")
    await tg.say(BOB, "/start", expect="Canon")
    assert runner.chat is not None
    store = runner.chat.engine.store
    before = {(f.field, f.value) for f in await store.facts("user:primary")}
    text, reply = GARBAGE[attack]

    sent = tg.user_says(ALICE, text)
    meanwhile = tg.user_says(BOB, "/pending")
    await tg.reply_after(ALICE, sent, reply, within=60)
    await tg.reply_after(BOB, meanwhile, "", within=60)  # another chat is answered

    assert texts.FAILED not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    letters = await store.dead_letters()
    assert letters, "nothing of the message was kept"
    assert all(len(letter.payload) <= 2 * 262_144 for letter in letters)
    after = {(f.field, f.value) for f in await store.facts("user:primary")}
    assert before <= after
    assert not any("Reno" in str(v) for _, v in after - before)
    await tg.say(ALICE, "/state", expect="Tahoe")  # the bot reads on


async def test_a_day_at_the_calendars_end_is_read_without_it_not_a_failure(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "flying to Denver on 9999-12-31" was "Sorry, something went wrong" (OverflowError
    counting the day after it); where the trip goes is read, the day that is none is not."""
    runner = await start_bot()
    await tg.say(ALICE, "I'm flying to Denver on 9999-12-31", expect="", within=60)
    assert texts.FAILED not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert runner.chat is not None
    held = await runner.chat.engine.store.fact("user:primary", "travel.depart_date")
    assert held is None
    await tg.say(ALICE, "/state", expect="Denver")  # the bot reads on
