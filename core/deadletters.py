"""The dead-letter queue: invalid payloads are kept whole, retried, then shown to a human.

A payload that fails validation never reaches the resolver. It is stored with
its errors and retried (re-validated) 1, 5 and 30 minutes later; a payload
still invalid after the third retry is ``permanently_failed`` and becomes a
human review item, and in the travel and financial domains also an alert.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from core.errors import InvalidAnswer
from core.ids import new_id
from core.store import DeadLetter, NewReviewItem, ReviewItem
from core.store.records import ReviewStatus
from core.validation import conforms, schema_errors

if TYPE_CHECKING:
    from core.engine import AnswerResult, Engine

RETRY_DELAYS: Final = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30))
ALERT_DOMAINS: Final = frozenset({"travel", "financial"})


def dead_letter_for(schema: str, payload: Any, errors: list[str], now: datetime) -> DeadLetter:
    """A new dead letter for ``payload``, first retry due in one minute."""
    text = payload_json(payload)
    get = payload.get if isinstance(payload, dict) else (lambda _k: None)
    event_id = _uuid_or_none(get("event_id"))
    raw_domain = get("domain")
    domain = _storable(raw_domain) if isinstance(raw_domain, str) else None
    letter_id = event_id or "dl-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    # A second dead letter with the same id would collide; keep both, distinguishably.
    letter_id = f"{letter_id}@{now.timestamp():.6f}"
    return DeadLetter(
        id=letter_id,
        event_id=event_id,
        prompt_id=_uuid_or_none(get("prompt_id")),
        schema=schema,
        payload=text,
        errors=tuple(_storable(e) for e in errors),
        domain=domain,
        first_seen=now,
        last_attempt=now,
        retry_count=0,
        next_retry_at=now + RETRY_DELAYS[0],
        status="waiting",
    )


@dataclass(frozen=True)
class RetryReport:
    retried: int
    resolved: int
    permanently_failed: int
    still_waiting: int


async def retry_due(engine: Engine, now: datetime) -> RetryReport:
    """Re-validate every dead letter whose retry is due; ingest those that now pass."""
    retried = resolved = failed = 0
    for letter in await engine.store.dead_letters(["waiting"]):
        if letter.next_retry_at is None or letter.next_retry_at > now:
            continue
        retried += 1
        payload = _load(letter.payload)
        errors = schema_errors(letter.schema, payload) if payload is not None else ["not JSON"]
        if not errors:
            await engine.store.update_dead_letter(
                replace(
                    letter,
                    status="resolved",
                    last_attempt=now,
                    next_retry_at=None,
                    retry_count=letter.retry_count + 1,
                )
            )
            await engine.ingest(payload, now=now)
            resolved += 1
            continue
        count = letter.retry_count + 1
        if count >= len(RETRY_DELAYS):
            await engine.store.update_dead_letter(
                replace(
                    letter,
                    status="permanently_failed",
                    last_attempt=now,
                    next_retry_at=None,
                    retry_count=count,
                    errors=tuple(errors),
                )
            )
            await _escalate(engine, letter, now)
            failed += 1
        else:
            await engine.store.update_dead_letter(
                replace(
                    letter,
                    last_attempt=now,
                    retry_count=count,
                    next_retry_at=now + RETRY_DELAYS[count],
                    errors=tuple(errors),
                )
            )
    waiting = len(await engine.store.dead_letters(["waiting"]))
    return RetryReport(retried, resolved, failed, waiting)


async def _escalate(engine: Engine, letter: DeadLetter, now: datetime) -> None:
    item = NewReviewItem(
        id=new_id(),
        kind="dead_letter",
        event_id=letter.event_id,
        entity_id="system:dead-letters",
        field="dead_letter",
        candidate_value=letter.id,
        current_value=None,
        confidence=0.0,
        reasons=tuple(e[:160] for e in letter.errors[:5]) or ("invalid payload",),
        source_key=f"dead_letter:{letter.id}",
        created_at=now,
    )
    await engine.store.add_review_item(item, engine.policy.max_pending)
    if letter.domain in ALERT_DOMAINS:
        await engine.store.add_alert(
            now,
            "dead_letter_permanent",
            letter.domain,
            f"a {letter.domain} payload failed validation permanently: {letter.errors[0] if letter.errors else 'invalid'}",
        )


async def answer_dead_letter(
    engine: Engine, item: ReviewItem, action: str, *, now: datetime
) -> AnswerResult:
    """confirm: re-validate once more now; reject: discard the payload."""
    from core.engine import AnswerResult

    letters = {d.id: d for d in await engine.store.dead_letters()}
    letter = letters.get(str(item.candidate_value))
    if action == "edit":
        raise InvalidAnswer("a dead letter cannot be edited here; fix the source and re-send it")
    status: ReviewStatus = "confirmed" if action == "confirm" else "discarded"
    promoted = await engine.store.settle(
        item.id,
        status,
        {"action": action, "answered_at": now.isoformat()},
        now,
        None,
        None,
        engine.policy.max_pending,
    )
    if letter is not None:
        if action == "reject":
            await engine.store.update_dead_letter(
                replace(letter, status="discarded", last_attempt=now)
            )
        else:
            await engine.store.update_dead_letter(
                replace(
                    letter, status="waiting", next_retry_at=now, retry_count=len(RETRY_DELAYS) - 1
                )
            )
            await retry_due(engine, now)
    settled = await engine.store.review_item(item.id)
    assert settled is not None
    return AnswerResult(settled, status, promoted=tuple(promoted))


def payload_json(payload: Any) -> str:
    """A payload as stored: JSON when possible, its repr otherwise (nothing is lost).

    NaN and Infinity are written as Python's json writes them (NaN, Infinity),
    which json.loads reads back; text with lone surrogates is written with
    escapes (\\ud800) because the store keeps UTF-8, which cannot hold them.
    """
    try:
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return _storable(repr(payload))
    if _storable(text) != text:
        return json.dumps(payload, sort_keys=True, ensure_ascii=True)
    return text


def _storable(text: str) -> str:
    """``text`` with anything UTF-8 cannot hold (lone surrogates) written as escapes."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _uuid_or_none(value: Any) -> str | None:
    return value.lower() if isinstance(value, str) and conforms(value, "uuid") else None


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
