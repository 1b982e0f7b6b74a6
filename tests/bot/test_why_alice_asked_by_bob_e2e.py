"""Bob asks why Canon thinks Alice is away, in every way the chat takes it (through the
real bot and the strict Bot API double; with a model, the strict fake on loopback).

Alice told Canon where she is and why in her own chat; Bob, in the same household, says
"alice is away" and asks about it. What he may see: the household's facts (Emma is sick),
who made them in words ("another member of the household"), never Alice's own state (her
place, her trip), her words around a value, her chat's refs, nor a question her words
raised. Checked for each way he can ask, his own model's tool results included: a model
answering Bob is given nothing of Alice's that Bob may not read himself. Nothing here was
found leaking (the scope rules already held); this table keeps them.
"""

from __future__ import annotations

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.openai_server import Content, FakeOpenAI, ToolCall, ToolCalls
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD
from test_llm_reply import model_config

pytestmark = pytest.mark.timeout(180)

HERS = ("Paris", "paris", "Jo's", "Lutetia", "Secrète", "in_progress", f"tg:{ALICE}:")
"""Alice's place, her words around a household value, her trip, her chat's refs."""
ASKED = [
    "why do you think alice is away",
    "why do you think alice is away?",
    "/why alice",
    "/why family.alice.status",
    "/why travel",
    "/why travel.location",
    "/why emma",
    "/history alice",
    "/history",
    "/state",
    "/pending",
    "where is alice?",
    "is alice away?",
]


async def _alice_tells(tg: FakeTelegram) -> None:
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.confirm(BOB, "my name is Bob", "Is your name Bob?")
    await tg.say(ALICE, "I'm away this week, staying at my sister Jo's in Paris", expect="Paris")
    await tg.confirm(ALICE, "emma has a fever from the Lutetia pool", "Emma")
    await tg.say(ALICE, "alice is at the dentist on Rue Secrète", expect="")


async def test_bob_asking_why_alice_is_away_reads_nothing_of_hers(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot(settings=HOUSEHOLD)
    await _alice_tells(tg)
    await tg.say(BOB, "alice is away", expect="")
    before = len(tg.bot_messages(BOB))
    for asked in ASKED:
        await tg.say(BOB, asked, expect="")
    heard = "\n".join(m.text for m in tg.bot_messages(BOB)[before:])
    assert not [w for w in HERS if w in heard], heard
    # The household's fact is his to read, whose it is (by her name), not her words around it.
    assert "Emma's status: sick — confirmed by Alice" in heard


async def test_bobs_model_is_given_nothing_of_hers_when_he_asks_why(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    async with FakeOpenAI() as model:
        await start_bot(settings=HOUSEHOLD, llm=model_config(model))
        model.script(*[Content("Noted.")] * 12)
        await _alice_tells(tg)
        model.reset()
        model.script(
            ToolCalls(
                (
                    ToolCall("get_state", {}, id="call_state"),
                    ToolCall("get_pending", {}, id="call_pending"),
                )
            ),
            Content("I only know what the household shares."),
        )
        # "why do you think…" is answered as /why without the model (users30), so Bob asks
        # his model the way that reaches it.
        await tg.say(
            BOB, "what's going on with alice these days?", expect="I only know what the household"
        )
        sent = "\n".join(
            str(m.get("content")) for body in model.chat_bodies() for m in body["messages"]
        )
    tools = [m for body in model.chat_bodies() for m in body["messages"] if m["role"] == "tool"]
    assert len(tools) == 2, tools
    assert not [w for w in HERS if w in sent], sent
    assert "family.emma.status" in sent  # the household's fact is in his context
