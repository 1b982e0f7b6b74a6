"""A message the user forwards is its author's words, not hers.

Before: Telegram's forwarded message reached Canon as the forwarder's own text, so a
stranger's "I live in Moscow now" or a friend's "We're in Paris", forwarded to the bot,
was the user's own first-person word (asked as hers, or committed at once). Now a message
with a ``forward_origin`` from anyone but the user herself is not read for her state: the
reply says whose words they were and that nothing changed; her own earlier message,
forwarded back, is read as hers.
"""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, quiet
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(120)

STRANGER_USER = {"id": 4242, "is_bot": False, "first_name": "Mallory"}
ORIGINS: dict[str, tuple[dict[str, Any], str]] = {
    "a stranger": ({"type": "user", "sender_user": STRANGER_USER}, "Mallory"),
    "a household member": (
        {"type": "user", "sender_user": {"id": BOB, "is_bot": False, "first_name": "Bob"}},
        "Bob",
    ),
    "a hidden sender": ({"type": "hidden_user", "sender_user_name": "M. Smith"}, "M. Smith"),
    "a channel": (
        {"type": "channel", "chat": {"id": -100123, "type": "channel", "title": "Travel Deals"},
         "message_id": 7},
        "Travel Deals",
    ),
}  # fmt: skip
WORDS = ["I'm in Paris now", "I live in Moscow now", "yes", "/forget travel.location"]


async def test_forwarded_words_are_their_authors_not_the_users(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    store = runner.chat.engine.store
    await tg.say(ALICE, "I'm in Denver", expect="Denver")
    await tg.say(ALICE, "I live in Seattle now", expect="")
    await tg.prompt(ALICE, "Seattle")  # open: a forwarded "yes" must not answer it
    await quiet(tg, runner)
    before = {(f.field, f.value) for f in await store.facts("user:primary")}
    for who, (origin, name) in ORIGINS.items():
        for words in WORDS:
            sent = tg.user_forwards(ALICE, words, origin)
            reply = await tg.reply_after(ALICE, sent, "forwarded", within=30)
            assert name in reply.text, (who, reply.text)
            await quiet(tg, runner)
    assert {(f.field, f.value) for f in await store.facts("user:primary")} == before
    [asked] = tg.open_prompts(ALICE)
    assert "Seattle" in asked.text
    assert [r.candidate_value for r in await store.review_items(["pending", "queued"])] == [
        "Seattle"
    ]


async def test_her_own_message_forwarded_back_is_hers(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    own = {"type": "user", "sender_user": {"id": ALICE, "is_bot": False, "first_name": "Alex"}}
    sent = tg.user_forwards(ALICE, "We're in Tahoe", own)
    await tg.reply_after(ALICE, sent, "Tahoe", within=30)
    await quiet(tg, runner)
    facts = {(f.field, f.value) for f in await runner.chat.engine.store.facts("user:primary")}
    assert ("travel.location", "Tahoe") in facts
