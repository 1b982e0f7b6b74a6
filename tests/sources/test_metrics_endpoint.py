"""``GET /metrics``: Canon's counters and gauges, scraped from a live webhook server.

The store holds the three-day log of tests/metrics_log.py plus one input sent
twice; the server's clock reads UNTIL (D3 12:00). Values worked out by hand:

  travel     "Tahoe" auto-commit; calendar asked; its Yes; the /forget's Yes
  financial  rent auto-commit; the same rent observation again (a duplicate)
  one dead letter (D2 12:10), still waiting
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from aiohttp import web
from canon_testing import calibrated_policy, make_observation
from metrics_log import HOME, UNTIL, at, build_log
from prometheus_client.parser import text_string_to_metric_families
from source_servers import free_port

from core.engine.engine import Engine
from core.sources.webhook import webhook_app
from core.store.factory import open_store

pytestmark = pytest.mark.timeout(60)
SECRET = b"0123456789abcdef-secret"


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[str]:
    store = open_store(str(tmp_path / "canon.db"))
    await store.open()
    engine = Engine(store, calibrated_policy())
    await build_log(engine)
    again = make_observation("financial.rent.due_day", 1, entity=HOME, at=at(3, 9))
    await engine.ingest(again, now=at(3, 9))
    await engine.ingest(again, now=at(3, 10))
    runner = web.AppRunner(webhook_app(engine, SECRET, lambda: UNTIL))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}/metrics"
    finally:
        await runner.cleanup()
        await store.close()


async def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


EXPECTED: list[tuple[str, dict[str, str], float]] = [
    ("canon_events_total", {"domain": "travel", "decision": "auto_commit"}, 1),
    ("canon_events_total", {"domain": "travel", "decision": "ask_user"}, 1),
    ("canon_events_total", {"domain": "financial", "decision": "auto_commit"}, 2),
    ("canon_duplicates_ignored_total", {}, 1),
    ("canon_dead_letters_total", {}, 1),
    ("canon_dead_letters_unresolved", {}, 1),
    ("canon_commits_total", {"domain": "travel", "resolution": "auto_commit"}, 1),
    ("canon_commits_total", {"domain": "travel", "resolution": "user_confirm"}, 2),
    ("canon_commits_total", {"domain": "financial", "resolution": "auto_commit"}, 2),
    ("canon_questions_asked_total", {"domain": "travel"}, 2),  # the calendar, the /forget
    ("canon_questions_answered_total", {"domain": "travel"}, 2),
    ("canon_open_questions", {"domain": "travel"}, 0),
    # the dead letter came at D2 12:10; the server's now is D3 12:00
    ("canon_dead_letter_oldest_waiting_age_seconds", {}, 24 * 3600 - 10 * 60),
    # "Tahoe", the rent and the due day were each committed as they were said
    ("canon_update_propagation_seconds", {"quantile": "0.9"}, 0),
    # the calendar entry of D1 14:31
    (
        "canon_signal_freshness_seconds",
        {"domain": "travel"},
        (UNTIL - at(1, 14, 31)).total_seconds(),
    ),
]


async def test_each_counter_and_gauge_matches_the_log(server: str) -> None:
    scraped = await scrape(server)
    for name, labels, value in EXPECTED:
        key = (name, tuple(sorted(labels.items())))
        assert scraped.get(key) == pytest.approx(value), (name, labels, scraped.get(key))


async def test_labels_carry_no_entity_or_value(server: str) -> None:
    scraped = await scrape(server)
    label_names = {k for _name, labels in scraped for k, _v in labels}
    assert label_names <= {"domain", "decision", "resolution", "quantile"}
    assert not any(v for _name, labels in scraped for _k, v in labels if ":" in v)


async def test_a_scrape_reads_the_store_each_time(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "canon.db"))
    await store.open()
    engine = Engine(store, calibrated_policy())
    runner = web.AppRunner(webhook_app(engine, SECRET, lambda: UNTIL))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    url = f"http://127.0.0.1:{port}/metrics"
    try:
        before = await scrape(url)
        assert not any(name == "canon_events_total" for name, _ in before)
        await engine.ingest(make_observation("travel.location", "Reno", at=at(3, 9)), now=at(3, 9))
        after = await scrape(url)
        key = ("canon_events_total", (("decision", "auto_commit"), ("domain", "travel")))
        assert after[key] == 1
    finally:
        await runner.cleanup()
        await store.close()
