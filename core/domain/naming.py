"""How people name things a field only spells: an errand, a time zone (pure functions).

A field's name loses what the user wrote ("financial.amazon_return" lowercased
"Amazon"); questions and answers name it back as a person would ("the Amazon return").
"""

from __future__ import annotations

from typing import Any

_GOODS = frozenset(["package", "parcel", "box", "order", "item", "items", "shoes", "stuff"])


def errand(thing: str) -> str:
    """An errand or a bill as a person names it: 'the rent', 'the Amazon return' (a
    return is named after the shop it goes back to, which the field's name lowercased)."""
    words = thing.split()
    if len(words) > 1 and words[-1] == "return" and words[0] not in _GOODS:
        words[0] = words[0].capitalize()
    return "the " + " ".join(words)


_ZONES = {
    "America/Los_Angeles": "Pacific time",
    "America/Denver": "Mountain time",
    "America/Phoenix": "Mountain time (Arizona)",
    "America/Chicago": "Central time",
    "America/New_York": "Eastern time",
    "Europe/London": "UK time",
    "Europe/Paris": "Central European time",
    "Europe/Berlin": "Central European time",
    "Europe/Madrid": "Central European time",
    "Europe/Rome": "Central European time",
    "Europe/Amsterdam": "Central European time",
    "Europe/Athens": "Eastern European time",
    "Europe/Helsinki": "Eastern European time",
    "Europe/Dublin": "Irish time",
    "Europe/Lisbon": "Portugal time",
    "America/Anchorage": "Alaska time",
    "Pacific/Honolulu": "Hawaii time",
    "America/Halifax": "Atlantic time",
    "America/St_Johns": "Newfoundland time",
    "Asia/Kolkata": "India time",
    "Asia/Tokyo": "Japan time",
    "Asia/Shanghai": "China time",
    "Asia/Singapore": "Singapore time",
    "Australia/Sydney": "Sydney time",
    "UTC": "UTC",
}


def show_zone(value: Any) -> str:
    """'America/Los_Angeles' -> 'Pacific time (America/Los Angeles)': the name people
    say, and the zone's own name (what is stored)."""
    written = str(value).replace("_", " ")
    spoken = _ZONES.get(str(value))
    return written if spoken is None or spoken == value else f"{spoken} ({written})"
