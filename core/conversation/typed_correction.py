"""A no typed with the right value after it ("no, its due the 12th actually" under "Is the
pge bill due Tuesday, December 15?"): that question's Edit, not news nobody can read.

Only values read without guessing take this way: a day, a number, or a place Canon
already knows, typed in a few words. "no we're not going" under "Is your trip going to
Tahoe?" names no place: it is a no, read as the message it is.
"""

from __future__ import annotations

import re
from typing import Any

from core.conversation.chat_base import ChatDeps, Claims, Incoming
from core.conversation.question_group import asked_with
from core.domain.chat_records import PromptMessage
from core.domain.fields import domain_of
from core.engine.answer_values import value_kind
from core.engine.edit_values import edit_value
from core.errors import InvalidAnswer
from core.store import ReviewItem

_NO_THEN = re.compile(
    r"^\s*(?:no+|nope|nah+|not quite|wrong|incorrect|no no)\b[\s,.!;:—–-]*(?P<rest>\S.*)$",
    re.I | re.S,
)
# "no worries", "no idea", "no clue", "not sure": a no that answers nothing.
_NOT_A_NO = re.compile(r"^(?:worries|problem|prob|idea|clue|rush|sure|thanks|thank)\b", re.I)
_CORRECTABLE = ("date", "number", "place")
_PLACE_WORDS = 4
"""A place typed after a no is short ("no, truckee"); a longer remark is news."""
_VALUE_WORDS = 8
"""Nor is a value typed after a no a story ("no, its due the 12th actually")."""


def no_then(text: str) -> str | None:
    """What follows a leading no ("its due the 12th actually"), or None."""
    found = _NO_THEN.match(text)
    if found is None or _NOT_A_NO.match(found["rest"]):
        return None
    return found["rest"].strip()


async def corrected(
    deps: ChatDeps, msg: Incoming, prompt: PromptMessage, rest: str, claims: Claims
) -> tuple[ReviewItem, Any] | None:
    """The part of ``prompt`` that ``rest`` (after a typed no) gives the right value of, and
    that value; None when the question is another user's, ``rest`` reads as the value of
    none or of more than one of its parts, or the message tells of another subject than
    the question's ("no, we leave for tahoe on the 12th" under a bill's due day: news)."""
    if prompt.owner_user_id != msg.user_id or len(rest.split()) > _VALUE_WORDS:
        return None
    store = deps.engine.store
    lead = await store.review_item(prompt.item_id)
    if lead is None or lead.kind != "change":
        return None
    if {domain_of(str(c.get("field", ""))) for c in claims} - {domain_of(lead.field)}:
        return None
    words = len(rest.split())
    at = await deps.users_clock(msg)
    found: list[tuple[ReviewItem, Any]] = []
    for part in await asked_with(store, lead):
        kind = value_kind(part.field, part.candidate_value)
        if kind not in _CORRECTABLE or (kind == "place" and words > _PLACE_WORDS):
            continue
        try:
            value = await edit_value(
                store, part, rest, at=at, entities=deps.config.entities_of(msg.user_id)
            )
        except InvalidAnswer:
            continue
        if value != part.candidate_value:
            found.append((part, value))
    return found[0] if len(found) == 1 else None
