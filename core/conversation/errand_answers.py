"""Errands and bills told as one sentence each (pure functions).

"what do you know about me?" reads a bill's or a return's fields together: "the Amazon
return is due Friday, February 20", not "amazon return due date 2026-02-20; amazon
return status due". The names are the ones the questions use (``naming.errand``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date

from core.conversation.question_notes import open_question_note, under
from core.domain import phrasing
from core.domain.errands import errands_of, is_goods_return, left_by, status_said
from core.domain.naming import errand
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact, Scalar
from core.engine.consistency import calendar_day

_SAID = {
    "due": "is due",
    "pending": "is still pending",
    "paid": "is paid",
    "refunded": "was refunded",
    "cancelled": "was cancelled",
}
_TOLD = frozenset(["status", "due_date", "amount", "currency"])
"""The parts of an errand its sentence tells (the rest are said on their own)."""


def errand_summary(
    facts: Iterable[CommittedFact],
    mine: str,
    today: date | None = None,
    left: date | None = None,
    leaves: date | None = None,
) -> tuple[list[str], set[str]]:
    """One sentence per errand of ``mine`` that has a status, and the fields they tell;
    one still due after its day (``today``: the user's calendar day) "was due Friday,
    November 27 (overdue)", never "is due" on a day gone by; one due on or before the day
    a trip left (``left``: ``errands.left_by``) "was due before you left on Thursday,
    December 3 (overdue)", today or not: she could not do it before going; one due the day
    a planned trip leaves (``leaves``: ``errands.leaves_on``) "is due Saturday, December 5,
    before you leave"."""
    by_slug = errands_of(facts, mine)
    said: list[str] = []
    told: set[str] = set()
    for slug, fields in sorted(by_slug.items()):
        status = fields.get("status")
        if status is None:
            continue
        amount, currency = fields.get("amount"), fields.get("currency")
        money = (
            ""
            if amount is None
            else f" ({phrasing.money_text(amount.value, None if currency is None else currency.value)})"
        )
        state = status_said(slug, status.value) or _SAID.get(
            str(status.value), f"is {phrasing.show(status.value)}"
        )
        due = fields.get("due_date")
        # The day only matters while it still has to be done.
        when = (  # a day far from today with its year
            ""
            if due is None or status.value != "due"
            else f" {phrasing.show_date(due.value, today)}"
        )
        day = None if due is None else calendar_day(due.value)
        if when and left is not None and day is not None and day <= left:
            on = left if today is None else min(left, today)
            state, when = (
                "was due",
                f" before you left on {phrasing.show_date(on.isoformat())} (overdue)",
            )
        elif when and today is not None and day is not None and day < today:
            state, when = "was due", f"{when} (overdue)"
        elif when and day is not None and day == leaves:
            when = f"{when}, before you leave"
        said.append(f"{errand(phrasing.show(slug))}{money} {state}{when}")
        told |= {f.field for name, f in fields.items() if name in _TOLD}
    return said, told


def owed_reply(
    facts: Iterable[CommittedFact],
    mine: str,
    today: date | None = None,
    *,
    debts_only: bool = False,
) -> str:
    """What is still to pay or send back ("what's due?"): the errands of ``mine`` that
    are due, the soonest first and those without a day after, then the refunds awaited;
    one past its day (``today``: the user's calendar day) "was due" (overdue).
    ``debts_only`` ("what do I owe?"): what is to pay alone; goods to send back and their
    refunds are no debt."""
    facts = list(facts)
    left = left_by(_trip(facts, mine))
    own = [
        f
        for f in facts
        if f.entity_id == mine
        and f.field.startswith("financial.")
        and not (debts_only and is_goods_return(_slug(f)))
    ]
    status = {_slug(f): str(f.value) for f in own if f.field.endswith(".status")}
    due_on = {_slug(f): str(f.value) for f in own if f.field.endswith(".due_date")}

    def told(slugs: Iterable[str]) -> str:
        said = [
            errand_summary([f for f in own if _slug(f) == s], mine, today, left)[0] for s in slugs
        ]
        return "; ".join(s for group in said for s in group)

    owed = sorted(
        (s for s, v in status.items() if v == "due"),
        key=lambda s: (s not in due_on, due_on.get(s, ""), s),
    )
    waiting = sorted(s for s, v in status.items() if v == "pending")
    first = told(owed)
    nothing = "You owe nothing that I know of." if debts_only else "Nothing is due that I know of."
    parts = [f"{first[:1].upper()}{first[1:]}." if owed else nothing]
    if waiting:
        parts.append(f"Waiting on: {told(waiting)}.")
    return " ".join(parts)


def _slug(f: CommittedFact | ReviewItem) -> str:
    return f.field.split(".")[1]


def _trip(facts: Iterable[CommittedFact], mine: str) -> dict[str, Scalar]:
    """``mine``'s ``travel.*`` values."""
    return {f.field: f.value for f in facts if f.entity_id == mine and f.domain == "travel"}


_WORD = re.compile(r"[a-z0-9]+")
_WHEN = frozenset(["when", "whens", "day", "date", "deadline"])


def errand_reply(
    question: str, facts: Sequence[CommittedFact], mine: str, today: date | None = None
) -> str | None:
    """The answer to a question that names an errand the state holds ("is the amazon
    return before or after the trip?"): the errand's sentence and, when the question
    asks about the trip too, where its day falls against the trip's days. None when
    the question names no errand."""
    words = set(_WORD.findall(question.lower()))
    slugs = {
        _slug(f)
        for f in facts
        if f.entity_id == mine and f.field.startswith("financial.") and f.field.count(".") == 2
    }
    named = {s for s in slugs if set(s.split("_")) <= words} or _by_kind(question, words, slugs)
    if not named:
        return None
    own = [
        f
        for f in facts
        if f.entity_id == mine and f.field.startswith("financial.") and _slug(f) in named
    ]
    trip = _trip(facts, mine)
    said, _ = errand_summary(own, mine, today, left_by(trip))
    if not said:
        return None
    # One sentence: capitalised once, the errands after a semicolon go on in lower case.
    joined = "; ".join(said)
    head = joined[:1].upper() + joined[1:]
    due = [f.value for f in own if f.field.endswith(".due_date")]
    if not due and "trip" not in words and words & _WHEN:
        # "when's the amazon return due?" with no day known: say so, and against a trip
        # planned or under way, where it falls.
        if trip.get("travel.status") in ("planning", "in_progress"):
            return f"{head} — {_undated_against_trip(trip)}."
        return f'{head} — it has no day yet; tell me when ("it\'s due friday").'
    if "trip" not in words or len(due) > 1:
        return head + "."
    if not due:
        return f"{head} — {_undated_against_trip(trip)}."
    return f"{head} — {_against_trip(str(due[0]), trip)}."


_KINDS = frozenset(["return", "refund", "rent", "bill", "payment", "invoice", "fee", "loan"])
_SENT_BACK = re.compile(
    r"\b(?:returned|send(?:ing)?\s+back|sent\s+back|mail(?:ed)?\s+back|ship(?:ped)?\s+back)\b"
)


def _by_kind(question: str, words: set[str], slugs: set[str]) -> set[str]:
    """The one errand of the kind the question names, when it names the thing in other
    words ("did i return the boots yet?" of "the Amazon return"); none when several are
    of that kind, since guessing between them would answer the wrong one."""
    kinds = words & _KINDS
    if _SENT_BACK.search(question.lower()):
        kinds |= {"return"}
    found = {s for s in slugs if kinds & set(s.split("_"))}
    return found if len(found) == 1 else set()


def errand_asked(
    question: str, open_items: Sequence[ReviewItem], mine: str, shown_item: str | None = None
) -> str:
    """The answer to a question that names an errand Canon has only asked about so far
    ("when's the amazon return due?" while "Do you still have to do the Amazon return?"
    waits): not yet known, and the question that settles it. Empty when no open question names one."""
    words = set(_WORD.findall(question.lower()))
    asked = {
        _slug(r)
        for r in open_items
        if r.entity_id == mine and r.field.startswith("financial.") and r.field.count(".") == 2
    }
    # "did i return that package?" names the Amazon return by what is done with it.
    named = {s for s in asked if set(s.split("_")) <= words} or _by_kind(question, words, asked)
    if not named:
        return ""
    slug = min(named)
    note = open_question_note(open_items, mine, under(f"financial.{slug}."), shown_item)
    return f"Not settled yet.{note}" if note else ""


def still_to_do(
    fields: Iterable[str], facts: Iterable[CommittedFact], mine: str, today: date | None = None
) -> str | None:
    """The answer to "forgot the amazon return" (read as the past: an errand not done)
    when ``mine`` still has that errand due (``fields``: the message's fields): it is
    still to do, and when it was due, not "nothing about now changed". None otherwise."""
    slugs = {f.split(".")[1] for f in fields if f.startswith("financial.") and f.count(".") == 2}
    facts = list(facts)
    own = [f for f in facts if f.entity_id == mine and f.field.startswith("financial.")]
    own = [f for f in own if f.field.count(".") == 2 and _slug(f) in slugs]
    if not any(f.field.endswith(".status") and f.value == "due" for f in own):
        return None
    said, _ = errand_summary(own, mine, today, left_by(_trip(facts, mine)))
    return f"So it's still to do: {'; '.join(said)}." if said else None


def no_return_known(question: str) -> str | None:
    """The answer to a question about sending something back ("did i return that
    package?") when Canon knows of no return and has asked of none: it says so, rather
    than not understanding. None when the question is not about a return."""
    low = question.lower()
    if not (_SENT_BACK.search(low) or re.search(r"\breturn\b", low)):
        return None
    return (
        "I don't know of a return you have to make, so I can't say whether it's done. "
        'Tell me if there is one ("the amazon return is due friday").'
    )


def _undated_against_trip(trip: Mapping[str, Scalar]) -> str:
    """An errand with no day, against the trip: what can still be said of when it falls."""
    status = trip.get("travel.status")
    if status == "completed":
        return "your trip is over, so it comes after it now"
    if status == "in_progress":
        # Not "before the trip" any more: the founding mistake was planning it as if.
        back = calendar_day(trip.get("travel.return_date"))
        if back is None:
            return "it has no day, and you're on your trip now, so it comes after it"
        return (
            "it has no day, and you're on your trip now (back "
            f"{phrasing.show_date(back.isoformat())}), so it comes after it"
        )
    gone = calendar_day(trip.get("travel.depart_date"))
    if status == "planning" and gone is not None:
        return f"it has no day; you leave {phrasing.show_date(gone.isoformat())}"
    return "it has no day, and I don't know your trip's days"


def _against_trip(due: str, trip: Mapping[str, Scalar]) -> str:
    """Where the day ``due`` falls against the trip's days, in words."""
    day = calendar_day(due)
    gone, back = (
        calendar_day(trip.get("travel.depart_date")),
        calendar_day(trip.get("travel.return_date")),
    )
    if trip.get("travel.status") in ("completed", "cancelled"):
        return "your trip is " + ("over" if trip["travel.status"] == "completed" else "off")
    if day is None or gone is None:
        return "I don't know your trip's days"
    if day < gone:
        return f"before you leave ({phrasing.show_date(gone.isoformat())})"
    if back is None:
        return f"after you leave ({phrasing.show_date(gone.isoformat())}); I don't know when you're back"
    if day > back:
        return f"after you're back ({phrasing.show_date(back.isoformat())})"
    return "during your trip"
