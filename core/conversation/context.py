"""The context block: canonical state, compact, put before every assistant reply.

A pure function of committed facts, open review items, ``now`` and a token
budget. It lists what Canon believes (with age and source), what waits for the
user's confirmation, what has expired or gone stale, and open conflicts (facts
that cannot all be true, a proposed value against a committed one). The output is deterministic: the same
inputs give the same bytes. When the budget is short, confirmations and
conflicts are kept first and the newest facts next; what was left out is
counted, never silently dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.conversation.views import age_text
from core.domain.audit import show_value
from core.domain.policy import Policy
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.engine.consistency import SOURCE_PREFIX as CONFLICT_SOURCE
from core.engine.consistency import Conflict, find_conflicts, is_conflict_question
from core.store import ReviewItem, Store

DEFAULT_TOKEN_BUDGET = 1200
CHARS_PER_TOKEN = 4
_OMITTED_ROOM = 60
"""Characters kept free for the '(+N older facts not shown ...)' line."""
"""A rough, model-independent estimate: English text averages about four characters a token."""


@dataclass(frozen=True)
class ContextBlock:
    """The rendered block and what did not fit."""

    text: str
    facts_shown: int
    facts_omitted: int
    tokens: int


def estimate_tokens(text: str) -> int:
    return -(-len(text) // CHARS_PER_TOKEN)


def build_context(
    facts: Sequence[CommittedFact],
    open_items: Iterable[ReviewItem],
    now: datetime,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    stale_after_hours: Mapping[str, float] | None = None,
    conflicts: Sequence[Conflict] = (),
) -> ContextBlock:
    """Render the context block for ``facts`` and ``open_items`` as of ``now``.

    ``stale_after_hours`` maps a domain to the age after which its evidence is
    called stale (the policy's half-life); domains not named never go stale.
    ``conflicts`` (``core.engine.consistency``) come first: facts that cannot all be true.
    A question Canon opened about one of them is listed as that conflict only.
    """
    budget = max(0, token_budget) * CHARS_PER_TOKEN
    items = sorted((r for r in open_items if not is_conflict_question(r)), key=lambda r: r.seq)
    header = (
        f"[Canon state as of {format_ts(now.replace(microsecond=0))}; trust it over older messages]"
    )
    lines = [header]
    used = len(header) + 1
    pending_lines = [_pending_line(r) for r in items if r.current_value is None]
    conflict_lines = [_conflict_line(r) for r in items if r.current_value is not None]
    between = [f"- {c.entity_id}: {c.sentence}" for c in conflicts]
    for title, block in (
        ("Conflicts:", between),
        ("Conflicts, awaiting the user (do not assume either value):", conflict_lines),
        ("Awaiting the user's confirmation (not facts yet):", pending_lines),
    ):
        if block:
            used += _add(lines, [title, *block], budget - used, always_title=title)
    live: list[CommittedFact] = []
    expired: list[CommittedFact] = []
    for f in facts:
        (expired if f.valid_until is not None and f.valid_until <= now else live).append(f)
    stale = stale_after_hours or {}
    # Newest evidence is chosen first when not everything fits; then shown in a stable order.
    ranked = sorted(live, key=lambda f: (f.evidence_ts, f.entity_id, f.field), reverse=True)
    chosen: list[tuple[CommittedFact, str]] = []
    room = budget - used - _OMITTED_ROOM
    headed: set[str] = set()
    for f in ranked:
        line = _fact_line(f, now, stale)
        cost = len(line) + 1 + (0 if f.entity_id in headed else len(f.entity_id) + 2)
        if room - cost < 0:
            break
        room -= cost
        headed.add(f.entity_id)
        chosen.append((f, line))
    chosen.sort(key=lambda pair: (pair[0].entity_id, pair[0].field))
    entity = None
    for f, line in chosen:
        if f.entity_id != entity:
            entity = f.entity_id
            lines.append(f"{entity}:")
        lines.append(line)
    if not chosen:
        lines.append("No committed facts." if not live else "")
    omitted = len(live) - len(chosen)
    if expired:
        exp_lines = [
            f"- {f.entity_id} {f.field} was {show_value(f.value)} until {_day(f.valid_until)}"
            for f in sorted(expired, key=lambda f: (f.entity_id, f.field))
        ]
        title = "Expired (no longer true unless the user says so):"
        used = sum(len(x) + 1 for x in lines)
        shown = _add(lines, [title, *exp_lines], budget - used - _OMITTED_ROOM, always_title=None)
        if not shown:
            omitted += len(expired)
    if omitted:
        lines.append(f"(+{omitted} older facts not shown; ask to see them)")
    text = "\n".join(line for line in lines if line)
    return ContextBlock(text, len(chosen), omitted, estimate_tokens(text))


def _add(lines: list[str], block: list[str], room: int, *, always_title: str | None) -> int:
    """Append as much of ``block`` as fits in ``room`` characters; the characters used."""
    used = 0
    for i, line in enumerate(block):
        if used + len(line) + 1 > room and not (i == 0 and always_title):
            break
        lines.append(line)
        used += len(line) + 1
    return used


def _fact_line(f: CommittedFact, now: datetime, stale: Mapping[str, float]) -> str:
    age = age_text(f.evidence_ts, now)
    limit = stale.get(f.domain)
    flag = " STALE" if limit is not None and now - f.evidence_ts > timedelta(hours=limit) else ""
    ago = age if age == "just now" else f"{age} ago"
    return f"- {f.field} = {show_value(f.value)} ({f.source_type}, {ago}){flag}"


def _pending_line(r: ReviewItem) -> str:
    return f"- {r.entity_id} {r.field} → {show_value(r.candidate_value)}? ({r.confidence:.2f})"


def _conflict_line(r: ReviewItem) -> str:
    return (
        f"- {r.entity_id} {r.field}: {show_value(r.current_value)} (committed) vs "
        f"{show_value(r.candidate_value)} (proposed, {r.confidence:.2f})"
    )


def _day(when: datetime | None) -> str:
    return "?" if when is None else format_ts(when)[:10]


async def load_context(
    store: Store,
    policy: Policy,
    entities: Sequence[str] | None,
    now: datetime,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
) -> ContextBlock:
    """Read ``entities``' facts and open items (all entities when None) and build the block."""
    if entities is None:
        facts = await store.facts()
        rejected = await store.review_items(["rejected"])
    else:
        facts = [f for e in entities for f in await store.facts(e)]
        # A conflict is one entity's, and so is the question that asked about it.
        rejected = [
            r
            for e in entities
            for r in await store.review_items_from(e, CONFLICT_SOURCE)
            if r.status == "rejected"
        ]
    items = [r for r in await store.open_review_items(entities) if r.kind == "change"]
    # A conflict the user answered No to ("keep both as they are") is theirs to keep.
    declined = {r.source_key for r in rejected}
    conflicts = [c for c in find_conflicts(facts, items, now) if c.source_key not in declined]
    return build_context(
        facts,
        items,
        now,
        token_budget=token_budget,
        stale_after_hours=stale_hours(policy),
        conflicts=conflicts,
    )


def stale_hours(policy: Policy) -> dict[str, float]:
    """Per domain, the age after which evidence is called stale: the policy's half-life."""
    return {name: d.half_life_hours for name, d in policy.domains.items()}
