"""What has ended is not told as current (issue 24: the clock moves, what Canon says must
stay true). Pure: facts and an explicit ``now`` in.

A fact with an end (``valid_until``: "till sunday", a plan's last day, a calendar event's
end) holds until then. After it, the answers that say how things are now leave it out,
and the listings that show everything (/state) say it in the past. An errand is the
exception: a return still to do after its day is overdue, not over, so it is kept and
told as "was due Friday" (``errand_answers``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from core.domain.state import CommittedFact


def has_ended(f: CommittedFact, now: datetime) -> bool:
    """Whether ``f``'s end has come by ``now``."""
    return f.valid_until is not None and f.valid_until <= now


def still_told(facts: Iterable[CommittedFact], now: datetime) -> list[CommittedFact]:
    """``facts`` that may be told as how things are at ``now``: those not ended, and the
    errands (a bill or a return past its day is overdue, and says so itself)."""
    return [f for f in facts if not has_ended(f, now) or f.domain == "financial"]


def overdue(f: CommittedFact) -> bool:
    """An errand still due (``financial.<errand>.status`` = due): past its end it is
    overdue, not over."""
    return f.domain == "financial" and f.field.endswith(".status") and f.value == "due"


_PAST = {"is": "was", "are": "were", "goes": "was to go", "live": "lived", "work": "worked"}
_VERB = re.compile(r"\b(is|are|goes|live|work)\b|'re\b")


def told_past(sentence: str) -> str:
    """``sentence`` (one of ``fact_sentence``'s) in the past: its first verb, "is" -> "was",
    "are" -> "were", "You're" -> "You were"; a trip that "goes to Tahoe" "was to go"
    (a plan past its end may never have happened)."""

    def past(m: re.Match[str]) -> str:
        return _PAST.get(m.group(0), " were")

    return _VERB.sub(past, sentence, count=1)
