"""Which errand went back: "returned it" while two are still to do, asked as one choice.

The words fit more than one errand still to do (``core.engine.errand_done``), so Canon
asks which, one question with a button per errand and No; a Yes to one is a No to the
others (``errands.asks_which_errand``: the engine settles the group so). Pure texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.domain import phrasing
from core.domain.errands import SENT_BACK
from core.domain.naming import errand
from core.store import ReviewItem


def errand_name(item: ReviewItem) -> str:
    """ "the Amazon return", of a question about ``financial.amazon_return.status``."""
    return errand(phrasing.show(item.field.split(".")[1]))


def which_question(members: Sequence[ReviewItem]) -> str:
    """ "Which one went back: the Amazon return or the IKEA return?"."""
    names = [errand_name(m) for m in sorted(members, key=lambda m: m.field)]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}"
    return f"Which one went back: {listed}?"


def which_settled(chosen: ReviewItem | None) -> str:
    """What the choice settled: the errand chosen, sent back; or none of them."""
    if chosen is None:
        return "❌ None of them, nothing changed"
    name = errand_name(chosen)
    return f"✅ {name[:1].upper()}{name[1:]}: {SENT_BACK}"
