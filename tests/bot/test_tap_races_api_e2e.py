"""Alice's tap in her chat racing her own client's answer to the same question, the client
on a `canon serve` process of its own on the bot's store (the real bot over the strict Bot
API double; the API a subprocess on the same SQLite file), and the same tap delivered
twice (Telegram redelivers an update it thinks was lost).

Exactly one answer applies, whichever lands first: the question is closed once, with that
answer, the field has at most one commit of it; the API's loser is a 409 ("already
answered") and the chat's loser is told in the chat, its tap changing nothing.

Each race must end as one of its two serial orders does, both played first in the same
chat (as ``tests/api/test_household_race_two_processes.py`` does): the tap usually wins
on a quiet machine, the client under load, and the test decides the same whichever it is.
What the chat was told is read once the bot has stopped (its handlers finished): the
"answered elsewhere" line is sent after the prompt's edit, so a test that reads the chat as
soon as the prompt settles can read it before that line is there."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import FakeTelegram
from live_server import create_token, environment, live_server
from test_household_users_e2e import HOUSEHOLD

from core.conversation.texts import ANSWERED_ELSEWHERE
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(300)
FAMILY = "family:smith"
SERIAL = ("the client first", "the tap first")
RACES = 4
CHILDREN = ("Lily", "Max", "Emma", "Noah", "Grace", "Leo", "Mia", "Sam")


@dataclass(frozen=True)
class Outcome:
    """How one question ended, the child's name left out so that rounds compare."""

    api: str
    """The client's answer: "200", or the problem type of its refusal."""
    question: str
    commits: int
    """Commits of the field: 0 for a No, 1 for a Yes; 2 would be both applied."""
    shown: str
    """The prompt's settled line ("❌ Rejected, nothing changed")."""
    told_elsewhere: int
    """The chat's "answered elsewhere" lines after this prompt (before the next one)."""


@dataclass
class _Round:
    field: str
    question: str
    prompt_id: int
    api: str
    shown: str


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
    orders = (*SERIAL, *["at once"] * RACES)
    rounds: list[_Round] = []
    with live_server(db, env=env) as api:
        token = create_token(db, "user:alice", env=env)  # her own client
        auth = {"Authorization": f"Bearer {token}"}
        for child, order in zip(CHILDREN, orders, strict=False):
            field = f"family.{child.lower()}.status"
            tg.user_says(ALICE, f"I think {child} is sick", date=int(datetime.now(UTC).timestamp()))
            prompt = await tg.prompt(ALICE, f"Is {child} sick today?")
            async with httpx.AsyncClient() as client:
                listed = await client.get(f"{api.url}/v1/questions", headers=auth)
            [question] = [q["id"] for q in listed.json()["questions"] if q["field"] == field]

            def client_says_no(question: str = question) -> httpx.Response:
                path = f"{api.url}/v1/questions/{question}/answer"
                return httpx.post(path, headers=auth, json={"answer": "no"}, timeout=60)

            def answer() -> asyncio.Future[httpx.Response]:
                return asyncio.get_running_loop().run_in_executor(None, client_says_no)

            if order == "the client first":
                response = await answer()
                await tg.tap(ALICE, prompt, "Yes")
            elif order == "the tap first":
                await tg.tap(ALICE, prompt, "Yes")
                await tg.settled(prompt)
                response = await answer()
            else:
                answered = answer()
                await tg.tap(ALICE, prompt, "Yes")
                response = await answered
            await tg.settled(prompt)
            ok = response.status_code == 200
            assert ok or response.status_code == 409, response.text
            api_said = "200" if ok else response.json()["type"].rsplit("/", 1)[-1]
            shown = prompt.text.splitlines()[-1]
            rounds.append(_Round(field, question, prompt.message_id, api_said, shown))
    await stop_bot(tg, runner)  # its handlers finished: all the chat was told is there

    said = [m for m in tg.bot_messages(ALICE) if m.text == ANSWERED_ELSEWHERE]
    ends = [r.prompt_id for r in rounds[1:]] + [max(m.message_id for m in tg.chat(ALICE)) + 1]
    outcomes: list[Outcome] = []
    for played, end in zip(rounds, ends, strict=True):
        status, commits = await _closed(db, played.question, played.field)
        told = sum(played.prompt_id < m.message_id < end for m in said)
        outcomes.append(Outcome(played.api, status, commits, played.shown, told))

    client_first, tap_first, *raced = outcomes
    # The client's No first: the tap changed nothing, and she is told so once.
    assert client_first == Outcome("200", "rejected", 0, "❌ Rejected, nothing changed", 1)
    # The tap's Yes first: the client is refused, nothing of its No applied, nothing told.
    assert tap_first == Outcome("already-answered", "confirmed", 1, "✅ Confirmed", 0)
    for round_, outcome in enumerate(raced):
        assert outcome in (client_first, tap_first), (round_, outcome)


async def test_the_same_tap_delivered_twice_answers_once(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    runner = await start_bot(settings=HOUSEHOLD, policy=calibrated_policy())
    tg.user_says(ALICE, "I think Lily is sick", date=int(datetime.now(UTC).timestamp()))
    prompt = await tg.prompt(ALICE, "Is Lily sick today?")
    data = tg.button(prompt, "Yes")

    queries = [tg.user_taps(ALICE, prompt.chat_id, prompt.message_id, data) for _ in range(2)]
    for query in queries:
        await tg.wait_for(lambda q=query: tg.answered(q), 10.0)
    await tg.settled(prompt)
    await stop_bot(tg, runner)  # both taps' handlers finished: nothing more comes of them

    store = SQLiteStore(tmp_path / "canon.db")
    await store.open()
    try:
        lily = "family.lily.status"
        items = [r for r in await store.review_items(["confirmed", "rejected"]) if r.field == lily]
        assert [r.status for r in items] == ["confirmed"]
        assert [h.version for h in await store.history(FAMILY, lily)] == [1]
    finally:
        await store.close()
    said = [m.text for m in tg.bot_messages(ALICE)]
    assert not [t for t in said if "wrong" in t.lower()]
    assert ANSWERED_ELSEWHERE not in said, "her own tap again is not an answer from elsewhere"
