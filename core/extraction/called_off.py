"""Bills and purchases that are not the writer's: what is called off without being bought
(a trip's leg, a class, a meal or a gathering), and the listener's own bills in chat.

"our return flight was cancelled", "tomorrow tuition class is cancelled", "Sunday lunch
at Gran's cancelled": each is something not held or not taken, never a purchase or a
subscription cancelled, whoever's place it was at.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

TRAVEL_LEG = gated(r"\b(?:flight|train|bus|ferry|trip|drive|ride)$")
A_CLASS_HELD = gated(r"\b(?:class|classes|lessons?|session|sessions|practice|coaching)$")
A_GATHERING = gated(
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


def listeners(item: str, low: str) -> bool:
    """Whether ``item`` is the listener's, said with chat's "ur" ("ur credit card is due the
    18th btw"): a partner's bill, not the writer's. A forwarded mail's "Your credit card
    payment is due" is written to the user, so only "ur" says so; money the writer owes or
    pays to the listener's people ("we owe ur parents 300") is the writer's still."""
    m = re.search(rf"\bur {re.escape(item.lower())}", low)
    return m is not None and _TO_THEM.search(low, 0, m.start()) is None


_TO_THEM = gated(r"\b(?:owe|owes|owed|paid|pay|paying|sent|send|give|gave|lend|lent)\b")
