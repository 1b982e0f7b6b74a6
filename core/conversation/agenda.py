"""What is coming up, soonest first: "what's on my plate?", "anything I need to do?".

The founding mistake was an assistant that planned an errand "before the trip" while the
user was already on it. An agenda read from committed state cannot make it: the trip's
days come from the trip as it stands (a trip under way has no departure ahead), an
errand without a day is said against the trip as it is now, and what an open conflict
question doubts is left out (the caller names that question beside the answer).
Pure: facts, ``now`` and the reader in, text out.

    agenda(facts, now, "user:primary")
    # 'Coming up:\\n• Tomorrow (Tuesday, December 1): dentist appt\\n…'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from core.conversation.audience import PRIMARY
from core.domain import phrasing
from core.domain.errands import due_before_leaving, errands_of, left_by
from core.domain.naming import errand
from core.domain.state import CommittedFact, Scalar
from core.engine.consistency import calendar_day, today_where
from core.engine.trip_state import DEPART, DESTINATION, RETURN, STATUS

MOST = 8
"""Lines an agenda shows; the rest are counted."""

_DONE_EVENTS = frozenset(["cancelled", "done", "completed", "finished", "over"])
NOTHING = (
    "Nothing coming up that I know of. Tell me about plans, bills or appointments "
    '("rent is due on the 1st") and I\'ll keep track.'
)


@dataclass(frozen=True)
class _Item:
    day: date
    what: str
    first: bool = False
    """Said first on its day (an errand due before you leave, above "you leave")."""


def _soonest(item: _Item) -> tuple[date, bool, str]:
    return item.day, not item.first, item.what


def agenda(
    facts: Sequence[CommittedFact],
    now: datetime,
    reader: str = PRIMARY,
    in_doubt: Collection[tuple[str, str]] = (),
) -> str:
    """The dated things ahead of ``reader`` (their trip's days, errands due, events of
    theirs and of the shared entities), soonest first; what is overdue, and errands with
    no day, after them. ``in_doubt``: (entity, field) an open question doubts; left out."""
    held = {f.field: f.value for f in facts if f.entity_id == reader}
    facts = [f for f in facts if (f.entity_id, f.field) not in in_doubt]
    mine = {f.field: f.value for f in facts if f.entity_id == reader}
    today = today_where(mine, now)
    head, ahead = _trip(mine, today)
    overdue: list[_Item] = []
    undated: list[str] = []
    # Its day to leave as held, even while a question doubts it (it has left, whichever
    # day that was).
    left = left_by(held)
    for name, fields, said, day in _still_due(facts, reader):
        if day is None:
            undated.append(said)
        elif left is not None and day <= left:
            overdue.append(_Item(day, f"{said} is due"))
        elif day >= today and due_before_leaving(name, fields, mine):
            # "Tomorrow: … is due before you leave", beside "Tomorrow: you leave for Tahoe".
            ahead.append(_Item(day, f"{said} is due before you leave", first=True))
        else:
            (ahead if day >= today else overdue).append(_Item(day, f"{said} is due"))
    ahead += [i for i in _events(facts) if i.day >= today]
    if not (head or ahead or overdue or undated):
        return NOTHING
    lines = [head] if head else []
    shown = sorted(ahead, key=_soonest)[:MOST]
    if shown:
        lines.append("Coming up:")
        lines += [f"• {_day(i.day, today)}: {i.what}" for i in shown]
    if len(ahead) > MOST:
        lines.append(f"(+{len(ahead) - MOST} more; /state has them all)")
    if overdue:
        lines.append("Overdue:")
        lines += [_overdue(i, today, left) for i in sorted(overdue, key=_soonest)]
    if undated:
        lines.append(f"No day yet: {', '.join(undated)}{_against_trip(mine)}.")
    return "\n".join(lines)


def errands_to_do(
    facts: Sequence[CommittedFact],
    now: datetime,
    reader: str = PRIMARY,
    in_doubt: Collection[tuple[str, str]] = (),
) -> list[str]:
    """The errands and bills ``reader`` still has to do (status due), soonest first, each
    with its day ("the Amazon return, due Friday, November 27"; "…, due since …" once
    gone by; no day: last): what "what's pending?" lists beside the open questions.
    ``in_doubt``: (entity, field) an open question doubts; its question says it instead."""
    facts = [f for f in facts if (f.entity_id, f.field) not in in_doubt]
    today = today_where({f.field: f.value for f in facts if f.entity_id == reader}, now)
    dated: list[tuple[date, str]] = []
    undated: list[str] = []
    for _name, _fields, said, day in _still_due(facts, reader):
        if day is None:
            undated.append(f"{said}, no day yet")
        else:
            since = " since" if day < today else ""
            dated.append((day, f"{said}, due{since} {_day(day, today)}"))
    return [what for _, what in sorted(dated)] + undated


def _still_due(
    facts: Sequence[CommittedFact], reader: str
) -> list[tuple[str, Mapping[str, Scalar], str, date | None]]:
    """Each errand or bill of ``reader`` still due, by name: its name, its fields, how it
    is said ("the electricity bill (€84)") and its day due (None: no day)."""
    return [
        (name, fields, _errand_said(name, fields), calendar_day(fields.get("due_date")))
        for name, fields in sorted(_errands(facts, reader).items())
        if fields.get("status") == "due"
    ]


def _trip(mine: Mapping[str, Scalar], today: date) -> tuple[str, list[_Item]]:
    """A line for a trip under way, and the trip's days still ahead."""
    status, where = mine.get(STATUS), mine.get(DESTINATION)
    to = f" to {phrasing.show(where)}" if where else ""
    depart, back = calendar_day(mine.get(DEPART)), calendar_day(mine.get(RETURN))
    items: list[_Item] = []
    if status in ("completed", "cancelled"):
        return "", items
    head = f"You're on your trip{to} now." if status == "in_progress" else ""
    # A trip under way has left: a departure still "ahead" is the stale belief itself.
    if status != "in_progress" and depart is not None and depart >= today:
        items.append(_Item(depart, f"you leave{' for ' + phrasing.show(where) if where else ''}"))
    if back is not None and back >= today:
        items.append(_Item(back, f"you're back{' from ' + phrasing.show(where) if where else ''}"))
    return head, items


def _errands(facts: Sequence[CommittedFact], reader: str) -> dict[str, dict[str, Scalar]]:
    return {
        slug: {name: f.value for name, f in fields.items()}
        for slug, fields in errands_of(facts, reader).items()
    }


def _errand_said(slug: str, fields: Mapping[str, Scalar]) -> str:
    amount = fields.get("amount")
    money = "" if amount is None else f" ({phrasing.money_text(amount, fields.get('currency'))})"
    return f"{errand(phrasing.show(slug))}{money}"


def _events(facts: Sequence[CommittedFact]) -> list[_Item]:
    """Dated events (``<domain>.<thing>.schedule``) not called off, of every entity shown."""
    status = {
        (f.entity_id, f.field.rsplit(".", 1)[0]): str(f.value)
        for f in facts
        if f.field.endswith(".event_status")
    }
    items = []
    for f in facts:
        parts = f.field.split(".")
        day = calendar_day(f.value)
        if len(parts) != 3 or parts[2] != "schedule" or day is None:
            continue
        if status.get((f.entity_id, f.field.rsplit(".", 1)[0])) in _DONE_EVENTS:
            continue
        items.append(_Item(day, phrasing.show(parts[1])))
    return items


def _overdue(item: _Item, today: date, left: date | None) -> str:
    what = item.what.removesuffix(" is due")
    if left is not None and item.day <= left:
        # A day to leave still ahead is the doubted one: she had left by today.
        on = min(left, today)
        return f"• {what}, due before you left ({phrasing.show_date(on.isoformat())})"
    return f"• {what}, since {_day(item.day, today)}"


def _against_trip(mine: Mapping[str, Scalar]) -> str:
    """Where an undated errand stands against the trip as it is now."""
    if mine.get(STATUS) == "in_progress":
        return " — after your trip, since you're on it now"
    depart = mine.get(DEPART)
    if mine.get(STATUS) == "planning" and depart is not None:
        return f" (you leave {phrasing.show_date(depart)})"
    return ""


def _day(day: date, today: date) -> str:
    said = phrasing.show_date(day.isoformat())
    if day == today:
        return f"Today ({said})"
    if (day - today).days == 1:
        return f"Tomorrow ({said})"
    return said
