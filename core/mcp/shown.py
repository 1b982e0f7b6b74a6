"""The MCP tools' typed answers as the session's user reads them: facts, what was said of
them, and questions.

Apart from ``scoped`` (what the tools do) so that a question reads the same wherever a
tool returns it: listed, answered, raised by a proposal. Its "until now" says whose the
held value is (``held_values``), as ``GET /v1/questions`` and the chat say it, and a
dead letter's question gives its reasons in words (``texts.dead_letter_question``, the
chat's and the API's), the validators' own words staying in the letter, and what
``canon migrate`` found a thing a line in the chat's words (``bootstrap_text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from types import MappingProxyType

from core.conversation.held_values import held_by_writer
from core.conversation.provenance import Viewer
from core.conversation.question_now import readers_zone, why_now
from core.conversation.question_texts import shown_prompt
from core.conversation.said_since import said_since_line, said_since_view
from core.conversation.views import (
    fact_view,
    group_view,
    review_view,
    said_of_you_view,
    with_meaning,
)
from core.domain.review_items import ReviewItem
from core.domain.said_of_users import SaidOfUser
from core.domain.state import CommittedFact
from core.mcp.models import Fact, Question, SaidOfYou
from core.store.protocol import StoreBackend


def fact_model(
    f: CommittedFact,
    now: datetime,
    viewer: Viewer,
    means: Mapping[tuple[str, str], str] = MappingProxyType({}),
) -> Fact:
    view = with_meaning(fact_view(f, now, viewer), f, means)
    return Fact.model_validate({**view, "entity_id": f.entity_id, "field": f.field})


def said_of_you_model(o: SaidOfUser, now: datetime, viewer: Viewer) -> SaidOfYou:
    view = said_of_you_view(o, now, viewer)
    return SaidOfYou.model_validate({**view, "said": fact_model(o.said, now, viewer)})


async def question_read(
    store: StoreBackend,
    r: ReviewItem,
    reader: str,
    now: datetime,
    configured: Mapping[str, str] = MappingProxyType({}),
) -> Question:
    """``r`` as a tool returns it to ``reader`` at ``now``, its held value's writer read
    first (a member by name: ``configured``, else their told ``profile.name``)."""
    held = await held_by_writer(store, r, reader, configured)
    why = await why_now(store, held, reader, now)
    return question_model(held, reader, why=why, now=now, zone=await readers_zone(store, reader))


def question_model(
    r: ReviewItem,
    reader: str,
    since: CommittedFact | None = None,
    names: Mapping[str, str] = MappingProxyType({}),
    why: str | None = None,
    now: datetime | None = None,
    zone: object = None,
) -> Question:
    """``r`` as ``reader`` is asked it (its held value read by ``held_by_writer`` before);
    ``since``: what another member committed on it after it was asked, who by ``names``;
    ``why``: its why line as the reader reads it now (``why_now``), as the chat says it;
    ``now``, ``zone``: the reader's clock, what the files said told on it as in the chat."""
    line = None if since is None else said_since_line(since, reader, names)
    prompt = shown_prompt(r, reader, line, why, now, zone)
    view = {
        **review_view(r),
        "group": group_view(r.group_key),
        "prompt": prompt,
        "said_since": said_since_view(since, reader, names),
    }
    return Question.model_validate(view)
