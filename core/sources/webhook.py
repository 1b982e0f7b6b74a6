"""An HTTP endpoint for sources that push: HMAC-signed SignalEvents in, decisions out.

``POST /signals`` takes one SignalEvent or a JSON array of them. The request
must carry ``X-Canon-Timestamp`` (Unix seconds, within ``max_skew`` of now)
and ``X-Canon-Signature: sha256=<hex>``, the HMAC-SHA256 of
``<timestamp>.<body>`` under the shared secret; anything unsigned, wrongly
signed or stale is refused (401) before it is read, so strangers cannot even
fill the dead-letter queue. Signed but malformed signals are dead-lettered,
and valid ones go through the same mapping and engine as polled ones.

``GET /metrics`` serves Canon's counters and gauges in the Prometheus text
format (``core.engine.prometheus``); it carries counts only, no entity or value.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from aiohttp import web

from core.domain.evidence_time import evidence_errors
from core.domain.principals import signal_principal
from core.domain.source_state import SourceState
from core.engine.engine import Engine
from core.engine.prometheus import metrics_handler
from core.engine.signal_ingest import ingest_signals
from core.jsonlines import parse_json
from core.signals.rules import Rule
from core.sources.remembered import answered_pushes

SIGNATURE_HEADER: Final = "X-Canon-Signature"
TIMESTAMP_HEADER: Final = "X-Canon-Timestamp"
MAX_BODY: Final = 1_000_000
_STAMP: Final = re.compile(r"[0-9]{1,12}")
WEBHOOK: Final = signal_principal("webhook")
"""Whose signals the webhook's are: whoever holds its secret, a signal source."""
MEMORY: Final = "(webhook)"
"""The source state holding what the webhook remembers of pushed invitations."""


async def _answered_as_seen(engine: Engine, items: list[Any], now: datetime) -> list[Any]:
    """``items`` with each invitation's acceptance judged against what earlier pushes
    showed (``core.sources.remembered.answered_pushes``), the webhook's memory kept as a
    source's cursor is (under ``MEMORY``, no configured source's name). Judged and
    remembered in one change of the store: two pushes at once (or two webhook processes)
    each judge against the other's answers, and neither's are forgotten."""
    skew = engine.policy.clock_skew
    # Checked before the store's lock is taken: under it only the memory is merged.
    valid = {
        id(s)
        for s in items
        if isinstance(s, dict)
        and s.get("kind") == "calendar_event"
        and not evidence_errors("signal_event", s, now, skew)
    }
    judged: list[Any] = []

    def remembered(state: SourceState) -> SourceState:
        seen = state.cursor.get("invitations")
        out, memory = answered_pushes(
            items, seen if isinstance(seen, dict) else {}, lambda signal: id(signal) in valid
        )
        judged[:] = out
        if memory == seen:
            return state
        return replace(state, cursor={**state.cursor, "invitations": memory}, last_success=now)

    await engine.change_source_state(MEMORY, "webhook", remembered)
    return judged


def sign(secret: bytes, timestamp: str, body: bytes) -> str:
    """The signature header value a sender computes."""
    digest = hmac.new(secret, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def _refuse(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def webhook_app(
    engine: Engine,
    secret: bytes,
    clock: Callable[[], datetime],
    *,
    max_skew_seconds: int = 300,
    rules: Sequence[Rule] = (),
) -> web.Application:
    """The aiohttp application; ``clock`` is read once per request (the edge).

    ``rules`` are the configured mapping rules, applied as ``canon poll`` applies them.
    """
    if len(secret) < 16:
        raise ValueError("the webhook secret must be at least 16 bytes")

    async def signals(request: web.Request) -> web.Response:
        now = clock()
        stamp = request.headers.get(TIMESTAMP_HEADER, "")
        given = request.headers.get(SIGNATURE_HEADER, "")
        # Digits only, and few (a 5,000-digit stamp would overflow int(), not be stale).
        if not _STAMP.fullmatch(stamp) or abs(now.timestamp() - int(stamp)) > max_skew_seconds:
            return _refuse(401, f"missing or stale {TIMESTAMP_HEADER}")
        if request.content_length is not None and request.content_length > MAX_BODY:
            return _refuse(413, "body too large")
        body = await request.read()
        if len(body) > MAX_BODY:
            return _refuse(413, "body too large")
        if not hmac.compare_digest(given, sign(secret, stamp, body)):
            return _refuse(401, f"bad {SIGNATURE_HEADER}")
        why_not: str | None
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as e:  # never read with U+FFFD for what was sent
            text = body.decode("utf-8", "backslashreplace")
            why_not = f"not UTF-8 (byte 0x{body[e.start]:02x} at offset {e.start})"
        else:
            data, why_not = parse_json(text)  # too deep, out of range, NaN: never raises
        if why_not is not None:
            # Kept as sent (the dead letter's bound keeps a long one's start, size and hash).
            raw = {"raw": text}
            await engine.ingest_invalid("signal_event", raw, [why_not], now=now, principal=WEBHOOK)
            return _refuse(400, f"body is {why_not} (kept in the dead-letter queue)")
        items = data if isinstance(data, list) else [data]
        items = await _answered_as_seen(engine, items, now)
        outcomes, valid = await ingest_signals(engine, items, now, rules=rules, principal=WEBHOOK)
        return web.json_response(
            {
                "received": len(items),
                "valid": valid,
                "decisions": dict(Counter(o.decision for o in outcomes)),
            },
            status=202,
        )

    app = web.Application(client_max_size=MAX_BODY + 1)
    app.router.add_post("/signals", signals)
    app.router.add_get("/metrics", metrics_handler(engine.store, clock))
    return app
