"""Read models: plain, JSON-ready views of state, prompts, evidence and history.

Pure functions of records and an explicit ``now``; the CLI, the bot and the
replay all format these, so every front end tells the same story. Each view of a
write says who made it (``by``), worded for its reader, and hides its refs and
ids from a reader it does not belong to (``core.conversation.provenance``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from core.conversation.change_views import Acts, changes_view
from core.conversation.provenance import OWNER, Viewer, by_words, member_words, shown_events
from core.domain.errands import meanings
from core.domain.error_sentences import plain_reason, unquoted_reason
from core.domain.phrasing_values import Said
from core.domain.provenance import provenance, source_type_of
from core.domain.quoting import name, shown_text, slot
from core.domain.said_of_users import SaidOfUser
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.store import AuditLine, DeadLetter, EventRecord, HistoryEntry, ReviewItem


def age_text(then: datetime, now: datetime) -> str:
    """'just now', '5 min', '3 h', '2 d' — how old a piece of evidence is."""
    seconds = max(0.0, (now - then).total_seconds())
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400 * 2:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"


def age_phrase(then: datetime, now: datetime) -> str:
    """'just now', '5 min old', '2 d old': the age of evidence inside a sentence."""
    age = age_text(then, now)
    return age if age == "just now" else f"{age} old"


def fact_view(f: CommittedFact, now: datetime, viewer: Viewer = OWNER) -> dict[str, Any]:
    whole = viewer.is_theirs(f.principal, f.entity_id)
    return {
        "value": f.value,
        "version": f.version,
        "confidence": round(f.confidence, 4),
        "by": by_words(f.principal, f.source_type, viewer),
        "by_member": member_words(f.principal, viewer),
        "source": {"type": f.source_type, "ref": f.source_ref if whole else None},
        "event_id": f.event_id if whole else None,
        "evidence_ts": format_ts(f.evidence_ts),
        "committed_at": format_ts(f.committed_at),
        "resolution": f.resolution,
        "valid_until": None if f.valid_until is None else format_ts(f.valid_until),
        "stale": f.valid_until is not None and f.valid_until <= now,
        "age": age_text(f.evidence_ts, now),
    }


def state_view(
    facts: list[CommittedFact], now: datetime, viewer: Viewer = OWNER
) -> dict[str, dict[str, Any]]:
    """{entity_id: {field: fact}} sorted by entity, then field; a value whose bare word
    misleads (a return's "pending") carries what it means (``errands.meanings``)."""
    out: dict[str, dict[str, Any]] = {}
    means = meanings(facts)
    for f in sorted(facts, key=lambda f: (f.entity_id, f.field)):
        out.setdefault(f.entity_id, {})[f.field] = with_meaning(fact_view(f, now, viewer), f, means)
    return out


def with_meaning(
    view: dict[str, Any], f: CommittedFact, means: Mapping[tuple[str, str], str]
) -> dict[str, Any]:
    """``view`` with ``"meaning"`` when ``f``'s value has one to say beside it."""
    said = means.get((f.entity_id, f.field))
    return view if said is None else {**view, "meaning": said}


def said_of_you_text(o: SaidOfUser, now: datetime, viewer: Viewer) -> str:
    """ "Another member of the household said you're away (1 h ago) — you told me you're
    home, and your word wins": a household status about the reader, shown as what it is."""
    said = o.said
    by = by_words(said.principal, said.source_type, viewer)
    where = "home" if o.user_says == "home" else "away"
    theirs = "away" if said.value == "away" else "home"
    return (
        f"{by[:1].upper()}{by[1:]} said you're {theirs} "
        f"({age_text(said.evidence_ts, now)} ago) — you told me you're {where}, and your "
        "word wins".replace("just now ago", "just now")
    )


def said_of_you_view(o: SaidOfUser, now: datetime, viewer: Viewer) -> dict[str, Any]:
    """What the household says of the reader that their own word overrules
    (``core.domain.said_of_users``): left out of the state's facts, and shown here as what
    someone else said, beside the reader's own fact that wins over it."""
    return {
        "entity_id": o.said.entity_id,
        "field": o.said.field,
        "said": fact_view(o.said, now, viewer),
        "your_word": {"field": o.own.field, "value": o.own.value},
        "text": said_of_you_text(o, now, viewer),
    }


def group_view(group_key: str | None) -> str | None:
    """A question group's key as callers see it: the same for the questions one input
    raised together (a Yes or No answers them all), and nothing of who wrote them or
    which message (the key names both). None: asked alone."""
    if group_key is None:
        return None
    return hashlib.sha256(group_key.encode()).hexdigest()[:16]


def review_view(r: ReviewItem) -> dict[str, Any]:
    return {
        "id": r.id,
        "kind": r.kind,
        "entity_id": r.entity_id,
        "field": r.field,
        "current_value": r.current_value,
        "candidate_value": r.candidate_value,
        "confidence": round(r.confidence, 4),
        "reasons": list(r.reasons),
        "status": r.status,
        "created_at": format_ts(r.created_at),
    }


def event_view(e: EventRecord, viewer: Viewer = OWNER) -> dict[str, Any]:
    whole = viewer.is_theirs(e.principal, e.entity_id)
    return {
        "event_id": e.event_id if whole else None,
        "event_ts": format_ts(e.event_ts),
        "intent": e.intent,
        "value": e.value,
        "by": by_words(e.principal, e.source_type, viewer),
        "by_member": member_words(e.principal, viewer),
        "source": {"type": e.source_type, "ref": e.source_ref if whole else None},
        "corroborators": [
            {"type": kind, "ref": ref if whole else None} for kind, ref in e.corroborators
        ],
        "decision": e.decision,
        "confidence": round(e.confidence, 4),
        "reasons": list(e.reasons),
        "evidence_text": e.evidence_text if viewer.quotes(e.principal, e.entity_id) else None,
    }


def why_view(
    fact: CommittedFact | None,
    events: list[EventRecord],
    history: list[HistoryEntry],
    now: datetime,
    viewer: Viewer = OWNER,
    related: Sequence[HistoryEntry] = (),
    acts: Acts | None = None,
) -> dict[str, Any]:
    """The chain behind a value: the evidence that supports it, and how it got there.
    ``related``: the changes of the fields its meaning reads (an errand's other part,
    ``errands.meaning_fields``), read for what each old and new value meant; ``acts``:
    the answers' groups among them (``change_views.answer_acts``)."""
    shown = {h.field for h in history}
    return {
        "current": None if fact is None else fact_view(fact, now, viewer),
        "evidence": [event_view(e, viewer) for e in shown_events(events, history, viewer)],
        "changes": changes_view([*history, *related], viewer, shown, acts),
    }


def audit_view(a: AuditLine) -> dict[str, Any]:
    return {"at": format_ts(a.at), "entity_id": a.entity_id, "field": a.field, "line": a.line}


def dead_letter_view(
    d: DeadLetter, viewer: Viewer = OWNER, entity_id: str | None = None
) -> dict[str, Any]:
    """A dead letter as ``viewer`` may see it: whole when it was theirs (their input, or
    about their own entity ``entity_id``); otherwise that it exists, how it fares, and why
    in words that quote nothing (``unquoted_reason``: which field, never its value), but
    not what it said: its payload, ids and errors (which quote it) are another member's.
    An assistant's token (``Viewer.own_writes_only``) sees whole only the letters it wrote.
    Every reader a letter is listed to is told why it failed: Alice's list held Bob's
    letter about the household with no reason at all, so she could neither tell it from a
    fault of Canon's nor tell Bob which field to fix."""
    whole = viewer.letter_is_theirs(d.principal, entity_id or "")
    if whole:
        reasons = [plain_reason(e) for e in d.errors]
    else:
        reasons = list(dict.fromkeys(unquoted_reason(e) for e in d.errors))
    return {
        "id": d.id,
        "by": by_words(d.principal, "", viewer),
        "event_id": d.event_id if whole else None,
        "prompt_id": d.prompt_id if whole else None,
        "schema": d.schema,
        "errors": list(d.errors) if whole else [],
        "reasons": reasons,
        "domain": d.domain,
        "first_seen": format_ts(d.first_seen),
        "last_attempt": format_ts(d.last_attempt),
        "retry_count": d.retry_count,
        "next_retry_at": None if d.next_retry_at is None else format_ts(d.next_retry_at),
        "status": d.status,
        "payload": d.payload if whole else None,
    }


def prompt_text(
    r: ReviewItem, reader: str | None = None, since: str | None = None, why: str | None = None
) -> str:
    """The question as the user sees it: entity, change, confidence and reasons, one line
    each. Its value and reasons may be anyone's words (an assistant's proposal, a
    stranger's invitation, another member's note), and a model reads this text (MCP's
    ``prompt``), so each goes through ``core.domain.quoting`` as in the context block:
    the proposed value quoted and marked with whom it came from (as ``reader`` should
    read it; None: the owner), a reason that would not print on one line quoted. No
    value or reason starts a line of its own: a fact, a header, a "[Yes] [No] [Edit]".
    ``since``: what another member committed since it was asked (``said_since_line``),
    the last reason, as the chat and ``GET /v1/questions`` end with it. ``why``: the
    chat's why line as the reader reads it now (``question_now.why_now``: "You said it
    yesterday evening"), the first reason."""
    origin = provenance(source_type_of(r.source_key), r.principal, reader)
    held = r.current_value  # its writer's words when ``held_values`` read whose
    held_from = held.source if isinstance(held, Said) else None
    who = "you" if r.entity_id == "user:primary" else name(r.entity_id)
    lines = [
        f"Did this change for {who}?",
        f"{name(r.field)}: {slot(held, held_from)} → {slot(r.candidate_value, origin)}",
        f"confidence {r.confidence:.2f}",
    ]
    said = [why[:1].upper() + why[1:]] if why else []
    lines += [
        f"• {shown_text(reason)}" for reason in [*said, *r.reasons[:5], *([since] if since else [])]
    ]
    lines.append("[Yes] [No] [Edit]")
    return "\n".join(lines)


def reasons_text(r: ReviewItem) -> str:
    """A question that is not a change (a dead letter, a drift, a bootstrap), told by its
    reasons: one line each, whatever they quote."""
    return "\n".join(shown_text(reason) for reason in r.reasons)
