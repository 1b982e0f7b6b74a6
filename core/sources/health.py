"""Source health: how much a source's evidence counts, and how fresh it is.

A failing source is not replaced by guesses: its weight halves with each
consecutive failed pass (down to ``FLOOR``) and climbs back by ``RECOVERY``
per successful pass. While the weight is below 1 the source's observations
carry a proportionally lower extraction certainty, so the resolver asks the
user instead of committing them on its own. Pure functions of the stored
state and an explicit ``now``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from core.conversation.views import age_text
from core.domain.source_state import SourceState
from core.domain.timeutil import format_ts
from core.sources.base import SourceConfig

FLOOR: Final = 0.25
RECOVERY: Final = 0.25


def after_success(
    state: SourceState, now: datetime, cursor: dict[str, Any], signals: int
) -> SourceState:
    return replace(
        state,
        cursor=cursor,
        last_attempt=now,
        last_success=now,
        last_error=None,
        failures=0,
        weight=min(1.0, round(state.weight + RECOVERY, 4)),
        signals_total=state.signals_total + signals,
    )


def after_failure(state: SourceState, now: datetime, error: str) -> SourceState:
    return replace(
        state,
        last_attempt=now,
        last_error=error[:500],
        failures=state.failures + 1,
        weight=max(FLOOR, round(state.weight * 0.5, 4)),
    )


def status_of(state: SourceState | None) -> str:
    if state is None or state.last_attempt is None:
        return "never polled"
    if state.failures:
        return f"failing ({state.failures}x)"
    return "ok"


def source_view(cfg: SourceConfig, state: SourceState | None, now: datetime) -> dict[str, Any]:
    """JSON-ready freshness and health of one configured source (``canon sources``, /state)."""
    last = None if state is None else state.last_success
    return {
        "name": cfg.name,
        "kind": cfg.kind,
        "where": cfg.describe(),
        "status": status_of(state),
        "last_success": None if last is None else format_ts(last),
        "freshness": "never" if last is None else age_text(last, now),
        "last_error": None if state is None else state.last_error,
        "failures": 0 if state is None else state.failures,
        "weight": 1.0 if state is None else state.weight,
        "signals_total": 0 if state is None else state.signals_total,
    }
