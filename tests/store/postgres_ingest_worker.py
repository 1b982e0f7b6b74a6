"""One writer process for the PostgreSQL race test: `python postgres_ingest_worker.py URL FEED NOW`.

Opens a PostgresStore and an Engine, prints "ready", waits for a line on stdin
(so every worker starts writing at the same moment), then ingests the feed's
observations one per transaction, as `canon ingest` does, and prints how many
of each outcome it had as JSON.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from pathlib import Path

from core.domain.policy import default_policy
from core.domain.timeutil import parse_ts
from core.engine.engine import Engine
from core.store.postgres import PostgresStore


async def main(url: str, payloads: list[object], now_text: str) -> None:
    now = parse_ts(now_text)
    store = PostgresStore(url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        outcomes = Counter([(await engine.ingest(p, now=now)).decision for p in payloads])
    finally:
        await store.close()
    print(json.dumps(outcomes), flush=True)


if __name__ == "__main__":
    url, feed, now_text = sys.argv[1:4]
    lines = Path(feed).read_text(encoding="utf-8").splitlines()
    asyncio.run(main(url, [json.loads(line) for line in lines], now_text))
