"""A household member's message she forwards is that member's words, asked of them.

Before: Bob's "I'm in Leeds till Friday", forwarded by Alice, was set aside as a
stranger's. Now a forward whose origin is a user of the household is read as said by
that user (their "I" is them, their principal on every claim) and asked of them in their
own chat, never committed on it; it answers nothing and runs nothing. A stranger's, a
hidden sender's and a member's forwarded command stay set aside.
"""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, quiet
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(180)

FROM_BOB = {"type": "user", "sender_user": {"id": BOB, "is_bot": False, "first_name": "Bob"}}
SET_ASIDE: list[tuple[dict[str, Any], str, str]] = [
    ({"type": "user", "sender_user": {"id": 4242, "is_bot": False, "first_name": "Mallory"}},
     "I'm in Leeds till Friday", "Mallory"),
    ({"type": "hidden_user", "sender_user_name": "Bob Smith"}, "I'm in Leeds till Friday",
     "Bob Smith"),
    (FROM_BOB, "/forget travel.location", "Bob"),
]  # fmt: skip


async def _held(runner: BotRunner, entity: str) -> dict[str, Any]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts(entity)}


async def test_bobs_forwarded_words_are_asked_of_bob_not_her(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await tg.say(BOB, "/start", expect="")  # his chat with the bot is open
    await tg.say(ALICE, "I live in Seattle now", expect="")
    await tg.prompt(ALICE, "Seattle")  # open: nothing forwarded may answer it
    sent = tg.user_forwards(ALICE, "I'm in Leeds till Friday", FROM_BOB)
    told = await tg.reply_after(ALICE, sent, "forwarded from", within=30)
    assert "I read it as their words, not yours, and I'll ask" in told.text, told.text
    his = await tg.prompt(BOB, "Leeds")
    assert "forwarded to me" in his.text, his.text
    assert [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)] == ["Do you live in Seattle?"]
    assert await _held(runner, "user:alice") == {}
    assert await _held(runner, "user:bob") == {}, "his forwarded word commits nothing alone"

    await tg.tap(BOB, his, "Yes")
    await tg.settled(his)
    assert (await _held(runner, "user:bob"))["travel.location"] == "Leeds"
    assert runner.chat is not None
    said, *_ = await runner.chat.engine.store.events_for("user:bob", "travel.location")
    assert said.principal == "user:bob"


async def test_a_forwarded_yes_answers_nothing_and_others_stay_set_aside(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await tg.say(BOB, "/start", expect="")  # his chat with the bot is open
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.say(ALICE, "I live in Seattle now", expect="")
    await tg.prompt(ALICE, "Seattle")
    sent = tg.user_forwards(ALICE, "alice is in tahoe", FROM_BOB)  # his word of her: hers
    await tg.reply_after(ALICE, sent, "their words, not yours, and I'll ask you", within=30)
    assert runner.chat is not None
    open_items = await runner.chat.engine.store.open_review_items(["user:alice"])
    his = {(i.field, i.candidate_value) for i in open_items if i.principal == "user:bob"}
    assert ("travel.location", "Tahoe") in his
    sent = tg.user_forwards(ALICE, "yes", FROM_BOB)
    await tg.reply_after(ALICE, sent, "nothing in it to note", within=30)
    for origin, words, name in SET_ASIDE:
        sent = tg.user_forwards(ALICE, words, origin)
        reply = await tg.reply_after(ALICE, sent, "changed nothing", within=30)
        assert name in reply.text, reply.text
    await quiet(tg, runner)
    await quiet(tg, runner, BOB)
    assert [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)] == ["Do you live in Seattle?"]
    assert tg.open_prompts(BOB) == []
    assert await _held(runner, "user:alice") == {"profile.name": "Alice"}
    assert await _held(runner, "user:bob") == {}
