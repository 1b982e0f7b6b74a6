"""What a user's time zone may be: an IANA name this machine's zone database holds.

``profile.timezone`` sets the user's clock for every day Canon reads ("tomorrow", the
day a trip ends, the dates of the context block), so a zone told to Canon (an
observation, an assistant's proposal, a STATE-INPUT line) is checked as a zone wherever
it comes in, as a told name is (``core.domain.person_names``): "Mars/Olympus", a folder
("America"), a path or a line of instructions is refused, never asked, and never a
clock nobody can read. ``zone_named`` reads a held value as a zone or None, for stores
that took one before this check.

Pure apart from reading the zone database once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final
from zoneinfo import ZoneInfo, available_timezones

ZONE_FIELD: Final = "profile.timezone"


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return frozenset(available_timezones())


def zone_problem(value: str) -> str | None:
    """Why ``value`` is not a time zone, or None when it is one."""
    if value in _known():
        return None
    shown = value if len(value) <= 40 else f"{value[:40]}…"
    return f"{shown!r} is not a time zone; a time zone is an IANA name, like 'Europe/Berlin'"


def told_zone_problem(value: object) -> str | None:
    """Why ``value``, told as a ``profile.timezone``, is no time zone; None when it is one,
    or None itself (a retraction)."""
    if value is None:
        return None
    return zone_problem(value if isinstance(value, str) else repr(value))


def zone_named(value: object) -> ZoneInfo | None:
    """The zone ``value`` names, or None when it names none (not text, or no zone)."""
    if not isinstance(value, str) or zone_problem(value) is not None:
        return None
    return ZoneInfo(value)


def told_zone_errors(schema: str, payload: Any) -> list[str]:
    """The error of a schema-valid observation whose ``profile.timezone`` is no time zone
    (it is dead-lettered with it, as a schema error is); empty otherwise."""
    if schema != "state_observation" or not isinstance(payload, dict):
        return []
    if payload.get("field") != ZONE_FIELD:
        return []
    problem = told_zone_problem(payload.get("candidate_value"))
    return [] if problem is None else [f"$.candidate_value: {problem}"]
