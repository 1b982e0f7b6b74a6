"""The answer to "what's pending?": each open question as it was asked, a group of
questions in one sentence, never field names."""

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


def pending_answer(
    open_items: Sequence[ReviewItem],
    reader: str,
    today: date | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """Each open question as it was asked (a group in one sentence), never field names;
    an errand's day gone by (``today``: the user's calendar day) asked in the past;
    another member's word of the reader as their question says it ("Bob says ..."),
    quoted from them by name (``names``)."""
    if not open_items:
        return "Nothing is waiting for your confirmation."
    groups: dict[str, list[ReviewItem]] = {}
    for r in open_items:
        groups.setdefault(r.group_key or r.id, []).append(item_as_read(r, reader, names))
    count = len(groups)
    lines = [f"{count} question{'s' if count != 1 else ''} waiting for you:"]
    lines += [
        f"• {asked(members, reader, today, names or {})}" for members in list(groups.values())[:10]
    ]
    return "\n".join(lines)


def asked(
    members: Sequence[ReviewItem],
    reader: str,
    today: date | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """One question group as it was asked, on one line."""
    first = members[0]
    if first.kind == "bootstrap":  # its findings are lines of the question, not it
        return found_question(first)
    if first.kind != "change" or not first.field:
        return first.reasons[0] if first.reasons else "A question about your data"
    if is_conflict_question(first):
        return phrasing.conflict_question(first, reader)
    if said_of_reader(first, reader):
        return reported_question(members, reader, names or {})
    gone = due_day_gone(members, today)
    return phrasing.question(members, reader, due_gone=gone).replace("\n", " ")
