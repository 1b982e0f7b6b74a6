"""A chat message Canon will not read, or not all of: kept in the dead-letter queue.

A message longer than the extractor reads is cut at ``READ_CHARS``; what is past it is
kept (up to ``KEPT_CHARS``) with a letter saying how much more there was. A message whose
time is impossible is kept whole, unread.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from core.domain.principals import Principal
from core.engine.engine import Engine, Outcome
from core.extraction.offline_input import MAX_TEXT

READ_CHARS: Final = MAX_TEXT
"""What of a chat message is read, logged and answered: what the extractor reads anyway."""
KEPT_CHARS: Final = 65_536
"""What of the rest of a longer message the dead-letter queue keeps."""


def cut_message_errors(length: int) -> list[str]:
    """Why a message of ``length`` characters was cut, as its dead letter says it."""
    kept = min(length - READ_CHARS, KEPT_CHARS)
    error = (
        f"message of {length:,} characters: the first {READ_CHARS:,} were read; "
        f"the next {kept:,} are kept here"
    )
    if length - READ_CHARS > kept:
        error += f", the last {length - READ_CHARS - kept:,} were not kept"
    return [error]


async def dead_letter_message(
    engine: Engine,
    text: str,
    *,
    at: str,
    entity_id: str,
    message_ref: str,
    errors: list[str],
    now: datetime,
    principal: Principal,
) -> Outcome:
    """A message Canon will not read, because of ``errors`` (its time is impossible: see
    ``core.domain.evidence_time.message_time_errors``), kept in the dead-letter queue."""
    payload = {"entity_id": entity_id, "message_ref": message_ref, "at": at, "text": text}
    return await engine.ingest_invalid("message", payload, errors, now=now, principal=principal)
