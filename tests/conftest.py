"""Fixtures shared by the whole suite: a clock, observation payloads, stores, engines."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator, Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from budgets import budget
from canon_testing import NOW, ObsFactory, calibrated_policy, make_observation
from hypothesis import settings

from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

# A throwaway PostgreSQL cluster per session, a fresh database per test (postgres_url).
pytest_plugins = ("services.postgres",)

# No timing in tests (speed is what `canon bench` prints): hypothesis' per-example
# deadline would make property tests flaky on a busy machine.
settings.register_profile("canon", deadline=None)
settings.load_profile("canon")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test's time limit (``pytest.mark.timeout(s)``) guards against a hang; like every
    budget it is stretched by the suite's one setting (``tests/budgets.py``), so a busy
    machine does not fail a test that is merely slow."""
    for item in items:
        limit = item.get_closest_marker("timeout")
        if limit is not None and limit.args:
            item.add_marker(pytest.mark.timeout(budget(float(limit.args[0]))), append=False)


@pytest.fixture
def now() -> datetime:
    return NOW


@pytest.fixture
def later() -> Callable[..., datetime]:
    def shift(**delta: float) -> datetime:
        return NOW + timedelta(**delta)

    return shift


@pytest.fixture
def obs() -> ObsFactory:
    return make_observation


@pytest.fixture(scope="session")
def migrated_store_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite store, migrated once per session; each ``store`` starts as a copy
    (migrating a new file takes tens of milliseconds, copying one a few)."""
    path = tmp_path_factory.mktemp("migrated") / "canon.db"

    async def migrate() -> None:
        template = SQLiteStore(path)
        await template.open()
        await template.close()

    asyncio.run(migrate())
    return path


@pytest.fixture
async def store(tmp_path: Path, migrated_store_file: Path) -> AsyncIterator[SQLiteStore]:
    shutil.copyfile(migrated_store_file, tmp_path / "canon.db")
    s = SQLiteStore(tmp_path / "canon.db")
    await s.open()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def engine(store: SQLiteStore) -> Engine:
    """An engine past calibration: tests of how Canon resolves (calibration has its own)."""
    return Engine(store, calibrated_policy())


@pytest.fixture
async def fresh_engine(store: SQLiteStore) -> Engine:
    """An engine with the product defaults: a fresh store is still calibrating."""
    return Engine(store, default_policy())
