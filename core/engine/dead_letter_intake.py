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
KEPT_PAYLOAD_CHARS: Final = 262_144
"""What of a payload's JSON a dead letter keeps. Kept whole, a 1 MB item any token may post
grows the store by the body limit times the rate limit; past this, the start is kept with
the whole's size and SHA-256 (``_bounded``). The bot's longest letters fit whole: the
65,536 characters of a long message past what is read (``KEPT_CHARS``), escaped."""


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
    kept, cut = _bounded(text, get("entity_id"))
    event_id = _uuid_or_none(get("event_id"))
    raw_domain = get("domain")
    domain = _storable(raw_domain) if isinstance(raw_domain, str) else None
    base = event_id or "dl-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    return DeadLetter(
        id=f"{base}@{now.timestamp():.6f}.{secrets.token_hex(4)}",
        event_id=event_id,
        prompt_id=_uuid_or_none(get("prompt_id")),
        schema=schema,
        payload=kept,
        errors=tuple(_storable(e) for e in [*cut, *errors]),
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


def _bounded(text: str, entity_id: Any) -> tuple[str, list[str]]:
    """``text`` as a dead letter keeps it, and why it is not whole: up to
    ``KEPT_PAYLOAD_CHARS`` as it is; a longer one as JSON naming its size and SHA-256,
    with its start and its ``entity_id`` (whose the letter is, ``core.api`` reads)."""
    if len(text) <= KEPT_PAYLOAD_CHARS:
        return text, []
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    cut: dict[str, Any] = {
        "cut": {"characters": len(text), "kept": KEPT_PAYLOAD_CHARS, "sha256": digest},
        "start": text[:KEPT_PAYLOAD_CHARS],
    }
    if isinstance(entity_id, str):
        cut["entity_id"] = entity_id[:256]
    why = (
        f"$: a payload of {len(text):,} characters (SHA-256 {digest}): "
        f"only its first {KEPT_PAYLOAD_CHARS:,} are kept"
    )
    return json.dumps(cut, sort_keys=True, ensure_ascii=False), [why]


def _storable(text: str) -> str:
    """``text`` with anything UTF-8 cannot hold (lone surrogates) written as escapes."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _uuid_or_none(value: Any) -> str | None:
    return value.lower() if isinstance(value, str) and conforms(value, "uuid") else None
