"""Test helpers shared across the suite (a uniquely named module, unlike conftest)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.domain.policy import Policy, load_policy
from core.domain.timeutil import format_ts

NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
ObsFactory = Callable[..., dict[str, Any]]


def make_observation(
    field: str = "travel.status",
    value: Any = "in_progress",
    *,
    intent: str = "assertive",
    source: str = "conversation_assertive",
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


CALIBRATED_POLICY_FILE = Path(__file__).parent / "fixtures" / "calibrated_policy.toml"
"""A CANON_POLICY file (``rollout.calibration_mutations = 0``) for subprocess, CLI and bot
tests about how Canon resolves once calibrated; see ``calibrated_policy``."""


def calibrated_policy() -> Policy:
    """The default policy with calibration over (``rollout.calibration_mutations = 0``).

    A fresh store asks about the first 30 changes per domain unless the confidence is
    at least 0.98; tests about how Canon resolves once it has been calibrated say so by
    using this policy (tests of calibration itself use ``default_policy()``).
    """
    return load_policy(CALIBRATED_POLICY_FILE)
