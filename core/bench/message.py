"""One chat message end to end in ``canon bench``, beside its baselines in the same run.

A message that carries a claim ("we're in Tahoe now", "paid rent, $2,100") goes the
way the bot and the HTTP API send it: ``message_observations`` (the speaker's facts,
the offline extractor), then ``Engine.ingest_batch`` (validate, resolve, one durable
SQLite transaction: WAL, ``synchronous=FULL``). Every message is a different text,
parsed afresh (nothing cached), each said by its own user of a store that already
holds committed facts.

Beside it, on the same texts and in the same run, taking turns a round at a time so a
machine that gets busier slows both alike: raw spaCy ``nlp(text)`` alone, and one raw
durable ``sqlite3`` INSERT per message in the same directory. ``message_engine_ms_p50``
is the message's time after extraction (validate, resolve, commit: the part Canon owns
besides the parse), and ``message_vs_baselines_p50`` the end-to-end median over the two
baselines' medians added up.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from core.bench.ingest import Progress, _RawSQLite
from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.state import CommittedFact
from core.store.sqlite import SQLiteStore

PLACES = ("Tahoe", "Portland", "Nashville", "Lisbon", "Denver", "Chicago", "Tokyo", "Boston")
CLAIMS = (
    "we're in {place} now",
    "i'm in {place} this week",
    "just landed in {place}",
    "we got back from {place} {behind}",
    "paid rent {behind}, ${amount}",
    "paid rent, ${amount}",
    "rent goes up to ${amount} {ahead}",
    "{person} is sick this morning",
    "{person} is feeling better",
    "{project} shipped {behind}",
    "we're still working on {project}",
    "{project} is blocked until {ahead}",
    "flying to {place} {ahead}",
)
PEOPLE = ("Emma", "Lily", "Noah", "Mia")
PROJECTS = ("the website", "Canon", "the app", "the migration")
AHEAD = ("next week", "on Sunday", "tomorrow", "in March")
BEHIND = ("yesterday", "last week", "on Friday", "two days ago")
ROUND = 50
"""Messages end to end before the baselines take their turn on the same texts."""
BESIDE = {
    "message_end_to_end_ms_p50": "message_baselines_ms_p50",
    "message_end_to_end_ms_p99": "message_spacy_ms_p99",
}
"""Each end-to-end figure and what was measured beside it (``canon bench``'s table)."""


def compose_claims(count: int, seed: int = 5) -> list[str]:
    """``count`` different chat messages, each carrying a claim (deterministic for ``seed``)."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < count:
        text = rng.choice(CLAIMS).format(
            place=rng.choice(PLACES),
            person=rng.choice(PEOPLE),
            project=rng.choice(PROJECTS),
            ahead=rng.choice(AHEAD),
            behind=rng.choice(BEHIND),
            amount=rng.choice(("2,100", "2100", "2,150", "1,950", "2,400")),
        )
        if rng.random() < 0.3:
            text = text[0].upper() + text[1:]
        if rng.random() < 0.5:
            text += rng.choice((" lol", " btw", ".", "!", " fyi"))
        seen.setdefault(text, None)
    return list(seen)


def _seed_facts(users: int, at: datetime) -> list[CommittedFact]:
    return [
        CommittedFact(
            entity_id=f"user:m{i}",
            field=field,
            value=value,
            version=1,
            source_type="conversation_assertive",
            source_ref="seed",
            confidence=0.9,
            event_id=new_id(),
            evidence_ts=at - timedelta(days=3),
            committed_at=at - timedelta(days=3),
            resolution="auto_commit",
        )
        for i in range(users)
        for field, value in (("travel.location", "Seattle"), ("financial.rent.amount", 2000))
    ]


def _median(samples: list[float]) -> float:
    return round(statistics.median(samples), 3)


def _p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)


async def message_figures(messages: int = 600, progress: Progress | None = None) -> dict[str, Any]:
    """Chat messages end to end on a durable SQLite store, and the raw baselines."""
    from core.conversation.message_intake import message_observations
    from core.engine.engine import Engine
    from core.extraction.linguistics import model, parse
    from core.extraction.offline import extract_offline

    report = progress or (lambda _label, _done, _total: None)
    texts = compose_claims(messages)
    at = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)
    nlp = model.load()
    nlp("warm up the pipeline's first call")
    with tempfile.TemporaryDirectory(prefix="canon-bench-msg-") as tmp:
        store = SQLiteStore(Path(tmp) / "messages.db", synchronous="FULL")
        await store.open()
        try:
            await store.import_facts(_seed_facts(len(texts), at))
            engine = Engine(store, default_policy())
            # One message ahead of the figures: the message-id key, the first write.
            warm = await message_observations(
                engine,
                "we're in Reno now",
                at=at,
                entity_id="user:warm",
                message_ref="bench:warm",
                extractor=extract_offline,
            )
            await engine.ingest_batch(warm, now=at)
            parse.clear()
            end_to_end: list[float] = []
            engine_part: list[float] = []
            spacy: list[float] = []
            inserts: list[float] = []
            observations = 0
            with _RawSQLite(Path(tmp) / "baseline.db") as raw:
                for first in range(0, len(texts), ROUND):
                    chunk = list(enumerate(texts))[first : first + ROUND]
                    for i, text in chunk:
                        now = at + timedelta(seconds=i)
                        t0 = time.perf_counter()
                        payloads = await message_observations(
                            engine,
                            text,
                            at=now,
                            entity_id=f"user:m{i}",
                            message_ref=f"bench:{i}",
                            extractor=extract_offline,
                        )
                        t1 = time.perf_counter()
                        await engine.ingest_batch(payloads, now=now)
                        t2 = time.perf_counter()
                        end_to_end.append((t2 - t0) * 1000.0)
                        engine_part.append((t2 - t1) * 1000.0)
                        observations += len(payloads)
                    parse.clear()
                    for _, text in chunk:
                        t0 = time.perf_counter()
                        nlp(text)
                        spacy.append((time.perf_counter() - t0) * 1000.0)
                    rows = [
                        {
                            "event_id": new_id(),
                            "entity_id": "user:raw",
                            "field": "x",
                            "candidate_value": text,
                        }
                        for _, text in chunk
                    ]
                    for row in rows:
                        inserts.append(raw.insert_each([row]) * 1000.0)
                    report("chat messages end to end", first, len(texts))
        finally:
            await store.close()
    parse.clear()
    baseline = statistics.median(spacy) + statistics.median(inserts)
    return {
        "message_end_to_end_ms_p50": _median(end_to_end),
        "message_end_to_end_ms_p99": _p99(end_to_end),
        "message_engine_ms_p50": _median(engine_part),
        "message_engine_ms_p99": _p99(engine_part),
        "message_spacy_ms_p50": _median(spacy),
        "message_spacy_ms_p99": _p99(spacy),
        "message_sqlite_insert_ms_p50": _median(inserts),
        "message_baselines_ms_p50": round(baseline, 3),
        "message_vs_baselines_p50": round(statistics.median(end_to_end) / baseline, 2),
        "message_observations_per_message": round(observations / len(texts), 2),
        "messages": len(texts),
    }
