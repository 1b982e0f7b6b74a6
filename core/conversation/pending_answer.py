"""The answer to "what's pending?", one text for every way it is asked (``/pending``, and
"what's pending?" in plain words, with or without a model): each open question as it is
asked (a group's parts on lines of their own), never field names; then, apart, the errands
and bills still to do (``agenda.errands_to_do``): "pending" to most people is both.

Before, the command and the plain-words reply each had a renderer of their own, and
their words had drifted apart (a group on one line or several; a question queued
behind the current one said so in one and not the other).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from core.conversation.reported_texts import reported_question, said_of_reader
from core.domain import phrasing
from core.domain.read_values import item_as_read
from core.domain.tense import due_day_gone
from core.engine.bootstrap import found_question
from core.engine.consistency import is_conflict_question
from core.store import ReviewItem

NOTHING_PENDING = "Nothing is waiting for your confirmation."
TO_DO = "Still to do:"
"""The head of the errands and bills still to do, below the questions."""


def pending_text(
    items: Sequence[ReviewItem],
    mine: str,
    today: date | None = None,
    names: Mapping[str, str] | None = None,
    to_do: Sequence[str] = (),
) -> str:
    """Each open question as it is asked (a group's parts on lines of their own); an
    errand's day gone by (``today``: the user's calendar day) asked in the past; another
    member's word quoted from them by name (``names``), as their question is. Then, after
    a blank line, ``to_do``: the errands and bills still to do (``agenda.errands_to_do``)."""
    asked_now = _questions(items, mine, today, names) if items else NOTHING_PENDING
    if not to_do:
        return asked_now
    return "\n".join([asked_now, "", TO_DO, *(f"• {what}" for what in to_do)])


def _questions(
    items: Sequence[ReviewItem],
    mine: str,
    today: date | None,
    names: Mapping[str, str] | None,
) -> str:
    """The open questions, counted, one a line."""
    groups: dict[str, list[ReviewItem]] = {}
    for r in items:
        groups.setdefault(r.group_key or r.id, []).append(item_as_read(r, mine, names))
    count = len(groups)
    lines = [f"{count} question{'s' if count != 1 else ''} waiting for you:"]
    for members in groups.values():
        first = members[0]
        # A change's question names whose it is ("Is Emma sick?"); the others get a name,
        # never the entity's id.
        whose = first.entity_id.split(":", 1)[-1].replace("_", " ").title()
        where = "" if first.entity_id == mine or first.kind == "change" else f" (about {whose})"
        queued = "" if first.status == "pending" else " (after the current one)"
        lines.append(f"• {asked(members, mine, today, names or {})}{where}{queued}")
    return "\n".join(lines)


def asked(
    members: Sequence[ReviewItem],
    mine: str,
    today: date | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """One question group as it is asked, its parts after the first on lines of their own."""
    first = members[0]
    if first.kind == "bootstrap":  # its findings are lines of the question, not it
        return found_question(first)
    if first.kind != "change" or not first.field:
        return first.reasons[0] if first.reasons else "A question about your data"
    if is_conflict_question(first):
        return phrasing.conflict_question(first, mine)
    if said_of_reader(first, mine):
        return reported_question(members, mine, names or {})  # "Bob says ..."
    gone = due_day_gone(members, today)
    lines_asked = phrasing.question(members, mine, due_gone=gone).split("\n")
    return "\n   – ".join(line.removeprefix("• ") for line in lines_asked)
