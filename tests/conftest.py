"""Fixtures shared by the whole suite: a clock, observation payloads, stores, engines."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from core.engine import Engine
from core.policy import default_policy
from core.store.sqlite import SQLiteStore
from core.timeutil import format_ts

NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
ObsFactory = Callable[..., dict[str, Any]]


def make_observation(
    field: str = "travel.status",
    value: Any = "in_progress",
    *,
    intent: str = "assertive",
    source: str = "conversation",
    ref: str | None = None,
    at: datetime = NOW,
    entity: str = "user:primary",
    event_id: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A schema-valid StateObservation payload; keyword arguments override fields."""
    payload: dict[str, Any] = {
        "event_id": event_id or str(uuid.uuid4()),
        "event_ts": format_ts(at),
        "entity_id": entity,
        "domain": field.split(".", 1)[0],
        "field": field,
        "candidate_value": value,
        "intent": intent,
        "source": {"type": source, "ref": ref or f"ref-{uuid.uuid4().hex[:8]}"},
    }
    payload.update(extra)
    return payload


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


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    s = SQLiteStore(tmp_path / "canon.db")
    await s.open()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def engine(store: SQLiteStore) -> Engine:
    return Engine(store, default_policy())
