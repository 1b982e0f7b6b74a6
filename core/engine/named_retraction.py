"""A retraction that names what it ends ends only that (pure).

"quit acme, it wasn't for me" retracts the employer Canon holds, whoever it is: said while
Canon held the user's job at Globex it asked "Should I forget your employer (Globex)?".
The words of a retraction (its ``evidence_text``) that name the value they end are read
again here against the value held: another value named leaves the held one alone (the
retraction is not taken, and its reason says which was named); words that name none
("i quit my job") and the held value named ("quit globex") retract as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.domain.fields import slugify
from core.domain.observation_record import ObservationRecord
from core.domain.resolver import Decision
from core.domain.state import CommittedFact
from core.extraction.firm_left import firm_left

NAMED_BY: Mapping[str, Callable[[str], str | None]] = {"profile.employer": firm_left}
"""Per field, what the words of its retraction name as ended (None: nothing named)."""


def named_other(obs: ObservationRecord, committed: CommittedFact | None) -> str | None:
    """The value ``obs``, a retraction, names as ended when it is not the ``committed``
    one; None when it names none or the held one (or ``obs`` is no retraction)."""
    reader = NAMED_BY.get(obs.field)
    if reader is None or obs.intent != "retract" or committed is None or not obs.evidence_text:
        return None
    named = reader(obs.evidence_text)
    if named is None or _same(named, str(committed.value)):
        return None
    return named


def _same(named: str, held: str) -> bool:
    """Whether two names are of one thing: equal as slugs, or one the other's first words
    ("Acme" and "Acme Corp")."""
    a, b = slugify(named), slugify(held)
    return a == b or a.startswith(b + "_") or b.startswith(a + "_")


def held_alone(decision: Decision, named: str, held: object) -> Decision:
    """``decision`` turned into leaving the held value alone: it ends ``named``."""
    why = f"it ends {named}, not {held}, the value held"
    return Decision(
        "tentative_reject",
        decision.confidence,
        decision.margin,
        (*decision.reasons, why),
        (),
        "none",
        decision.factors,
    )
