"""What the API's responses show: an outcome, a question, and for which reader.

Shared by the handlers (``handlers``): a message's and an observation batch's outcomes,
and every question a handler returns (asked, answered, forget, undo), as bodies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from core.api.call import Call, household_of
from core.api.problems import Problem
from core.conversation.held_values import held_by_writer
from core.conversation.provenance import Viewer, token_viewer
from core.conversation.question_group import worded_with
from core.conversation.question_now import question_now
from core.conversation.said_since import said_since_view
from core.conversation.views import group_view, review_view
from core.domain.api_tokens import ApiToken
from core.domain.claims import Claimed
from core.domain.state import CommittedFact
from core.engine.engine import Outcome
from core.engine.household import users_by_name
from core.store import ReviewItem


def claim_behind(claimed: list[Claimed], index: int) -> Claimed:
    """The claim behind outcome ``index``; what the engine added after the batch's own
    (a trip's other fields moving with it) was claimed by nobody."""
    return claimed[index] if index < len(claimed) else Claimed(None)


def outcome_body(index: int, o: Outcome, claimed: Claimed) -> dict[str, Any]:
    return {
        "index": index,
        "event_id": o.event_id,
        "entity_id": o.entity_id,
        "field": o.field,
        "decision": o.decision,
        "committed": o.committed,
        "confidence": None if o.confidence is None else round(o.confidence, 4),
        "reasons": list(o.reasons),
        "errors": list(o.errors),
        "review_item_id": o.review_item_id,
        "notices": list(claimed.notices),
    }


async def reader_of(c: Call) -> Viewer:
    """Who reads: this token (and its user); another member's writes are shown redacted,
    and named as its user reads them in the chat (``members_named``)."""
    tokens = await c.engine.store.api_tokens.tokens()
    return token_viewer(c.token, tokens, await members_named(c, tokens))


async def members_named(c: Call, tokens: Sequence[ApiToken]) -> Mapping[str, str]:
    """The household's members by name (``user:bob`` → "Bob"), as the chat's /state and
    /why name them (configured names, or the ``profile.name`` each told Canon): for a
    token reaching the household's family entity (its user's own client or assistant;
    an assistant sees what its user may see), none for a feed's token or one outside it
    (``household_of``)."""
    if c.token.role == "signals":
        return {}
    audience = c.services.audience
    members = household_of(c.token, audience, tokens, any_role=True)
    return (await users_by_name(c.engine.store, members, audience.configured_names())).names


async def question_body(
    c: Call,
    item: ReviewItem,
    since: CommittedFact | None = None,
    names: Mapping[str, str] = MappingProxyType({}),
) -> dict[str, Any]:
    """A question as the token's user is asked it, in the chat's words (a trip that has
    left asks its departure in the past: ``trip_days``); ``since``: what another member
    committed on it after it was asked (``said_since``), who by ``names``. A question
    asked with others reads as the chat asks them: as one (``question_group``)."""
    group = await worded_with(c.engine.store, item)
    return {
        **review_view(item),
        "group": group_view(item.group_key),
        # As the chat words it now, on the reader's clock: "You said it yesterday evening".
        "question": await question_now(
            c.engine.store, item, c.token.entity_id, group, c.now, names=names, since=since
        ),
        "said_since": said_since_view(since, c.token.entity_id, names),
    }


async def question_shown(c: Call, item: ReviewItem) -> dict[str, Any]:
    """A question a write or an answer returns, its "until now" said with whose it is
    (``held_by_writer``), as ``GET /v1/questions`` says it."""
    configured = c.services.audience.configured_names()
    held = await held_by_writer(c.engine.store, item, c.token.entity_id, configured)
    return await question_body(c, held)


async def question_body_by_id(
    c: Call, item_id: str, item: ReviewItem | None = None
) -> dict[str, Any]:
    if item is None:
        item = await c.engine.store.review_item(item_id)
    if item is None:  # pragma: no cover - the engine just asked it
        raise Problem(404, f"no question {item_id}")
    return await question_shown(c, item)
