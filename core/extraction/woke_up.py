"""Waking up in a place: where the night was spent, so where the writer is today ("woke up
in Bergen to snow"), moved out of ``travel_presence`` (pure move)."""

from __future__ import annotations

from core.extraction.word_gates import gated

WOKE_UP = gated(
    # "woke in Oslo to snow", "strange to wake in Reykjavik": the "up" left out, as prose
    # leaves it ("in the wake of" has no "to" or subject before it).
    r"\b(?:(?:woke|waking|wake|woken)\s+up|woke|waking|woken|(?<=\bto\s)wake)\s+"
    r"(?:(?:this\s+morning|today|again)\s+)?(?:in|at)\s+"
)
"""Waking up in a place: where the night was spent, so where the writer is today."""
_A_DAY_BEHIND = gated(
    r"\b(?:yesterday|last|ago|once|(?:on|that)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
)


def woke_up_here(low: str) -> bool:
    """Whether ``low`` wakes up somewhere today ("woke up in Bergen to snow"), not on a day
    behind ("woke up in Rome on Sunday": a story) nor with something ("woke up with a
    headache")."""
    return WOKE_UP.search(low) is not None and _A_DAY_BEHIND.search(low) is None
