"""The audit line every commit appends (also projected into state-changes.md)."""

from __future__ import annotations

from datetime import datetime

from core.domain.control_chars import CONTROL
from core.domain.state import Scalar


def show_value(value: Scalar) -> str:
    """``value`` as a person reads it; a control character escaped (``\\x1b``), since a
    terminal, a workspace file or a model would take an escape sequence in a value (an
    assistant's, a feed's) for a command of its own."""
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if CONTROL.search(text) is None:
        return text
    return CONTROL.sub(lambda c: f"\\x{ord(c.group()):02x}", text)


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
