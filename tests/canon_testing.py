"""Test helpers shared across the suite (a uniquely named module, unlike conftest)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.domain.policy import Policy, load_policy
from core.domain.state import CommittedFact
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


def committed_fact(
    field: str,
    value: Any,
    *,
    entity: str = "user:primary",
    at: datetime = NOW,
    until: datetime | None = None,
) -> CommittedFact:
    """A fact the user confirmed at ``at``, ending at ``until`` (None: no end)."""
    return CommittedFact(
        entity,
        field,
        value,
        1,
        "user_confirmation",
        "seed",
        1.0,
        str(uuid.uuid4()),
        at,
        at,
        "user_confirm",
        until,
    )


def said_payload(
    field: str, value: Any, intent: str = "assertive", who: str = "user:primary", **extra: Any
) -> dict[str, Any]:
    """One observation payload of a message, as the engine's message rules read them
    (``core.engine.arrived_here``, ``leaving_for``, ``due_before_trip``)."""
    return {
        "event_id": f"e-{field}-{value}-{intent}",
        "entity_id": who,
        "field": field,
        "candidate_value": value,
        "intent": intent,
        **extra,
    }


def make_signal(
    kind: str = "calendar_event", *, at: datetime = NOW, **changes: Any
) -> dict[str, Any]:
    """A schema-valid SignalEvent payload (a calendar event or an email) stamped ``at``.

    Keyword arguments override the signal's fields; ``payload_<key>`` overrides a key of
    its payload (``payload_end="9999-12-31"``)."""
    payload: dict[str, Any] = (
        {"id": "evt-1", "summary": "Flight to Lisbon", "start": "2031-03-10", "end": "2031-03-14"}
        if kind == "calendar_event"
        else {"id": "m-1", "from": "shop@x.example", "subject": "Your order", "body": "Thanks"}
    )
    signal: dict[str, Any] = {
        "event_id": str(uuid.uuid4()),
        "event_ts": format_ts(at),
        "entity_id": "user:primary",
        "kind": kind,
        "source": {"type": "webhook", "ref": f"push-{uuid.uuid4().hex[:8]}"},
        "payload": payload,
    }
    for key, value in changes.items():
        if key.startswith("payload_"):
            payload[key.removeprefix("payload_")] = value
        else:
            signal[key] = value
    return signal


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


async def two_retries_failed(store_url: str) -> None:
    """A bad travel payload in the store at ``store_url`` whose first two retries already
    failed: the third, due next, makes it permanent (a question and an alert)."""
    from core.domain.policy import default_policy
    from core.engine.dead_letter_intake import RETRY_DELAYS
    from core.engine.deadletters import retry_due
    from core.engine.engine import Engine
    from core.store.factory import open_store

    store = open_store(store_url)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        bad = make_observation("travel.location", "Reno", event_ts="yesterday")
        await engine.ingest(bad, now=NOW)
        await retry_due(engine, NOW + RETRY_DELAYS[0])
        await retry_due(engine, NOW + RETRY_DELAYS[0] + RETRY_DELAYS[1])
    finally:
        await store.close()
