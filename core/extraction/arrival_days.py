"""The day an arrival happened, read from the words that tell it ("got in last night",
"landed friday", "been here since Thursday").

Its own module, apart from ``core.extraction.arrivals`` (which joins an explaining clause
to the observations it dates): the engine reads the day back from a trip's evidence, and
reading it needs only the typed text's cleaning and the time expressions, not the
extractor's rules for who is where. A pure function of the text and the moment it was said.
"""

from __future__ import annotations

from datetime import date, datetime

from core.extraction.timeexpr import find_times
from core.extraction.timeref import TimeRef
from core.extraction.typed_text import clean
from core.extraction.word_gates import gated

ARRIVED = gated(
    r"\b(?:arrived|landed|touched\s+down|made\s+it|got\s+(?:in|here|there|to|into|back\s+to)|"
    r"(?:pulled|rolled|flew|came|checked)\s+in(?:to)?|drove\s+(?:up|in|down|over|back|home)|"
    # "drove back this morning", "flew home today": a return is an arrival home.
    r"(?:got|came|flew|made\s+it)\s+(?:back|home)|"
    r"(?:been|staying|stayed)\s+(?:here\s+)?(?:in|at)\b[^,;.]*?\bsince)\b"
)
"""Words that tell an arrival in the past ("got in", "landed", "been here since")."""
_BOUNDS = frozenset({"until", "till", "til", "through", "thru", "to", "by", "before", "after"})
"""A day after one of these bounds a stay or a plan; it is no arrival."""


def arrival_day(text: str, at: datetime) -> date | None:
    """The earliest day ``text``, said at ``at`` (the speaker's local time), names as when
    they arrived: a day the words point back to ("last night", "yesterday", "since
    Thursday"), or one an arrival verb is told on ("landed friday"). None when the text
    dates no arrival; never a day after ``at``'s."""
    low = clean(text).lower()
    today = at.date()
    days = [
        t.day
        for t in find_times(low, at, future=False)
        if t.prep not in _BOUNDS
        and t.day <= today
        and (t.past or t.prep == "since" or ARRIVED.search(low, 0, _verb_end(t)) is not None)
    ]
    return min(days) if days else None


def _verb_end(t: TimeRef) -> int:
    """Where the words before time ``t`` end: "back" read as the time's preposition ("drove
    back this morning") still belongs to the verb before it."""
    return t.start + len(t.prep) if t.prep == "back" else t.start


def explains_arrival(text: str, at: datetime) -> bool:
    """Whether ``text`` tells when the speaker arrived ("got in last nite")."""
    low = clean(text).lower()
    return ARRIVED.search(low) is not None and arrival_day(text, at) is not None
