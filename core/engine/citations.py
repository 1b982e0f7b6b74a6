"""What a person's write may cite as agreeing with it: its corroborators, checked.

A corroborator lifts a claim's confidence "as if" another source said the same. A
person's write (in their chat, their own client, any token of theirs) names its
corroborators itself, so each is taken only when it is evidence on file that the writer
may cite: an event of the same entity, field and value, of that source type and ref,
written by the same member (their own words, or a token or feed of theirs). Bob naming
the ref of Alice's chat message, or a ref nobody wrote, vouches for nothing: it is
ignored, and the outcome's reasons say so (the request is not refused: a corroborator is
an optional extra, as a downgraded one is a notice in ``core.domain.claims``).

Canon's own writes and configured sources are not a member's: their corroborators stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.domain.principals import Principal
from core.domain.source_types import canonical_source_type
from core.domain.whose_word import member_of
from core.store.protocol import StoreBackend

IGNORED = (
    "corroborator {kind} ignored: no evidence of yours on file says the same "
    "(a corroborator must be your own evidence of this value)"
)


async def cited(
    store: StoreBackend, payloads: Sequence[Any], principal: Principal
) -> tuple[list[Any], dict[int, tuple[str, ...]]]:
    """``payloads`` with each corroborator the writer may not cite removed, and the
    reasons why, by payload index. Payloads that are not observations are left to
    validation. Nothing is read unless a person's write names corroborators."""
    out = list(payloads)
    person = principal.ref.startswith(("user:", "token:"))
    if not person or not any(isinstance(p, dict) and p.get("corroborators") for p in payloads):
        return out, {}
    tokens = await store.api_tokens.tokens()
    writer = member_of(principal.ref, tokens)
    if writer is None:
        return out, {}
    reasons: dict[int, tuple[str, ...]] = {}
    for i, p in enumerate(payloads):
        named = p.get("corroborators") if isinstance(p, dict) else None
        if not isinstance(named, list) or not named:
            continue
        entity, field, value = p.get("entity_id"), p.get("field"), p.get("candidate_value")
        if not isinstance(entity, str) or not isinstance(field, str):
            continue
        scalar = value if isinstance(value, str | int | float | bool) else None
        on_file = {
            (canonical_source_type(e.source_type), e.source_ref)
            for e in await store.events_for(entity, field, scalar)
            if scalar is not None and member_of(e.principal, tokens) == writer
        }
        kept = [
            c
            for c in named
            if isinstance(c, dict)
            and isinstance(c.get("type"), str)
            and (canonical_source_type(c["type"]), c.get("ref")) in on_file
        ]
        if len(kept) == len(named):
            continue
        gone = [c for c in named if c not in kept]
        reasons[i] = tuple(
            IGNORED.format(kind=c.get("type") if isinstance(c, dict) else "?") for c in gone
        )
        out[i] = (
            {**p, "corroborators": kept}
            if kept
            else {k: v for k, v in p.items() if k != "corroborators"}
        )
    return out, reasons
