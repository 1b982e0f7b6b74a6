"""How an invalid payload becomes a dead letter (the engine's side of the DLQ).

This module sits below the engine: ``Engine.ingest`` records what fails its
schema with ``dead_letter_for``. Retrying, escalating and answering dead
letters is ``core.engine.deadletters``, which sits above the engine.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from datetime import datetime, timedelta
from typing import Any, Final

from core.domain.validation import conforms
from core.store import DeadLetter

RETRY_DELAYS: Final = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30))


def dead_letter_for(
    schema: str, payload: Any, errors: list[str], now: datetime, principal: str | None = None
) -> DeadLetter:
    """A new dead letter for ``payload``, first retry due in one minute.

    Every call yields a letter of its own, even for identical payloads at the
    same ``now`` (two identical bad lines in one file are two failed inputs,
    and both are kept): the id is the event id or payload hash, the time, and
    a random suffix.
    """
    text = payload_json(payload)
    get = payload.get if isinstance(payload, dict) else (lambda _k: None)
    event_id = _uuid_or_none(get("event_id"))
    raw_domain = get("domain")
    domain = _storable(raw_domain) if isinstance(raw_domain, str) else None
    base = event_id or "dl-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    return DeadLetter(
        id=f"{base}@{now.timestamp():.6f}.{secrets.token_hex(4)}",
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
        principal=principal,
    )


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
