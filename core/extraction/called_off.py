"""What is called off without being bought: a trip's leg, a class, a meal or a gathering.

"our return flight was cancelled", "tomorrow tuition class is cancelled", "Sunday lunch
at Gran's cancelled": each is something not held or not taken, never a purchase or a
subscription cancelled, whoever's place it was at.
"""

from __future__ import annotations

import re

TRAVEL_LEG = re.compile(r"\b(?:flight|train|bus|ferry|trip|drive|ride)$")
A_CLASS_HELD = re.compile(r"\b(?:class|classes|lessons?|session|sessions|practice|coaching)$")
A_GATHERING = re.compile(
    r"\b(?:lunch|dinner|brunch|breakfast|supper|party|drinks|date\s+night|bbq|barbecue|picnic|"
    r"playdate|sleepover|get-?together|meet-?up|rehearsal|reunion|coffee|game\s+night|"
    r"(?:baby|bridal)\s+shower)\b(?:\s+(?:at|with|for|over|in)\s+"
    r"(?:[\w'\u2019]+\s+){0,2}[\w'\u2019]+\s*$|$)"
)
"""A meal or a gathering ("Sunday lunch at Gran's", "dinner with the Lees"): called off, it
is an event not held, never a purchase, whoever's place it was at."""


def _up_to(low: str, item: str) -> str:
    """The clause's words up to the end of ``item`` ("sunday lunch at gran's" for the item
    "Gran's"): what the item was part of."""
    at = low.find(item)
    return low if at < 0 else low[: at + len(item)]


def not_bought(item: str, low: str) -> bool:
    """Whether ``item``, cancelled in the clause ``low``, is something not held rather than
    a purchase."""
    item = item.lower()
    return bool(
        TRAVEL_LEG.search(item)  # "our return flight was cancelled": a trip's way home
        or A_CLASS_HELD.search(item)  # "tomorrow tuition class is cancelled": not held
        or A_GATHERING.search(_up_to(low, item))  # "Sunday lunch at Gran's cancelled"
    )
