"""A Yes the engine refused as overtaken (``core.domain.overtaken``), over the HTTP API.

The answer says which newer word it was shown (``seen_since``: the ``said_since``
``committed_at`` that ``GET /v1/questions`` listed with the question); a Yes over a
person's newer word it does not name is a 409 ``overtaken`` problem that says whose word,
when and what, and how to answer knowing it. Nothing changed; the question stays open."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from core.api.call import Call, household_of
from core.api.problems import Problem
from core.conversation.said_since import overtaken_refusal
from core.domain.state import CommittedFact
from core.domain.timeutil import parse_ts
from core.errors import CanonError
from core.store import ReviewItem


def seen_since(text: Any) -> datetime | None:
    """The answer's ``seen_since`` (the ``said_since.committed_at`` shown with the question)."""
    if text is None:
        return None
    try:
        return parse_ts(str(text))
    except CanonError:
        raise Problem(
            422, "seen_since must be said_since.committed_at as read", kind="invalid-input"
        ) from None


async def overtaken_problem(c: Call, item: ReviewItem, word: CommittedFact) -> Problem:
    """A Yes ``core.domain.overtaken`` refused, as a 409 ``overtaken`` problem: whose newer
    word, when and what (``said_since`` beside the prose), and how to answer knowing it."""
    said, view = await overtaken_refusal(
        c.engine.store,
        item,
        word,
        c.token.entity_id,
        household_of(c.token, c.services.audience, (), any_role=True),
        c.services.audience.configured_names(),
    )
    return Problem(409, said, kind="overtaken", extra={"said_since": view})
