"""What a told value may be, whichever way it comes in.

The schema says an observation's ``candidate_value`` is short text, a number, true/false
or null; it cannot say what each field takes. The field catalogue does
(``core.domain.fields``): a status is one of its words, an amount is a number. Before,
only the STATE-INPUT grammar read it, so a value of the wrong kind it refused (an amount
in words) came in as JSON, over the API, through MCP or a source's mapping, and a value
nothing refused (``travel.return_date = 0000-01-01``, ``financial.x.due = 2026-02-30``,
a NUL inside a place name) was committed from any of them. These rules are checked with
the schema's (``core.domain.evidence_time.evidence_errors``, the engine's one
validation), so every way in refuses the same values with the same reason: the payload
is dead-lettered and nothing changes.

- A value written as a day (``YYYY-MM-DD``, alone or starting a date-time) must be one
  the calendar has, in ``DAY_YEARS``, whatever the field: "2026-02-30", "0000-01-01" and
  "10000-01-01" are no day to plan on, and free text is never written that way.
- A field with listed values (``FieldSpec.values``: a status) takes text, not a number
  or true/false; a numeric field (an amount) takes a number, not text or true/false.
  (Which text a status may be is the resolver's to weigh: an off-list word from JSON is
  still taken, as before; only the STATE-INPUT grammar refuses it.)
- Text holds no control character (``core.domain.control_chars``), as a message may not;
  nor does where the evidence came from (``source.ref``, a corroborator's ``ref``).
- A calendar event ends no earlier than it starts: a negative duration is no event.

Pure: no I/O.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any, Final

from core.domain.control_chars import CONTROL
from core.domain.fields import spec_for
from core.domain.timeutil import DAY_YEARS

_DAY_SHAPE: Final = re.compile(r"([+-]?\d{4,})-(\d{2})-(\d{2})(?:[Tt ].*)?", re.ASCII | re.DOTALL)
"""A value written as a day: the date alone, or a date-time beginning with it."""


def day_shape_problem(value: str) -> str | None:
    """Why ``value``, written as a day, is none the calendar has (or none Canon plans on);
    None when it is one, or is not written as a day."""
    m = _DAY_SHAPE.fullmatch(value)
    if m is None:
        return None
    shown = value if len(value) <= 40 else value[:40] + "…"
    year = int(m[1])
    if year not in DAY_YEARS:
        first, last = DAY_YEARS[0], DAY_YEARS[-1]
        return f"{shown} is not a day Canon can plan on (years {first} to {last})"
    try:
        date(year, int(m[2]), int(m[3]))
    except ValueError:
        return f"{shown} is not a day on the calendar (no such month or day)"
    return None


def value_problem(field: str, value: object) -> str | None:
    """Why ``value`` cannot be ``field``'s value; None when it can (null: a retraction)."""
    if value is None:
        return None
    spec = spec_for(field)
    if spec.numeric and (isinstance(value, bool) or not isinstance(value, int | float)):
        return f"{field} takes a number, not {_kind(value)} {_shown(value)}"
    if spec.values and not isinstance(value, str):
        return f"{field} is one of {', '.join(spec.values)}, not {_kind(value)} {_shown(value)}"
    if isinstance(value, str):
        return control_problem(value) or day_shape_problem(value)
    return None


def told_value_errors(schema: str, payload: Any) -> list[str]:
    """The errors of a schema-valid payload whose value its field cannot take (a state
    observation) or whose event ends before it starts (a calendar signal); empty otherwise."""
    if not isinstance(payload, dict):
        return []
    if schema == "state_observation":
        field = payload.get("field")
        if not isinstance(field, str):
            return []
        problem = value_problem(field, payload.get("candidate_value"))
        errors = [] if problem is None else [f"$.candidate_value: {problem}"]
        return errors + _ref_errors(payload)
    if schema == "signal_event" and payload.get("kind") == "calendar_event":
        event = payload.get("payload")
        if isinstance(event, dict):
            problem = _ends_before_start(event.get("start"), event.get("end"))
            if problem is not None:
                return [f"$.payload.end: {problem}"]
    return []


def _ref_errors(payload: dict[str, Any]) -> list[str]:
    """Where the evidence came from (``source.ref``, each corroborator's ``ref``) is text its
    writer chooses and the owner reads (`canon why`): a control character in it is refused
    as in a value (an assistant's ref "x\\x1b[2J" cleared the owner's screen)."""
    source = payload.get("source")
    corroborators = payload.get("corroborators")
    if not corroborators:
        # Almost every payload: its source's ref alone, read without the lists below.
        ref = source.get("ref") if isinstance(source, dict) else None
        if not isinstance(ref, str) or CONTROL.search(ref) is None:
            return []
    refs: list[tuple[str, object]] = []
    if isinstance(source, dict):
        refs.append(("$.source.ref", source.get("ref")))
    if isinstance(corroborators, list):
        refs += [
            (f"$.corroborators[{i}].ref", c.get("ref"))
            for i, c in enumerate(corroborators)
            if isinstance(c, dict)
        ]
    problems = [(path, control_problem(ref)) for path, ref in refs if isinstance(ref, str)]
    return [f"{path}: {problem}" for path, problem in problems if problem is not None]


def control_problem(text: str) -> str | None:
    """Why ``text`` is not text (the first control character in it, and where); None when
    it holds none."""
    control = CONTROL.search(text)
    if control is None:
        return None
    return f"control character U+{ord(control.group()):04X} at offset {control.start()} is not text"


def _ends_before_start(start: object, end: object) -> str | None:
    """Why an event from ``start`` to ``end`` (both schema-valid days or times) is none:
    it ends before it starts. Days are compared with days, times with times."""
    if not isinstance(start, str) or not isinstance(end, str):
        return None
    try:
        if len(start) == 10 and len(end) == 10:
            ends_first = date.fromisoformat(end) < date.fromisoformat(start)
        elif len(start) > 10 and len(end) > 10:
            ends_first = _instant(end) < _instant(start)
        else:
            return None
    except (ValueError, TypeError, OverflowError):
        return None
    if not ends_first:
        return None
    return f"{end} is before the event's start ({start}); an event cannot last a negative time"


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text.upper().replace("Z", "+00:00"))


def _kind(value: object) -> str:
    return {bool: "true/false", str: "text"}.get(type(value), type(value).__name__)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"
