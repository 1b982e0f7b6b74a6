"""A part of a grouped question said as what it claims, short enough for a button.

Under "Which part is wrong?" each part is a button; "your trip: in progress" and "your
departure date: Friday, November 20" read as a form's fields, not as what the question
asked. Here a part is said as the question's line says it, as a statement: "you're in
Tahoe", "your trip is under way", "you left on Friday, November 20". A trip's fields have
words of their own; any other field is "the rent amount is 2,100". Pure.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.domain import phrasing
from core.domain.question_words import Words
from core.domain.read_values import item_as_read
from core.domain.review_items import ReviewItem
from core.domain.trip_questions import Change

MAX_PART_WORDS = 40
"""The longest button label: one row of a phone's inline keyboard shows about this much
before Telegram cuts it short (``bot.telegram_io.rows`` gives a long label a row)."""

_TRIP_STATUS = {
    "planning": "{be_you} planning a trip",
    "in_progress": "{your} trip is under way",
    "completed": "{your} trip is over",
    "cancelled": "{your} trip is off",
}


def part_words(
    change: Change, mine: str, names: Mapping[str, str] | None = None, *, left: bool = False
) -> str:
    """``change`` (one part of a grouped question) as a statement: "you're in Tahoe";
    ``left``: its trip has left, so its departure is said in the past ("you left on
    Friday, November 20"), as the question asked it; another member's value quoted from them
    by name (``names``), as the question says it. At most ``MAX_PART_WORDS`` long."""
    if isinstance(change, ReviewItem):
        change = item_as_read(change, mine, names)
    said = _statement(change, mine, left=left)
    if len(said) > MAX_PART_WORDS:
        said = said[: MAX_PART_WORDS - 1].rstrip(" ,") + "…"
    return said


def _statement(change: Change, mine: str, *, left: bool) -> str:
    w = Words(change.entity_id, mine)
    you = w.you
    be_you = "you're" if you == "you" else f"{you} is"
    value = change.candidate_value
    what = phrasing.label(change.field, change.entity_id, mine)
    if value is None:
        return f"forget {what}"
    domain, _, name = change.field.partition(".")
    if domain == "travel" and name == "status" and value in _TRIP_STATUS:
        return _TRIP_STATUS[value].format(be_you=be_you, your=w.your)
    if domain == "travel" and name == "location":
        return f"{be_you} in {phrasing.show(value)}"
    if domain == "travel" and name == "destination":
        return f"{w.your} trip is to {phrasing.show(value)}"
    if domain == "travel" and name == "depart_date":
        day = phrasing.show_date(value)
        leave = "leave" if you == "you" else "leaves"
        return f"{you} left on {day}" if left else f"{you} {leave} on {day}"
    if domain == "travel" and name == "return_date":
        return f"{be_you} back on {phrasing.show_date(value)}"
    return f"{what} is {phrasing.show_in(change.field, value)}"
