"""Dead letters: payloads that failed validation, and what a permanent failure raises."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from core.domain.alerts import NewAlert
from core.domain.principals import Principal
from core.domain.review_items import NewReviewItem

LETTERS_ENTITY = "system:dead-letters"
"""The entity a permanently failed letter's question is asked about: the owner's."""

DeadLetterStatus = Literal["waiting", "resolved", "permanently_failed", "discarded"]


@dataclass(frozen=True)
class DeadLetter:
    """A payload that failed validation: kept whole, retried, then handed to a human."""

    id: str
    event_id: str | None
    prompt_id: str | None
    schema: str
    payload: str
    errors: tuple[str, ...]
    domain: str | None
    first_seen: datetime
    last_attempt: datetime
    retry_count: int
    next_retry_at: datetime | None
    status: DeadLetterStatus
    principal: str | None = None
    """Whose input it was (``Principal.ref``); None on letters kept before principals. Its
    payload is shown to that principal and the owner's command line, no other reader."""


def letter_entity(letter: DeadLetter) -> str | None:
    """The entity a letter's payload names (its ``entity_id``), None when it names none
    or is not JSON: whose reach the letter is in."""
    try:
        data = json.loads(letter.payload)
    except ValueError:
        return None
    entity = data.get("entity_id") if isinstance(data, dict) else None
    return entity if isinstance(entity, str) else None


def writers_own(letter: DeadLetter, principal: Principal) -> bool:
    """Whether ``letter`` is ``principal``'s own input, or its user's when it is a
    delegate acting for them: a letter whose payload names no entity (a refused body, a
    message that was not JSON) is in no entity's reach, and is shown to its writer alone.
    Never another member's, never the user's to a mere agent (which acts for nobody)."""
    writers = {principal.ref, principal.acting_for} - {None}
    return letter.principal is not None and letter.principal in writers


@dataclass(frozen=True)
class Escalation:
    """What a permanently failed dead letter raises: a review item, in some domains an alert."""

    review: NewReviewItem
    max_pending: int
    alert: NewAlert | None = None
