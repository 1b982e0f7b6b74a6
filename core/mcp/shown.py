"""The MCP tools' typed answers as the session's user reads them: facts, what was said of
them, and questions.

Apart from ``scoped`` (what the tools do) so that a question reads the same wherever a
tool returns it: listed, answered, raised by a proposal.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from types import MappingProxyType

from core.conversation.provenance import Viewer
from core.conversation.said_since import said_since_line, said_since_view
from core.conversation.views import (
    fact_view,
    group_view,
    prompt_text,
    reasons_text,
    review_view,
    said_of_you_view,
    with_meaning,
)
from core.domain.review_items import ReviewItem
from core.domain.said_of_users import SaidOfUser
from core.domain.state import CommittedFact
from core.mcp.models import Fact, Question, SaidOfYou


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


def question_model(
    r: ReviewItem,
    reader: str,
    since: CommittedFact | None = None,
    names: Mapping[str, str] = MappingProxyType({}),
) -> Question:
    """``r`` as ``reader`` is asked it; ``since``: what another member committed on it after it was asked, who by ``names``."""
    line = None if since is None else said_since_line(since, reader, names)
    prompt = prompt_text(r, reader, line) if r.kind == "change" else reasons_text(r)
    view = {
        **review_view(r),
        "group": group_view(r.group_key),
        "prompt": prompt,
        "said_since": said_since_view(since, reader, names),
    }
    return Question.model_validate(view)
