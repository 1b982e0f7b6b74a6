"""The answer to "what's pending?": each open question as it was asked, a group of
questions in one sentence, never field names."""

from __future__ import annotations

from collections.abc import Sequence

from core.domain import phrasing
from core.engine.consistency import is_conflict_question
from core.store import ReviewItem


def pending_answer(open_items: Sequence[ReviewItem], reader: str) -> str:
    """Each open question as it was asked (a group in one sentence), never field names."""
    if not open_items:
        return "Nothing is waiting for your confirmation."
    groups: dict[str, list[ReviewItem]] = {}
    for r in open_items:
        groups.setdefault(r.group_key or r.id, []).append(r)
    count = len(groups)
    lines = [f"{count} question{'s' if count != 1 else ''} waiting for you:"]
    lines += [f"• {asked(members, reader)}" for members in list(groups.values())[:10]]
    return "\n".join(lines)


def asked(members: Sequence[ReviewItem], reader: str) -> str:
    """One question group as it was asked, on one line."""
    first = members[0]
    if first.kind != "change" or not first.field:
        return first.reasons[0] if first.reasons else "A question about your data"
    if is_conflict_question(first):
        return phrasing.conflict_question(first, reader)
    return phrasing.question(members, reader).replace("\n", " ")
