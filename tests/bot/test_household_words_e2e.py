"""Whose word it is, in a household's chats (the nineteenth round's attack, through the
real bot): Bob's /pending lists only what he may answer, his /forget, /undo and /wrong
never erase what Alice said of the household, and he cannot flood her questions. The
HTTP API's side is tests/api/test_household_words_api.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from canon_testing import make_observation
from chatkit import ALICE, BOB, StartBot
from fakes.openai_server import Content, FakeOpenAI, ToolCall, ToolCalls
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD
from test_llm_reply import model_config

from bot.app import BotRunner
from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.domain.principals import token_principal

pytestmark = pytest.mark.timeout(120)
FAMILY = "family:smith"


async def _emma(runner: BotRunner) -> object:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact(FAMILY, "family.emma.status")
    return None if fact is None else (fact.value, fact.principal)


async def test_bobs_pending_leaves_out_the_question_alices_words_raised(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot(settings=HOUSEHOLD)
    await tg.say(ALICE, "Emma is sick today", expect="")
    await tg.prompt(ALICE, "Emma")
    listed = await tg.say(BOB, "/pending", expect="")
    assert "Emma" not in listed.text, listed.text
    hers = await tg.say(ALICE, "/pending", expect="Emma")
    assert "1 question" in hers.text


@pytest.mark.parametrize(
    ("command", "verb"), [("/forget emma", "forget"), ("/undo", "undo"), ("/wrong emma", "correct")]
)
async def test_bob_cannot_erase_what_alice_said_of_the_household(
    tg: FakeTelegram, start_bot: StartBot, command: str, verb: str
) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.confirm(ALICE, "Emma is sick today", "Emma")
    assert await _emma(runner) == ("sick", "user:alice")
    refused = await tg.say(BOB, command, expect="only Alice")
    assert f"only Alice can {verb} it" in refused.text
    assert "Alice's word" in refused.text
    for prompt in tg.open_prompts(BOB):  # whatever Bob was asked, he says Yes to it
        await tg.tap(BOB, prompt, "Yes")
    assert await _emma(runner) == ("sick", "user:alice")
    # Bob may still say what is true now: his own word, recorded as his.
    await tg.say(BOB, "Emma is better now", expect="")


async def test_bob_cannot_flood_alices_questions(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot(settings=HOUSEHOLD)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    assert runner.chat is not None
    cap = runner.chat.engine.policy.max_agent_questions
    cities = ["denver", "boston", "chicago", "seattle", "portland", "austin", "dallas"]
    cities += ["miami", "atlanta", "phoenix", "houston", "detroit", "memphis", "omaha"]
    assert len(cities) > cap
    for city in cities[:cap]:
        await tg.say(BOB, f"alice lives in {city}", expect="I'll ask Alice")
    refused = await tg.say(BOB, f"alice lives in {cities[cap]}", expect="questions from you")
    assert f"Alice already has {cap} questions from you waiting" in refused.text
    store = runner.chat.engine.store
    waiting = [
        r for r in await store.open_review_items(["user:alice"]) if r.principal == "user:bob"
    ]
    assert len(waiting) == cap


@pytest.mark.parametrize("through", ["user", "delegate"])
async def test_a_question_alices_own_client_raised_is_asked_in_her_chat_not_bobs(
    tg: FakeTelegram, start_bot: StartBot, through: str
) -> None:
    """Alice's own client (a ``user`` token of the HTTP API on the same store), or her
    assistant relaying her words (a ``delegate`` token), says Emma is sick: the household's
    question is hers, asked in her chat, even when Bob is the bot's first user (before, it
    went to the first user's chat: there Bob's Yes made it a fact on his word, and once
    answering was refused to him, it could never be asked of her)."""
    runner = await start_bot(settings={**HOUSEHOLD, "allowed_user_ids": (BOB, ALICE)})
    assert runner.chat is not None
    engine = runner.chat.engine
    now = datetime.now(UTC)
    token = await issue_token(
        engine, "user:alice", "her client", now, reach=(HOUSEHOLD_SCOPE,), role=through
    )
    said = make_observation(
        "family.emma.status",
        "sick",
        entity=FAMILY,
        source="conversation_assertive" if through == "user" else "agent",
        ref=f"api:{token.token.id}:1",
        at=now,
        extraction_confidence=0.8,
    )
    principal = token_principal(token.token.id, through, "user:alice", "her client")
    outcome = await engine.ingest(said, now=now, principal=principal)
    assert outcome.review_item_id is not None
    await tg.say(BOB, "hi", expect="")
    await tg.say(ALICE, "hi", expect="")
    await tg.prompt(ALICE, "Emma")
    assert not [m for m in tg.open_prompts(BOB) if "Emma" in m.text]
    assert await _emma(runner) is None


async def test_bobs_assistant_tool_lists_only_what_bob_may_answer(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Bob's model calling get_pending saw the household question Alice's words raised
    (hers to answer, her words not yet a fact); it sees only his own now."""
    async with FakeOpenAI() as model:
        await start_bot(settings=HOUSEHOLD, llm=model_config(model))
        model.script(Content("Noted."))
        await tg.say(ALICE, "Emma is sick today", expect="")
        await tg.prompt(ALICE, "Emma")
        model.script(
            ToolCalls((ToolCall("get_pending", {}, id="call_pending"),)),
            Content("Nothing for you."),
        )
        await tg.say(BOB, "what is pending?", expect="Nothing for you.")
        [result] = [m for m in model.chat_bodies()[-1]["messages"] if m["role"] == "tool"]
        assert "family.emma.status" not in result["content"], result["content"]


async def test_bobs_why_quotes_not_what_alice_said_around_the_value(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot(settings=HOUSEHOLD)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.confirm(ALICE, "Emma is sick today, and honestly I hate living with Bob", "Emma")
    bobs = await tg.say(BOB, "/why emma", expect="confirmed by Alice")
    assert "sick" in bobs.text.lower()
    assert "hate" not in bobs.text
    alices = await tg.say(ALICE, "/why emma", expect="Emma")
    assert "hate living" in alices.text


async def test_bobs_why_shows_nothing_alice_has_not_confirmed(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Alice's unconfirmed word on the household is hers, as her question is not in his
    /pending: Bob's /why of it knows nothing (it showed "sick" and who said it); hers
    shows it."""
    await start_bot(settings=HOUSEHOLD)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.say(ALICE, "Emma is sick today", expect="Emma")
    bobs = await tg.say(BOB, "/why family.emma.status", expect="I know nothing")
    assert "sick" not in bobs.text.lower()
    alices = await tg.say(ALICE, "/why family.emma.status", expect="Emma")
    assert "sick" in alices.text.lower()
