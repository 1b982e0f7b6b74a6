"""The dead-letter queue: invalid payloads are kept whole, retried, then shown to a human.

A payload that fails validation never reaches the resolver. It is stored with
its errors (``core.engine.dead_letter_intake``) and retried (re-validated) 1, 5 and 30
minutes later; a payload still invalid after the third retry is
``permanently_failed`` and becomes a human review item, and in the travel and
financial domains also an alert for the owner.

This service sits above the engine: it calls ``Engine.ingest_batch`` (and the
signal mapping) like any other caller, never while holding one of the engine's locks,
so a dead letter that now validates is ingested without re-entering it.
Retried payloads go back through the path they first failed on: a
``signal_event`` is mapped to observations again, a ``state_observation`` is
ingested as it is.

A human answers a dead-letter review once: ``confirm`` tries the payload again
and ingests it if it now validates; ``edit`` ingests a corrected payload in its
place; ``reject`` discards it. A confirm or edit that still fails validation is
refused with the reason (the question stays open, unchanged): nothing asks
again and no alert repeats.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from core.domain.alerts import NewAlert
from core.domain.claims import Claimant, claim_observation
from core.domain.dead_letters import LETTERS_ENTITY, DeadLetterStatus, Escalation
from core.domain.error_sentences import plain_reason, unquoted_reason
from core.domain.evidence_time import evidence_errors
from core.domain.ids import new_id
from core.domain.principals import SYSTEM, Principal, signal_principal
from core.domain.review_items import OPEN_STATUSES, ReviewStatus
from core.domain.settlements import Settlement
from core.domain.whose_word import asker, persons_word
from core.engine.answers import answer_note
from core.engine.dead_letter_intake import RETRY_DELAYS
from core.engine.engine import AnswerAction, AnswerResult, Engine, Outcome
from core.engine.signal_ingest import ingest_signals
from core.errors import AlreadyAnswered, ClaimRefused, InvalidAnswer, PayloadInvalid
from core.signals.intake import signal_payloads
from core.signals.rules import Rule
from core.store import DeadLetter, NewReviewItem, ReviewItem

__all__ = [
    "ALERT_DOMAINS",
    "RETRY_DELAYS",
    "DlqSlo",
    "RetryReport",
    "answer_dead_letter",
    "dlq_slo",
    "retry_due",
]

ALERT_DOMAINS: Final = frozenset({"travel", "financial"})
SLO_WINDOW: Final = timedelta(hours=24)
UNRESOLVED: Final = ("waiting", "permanently_failed")


@dataclass(frozen=True)
class RetryReport:
    retried: int
    resolved: int
    permanently_failed: int
    still_waiting: int


async def retry_due(engine: Engine, now: datetime, *, rules: Sequence[Rule] = ()) -> RetryReport:
    """Re-validate every dead letter whose retry is due; ingest those that now pass.

    ``rules`` are the configured mapping rules, applied to retried signal events.
    Several processes (the bot's job queue, ``canon poll --every``) may retry at
    once: each letter's step is a compare-and-set on the letter as read, so one
    of them moves it on (and escalates it, once) and the others skip it.
    """
    retried = resolved = failed = 0
    for letter in await engine.store.dead_letters(["waiting"]):
        if letter.next_retry_at is None or letter.next_retry_at > now:
            continue
        payload = _load(letter.payload)
        unretriable = _unretriable(letter.schema, payload)
        errors = [unretriable] if unretriable else _errors(engine, letter.schema, payload, now)
        # What the letter says (why it first failed, what of it was lost) stays first: a
        # retry's reasons are added, never put in its place (a raw line's retry fails on
        # the schema, which says nothing of the byte that was not UTF-8).
        kept = (*letter.errors, *(e for e in errors if e not in letter.errors))
        count = letter.retry_count + 1
        step = replace(letter, last_attempt=now, retry_count=count)
        escalation = None
        if not errors:
            # Ingest first: a crash (or another process) before the letter is marked
            # retries it, as a duplicate of the same event.
            writer = await _writer(engine, letter.principal)
            await _ingest(engine, letter.schema, payload, now, rules, writer)
            step = replace(step, status="resolved", next_retry_at=None)
        elif count >= len(RETRY_DELAYS):
            step = replace(step, status="permanently_failed", next_retry_at=None, errors=kept)
            escalation = _escalation(engine, step, now)
        else:
            step = replace(step, next_retry_at=now + RETRY_DELAYS[count], errors=kept)
        if not await engine.update_dead_letter(step, letter, escalation):
            continue  # another process retried it first
        retried += 1
        resolved += step.status == "resolved"
        failed += step.status == "permanently_failed"
    waiting = len(await engine.store.dead_letters(["waiting"]))
    return RetryReport(retried, resolved, failed, waiting)


REASON_CHARS: Final = 1_000
"""How much of each error a dead letter's question keeps as its reason."""


def _escalation(engine: Engine, letter: DeadLetter, now: datetime) -> Escalation:
    """The review item (and, in alert domains, the alert) a permanent failure raises.

    A letter a person wrote (a member in their chat or client, a token) is asked as
    theirs (its ``principal``): in their own chat, answered by them or the owner's command
    line (``whose_question``), as over MCP (``core.mcp.letter_reach``). Before, every
    letter was asked in the first user's chat, so Alice read Bob's own input, quoted in
    its reasons, and could Edit it in as Canon's own. The owner's alert then says why in
    words that quote nothing of it (which field); a source's or Canon's letter is the
    owner's, alert and question, as before."""
    persons = persons_word(letter.principal)
    review = NewReviewItem(
        id=new_id(),
        kind="dead_letter",
        event_id=letter.event_id,
        entity_id=LETTERS_ENTITY,
        field="dead_letter",
        candidate_value=letter.id,
        current_value=None,
        confidence=0.0,
        # Whole (a validator's error cuts the value it names already): a reason cut short
        # matched no sentence and was shown as the validator wrote it, the sender's text
        # in Python's quotes, outside Canon's own.
        reasons=tuple(e[:REASON_CHARS] for e in letter.errors[:5]) or ("invalid payload",),
        source_key=f"dead_letter:{letter.id}",
        created_at=now,
        principal=letter.principal if persons else None,
    )
    said = unquoted_reason if persons else plain_reason
    alert = None
    if letter.domain in ALERT_DOMAINS:
        alert = NewAlert(
            now,
            "dead_letter_permanent_theirs" if persons else "dead_letter_permanent",
            letter.domain,
            f"a {letter.domain} payload failed validation permanently: "
            f"{said(letter.errors[0]) if letter.errors else 'invalid'}",
        )
    return Escalation(review, engine.policy.max_pending, alert)


async def answer_dead_letter(
    engine: Engine,
    item: ReviewItem,
    action: AnswerAction,
    value: Any,
    now: datetime,
    answered_by: str | None,
    rules: Sequence[Rule],
    principal: Principal = SYSTEM,
) -> AnswerResult:
    """Settle a dead-letter question once: the item and its letter close together.

    A question already answered is refused before anything is ingested. Two
    answers racing from two processes both ingest (a confirm's payload is the
    same event, so it is logged once) but only the first settles; the other
    gets AlreadyAnswered.
    """
    if item.status not in OPEN_STATUSES:
        raise AlreadyAnswered(f"review item {item.id} is already {item.status}")
    letters = {d.id: d for d in await engine.store.dead_letters()}
    letter = letters.get(str(item.candidate_value))
    record = answer_note(action, now, answered_by)
    outcomes: list[Outcome] = []
    status: ReviewStatus = "discarded"
    if action != "reject":
        if letter is None:
            raise InvalidAnswer("the dead letter is gone; reject to close this question")
        payload = _load(letter.payload) if action == "confirm" else _corrected(value)
        cut = _kept_in_part(payload) if action == "confirm" else None
        if cut is not None:
            raise InvalidAnswer(f"{cut}; send the whole payload with edit, or reject")
        errors = _errors(engine, letter.schema, payload, now)
        if errors:
            raise InvalidAnswer(
                f"still invalid. {plain_reason(errors[0])} Send a corrected payload with "
                "edit, or reject to discard it"
            )
        if action == "edit":
            record["value"] = payload
        # A Yes lets the letter in as its writer's; an edit is its answerer's own payload:
        # the owner's (Canon's) for a source's or Canon's letter, else the member's own
        # word, claimed as their client may claim it (never a source's nor Canon's).
        if action == "confirm":
            writer = await _writer(engine, letter.principal)
        else:
            writer, payload = _editor(item, principal, payload)
        outcomes = await _ingest(engine, letter.schema, payload, now, rules, writer)
        status = "confirmed" if action == "confirm" else "edited"
    closed = None
    if letter is not None:
        done: DeadLetterStatus = "discarded" if action == "reject" else "resolved"
        closed = replace(letter, status=done, last_attempt=now, next_retry_at=None)
    settlement = Settlement(status, record, now, dead_letter=closed)
    settled, promoted = await engine.settle_with(item.id, lambda _item, _fact: settlement)
    committed = [o for o in outcomes if o.committed]
    return AnswerResult(
        settled,
        status,
        committed_value=committed[-1].candidate_value if committed else None,
        committed=bool(committed),
        promoted=tuple(promoted) + tuple(p for o in outcomes for p in o.promoted),
    )


@dataclass(frozen=True)
class DlqSlo:
    """The design's DLQ objective: no dead letter stays unresolved for more than 24 h."""

    unresolved: int
    older_than_24h: int

    @property
    def holds(self) -> bool:
        return self.older_than_24h == 0


def dlq_slo(letters: Sequence[DeadLetter], now: datetime) -> DlqSlo:
    """Waiting and permanently failed letters, and how many of them are past the 24 h window."""
    open_letters = [d for d in letters if d.status in UNRESOLVED]
    late = sum(1 for d in open_letters if now - d.first_seen > SLO_WINDOW)
    return DlqSlo(len(open_letters), late)


async def _ingest(
    engine: Engine,
    schema: str,
    payload: Any,
    now: datetime,
    rules: Sequence[Rule],
    writer: Principal,
) -> list[Outcome]:
    """Send a now-valid payload down the path it first failed on, as ``writer``'s."""
    if schema == "signal_event":
        outcomes, _ = await ingest_signals(engine, [payload], now, rules=rules, principal=writer)
        return outcomes
    return await engine.ingest_batch([payload], now=now, principal=writer)


def _editor(item: ReviewItem, principal: Principal, payload: Any) -> tuple[Principal, Any]:
    """Who an Edit of the letter question ``item`` is written as, and the payload as they
    may claim it: Canon's owner (the command line, or a letter no person wrote) edits as
    Canon; a member editing their own letter in their chat writes their own word, with
    the source a user's client may claim (``claim_observation``): Bob's edit of his
    letter is never a calendar's nor Canon's."""
    if principal.ref == SYSTEM.ref or not persons_word(item.principal):
        return SYSTEM, payload
    try:
        return principal, claim_observation(payload, Claimant("user", via="the chat")).payload
    except ClaimRefused as e:
        raise InvalidAnswer(
            f"not applied: {e}. Send what you know as your own word, or reject to discard it"
        ) from e


async def _writer(engine: Engine, ref: str | None) -> Principal:
    """Whose a letter is, from the ref it keeps: a retry is its writer's word, never
    Canon's (an assistant's proposal let in as ``system`` was Canon's question, outside
    the assistant's cap). A token no longer known is still an assistant, never more."""
    if ref is None or ref == SYSTEM.ref:
        return SYSTEM  # a letter kept before principals, or Canon's own
    if ref.startswith("source:"):
        return signal_principal(ref.removeprefix("source:"))
    return asker(ref, await engine.store.api_tokens.tokens()) or Principal("agent", ref)


def _unretriable(schema: str, payload: Any) -> str | None:
    """Why a letter can never be ingested as it is kept (None: a retry may pass): a
    message is read once, as it came; a payload past ``KEPT_PAYLOAD_CHARS`` is kept in
    part (``dead_letter_intake._bounded``), and its start is not what was sent."""
    if schema not in ("state_observation", "signal_event"):
        return f"{schema} payloads cannot be retried"
    return _kept_in_part(payload)


def _kept_in_part(payload: Any) -> str | None:
    """Why a letter's payload, kept in part, is no payload to ingest (None: kept whole)."""
    cut = payload.get("cut") if isinstance(payload, dict) else None
    if not isinstance(cut, dict):
        return None
    whole, kept = cut.get("characters"), cut.get("kept")
    return (
        f"cannot be retried: only the first {_count(kept)} of its {_count(whole)} "
        f"characters are kept (SHA-256 {cut.get('sha256')}), and a retry would replay a "
        "part as the whole"
    )


def _count(n: Any) -> str:
    return f"{n:,}" if isinstance(n, int) else "?"


def _errors(engine: Engine, schema: str, payload: Any, now: datetime) -> list[str]:
    """Why ``payload`` would be dead-lettered again now (empty: it may be ingested)."""
    if payload is None:
        return ["not JSON"]
    if schema not in ("state_observation", "signal_event"):
        return [f"{schema} payloads cannot be retried"]
    errors = evidence_errors(schema, payload, now, engine.policy.clock_skew)
    if schema == "signal_event" and not errors:
        try:
            signal_payloads(payload, now)  # its dates must map, too
        except PayloadInvalid as e:
            return e.errors
    return errors


def _corrected(value: Any) -> Any:
    """An edit's value: the corrected payload, as JSON text or already parsed."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError as e:
        raise InvalidAnswer(f"send the corrected payload as JSON ({e})") from e


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
