"""How people name things a field only spells: an errand, a time zone (pure functions).

A field's name loses what the user wrote ("financial.amazon_return" lowercased
"Amazon"); questions and answers name it back as a person would ("the Amazon return").
"""

from __future__ import annotations

import re
from typing import Any

_GOODS = frozenset(["package", "parcel", "box", "order", "item", "items", "shoes", "stuff"])


def errand(thing: str) -> str:
    """An errand or a bill as a person names it: 'the rent', 'the Amazon return' (a
    return is named after the shop it goes back to, which the field's name lowercased)."""
    words = written_name(thing).split()
    if len(words) > 1 and words[-1] == "return" and words[0] not in _GOODS:
        words[0] = words[0][:1].upper() + words[0][1:]
    return "the " + " ".join(words)


_INITIAL = re.compile(r"[a-z]{1,2}")
_NO_VOWEL = re.compile(r"[b-df-hj-np-tv-xz]{3,4}")


def written_name(thing: str) -> str:
    """A payee's name as it is written, where its field lowercased and cut it: the
    ampersand's halves joined again ('pg e bill' -> 'PG&E bill', 'at t' -> 'AT&T'), and
    letters that are no word capitalised ('dmv fee' -> 'DMV fee'), so that "PG&E",
    "pg e" and "Pge" read as one payee wherever it is named."""
    words = thing.split()
    run = 0
    while run < len(words) and _INITIAL.fullmatch(words[run]):
        run += 1
    if run >= 2 and any(len(w) == 1 for w in words[:run]):
        words[:run] = ["&".join(words[:run]).upper()]
    return " ".join(w.upper() if _NO_VOWEL.fullmatch(w) else w for w in words)


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
