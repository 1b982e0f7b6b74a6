"""A refund that came closes the return it was for: "got my refund from amazon".

The extractor reads a merchant's refund as a field of its own (``financial.amazon_refund
.status = refunded``) and "got my money back" as money's; Canon knows which returns went
back and wait on it (or are still to send back: a refund ends them too). A refund from
the shop a return is named after closes that return (``refunded``); a refund that names
no shop ("money's back", "the refund came through") closes the one return open, asked
(Canon chose it); with several open and no shop named, nothing is guessed. A denial
("still no refund", "haven't got my money back") or a question closes nothing.

A pure function of the message's payloads and words and the speaker's committed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from core.domain.errands import errand_status_of, returns_held
from core.domain.state import Scalar
from core.engine.errand_done import Payload

REFUND_CHOSEN = "the return the refund closes was chosen for the words"
"""Why a refund that names no shop is asked: Canon, not the words, named the return."""

_CAME = frozenset({"refunded", "paid"})
_GENERIC_MONEY = frozenset({"money", "refund", "payment"})
_REFUND_WORDS = re.compile(
    r"\b(?:money(?:'s|\s+is|\s+came|\s+has\s+come)\s+back|got\s+(?:my|the|our)\s+(?:money\s+back|"
    r"refund)|refund(?:'s|\s+is|\s+has)?\s+(?:in|arrived|landed|came|come|through|thru|hit)|"
    r"(?P<shop>[a-z][\w&'.-]*)\s+(?:finally\s+|just\s+)?refunded\s+(?:me|us))\b"
)
_DENIED = re.compile(
    r"\b(?:no|not|never|still\s+waiting|waiting|haven'?t|havent|hasn'?t|hasnt|didn'?t|didnt|"
    r"yet\s+to|when|if)\b"
)


def refund_closes_return(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str], Payload],
) -> list[Payload]:
    """``payloads`` with the return of ``entity_id`` a refund in ``text`` closes set
    ``refunded`` (the refund's own field left out: it is that return's); ``said(field,
    words)``: the message's own observation of it, asked."""
    low = text.lower().strip()
    if low.endswith("?") or _DENIED.search(low):
        return payloads
    open_returns = returns_held(state, ("due", "pending"))
    if not open_returns:
        return payloads
    out: list[Payload] = []
    closed: set[str] = set()
    for p in payloads:
        slug = _refund_slug(p, entity_id)
        target = None if slug is None else _return_of(slug, open_returns)
        if target is None:
            out.append(p)
            continue
        closed.add(target)
        field = f"financial.{target}.status"
        named = slug not in _GENERIC_MONEY
        out.append(
            {**p, "field": field, "candidate_value": "refunded"}
            if named
            else said(field, text.strip())
        )
    if closed:
        return out
    found = _REFUND_WORDS.search(low)
    if found is None:
        return out
    shop = found.group("shop")
    target = _return_of(f"{shop}_refund" if shop else "refund", open_returns)
    return out if target is None else [*out, said(f"financial.{target}.status", text.strip())]


def _refund_slug(p: Payload, entity_id: str) -> str | None:
    """The refund a payload says came ("amazon_refund", "money"), if it says one did."""
    slug = errand_status_of(str(p.get("field", "")))
    if slug is None or p.get("entity_id") != entity_id or p.get("candidate_value") not in _CAME:
        return None
    return slug if slug.endswith("_refund") or slug in _GENERIC_MONEY else None


def _return_of(refund: str, open_returns: list[str]) -> str | None:
    """The open return a refund closes: the one of its shop ("amazon_refund" ->
    "amazon_return"), or, naming no shop, the only one open."""
    shop = refund.removesuffix("_refund")
    if refund.endswith("_refund") and f"{shop}_return" in open_returns:
        return f"{shop}_return"
    if refund in _GENERIC_MONEY and len(open_returns) == 1:
        return open_returns[0]
    return None
