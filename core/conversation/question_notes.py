"""An open question about what the user asked, told as part of the answer (pure).

"where am I?" answered "In Chicago" while Canon waits on "Back home in Denver?" says
two things that cannot both be true unless it says the second is still a question. So
an answer about state names the open question closest to what was asked: for "where am
I?" one about the location before one about the trip's dates; for "how's mom?" one
about mom. It says "I've asked you" only of the question the chat shows now; a question
still waiting behind it is "I have a question for you about it", since the user has not
seen it yet.

    relevance = ranked_fields("travel.location", "travel.status")
    note = open_question_note(open_items, "user:primary", relevance, shown_item="rv-1")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from core.conversation.reported_texts import reported_question, said_of_reader
from core.domain import phrasing
from core.domain.read_values import item_as_read
from core.domain.review_items import OPEN_STATUSES, ReviewItem
from core.domain.state import Scalar
from core.engine.consistency import is_conflict_question, today_where

Relevance = Callable[[str], "int | None"]
"""A field's rank for what was asked (0: what was asked itself), or None: not about it."""


def ranked_fields(*fields: str) -> Relevance:
    """Relevance of named fields, the first the closest."""
    order = {f: i for i, f in enumerate(fields)}
    return order.get


def under(prefix: str) -> Relevance:
    """Relevance of every field under ``prefix`` ("family.mom." for "how's mom?")."""
    return lambda field: 0 if field.startswith(prefix) else None


def any_field(_field: str) -> int:
    """Everything is relevant ("what do you know about me?")."""
    return 0


def closest_open_question(
    open_items: Sequence[ReviewItem], relevance: Relevance
) -> tuple[ReviewItem, list[ReviewItem]] | None:
    """The open change question closest to what was asked, oldest first among equals,
    with the items asked together with it (its group); None when none is about it."""
    ranked = [
        (rank, r.seq, r)
        for r in open_items
        if r.kind == "change" and r.status in OPEN_STATUSES
        if (rank := relevance(r.field)) is not None
    ]
    if not ranked:
        return None
    first = min(ranked, key=lambda t: (t[0], t[1]))[2]
    group = [
        r
        for r in open_items
        if first.group_key is not None
        and r.group_key == first.group_key
        and r.status in OPEN_STATUSES
    ]
    return first, sorted(group, key=lambda r: r.seq) or [first]


def open_question_note(
    open_items: Sequence[ReviewItem],
    reader: str,
    relevance: Relevance,
    shown_item: str | None = None,
    *,
    about_it: bool = True,
    held: Mapping[str, Scalar] | None = None,
    now: datetime | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """' I've asked you: "Back home in Denver?" — your answer settles it.' for the question
    the chat shows (``shown_item`` is one of its items), ' I have a question for you
    about it: "…"' for one still waiting (' I have a question waiting for you: "…"' when
    the answer is about everything: ``about_it`` False), or nothing. Questions about ``reader``'s own
    fields and the shared ones it may see (``open_items`` holds only those). ``held``:
    ``reader``'s committed values (and ``now``), so a departure or a return gone by is
    quoted as the chat asks it ("Did you leave on Wednesday?", never "Do you leave on ...?");
    ``names``: another member's word quoted from them by name, as their question is."""
    found = closest_open_question(open_items, relevance)
    if found is None:
        return ""
    first, group = found
    group = [item_as_read(r, reader, names) for r in group]
    if is_conflict_question(first):
        question = phrasing.conflict_question(first, reader)
    elif said_of_reader(first, reader):
        question = reported_question(group, reader, names or {})  # "Bob says you're in …"
    else:
        left = held is not None and asks_after_leaving(
            group,
            held.get("travel.status"),
            today_where(held, first.created_at).isoformat(),
            None if now is None else today_where(held, now).isoformat(),
        )
        back_by = held is not None and asks_after_return(
            group, None if now is None else today_where(held, now).isoformat()
        )
        question = phrasing.question(group, reader, left=left, back_by=back_by)
    if shown_item is not None and any(r.id == shown_item for r in group):
        return f' I\'ve asked you: "{question}" — your answer settles it.'
    waiting = (
        "I have a question for you about it" if about_it else "I have a question waiting for you"
    )
    return f' {waiting}: "{question}" — your answer settles it.'


def followed_by(said: str, note: str) -> str:
    """``said`` with ``note`` after it: in a paragraph of its own when ``said`` runs over
    several lines (a list, or sections like "No day yet: …" after one), where the note would
    otherwise read as part of the last line's item or section."""
    if not note:
        return said
    last = said.rstrip().rsplit("\n", 1)[-1].lstrip()
    several = "\n" in said.strip()
    if several or last.startswith(("•", "-", "*")) or not last.endswith((".", "!", "?", ")", '"')):
        return f"{said.rstrip()}\n\n{note.strip()}"
    return said + note


def in_doubt(open_items: Sequence[ReviewItem]) -> set[tuple[str, str]]:
    """(entity, field) of the facts an open conflict question doubts: the field it names is
    the one most likely out of date ("Did you leave on Sunday?" doubts the departure
    still ahead of a trip under way), so an answer about everything leaves it out
    rather than say two things that cannot both be true."""
    return {
        (r.entity_id, r.field)
        for r in open_items
        if r.status in OPEN_STATUSES and is_conflict_question(r)
    }


def asks_after_leaving(
    group: Sequence[ReviewItem], status: Scalar | None, asked_on: str, today: str | None = None
) -> bool:
    """Whether ``group`` (one question's items) asks a departure day gone by: shown on a
    later ``today`` than every day it asks (an invitation's "Wednesday" still waiting on
    Saturday: "Did you leave on Wednesday?"), or asked of a trip that has left (``status``
    under way or over) no later than ``asked_on`` (the user's day when it was asked: a
    later day is a day to leave), and not beside a new trip planned (which leaves ahead)."""
    asked = {(m.field, str(m.candidate_value)) for m in group}
    days = [v for f, v in asked if f == "travel.depart_date"]
    if not days:
        return False
    if today is not None and all(day[:10] < today for day in days):
        return True
    if ("travel.status", "planning") in asked or any(day[:10] > asked_on for day in days):
        return False
    # No trip held, and a day no later than the day it was asked with no plan beside it:
    # what is left of "Is your trip under way? Did you leave on Wednesday?" once news took
    # its status part. Asked "Did you leave", it stays so ("Do you leave" on a day that
    # has begun, of no trip planned, asks nothing anyone said).
    return status in ("in_progress", "completed") or status is None


def asks_after_return(group: Sequence[ReviewItem], today: str | None) -> bool:
    """Whether ``group`` (one question's items) asks a return day gone by: shown on a
    later ``today`` (the user's) than the day it asks ("Did you get back on Friday,
    December 4?" on the 5th, never "Are you back on ...?")."""
    days = [
        str(m.candidate_value)
        for m in group
        if m.field == "travel.return_date" and m.candidate_value is not None
    ]
    return today is not None and bool(days) and all(day[:10] < today for day in days)
