"""Alice's tap in her chat racing her own client's answer to the same question, the client
on a `canon serve` process of its own on the bot's store (the real bot over the strict Bot
API double; the API a subprocess on the same SQLite file), and the same tap delivered
twice (Telegram redelivers an update it thinks was lost).

Exactly one answer applies, whichever lands first: the question is closed once, with that
answer, the field has at most one commit of it; the API's loser is a 409 ("already
answered") and the chat's loser is told in the chat, its tap changing nothing."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from live_server import create_token, environment, live_server
from test_household_users_e2e import HOUSEHOLD

from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(300)
FAMILY = "family:smith"
ROUNDS = 4
CHILDREN = ("Lily", "Max", "Emma", "Noah", "Grace", "Leo", "Mia", "Sam")
ALREADY = "already answered elsewhere"


async def _closed(db: Path, question: str, field: str) -> tuple[str, int]:
    store = SQLiteStore(db)
    await store.open()
    try:
        item = await store.review_item(question)
        assert item is not None
        return item.status, len(await store.history(FAMILY, field))
    finally:
        await store.close()


async def test_a_tap_and_an_api_answer_at_once_apply_exactly_one(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    runner = await start_bot(settings=HOUSEHOLD, policy=calibrated_policy())
    db = tmp_path / "canon.db"
    assert runner is not None
    env = environment(db, CANON_FAMILY_ENTITY=FAMILY)
    with live_server(db, env=env) as api:
        token = create_token(db, "user:alice", env=env)  # her own client
        for child in CHILDREN[:ROUNDS]:
            field = f"family.{child.lower()}.status"
            tg.user_says(ALICE, f"I think {child} is sick", date=int(datetime.now(UTC).timestamp()))
            prompt = await tg.prompt(ALICE, f"Is {child} sick today?")
            async with httpx.AsyncClient() as client:
                listed = await client.get(
                    f"{api.url}/v1/questions", headers={"Authorization": f"Bearer {token}"}
                )
            [question] = [q["id"] for q in listed.json()["questions"] if q["field"] == field]

            def client_says_no(question: str = question) -> httpx.Response:
                path = f"{api.url}/v1/questions/{question}/answer"
                auth = {"Authorization": f"Bearer {token}"}
                return httpx.post(path, headers=auth, json={"answer": "no"}, timeout=60)

            answered = asyncio.get_running_loop().run_in_executor(None, client_says_no)
            await tg.tap(ALICE, prompt, "Yes")
            response = await answered
            await tg.settled(prompt)

            status, commits = await _closed(db, question, field)
            if response.status_code == 200:  # the client's No first: the tap changed nothing
                assert (status, commits) == ("rejected", 0)
                assert "Rejected" in prompt.text
                assert ALREADY in tg.bot_messages(ALICE)[-1].text.lower()
            else:  # the tap's Yes first: the client is told, nothing of its No applied
                assert response.status_code == 409, response.text
                assert response.json()["type"].endswith("/already-answered"), response.text
                assert (status, commits) == ("confirmed", 1)


async def test_the_same_tap_delivered_twice_answers_once(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    await start_bot(settings=HOUSEHOLD, policy=calibrated_policy())
    tg.user_says(ALICE, "I think Lily is sick", date=int(datetime.now(UTC).timestamp()))
    prompt = await tg.prompt(ALICE, "Is Lily sick today?")
    data = tg.button(prompt, "Yes")

    queries = [tg.user_taps(ALICE, prompt.chat_id, prompt.message_id, data) for _ in range(2)]
    for query in queries:
        await tg.wait_for(lambda q=query: tg.answered(q), 10.0)
    await tg.settled(prompt)

    store = SQLiteStore(tmp_path / "canon.db")
    await store.open()
    try:
        lily = "family.lily.status"
        items = [r for r in await store.review_items(["confirmed", "rejected"]) if r.field == lily]
        assert [r.status for r in items] == ["confirmed"]
        assert [h.version for h in await store.history(FAMILY, lily)] == [1]
    finally:
        await store.close()
    assert not [m for m in tg.bot_messages(ALICE) if "wrong" in m.text.lower()]
