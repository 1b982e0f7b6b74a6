"""Several writers on one PostgreSQL database behave as one writer per entity.

Real processes (each a PostgresStore and an Engine, as bot workers and pollers
run) race on the same entity and fields with conflicting values, from the same
start signal. Whatever interleaving happens, the stored result must be what
SOME serial order of their inputs gives: the order the event log recorded.
Two writers caught in the act (one stopped inside its decision while the other
starts) show why: the second reads only after the first committed.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest
from canon_testing import NOW, make_observation
from contract import _accepted as accepted
from services.postgres import PostgresCluster
from test_multiprocess import ENTITY, LINES_PER_PROCESS, observations

from core.domain.audit import show_value
from core.domain.policy import default_policy
from core.domain.review_items import ReviewItem
from core.domain.settlements import Settlement
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.domain.write_batch import WriteBatch
from core.engine.engine import Engine
from core.errors import AlreadyAnswered
from core.store.postgres import PostgresStore
from core.store.protocol import Snapshots

T = TypeVar("T")
PROCESSES = 6
WORKER = Path(__file__).with_name("postgres_ingest_worker.py")


def run_concurrently(url: str, feeds: list[Path]) -> list[dict[str, int]]:
    procs = [
        subprocess.Popen(
            [sys.executable, str(WORKER), url, str(feed), format_ts(NOW)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for feed in feeds
    ]
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n", proc.communicate(timeout=60)[1]
    for proc in procs:  # all at once: the start signal, before waiting for any of them
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    summaries = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=300)
        assert proc.returncode == 0, stderr
        summaries.append(json.loads(stdout))
    return summaries


def rows(url: str, sql: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(url) as db:
        return db.execute(sql).fetchall()


def state(url: str) -> dict[str, list[tuple[Any, ...]]]:
    return {
        "events": rows(
            url, "SELECT event_id, decision, confidence, patch FROM events ORDER BY seq"
        ),
        "commits": rows(
            url,
            "SELECT field, version, old_json, new_json, retracted, event_id, audit_line "
            "FROM commits ORDER BY seq",
        ),
        "facts": rows(url, "SELECT * FROM facts ORDER BY entity_id, field"),
        "reviews": rows(
            url, "SELECT event_id, field, candidate_json, status FROM review_items ORDER BY seq"
        ),
        "rejections": rows(url, "SELECT * FROM rejections ORDER BY 1, 2, 3, 4"),
    }


async def test_concurrent_writers_equal_the_serial_order_the_log_recorded(
    postgres_cluster: PostgresCluster, postgres_url: str, tmp_path: Path
) -> None:
    rng = random.Random(12)
    shared = [
        make_observation("travel.location", "Tahoe", source="calendar", entity=ENTITY),
        make_observation("profile.home_city", "Oakland", entity=ENTITY),
    ]
    feeds = []
    sent: dict[str, dict[str, Any]] = {}
    for i in range(PROCESSES):
        feed = tmp_path / f"feed-{i}.jsonl"
        lines = observations(rng, shared)
        sent.update((p["event_id"], p) for p in lines)
        feed.write_text("".join(json.dumps(p) + "\n" for p in lines))
        feeds.append(feed)

    summaries = run_concurrently(postgres_url, feeds)

    # The commit order: each ingest is one transaction holding the entity's lock,
    # and an event's seq is drawn under that lock.
    everything = rows(
        postgres_url, "SELECT event_id, decision, confidence, reasons FROM events ORDER BY seq"
    )
    # What the engine itself added (a trip's other fields changing with it: the same
    # engine adds them again in the serial replay) is not an input line.
    logged = [row for row in everything if row[0] in sent]
    duplicates = sum(s.get("duplicate", 0) for s in summaries)
    assert len(logged) + duplicates == PROCESSES * (LINES_PER_PROCESS + len(shared))
    assert duplicates == (PROCESSES - 1) * len(shared)

    serial_url = postgres_cluster.create_database()
    serial = PostgresStore(serial_url)
    await serial.open()
    try:
        engine = Engine(serial, default_policy())
        for event_id, decision, confidence, reasons in logged:
            outcome = await engine.ingest(sent[event_id], now=NOW)
            assert (outcome.decision, outcome.confidence) == (decision, confidence)
            assert list(outcome.reasons) == json.loads(reasons)
    finally:
        await serial.close()

    assert state(postgres_url) == state(serial_url)

    # Versions are contiguous per field, and no commit overwrote a value its
    # decision did not see: the value it says it replaced is the one just before it.
    commits = rows(
        postgres_url,
        "SELECT field, version, old_json, new_json, retracted, audit_line FROM commits ORDER BY seq",
    )
    assert commits
    previous: dict[str, Any] = {}
    versions: dict[str, int] = {}
    for field, version, old_json, new_json, retracted, line in commits:
        assert version == versions.get(field, 0) + 1
        versions[field] = version
        assert json.loads(old_json) == previous.get(field)
        assert f" {field} {show_value(previous.get(field))} -> " in line
        previous[field] = None if retracted else json.loads(new_json)


class HeldWriter:
    """A first writer stopped inside its decision, holding its entity's lock.

    It runs on a thread with its own event loop and its own PostgresStore (its
    own connections), as another process would. ``race`` starts a second write
    and lets the first go on only once the second waits on the lock (or, were
    there no lock, has finished on what it read meanwhile).
    """

    def __init__(
        self, url: str, write: Callable[[PostgresStore, Callable[[], None]], Awaitable[Any]]
    ):
        self.url = url
        self._write = write
        self._inside, self._release = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()))

    def pause(self) -> None:
        """Called by the first writer's decision: wait there until released."""
        self._inside.set()
        self._release.wait(timeout=60)

    async def _run(self) -> None:
        store = PostgresStore(self.url)
        await store.open()
        try:
            await self._write(store, self.pause)
        finally:
            await store.close()

    async def __aenter__(self) -> HeldWriter:
        self._thread.start()
        assert await asyncio.to_thread(self._inside.wait, 60)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._release.set()
        await asyncio.to_thread(self._thread.join)

    async def race(self, second: Awaitable[T]) -> T:
        task = asyncio.ensure_future(second)
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as db:
            while not task.done():
                cur = await db.execute(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                )
                if (await cur.fetchone()) != (0,):
                    break
                await asyncio.sleep(0.01)
        self._release.set()
        return await task


async def test_a_writer_reads_only_after_the_entitys_previous_writer_committed(
    postgres_url: str,
) -> None:
    """The entity lock comes before the read: a second writer's decision sees the first's write."""
    key = ("user:primary", "travel.location")
    first = make_observation("travel.location", "Tahoe")

    async def first_write(store: PostgresStore, pause: Callable[[], None]) -> None:
        def hold(snaps: Snapshots, seen: set[str]) -> tuple[WriteBatch, None]:
            pause()
            return WriteBatch(decided_at=NOW, accepted=(accepted(first),)), None

        await store.decide_and_write([key], [first["event_id"]], NOW, hold, 5)

    seen_by_second: list[tuple[set[str], int]] = []

    def decide(snaps: Snapshots, seen: set[str]) -> tuple[WriteBatch, None]:
        seen_by_second.append((set(seen), len(snaps[key].agreeing)))
        return WriteBatch(decided_at=NOW), None

    second = PostgresStore(postgres_url)
    await second.open()
    try:
        async with HeldWriter(postgres_url, first_write) as held:
            await held.race(second.decide_and_write([key], [first["event_id"]], NOW, decide, 5))
    finally:
        await second.close()
    assert seen_by_second == [({first["event_id"]}, 1)]


async def test_a_question_answered_in_two_places_at_once_is_settled_once(
    postgres_url: str,
) -> None:
    """Two workers settling one question: the second finds it answered, not still open."""
    store = PostgresStore(postgres_url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        out = await engine.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.review_item_id
        item_id = out.review_item_id

        def reject(item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            return Settlement("rejected", {"action": "reject"}, NOW, rejection=("k", "s"))

        async def first_answer(other: PostgresStore, pause: Callable[[], None]) -> None:
            def hold(item: ReviewItem, fact: CommittedFact | None) -> Settlement:
                pause()
                return Settlement("confirmed", {"action": "confirm"}, NOW)

            await other.settle_decided(item_id, hold, 5)

        async with HeldWriter(postgres_url, first_answer) as held:
            with pytest.raises(AlreadyAnswered):
                await held.race(store.settle_decided(item_id, reject, 5))
        settled = await store.review_item(item_id)
        assert settled is not None
        assert (settled.status, settled.answer) == ("confirmed", {"action": "confirm"})
    finally:
        await store.close()
