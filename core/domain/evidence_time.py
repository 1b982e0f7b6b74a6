"""Evidence cannot come from the future.

An evidence timestamp says when the evidence was produced (a message sent, a
mail dated, a file read). One later than now, beyond the policy's clock
allowance (``clock_skew_seconds``: another machine's clock may run a little
fast), would read as "just now" and outrank everything said after it, so it is
an invalid payload: it goes to the dead-letter queue with the reason, like a
schema error, and changes nothing. What a payload is *about* may well be in the
future (a calendar event's start, a plan's ``valid_until``); only the stamps
named here are evidence times.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from core.domain.person_names import told_name_errors
from core.domain.timeutil import format_ts, parse_ts
from core.domain.told_days import told_day_errors
from core.domain.told_values import told_value_errors
from core.domain.validation import schema_errors
from core.domain.zone_names import told_zone_errors

EVIDENCE_STAMPS: Final[Mapping[str, tuple[tuple[str, ...], ...]]] = {
    "state_observation": (("event_ts",),),
    "signal_event": (("event_ts",), ("payload", "date")),
}
"""Where each schema keeps its evidence times (a mail's Date header is when it was sent)."""
EARLIEST: Final = datetime(1970, 1, 1, tzinfo=UTC)
"""The earliest time a message can have been said (``message_time_errors``)."""


def evidence_errors(
    schema: str, payload: object, now: datetime, skew: timedelta, *, plain: bool | None = None
) -> list[str]:
    """``schema_errors``, then (for a payload that passes them) every evidence time of
    ``payload`` later than ``now`` plus ``skew``, then a told name that is no name
    (``core.domain.person_names``), a told time zone that is no zone
    (``core.domain.zone_names``), a told day Canon cannot count from
    (``core.domain.told_days``) or a value its field cannot take
    (``core.domain.told_values``); empty if it may be resolved.
    ``plain``: ``plain_json(payload)``, when the caller has it already."""
    return (
        schema_errors(schema, payload, plain=plain)
        or future_stamp_errors(schema, payload, now, skew)
        or told_name_errors(schema, payload)
        or told_zone_errors(schema, payload)
        or told_day_errors(schema, payload)
        or told_value_errors(schema, payload)
    )


def future_stamp_errors(schema: str, payload: object, now: datetime, skew: timedelta) -> list[str]:
    """The evidence times of a schema-valid ``payload`` that lie beyond ``now + skew``."""
    found: list[str] = []
    for path in EVIDENCE_STAMPS.get(schema, ()):
        raw = _at(payload, path)
        if isinstance(raw, str):
            # ``parse_ts``: the schema's date-time passed it, so it is the instant the
            # upper-cased text reads as; kept per text, as the observation's ``ts`` is
            # read with the same function as it is decided.
            when = parse_ts(raw)
            if when > now + skew:
                found.append(f"$.{'.'.join(path)}: {future_reason(raw, when, now, skew)}")
    return found


def message_time_errors(raw: str, when: datetime, now: datetime, skew: timedelta) -> list[str]:
    """Why a message said at ``when`` cannot be read: later than ``now + skew``, or
    before 1970 (no chat is older, and relative dates read from it leave the calendar)."""
    if when > now + skew:
        return [f"$.at: {future_reason(raw, when, now, skew)}"]
    if when < EARLIEST:
        return [f"$.at: {raw} is before {format_ts(EARLIEST)}; no message is that old"]
    return []


def future_reason(raw: str, when: datetime, now: datetime, skew: timedelta) -> str:
    ahead = when - now
    return (
        f"{raw} is {_span(ahead)} later than now ({format_ts(now)}), beyond the "
        f"{_span(skew)} clock allowance (clock_skew_seconds); evidence cannot come "
        "from the future"
    )


def _span(delta: timedelta) -> str:
    """A duration in its largest whole unit (rounded down): 300 s is '5 min'."""
    seconds = int(delta.total_seconds())
    for unit, size in (("days", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= 2 * size or (seconds >= size and seconds % size == 0):
            return f"{seconds // size} {unit}"
    return f"{seconds} s"


def _at(payload: object, path: tuple[str, ...]) -> Any:
    value: Any = payload
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value
