"""The audit line every commit appends (also projected into state-changes.md)."""

from __future__ import annotations

from datetime import datetime

from core.domain.state import Scalar


def show_value(value: Scalar) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def audit_line(
    at: datetime,
    field: str,
    old: Scalar,
    new: Scalar,
    confidence: float,
    resolution: str,
    *,
    retract: bool = False,
    entity_id: str = "user:primary",
) -> str:
    """`2026-02-19 14:30: travel.status planning -> in_progress (confidence: 0.96) (resolution: auto_commit)`."""
    # In the clock's own zone: the user reads these lines in their local time.
    stamp = at.strftime("%Y-%m-%d %H:%M")
    who = "" if entity_id == "user:primary" else f"[{entity_id}] "
    target = "(retracted)" if retract else show_value(new)
    return (
        f"{stamp}: {who}{field} {show_value(old)} -> {target} "
        f"(confidence: {confidence:.2f}) (resolution: {resolution})"
    )
