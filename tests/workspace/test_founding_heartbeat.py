"""The founding HEARTBEAT.md, read as the one note it is.

The incident began with a static file: "Sunday: leave for Tahoe" above "Return the
Amazon order before the Tahoe trip". Read line by line, the errand had no day (only the
chat knew "before the trip" meant the trip's day), and "Back home the 28th" read as
someone named Back being home. Now ``canon migrate`` (and every re-read of the files)
dates an errand said to be due before the trip by the day the file's own trip leaves,
marked as the trip's day so it follows the trip when that day moves, and a note opened
by an adverb is the writer's. Found, not believed: the user still keeps or drops them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from workspace_fixtures import NOW

from core.engine.due_before_trip import is_anchored
from core.engine.engine import Engine
from core.signals.intake import default_extractor
from core.workspace.migrate import migrate_workspace

# NOW is Thursday, February 19, 2026: Sunday is the 22nd, Friday the 20th.
CASES = [
    pytest.param(
        "- Sunday: leave for Tahoe\n- [ ] Return the Amazon order before the Tahoe trip\n",
        {"financial.amazon_return.due_date": "2026-02-22"},
        id="before the tahoe trip",
    ),
    pytest.param(
        "- [ ] return amazon boots b4 we go\n- Sunday: leave for Tahoe\n",
        {"financial.amazon_return.due_date": "2026-02-22"},
        id="the trip said below the errand",
    ),
    pytest.param(
        "- Sunday: leave for Tahoe\n- [ ] Return Amazon order before Tahoe\n",
        {"financial.amazon_return.due_date": "2026-02-22"},
        id="before the trip's place",
    ),
    pytest.param(
        "- Sunday: leave for Tahoe\n- Back home the 28th\n",
        {"travel.return_date": "2026-02-28"},
        id="a day back opened by an adverb",
    ),
]
NOT_THE_TRIPS = [
    pytest.param(
        "- Sunday: leave for Tahoe\n- [ ] Return the Amazon order by Friday\n",
        "2026-02-20",
        id="a day of its own",
    ),
    pytest.param(
        "- Sunday: leave for Tahoe\n- [ ] Return the Amazon order before work\n",
        None,
        id="before something else",
    ),
    pytest.param("- [ ] Return the Amazon order before the trip\n", None, id="no trip at all"),
]


async def _found(engine: Engine, tmp_path: Path, text: str) -> dict[str, object]:
    (tmp_path / "HEARTBEAT.md").write_text(f"# Heartbeat\n\n{text}", encoding="utf-8")
    report = await migrate_workspace(engine, tmp_path, NOW, extractor=default_extractor())
    return {f.field: f.value for f in report.findings}


@pytest.mark.parametrize(("text", "expected"), CASES)
async def test_the_file_is_read_as_one_note(
    engine: Engine, tmp_path: Path, text: str, expected: dict[str, object]
) -> None:
    found = await _found(engine, tmp_path, text)
    assert expected.items() <= found.items(), found


@pytest.mark.parametrize(("text", "due"), NOT_THE_TRIPS)
async def test_an_errand_not_before_the_trip_keeps_its_own_day(
    engine: Engine, tmp_path: Path, text: str, due: str | None
) -> None:
    found = await _found(engine, tmp_path, text)
    assert found.get("financial.amazon_return.due_date") == due
    assert found.get("financial.amazon_return.status") == "due"


async def test_the_trips_day_follows_the_trip(engine: Engine, tmp_path: Path) -> None:
    # Marked as the trip's day to leave: when the trip leaves early (the founding
    # incident), core.engine.errand_follows_trip moves the errand with it.
    await _found(engine, tmp_path, CASES[0].values[0])  # type: ignore[arg-type]
    events = await engine.store.events_for("user:primary", "financial.amazon_return.due_date")
    assert events
    assert all(is_anchored(e.evidence_text) for e in events)


async def test_reading_the_file_again_changes_nothing(engine: Engine, tmp_path: Path) -> None:
    text = CASES[0].values[0]
    first = await _found(engine, tmp_path, text)  # type: ignore[arg-type]
    again = await migrate_workspace(engine, tmp_path, NOW, extractor=default_extractor())
    assert {f.field: f.value for f in again.findings} == first
    events = await engine.store.events_for("user:primary", "financial.amazon_return.due_date")
    assert len(events) == 1
