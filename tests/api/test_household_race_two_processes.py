"""Two `canon serve` processes on one SQLite file and one household, Alice and Bob at the
same moment: Bob's own client states Lily's status plainly on one process while Alice
answers her own open question about it on the other. Whatever order the store takes them
in, the outcome is one a serial order gives: her answer is taken once (her question is
never closed under her by his word), no question is left open or asked twice, and every
commit of the field has a version of its own with the fact its last one.

Each race's outcome is one of the two serial orders' (played first on stores of their own).
Before the round's fix Bob's word first closed her question, so her answer was a 409."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from canon_testing import make_observation
from live_server import create_token, environment, live_server

from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(300)
ROUNDS = 2
LILY = "family.lily.status"


def _auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _at_once(*calls: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """Each call on a thread of its own, released together; their responses in order."""
    got: list[httpx.Response | None] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        got[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r is not None for r in got)
    return [r for r in got if r is not None]


async def _read(db: Path, family: str) -> tuple[list[int], object, list[str], list[str]]:
    store = SQLiteStore(db)
    await store.open()
    try:
        versions = [h.version for h in await store.history(family, LILY)]
        fact = await store.fact(family, LILY)
        opened = [r.id for r in await store.open_review_items([family])]
        answered = [
            r.status
            for r in await store.review_items(["confirmed", "rejected", "superseded"])
            if r.entity_id == family
        ]
        return versions, None if fact is None else fact.value, opened, answered
    finally:
        await store.close()


Outcome = tuple[object, int, int, tuple[str, ...], tuple[int, int]]
"""The fact, how many commits, how many questions left open, how the household's questions
were closed, and the two responses' status codes."""


def _play(tmp_path: Path, name: str, answer: str, stated: str, order: str) -> Outcome:
    """Alice's unsure word asked of her; then Bob's plain word (on the second process) and
    her answer (on the first): at once (``race``), or one after the other."""
    db = tmp_path / f"{name}.db"
    family = "family:smith"
    env = environment(db, CANON_FAMILY_ENTITY=family)
    with live_server(db, env=env) as one, live_server(db, env=env) as two:
        alice = _auth(create_token(db, "user:alice", env=env))
        bob = _auth(create_token(db, "user:bob", env=env))
        said = httpx.post(
            f"{one.url}/v1/messages", headers=alice, json={"text": "I think Lily is sick"}
        )
        [asked] = said.json()["questions"]
        observation = make_observation(LILY, stated, entity=family, at=datetime.now(UTC))

        def his() -> httpx.Response:
            body = {"observations": [observation]}
            return httpx.post(f"{two.url}/v1/observations", headers=bob, json=body, timeout=60)

        def hers() -> httpx.Response:
            path = f"{one.url}/v1/questions/{asked['id']}/answer"
            return httpx.post(path, headers=alice, json={"answer": answer}, timeout=60)

        if order == "race":
            his_response, her_response = _at_once(his, hers)
        elif order == "his first":
            his_response, her_response = his(), hers()
        else:
            her_response = hers()
            his_response = his()
        assert one.process.poll() is None
        assert two.process.poll() is None
    versions, fact, opened, answered = asyncio.run(_read(db, family))
    assert versions == list(range(1, len(versions) + 1)), versions  # no double commit
    statuses = (his_response.status_code, her_response.status_code)
    return fact, len(versions), len(opened), tuple(sorted(answered)), statuses


@pytest.mark.parametrize(("answer", "stated"), [("yes", "well"), ("no", "sick")])
def test_bobs_word_and_alices_answer_at_once_on_two_processes(
    tmp_path: Path, answer: str, stated: str
) -> None:
    serial = {
        _play(tmp_path, order, answer, stated, order) for order in ("his first", "hers first")
    }
    assert all(o[4] == (200, 200) for o in serial), serial  # her question is hers to answer
    for round_ in range(ROUNDS):
        raced = _play(tmp_path, f"race-{round_}", answer, stated, "race")
        assert raced in serial, (raced, serial)
