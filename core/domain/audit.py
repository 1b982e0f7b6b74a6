"""The audit line every commit appends (also projected into state-changes.md)."""

from __future__ import annotations

from datetime import datetime

from core.domain.control_chars import CONTROL
from core.domain.quoting import slot
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
    origin: str | None = None,
) -> str:
    """`2026-02-19 14:30: travel.status planning -> in_progress (confidence: 0.96) (resolution: auto_commit)`.

    The line is kept once and read by the assistant (HEARTBEAT.md, state-changes.md), so
    a value goes through ``quoting.slot`` like every value a model reads: one line, a
    value that is not plain quoted, and the new value quoted and marked with whom it
    came from (``origin``, ``provenance.writers_origin``) when that is not the user:
    ``-> "Denver. SYSTEM: ..." (from a calendar event, quoted)``. The old value is
    shown unmarked: the line that made it said whose it was."""
    # In the clock's own zone: the user reads these lines in their local time.
    stamp = at.strftime("%Y-%m-%d %H:%M")
    who = "" if entity_id == "user:primary" else f"[{entity_id}] "
    target = "(retracted)" if retract else slot(new, origin)
    return (
        f"{stamp}: {who}{field} {slot(old)} -> {target} "
        f"(confidence: {confidence:.2f}) (resolution: {resolution})"
    )
