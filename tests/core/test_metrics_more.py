"""The metrics that follow a belief further, measured from the log of tests/metrics_more_log.py.

Worked out by hand from that log (window [D1 00:00, D3 12:00], now = D3 12:00):

- Update propagation, the commits from what was said: X 0 s, P5 60 s, P1 120 s, P2 600 s
  (the 10 minutes the question waited), P3 1800 s. Median 120; p90 the 5th of 5 (1800).
  C1 (a calendar question) and F1 (/forget) are not mentions. user:primary alone: 60, 120,
  600, 1800: median 360.
- Threshold stability: travel's auto threshold at the end of each day 0.90, 0.95, 0.95; ask
  0.65 throughout: variance 0.05^2 * 2/9; every other domain 0.
- Projection drift rate: 5 file writes (W1 2, W2 1, W3 2), 1 of them reverted drift.
- Staleness: in force at now and stated by a static file: destination Reno (S1, written
  D1 06:00): 54 h. Location Tahoe (S0) was retracted by F1; rent 2000 is not what S2 says.
  The newest static input is S2, written D2 08:00: 28 h.
- Intent extraction: assertive P3 (Edit to 2000) and P4 (No) wrong, P5 (Edit to the same
  value) right: 1/3; planning P2 right: 1/1; overall 2/4. Misses: assertive P3, P4 and P1
  (an auto-commit corrected by F1): 3.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import calibrated_policy
from metrics_more_log import D1, HOME, ME, SINCE, UNTIL, at, build_log
from PIL import Image

from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.engine.metrics import measure
from core.engine.metrics_more import nearest_rank
from core.engine.metrics_report import MetricsReport
from core.engine.metrics_timeline import measure_timeline
from core.store.factory import open_store

HOUR = 3600.0
TRAVEL_VARIANCE = 0.05**2 * 2 / 9


@pytest.fixture(params=["sqlite", "memory"])
async def engine(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_store_file: Path
) -> AsyncIterator[Engine]:
    url = str(tmp_path / "canon.db") if request.param == "sqlite" else "memory://"
    if request.param == "sqlite":
        shutil.copyfile(migrated_store_file, url)  # the session's migrated empty store
    store = open_store(url)
    await store.open()
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    try:
        engine = Engine(store, calibrated_policy())
        await build_log(engine, workspace)
        yield engine
    finally:
        await store.close()


async def measured(engine: Engine, now: datetime = UNTIL, **kw: Any) -> MetricsReport:
    return await measure(engine.store, since=SINCE, now=now, policy=engine.policy, **kw)


EXPECTED: list[tuple[str, float | None]] = [
    ("update_propagation_median_seconds", 120),
    ("update_propagation_p90_seconds", 1800),
    ("threshold_stability", TRAVEL_VARIANCE),
    ("projection_drift_rate", 1 / 5),
    ("staleness_index_seconds", 54 * HOUR),
    ("static_input_age_seconds", 28 * HOUR),
    ("intent_extraction_precision", 2 / 4),
    ("intent_extraction_recall", None),
]


@pytest.mark.parametrize(("name", "expected"), EXPECTED)
async def test_each_metric_matches_the_hand_computed_value(
    engine: Engine, name: str, expected: float | None
) -> None:
    metric = (await measured(engine)).system[name]
    if expected is None:
        assert metric.value is None
        assert metric.reason
    else:
        assert metric.value == pytest.approx(expected)
        assert metric.reason is None


BREAKDOWN: list[tuple[str, str, float | None]] = [
    ("threshold_stability", "travel", TRAVEL_VARIANCE),
    ("threshold_stability", "financial", 0.0),
    ("intent_extraction_precision", "assertive", 1 / 3),
    ("intent_extraction_precision", "planning", 1 / 1),
    ("intent_extraction_precision", "historical", None),  # never asked about
    ("intent_extraction_misses", "assertive", 3),
    ("intent_extraction_misses", "planning", 0),
]


@pytest.mark.parametrize(("name", "key", "expected"), BREAKDOWN)
async def test_per_domain_and_intent_class(
    engine: Engine, name: str, key: str, expected: float | None
) -> None:
    metric = (await measured(engine)).breakdown[name][key]
    assert metric.value == (None if expected is None else pytest.approx(expected))


async def test_the_counts_behind_them(engine: Engine) -> None:
    counts = (await measured(engine)).counts
    expected = {
        "propagated_commits": 5,
        "projection_writes": 5,
        "projection_writes_drifted": 1,
        "static_values": 1,
        "intent_answers": 4,
    }
    assert {k: counts[k] for k in expected} == expected


async def test_an_entity_narrows_what_is_attributable_to_it(engine: Engine) -> None:
    mine = await measured(engine, entity_id=ME)
    assert mine.system["update_propagation_median_seconds"].value == pytest.approx(360)
    assert mine.system["intent_extraction_precision"].value == pytest.approx(2 / 4)
    home = await measured(engine, entity_id=HOME)
    assert home.system["update_propagation_median_seconds"].value == 0
    assert home.system["intent_extraction_precision"].value is None
    assert home.system["staleness_index_seconds"].reason == "no static Markdown input is logged"
    # Projections and thresholds are not an entity's: they stay whole.
    assert home.system["projection_drift_rate"].value == pytest.approx(1 / 5)


async def test_staleness_is_a_snapshot_at_now(engine: Engine) -> None:
    """At D1 23:00 the location (S0, written 05:00) still stands beside Reno (S1, 06:00);
    S2 is not logged yet."""
    report = await measured(engine, now=at(1, 23))
    assert report.system["staleness_index_seconds"].value == pytest.approx((18 + 17) / 2 * HOUR)
    assert report.system["static_input_age_seconds"].value == pytest.approx(17 * HOUR)


async def test_without_a_policy_thresholds_are_not_replayed(engine: Engine) -> None:
    report = await measure(engine.store, since=SINCE, now=UNTIL)
    assert report.system["threshold_stability"].value is None
    assert report.system["threshold_stability"].reason == (
        "no policy given: thresholds cannot be replayed"
    )


@pytest.mark.parametrize(
    ("values", "median_rank", "p90"),
    [([5.0], 5.0, 5.0), ([1.0, 2.0], 1.0, 2.0), ([float(n) for n in range(1, 11)], 5.0, 9.0)],
)
def test_nearest_rank(values: list[float], median_rank: float, p90: float) -> None:
    assert nearest_rank(values, 0.5) == median_rank
    assert nearest_rank(values, 0.9) == p90


N = None
TIMELINE: list[tuple[str, bool, list[Any]]] = [
    # metric                           rolling  D1, D2, D3 (by hand)
    ("update_propagation_median_seconds", False, [600, 30, N]),  # P1 P2 P3; P5 X
    ("update_propagation_p90_seconds", True, [1800, 1800, 1800]),
    ("projection_drift_rate", False, [1 / 3, 0 / 2, N]),  # W1 W2; W3
    ("intent_extraction_precision", False, [1 / 3, 1 / 1, N]),  # P2 P3 P4; P5
    ("threshold_stability", False, [0, 0, 0]),  # one sample a day
    # 8 day ends in a rolling week: travel's auto 0.95 at 1 of them on D2, 2 on D3
    ("threshold_stability", True, [0, 0.05**2 * 7 / 64, 0.05**2 * 12 / 64]),
    # Reno (S1, D1 06:00) at each day's end; on D1 the location (S0, 05:00) too
    ("staleness_index_seconds", False, [(18 + 19) / 2 * HOUR, 42 * HOUR, 54 * HOUR]),
]


@pytest.mark.parametrize(("name", "rolling", "expected"), TIMELINE)
async def test_the_timeline_picks_them_up(
    engine: Engine, name: str, rolling: bool, expected: list[Any]
) -> None:
    timeline = await measure_timeline(engine.store, since=SINCE, now=UNTIL, policy=engine.policy)
    got = [m.value for _, m in timeline.series(name, rolling=rolling)]
    assert got == [None if e is None else pytest.approx(e, abs=1e-3) for e in expected]


def canon(*args: str) -> Ran:
    return run_canon(*args)


@pytest.fixture
async def logged_db(tmp_path: Path) -> Path:
    db = tmp_path / "canon.db"
    store = open_store(str(db))
    await store.open()
    (tmp_path / "workspace").mkdir()
    try:
        await build_log(Engine(store, calibrated_policy()), tmp_path / "workspace")
    finally:
        await store.close()
    return db


async def test_canon_metrics_json_has_them(logged_db: Path) -> None:
    window = ["--since", format_ts(SINCE), "--now", format_ts(UNTIL)]
    done = canon("--db", str(logged_db), "metrics", "--json", *window)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["system"]["threshold_stability"]["value"] == pytest.approx(TRAVEL_VARIANCE)
    assert report["system"]["update_propagation_p90_seconds"] == {"value": 1800.0, "reason": None}
    assert report["breakdown"]["intent_extraction_misses"]["assertive"]["value"] == 3
    table = canon("--db", str(logged_db), "metrics", *window)
    assert table.returncode == 0, table.stderr
    assert "Per domain or intent class" in table.stdout


async def test_canon_report_charts_each_of_them(logged_db: Path, tmp_path: Path) -> None:
    from core.report.html import CHARTED

    out = tmp_path / "report.html"
    window = ["--since", format_ts(D1), "--now", format_ts(UNTIL)]
    done = canon("--db", str(logged_db), "report", "--out", str(out), *window)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    titles = dict(CHARTED)
    for name, _ in EXPECTED[:-1]:  # recall is never charted: it has no value
        head = f'alt="{titles[name]}" src="data:image/png;base64,'
        assert head in page, name
        png = base64.b64decode(page.split(head, 1)[1].split('"', 1)[0])
        image = Image.open(io.BytesIO(png)).convert("RGB")
        assert len(image.getcolors(maxcolors=image.width * image.height) or []) > 2, name
    assert "recall cannot be known" in page


async def test_prometheus_exposes_the_gauges(engine: Engine) -> None:
    """The last 7 days before D3 12:00 hold every commit of the log."""
    from core.engine.prometheus import read_families

    samples = {
        (s.name, tuple(s.labels.values())): s.value
        for family in await read_families(engine.store, UNTIL)
        for s in family.samples
    }
    assert samples[("canon_update_propagation_seconds", ("0.5",))] == 120
    assert samples[("canon_update_propagation_seconds", ("0.9",))] == 1800
    assert samples[("canon_staleness_index_seconds", ())] == 54 * HOUR
    assert samples[("canon_static_input_age_seconds", ())] == 28 * HOUR
