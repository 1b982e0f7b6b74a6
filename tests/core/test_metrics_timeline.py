"""Metrics over time, from a three-day log built through the real engine.

The log (D1 = 19 Feb 2026, UTC), every value below worked out by hand from it:

  D1 14:30  "I'm in Tahoe" (conversation, user:primary)   auto-commit travel.location  [A1]
  D1 14:31  calendar: trip in progress                     asked; Yes at 14:33 (120 s)  [C1]
  D2 10:00  /forget travel.location                        asked; Yes at 10:00:30 (30 s) [F1]
  D2 12:00  "rent is 2100" (conversation, family:home)     auto-commit financial        [X]
  D2 12:10  an unreadable payload                          a dead letter
  D3        nothing

Window [D1 00:00, D3 12:00]. F1 corrects A1, but only from D2 on: measured at the
end of D1, A1 still stands; the rolling week ending D2 or D3 holds both.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import calibrated_policy
from metrics_log import D1, ME, SINCE, UNTIL, at, build_log

from core.engine.engine import Engine
from core.engine.metrics_timeline import MetricsTimeline, day_buckets, measure_timeline
from core.store.factory import open_store


@pytest.fixture(params=["sqlite", "memory"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Engine]:
    url = str(tmp_path / "canon.db") if request.param == "sqlite" else "memory://"
    store = open_store(url)
    await store.open()
    try:
        yield Engine(store, calibrated_policy())
    finally:
        await store.close()


@pytest.fixture
async def timeline(engine: Engine) -> MetricsTimeline:
    await build_log(engine)
    return await measure_timeline(engine.store, since=SINCE, now=UNTIL)


N = None
EXPECTED: list[tuple[str | None, str, bool, list[Any]]] = [
    # domain      metric                          rolling  D1, D2, D3 (by hand)
    (None, "correction_rate", False, [0 / 2, 0 / 2, N]),  # A1 not corrected yet on D1
    (None, "correction_rate", True, [0 / 2, 1 / 4, 1 / 4]),  # A1 of A1, C1, F1, X
    (None, "review_burden", False, [1 / 2, 1 / 2, N]),  # C1; F1
    (None, "review_burden", True, [1 / 2, 2 / 4, 2 / 4]),
    (None, "auto_commit_precision", False, [1 / 1, 1 / 1, N]),
    (None, "auto_commit_precision", True, [1 / 1, 1 / 2, 1 / 2]),
    (None, "confirmation_latency_median_seconds", False, [120, 30, N]),
    (None, "confirmation_latency_median_seconds", True, [120, 75, 75]),
    # D1: 2 inputs + 1 answer; D2: 1 answer + 1 input, 1 dead letter
    (None, "schema_validation_success", False, [3 / 3, 2 / 3, N]),
    (None, "schema_validation_success", True, [3 / 3, 5 / 6, 5 / 6]),
    ("travel", "correction_rate", False, [0 / 2, 0 / 1, N]),
    ("travel", "correction_rate", True, [0 / 2, 1 / 3, 1 / 3]),
    ("travel", "review_burden", True, [1 / 2, 2 / 3, 2 / 3]),
    ("financial", "review_burden", False, [N, 0 / 1, N]),
    ("financial", "auto_commit_precision", True, [N, 1 / 1, 1 / 1]),
]


@pytest.mark.parametrize(("domain", "name", "rolling", "expected"), EXPECTED)
async def test_each_day_matches_the_hand_computed_value(
    timeline: MetricsTimeline, domain: str | None, name: str, rolling: bool, expected: list[Any]
) -> None:
    series = timeline.series(name, domain, rolling=rolling)
    assert [day for day, _ in series] == [D1, D1 + timedelta(days=1), D1 + timedelta(days=2)]
    measured = [m.value for _, m in series]
    assert measured == [None if e is None else pytest.approx(e) for e in expected]


async def test_a_day_without_data_says_why(timeline: MetricsTimeline) -> None:
    (_, d3) = timeline.series("correction_rate")[2]
    assert d3.value is None
    assert d3.reason == "no state changes in the window"


async def test_the_domains_are_those_the_log_touches(timeline: MetricsTimeline) -> None:
    assert timeline.domains == ("financial", "travel")
    assert not timeline.empty


async def test_only_the_given_entities_are_measured(engine: Engine) -> None:
    await build_log(engine)
    mine = await measure_timeline(engine.store, since=SINCE, now=UNTIL, entities=[ME])
    assert mine.domains == ("travel",)
    assert [m.value for _, m in mine.series("review_burden", rolling=True)] == [
        pytest.approx(1 / 2),
        pytest.approx(2 / 3),
        pytest.approx(2 / 3),
    ]


async def test_an_empty_store_is_an_empty_timeline(engine: Engine) -> None:
    timeline = await measure_timeline(engine.store, since=SINCE, now=UNTIL)
    assert timeline.empty
    assert timeline.domains == ()
    assert all(m.value is None and m.reason for _, m in timeline.series("review_burden"))


@pytest.mark.parametrize(
    ("since", "now", "buckets"),
    [
        # a window inside one day is one bucket, cut at both ends
        (at(1, 9), at(1, 17), [(at(1, 9), at(1, 17))]),
        # midnight belongs to the day it starts
        (
            at(1, 12),
            at(2, 0),
            [(at(1, 12), at(2, 0) - timedelta(microseconds=1)), (at(2, 0), at(2, 0))],
        ),
    ],
)
def test_day_buckets(
    since: datetime, now: datetime, buckets: list[tuple[datetime, datetime]]
) -> None:
    assert day_buckets(since, now) == buckets
