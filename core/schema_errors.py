"""A JSON Schema violation said in one line that never echoes a hostile value whole.

Every place that checks a payload against a schema (API bodies and query values,
observations, tool arguments) words its errors here, so a 50 kB value or 10,000 unknown
properties come back as a few characters and a count, never as the value itself.
"""

from __future__ import annotations

from jsonschema import ValidationError

_SHOWN = 80
"""How much of an offending value an error quotes: enough to find it, never the whole."""


def short_instance(message: str, instance: object) -> str:
    """``message`` with a long offending value cut to its start and its size, so a
    50 kB text that is too long is not echoed back (and not stored twice in a dead letter)."""
    shown = repr(instance)
    if len(shown) <= _SHOWN or shown not in message:
        return message
    size = (
        f"{len(instance)} characters"
        if isinstance(instance, str)
        else f"{len(shown)} characters as JSON"
    )
    return message.replace(shown, f"{shown[:_SHOWN]}… ({size})", 1)


UNKNOWN_SHOWN = 5
"""How many unknown property names an error lists; the rest are counted, not echoed."""


def error_message(error: ValidationError) -> str:
    """A schema violation's message that never echoes a hostile value whole: a long value
    cut (``short_instance``), and of 10,000 unknown properties the first few named and
    the rest counted (jsonschema lists every one: 178 kB for one request)."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = sorted(str(k) for k in error.instance if k not in known)
        if len(extra) > UNKNOWN_SHOWN:
            named = ", ".join(repr(k[:40]) for k in extra[:UNKNOWN_SHOWN])
            more = len(extra) - UNKNOWN_SHOWN
            return (
                f"Additional properties are not allowed ({named} and {more} more were unexpected)"
            )
    formats = _formats_refused(error)
    if formats:  # "... is not valid under any of the given schemas" says not which
        shown = short_instance(repr(error.instance), error.instance)
        return f"{shown} is not a valid {' or '.join(formats)} (RFC 3339)"
    return short_instance(error.message, error.instance)


def _formats_refused(error: ValidationError) -> list[str]:
    """The formats of an ``anyOf`` of formats alone (a calendar event's start: a date-time
    or a date) that all refused the value; empty for any other error."""
    if error.validator != "anyOf" or not error.context:
        return []
    formats = [str(e.validator_value) for e in error.context if e.validator == "format"]
    return formats if len(formats) == len(error.context) else []
