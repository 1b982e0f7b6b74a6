"""Bootstrapping from the user's own files: what ``canon migrate`` found, believed on their say.

HEARTBEAT.md and MEMORY.md prose is read as ``static_markdown`` evidence, which
alone never outweighs anything. The design makes MEMORY.md the primary source
for the profile, so what the files say is put to the user once: every finding
they accept is ingested through the engine as a ``user_confirmation``
observation (the single writer, their say as the source). Findings that are no
longer true (a departure date already past) are listed as stale and never
believed. When nobody is at a terminal, the findings become ONE review item of
kind ``bootstrap``: confirming it commits them all, rejecting it discards them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, get_args

from core.domain.audit import show_value
from core.domain.ids import derived_id, new_id
from core.domain.principals import Principal
from core.domain.review_items import OPEN_STATUSES, ReviewStatus
from core.domain.state import Scalar
from core.domain.timeutil import format_ts
from core.engine.engine import AnswerResult, Engine, Outcome
from core.engine.notices import close_notice
from core.errors import AlreadyAnswered, InvalidAnswer
from core.store import NewReviewItem, ReviewItem

BOOTSTRAP_FIELD: Final = "bootstrap"
_PREFIX: Final = "bootstrap:"


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
    digest = hashlib.sha256("\x1f".join(sorted(f.event_id for f in current)).encode()).hexdigest()
    source_key = f"{_PREFIX}{digest[:32]}"
    for asked in await engine.store.review_items(get_args(ReviewStatus)):
        if asked.kind == "bootstrap" and asked.source_key == source_key:
            return asked if asked.status in OPEN_STATUSES else None
    item = NewReviewItem(
        id=new_id(),
        kind="bootstrap",
        event_id=None,
        entity_id=entity_id,
        field=BOOTSTRAP_FIELD,
        candidate_value=json.dumps([f.as_json() for f in current], sort_keys=True),
        current_value=None,
        confidence=1.0,
        reasons=tuple(f.line for f in current),
        source_key=source_key,
        created_at=now,
    )
    return await engine.ask(item)


def proposed_findings(item: ReviewItem) -> list[Finding]:
    """The findings a bootstrap item stands for."""
    raw = json.loads(str(item.candidate_value))
    return [Finding(**entry) for entry in raw]


async def answer_bootstrap(
    engine: Engine,
    item: ReviewItem,
    action: str,
    *,
    now: datetime,
    principal: Principal,
    answered_by: str | None = None,
) -> AnswerResult:
    """confirm: believe every finding as the say of ``principal``, who answered; reject:
    discard them all."""
    if action == "edit":
        raise InvalidAnswer("these findings are kept or dropped together; edit one later instead")
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item.id} is already {item.status}")
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
