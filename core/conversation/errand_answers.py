"""Errands and bills told as one sentence each (pure functions).

"what do you know about me?" reads a bill's or a return's fields together: "the Amazon
return is due Friday, February 20", not "amazon return due date 2026-02-20; amazon
return status due". The names are the ones the questions use (``naming.errand``).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.domain import phrasing
from core.domain.naming import errand
from core.domain.state import CommittedFact

_SAID = {
    "due": "is due",
    "pending": "is still pending",
    "paid": "is paid",
    "refunded": "was refunded",
    "cancelled": "was cancelled",
}
_TOLD = frozenset(["status", "due_date", "amount", "currency"])
"""The parts of an errand its sentence tells (the rest are said on their own)."""


def errand_summary(facts: Iterable[CommittedFact], mine: str) -> tuple[list[str], set[str]]:
    """One sentence per errand of ``mine`` that has a status, and the fields they tell."""
    by_slug: dict[str, dict[str, CommittedFact]] = {}
    for f in facts:
        parts = f.field.split(".")
        if len(parts) == 3 and parts[0] == "financial" and f.entity_id == mine:
            by_slug.setdefault(parts[1], {})[parts[2]] = f
    said: list[str] = []
    told: set[str] = set()
    for slug, fields in sorted(by_slug.items()):
        status = fields.get("status")
        if status is None:
            continue
        amount, currency = fields.get("amount"), fields.get("currency")
        money = (
            ""
            if amount is None
            else f" ({phrasing.money_text(amount.value, None if currency is None else currency.value)})"
        )
        state = _SAID.get(str(status.value), f"is {phrasing.show(status.value)}")
        due = fields.get("due_date")
        # The day only matters while it still has to be done.
        when = "" if due is None or status.value != "due" else f" {phrasing.show_date(due.value)}"
        said.append(f"{errand(phrasing.show(slug))}{money} {state}{when}")
        told |= {f.field for name, f in fields.items() if name in _TOLD}
    return said, told
