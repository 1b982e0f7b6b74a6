"""Bootstrapping from the user's own files: what ``canon migrate`` found, believed on their say.

HEARTBEAT.md and MEMORY.md prose is read as ``static_markdown`` evidence, which
alone never outweighs anything. The design makes MEMORY.md the primary source
for the profile, so what the files say is put to the user once: every finding
they accept is ingested through the engine as a ``user_confirmation``
observation (the single writer, their say as the source). Findings that are no
longer true (a departure date already past) are listed as stale and never
believed. When nobody is at a terminal, the findings become ONE review item of
kind ``bootstrap``: confirming it commits them all, rejecting it discards them, and an
edit drops the things it names (``thing_of``: a trip, a bill, an appointment, each with
all its fields) and asks the rest again in its place, in the same transaction.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, get_args

from core.domain.audit import show_value
from core.domain.ids import derived_id, new_id
from core.domain.principals import Principal
from core.domain.review_items import OPEN_STATUSES, ReviewStatus
from core.domain.settlements import Settlement
from core.domain.state import Scalar
from core.domain.timeutil import format_ts
from core.engine.answers import answer_note
from core.engine.engine import AnswerResult, Engine, Outcome
from core.engine.notices import close_notice
from core.errors import AlreadyAnswered, InvalidAnswer
from core.store import NewReviewItem, ReviewItem

BOOTSTRAP_FIELD: Final = "bootstrap"
_PREFIX: Final = "bootstrap:"
_TRIP: Final = "travel"


@dataclass(frozen=True)
class Finding:
    """One belief read from a file, and why it is stale (None when it is current)."""

    entity_id: str
    field: str
    value: Scalar
    intent: str
    event_id: str
    """The static_markdown event it was read as."""
    line_ref: str
    """``FILE:line_hash``: findings from one line stand or fall together."""
    stale: str | None = None

    @property
    def line(self) -> str:
        return f"{self.field} = {show_value(self.value)}"

    def as_json(self) -> dict[str, Any]:
        return {
            "entity_id": self.entity_id,
            "field": self.field,
            "value": self.value,
            "intent": self.intent,
            "event_id": self.event_id,
            "line_ref": self.line_ref,
        }


async def believe(
    engine: Engine,
    findings: Sequence[Finding],
    now: datetime,
    *,
    answer_ref: str,
    principal: Principal,
) -> list[Outcome]:
    """Ingest ``findings`` as the confirmation of ``principal``, who kept them (the user at
    the terminal or in the chat, a delegate for them); re-believing is a recorded
    duplicate."""
    payloads = [_confirmation_payload(f, now, answer_ref) for f in findings if f.stale is None]
    return await engine.ingest_batch(payloads, now=now, principal=principal) if payloads else []


async def propose(
    engine: Engine, findings: Sequence[Finding], entity_id: str, now: datetime
) -> ReviewItem | None:
    """One grouped question for the current ``findings``; None when these were asked before
    (the open question stays the one to answer; an answered one is not asked again)."""
    current = [f for f in findings if f.stale is None]
    if not current:
        return None
    item = _question(current, entity_id, now)
    for asked in await engine.store.review_items(get_args(ReviewStatus)):
        if asked.kind == "bootstrap" and asked.source_key == item.source_key:
            return asked if asked.status in OPEN_STATUSES else None
    return await engine.ask(item)


def _question(current: Sequence[Finding], entity_id: str, now: datetime) -> NewReviewItem:
    """The grouped question for ``current``, keyed by the evidence it stands for: the
    same findings are one question however often the files are read."""
    digest = hashlib.sha256("\x1f".join(sorted(f.event_id for f in current)).encode()).hexdigest()
    return NewReviewItem(
        id=new_id(),
        kind="bootstrap",
        event_id=None,
        entity_id=entity_id,
        field=BOOTSTRAP_FIELD,
        candidate_value=json.dumps([f.as_json() for f in current], sort_keys=True),
        current_value=None,
        confidence=1.0,
        reasons=tuple(f.line for f in current),
        source_key=f"{_PREFIX}{digest[:32]}",
        created_at=now,
    )


def thing_of(f: Finding) -> str:
    """The thing a finding is part of, kept or dropped whole: the trip (every
    ``travel.*`` field), a bill, an errand or an appointment (``domain.thing.*``), else
    the field itself ("profile.home_city")."""
    parts = f.field.split(".")
    if parts[0] == _TRIP:
        return _TRIP
    return ".".join(parts[:2]) if len(parts) == 3 else f.field


def by_thing(findings: Sequence[Finding]) -> dict[str, list[Finding]]:
    """``findings`` per thing (``thing_of``), in the order the files first name each."""
    things: dict[str, list[Finding]] = {}
    for f in findings:
        things.setdefault(thing_of(f), []).append(f)
    return things


def found_question(item: ReviewItem) -> str:
    """The question a bootstrap item asks, on one line, counted in things (as the chat,
    /pending and "what's pending?" say it)."""
    count = len(by_thing(proposed_findings(item)))
    return f"Things I found in your files ({count}): keep them?"


def named_things(findings: Sequence[Finding], value: object) -> list[str]:
    """The things an edit's ``value`` names to drop: a thing's key ("financial.water_bill",
    as a chat button sends it), a list of keys, or its words ("the water bill", "trip")."""
    things = by_thing(findings)
    wanted = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    exact = [w for w in wanted if w in things]
    if exact:
        return exact
    said = set(re.findall(r"[a-z0-9]+", " ".join(wanted).lower()))
    return [key for key in things if said and set(_words(key)) <= said]


def _words(key: str) -> list[str]:
    """A thing key's own words: "financial.water_bill" -> water, bill; "travel" -> trip."""
    if key == _TRIP:
        return ["trip"]
    return key.split(".", 1)[-1].replace(".", "_").split("_")


def proposed_findings(item: ReviewItem) -> list[Finding]:
    """The findings a bootstrap item stands for."""
    raw = json.loads(str(item.candidate_value))
    return [Finding(**entry) for entry in raw]


async def answer_bootstrap(
    engine: Engine,
    item: ReviewItem,
    action: str,
    value: object = None,
    *,
    now: datetime,
    principal: Principal,
    answered_by: str | None = None,
) -> AnswerResult:
    """confirm: believe every finding as the say of ``principal``, who answered; reject:
    discard them all; edit: drop the things ``value`` names (``named_things``) and ask
    the rest again in this question's place (``AnswerResult.held``), nothing believed."""
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item.id} is already {item.status}")
    if action == "edit":
        return await _drop(engine, item, value, now=now, answered_by=answered_by)
    committed = False
    if action == "confirm":
        # Ingested first (idempotent by derived ids), so a crash before settling replays cleanly.
        findings = proposed_findings(item)
        outcomes = await believe(engine, findings, now, answer_ref=item.id, principal=principal)
        committed = any(o.committed for o in outcomes)
    status: ReviewStatus = "confirmed" if action == "confirm" else "rejected"
    return await close_notice(
        engine, item, status, action, now=now, answered_by=answered_by, committed=committed
    )


async def _drop(
    engine: Engine, item: ReviewItem, value: object, *, now: datetime, answered_by: str | None
) -> AnswerResult:
    """Drop the things ``value`` names; the rest asked again in the same transaction (none
    left: the question is answered No)."""
    findings = proposed_findings(item)
    dropped = named_things(findings, value)
    if not dropped:
        names = ", ".join(" ".join(_words(key)) for key in by_thing(findings))
        raise InvalidAnswer(f"name one of the things found to drop it: {names}")
    kept = [f for f in findings if thing_of(f) not in dropped]
    answer = answer_note("edit", now, answered_by) | {"dropped": dropped}
    follow_up = _question(kept, item.entity_id, now) if kept else None
    status: ReviewStatus = "edited" if kept else "rejected"
    settlement = Settlement(status, answer, now, follow_up=follow_up)
    settled, promoted = await engine.settle_with(item.id, lambda _item, _fact: settlement)
    held = None if follow_up is None else await engine.store.review_item(follow_up.id)
    return AnswerResult(settled, status, promoted=tuple(promoted), held=held)


def _confirmation_payload(f: Finding, now: datetime, answer_ref: str) -> dict[str, Any]:
    return {
        "event_id": derived_id("bootstrap", f.event_id),
        "event_ts": format_ts(now),
        "entity_id": f.entity_id,
        "domain": f.field.split(".", 1)[0],
        "field": f.field,
        "candidate_value": f.value,
        "intent": f.intent,
        "source": {"type": "user_confirmation", "ref": f"{_PREFIX}{answer_ref}"[:256]},
        "extraction_confidence": 1.0,
        "evidence_text": f"you kept {f.line} ({f.line_ref})"[:1000],
    }
