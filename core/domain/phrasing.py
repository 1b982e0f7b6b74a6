"""Questions and reasons in the user's words (pure functions, no transport).

A review item names a field (``financial.rent.amount``) and a value; the user
should read "Did you pay $2,100 rent?". Each field of the catalogue
(``core.domain.fields``) is phrased by its KIND: a trip's status, a place, a date, an
amount with its currency, a name or free text, a family member's condition, a
project's status, a retraction. Changes that came from one message and belong
together (a payment's status, amount and currency) become one question.
The confidence arithmetic never shows here: ``/why`` has it.

How values are written is ``phrasing_values``; the one-line reason for a question,
``phrasing_reasons``. Both are re-exported here, where their callers look for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.domain.errands import is_goods_return
from core.domain.kin_words import be_for, slug_words, who
from core.domain.move_words import MOVE_FIELDS, move_question, when_moving
from core.domain.naming import errand, show_zone, written_name

# Re-exported: the engine and the conversation read values and reasons as ``phrasing.show``,
# ``phrasing.reason_line`` and so on, beside the questions.
from core.domain.phrasing_reasons import reason_line as reason_line
from core.domain.phrasing_values import money_text as money_text
from core.domain.phrasing_values import quoted
from core.domain.phrasing_values import show as show
from core.domain.phrasing_values import show_date as show_date
from core.domain.phrasing_values import show_in as show_in
from core.domain.question_words import Words, fmt, plain_name
from core.domain.read_values import item_as_read
from core.domain.review_items import ReviewItem
from core.domain.trip_questions import (
    NO_TRIP_YET,
    TRIP_GROUP,
    Change,
    away_until,
    travel_question,
    trip_question,
)
from core.domain.trip_questions import back_home as back_home

_PROJECT = {
    "planned": "Is {name} planned?",
    "in_progress": "Is {name} under way?",
    "blocked": "Is {name} blocked?",
    "shipped": "Has {name} shipped?",
    "cancelled": "Is {name} cancelled?",
}
_EVENT = {
    "scheduled": "Is {name} on?",
    "moved": "Has {name} moved?",
    "cancelled": "Is {name} cancelled?",
}
_BILL_WORDS = frozenset(["bill", "invoice", "fee", "fees", "payment", "premium"])
"""The last word of a payee named as a bill: paid as "the water bill"."""
_PAYMENT = {
    "due": "Is {the}{money} due{on}?",
    "pending": "Is {the}{money} still pending?",
    "paid": "Did {you} pay {money_first}{name}{money_after}?",
    "refunded": "Was {the}{money} refunded?",
    "cancelled": "Was {the}{money} cancelled?",
}
_PROFILE = {
    "home_city": ("{do} {you} live in {v}?", "{your} home city"),
    "employer": ("{do} {you} work for {v}?", "{your} employer"),
    "diet": ("Is {your} diet {v}?", "{your} diet"),
    "name": ("Is {your} name {v}?", "{your} name"),
    "timezone": ("Is {your} time zone {v}?", "{your} time zone"),
    "move_city": ("{are} {you} moving to {v}?", "{your} planned move"),
    "move_date": ("{are} {you} moving {v}?", "the day of {your} move"),
}


LISTED = "Is all of this right?"
"""How a question of several parts asked one by one begins (each part a line under it);
a No to it asks which part is wrong (``core.conversation.wrong_parts``)."""


def question(
    changes: Sequence[Change],
    mine: str,
    *,
    later_day: bool = False,
    left: bool = False,
    back_by: bool = False,
    due_gone: bool = False,
) -> str:
    """One question for ``changes`` (one item, or a group from the same message);
    ``later_day``: put on a later day than it was asked ("today" is not that day);
    ``left``: the trip they are about has left (under way or over), so its departure is
    asked in the past ("Did you leave on Wednesday?", never "Do you leave on ...?");
    ``back_by``: the return day asked has gone by, so it too is asked in the past ("Did you
    get back on Friday, December 4?", never "Are you back on ...?" on the 5th);
    ``due_gone``: the day an errand asked is due has gone by (``tense.due_day_gone``), so
    it is asked in the past ("Was the Amazon return due Saturday, December 5?")."""
    changes = [_as_read(c, mine) for c in changes]
    if not changes:
        return "Is this right?"
    if len(changes) > 1:
        combined = _combined(changes, mine, due_gone)
        if combined is not None:
            return combined
        beside = _beside_a_trip(changes, mine)
        if beside is not None:
            return "\n".join([LISTED, *(f"• {line}" for line in beside)])
        under_way = any(
            (c.field, c.candidate_value) == ("travel.status", "in_progress") for c in changes
        )
        # "Is your trip going to Lake Tahoe?" says a trip is planned: no "Are you planning a
        # trip?" under it.
        going = any(c.field == "travel.destination" for c in changes)
        lines = [
            # A trip under way has left: its departure is told in the past.
            conflict_question(c, mine)
            if (under_way or left) and c.field == "travel.depart_date"
            else got_back(c, mine)
            if back_by and c.field == "travel.return_date"
            else single(c, mine, due_gone=due_gone)
            for c in changes
            if not (going and (c.field, c.candidate_value) == ("travel.status", "planning"))
        ]
        return "\n".join([LISTED, *(f"• {line}" for line in lines)])
    if left and changes[0].field == "travel.depart_date":
        return conflict_question(changes[0], mine)
    if back_by and changes[0].field == "travel.return_date":
        return got_back(changes[0], mine)
    if _no_trip_yet(changes[0]):
        return away_until(changes[0].candidate_value, Words(changes[0].entity_id, mine))
    return single(changes[0], mine, later_day=later_day, due_gone=due_gone)


def _no_trip_yet(change: Change) -> bool:
    """A day back said while no trip was held (``trip_questions.NO_TRIP_YET``)."""
    return (
        isinstance(change, ReviewItem)
        and change.field == "travel.return_date"
        and change.candidate_value is not None
        and any(NO_TRIP_YET in r for r in change.reasons)
    )


def got_back(change: Change, mine: str) -> str:
    """A return day gone by, asked in the past: "Did you get back on Friday, December 4?"."""
    change = _as_read(change, mine)
    if change.candidate_value is None:
        return single(change, mine)
    words = Words(change.entity_id, mine)
    return fmt("Did {you} get back on {v}?", words, v=show_date(change.candidate_value))


def _beside_a_trip(changes: Sequence[Change], mine: str) -> list[str] | None:
    """The lines of a group where a trip called off goes with another word (a move to
    where the trip went): each other word on its line, the trip as one ("Do you live in
    Denver?", "Is your trip to Denver off?"), never a line per forgotten day."""
    off = [c for c in changes if c.field in TRIP_GROUP and c.field != "travel.location"]
    if not any((c.field, c.candidate_value) == ("travel.status", "cancelled") for c in off):
        return None
    trip = trip_question(off, Words(changes[0].entity_id, mine))
    if trip is None or len(off) == len(changes):
        return None
    return [*(single(c, mine) for c in changes if c not in off), trip]


def conflict_question(change: Change, mine: str) -> str:
    """The question that settles a conflict between fields: about what already
    happened when it concerns the past ("Did you leave on Monday?"), and the state that
    holds together when a trip is over ("Back home in Portland?")."""
    change = _as_read(change, mine)
    words = Words(change.entity_id, mine)
    if change.field == "travel.depart_date" and change.candidate_value is not None:
        return fmt("Did {you} leave on {v}?", words, v=show_date(change.candidate_value))
    if change.field == "travel.location":
        # The only conflict about where the user is: a trip over, the user still "there".
        return back_home(change.candidate_value, words, away=change.current_value)
    if change.field == "profile.home_city" and change.candidate_value is not None:
        # The only conflict that proposes a home: a planned move whose day has come.
        return fmt("Have {you} moved to {v}?", words, v=show(change.candidate_value))
    return single(change, mine)


def single(change: Change, mine: str, *, later_day: bool = False, due_gone: bool = False) -> str:
    """The question for one change, by the kind of its field (``due_gone``: ``question``'s)."""
    change = _as_read(change, mine)
    words = Words(change.entity_id, mine)
    parts = change.field.split(".")
    value = change.candidate_value
    if value is None:
        return _forget(change, mine)
    domain, name = parts[0], parts[-1]
    if domain == "travel":
        return travel_question(name, value, words)
    if domain == "profile" and name in _PROFILE:
        shown = {"timezone": show_zone, "move_date": when_moving}.get(name, show)(value)
        return fmt(_PROFILE[name][0], words, v=shown)
    if len(parts) == 3:
        thing = slug_words(parts[1])
        if domain == "project":
            return _project(name, value, thing)
        if domain == "family" and name == "relation":  # "Is Priya your wife?"
            return f"Is {who(parts[1])} {words.your} {plain_name(str(value))}?"
        if domain == "family":
            return _family(name, value, thing, later_day=later_day)
        if domain == "financial":
            thing = written_name(thing)
            if name == "status" and value == "pending" and change.current_value == "due":
                # What changed for an errand still to do: it is done ("Still pending?" asked
                # of a return held as still to go back read as if nothing had moved).
                return f"Mark {errand(thing)} done?"
            if name == "status" and value == "pending" and is_goods_return(parts[1]):
                # "Still pending?" of a return reads as "not done yet": its pending went back.
                return f"Has {errand(thing)} gone back (its refund still to come)?"
            if name == "due_date" and value == change.current_value:
                # The day held, asked whether it stays: its trip is off (errand_trip_off).
                return f"Keep {show_date(value)} as {errand(thing)}'s day?"
            return _financial(name, value, thing, words, gone=due_gone)
    return f"Is {label(change.field, change.entity_id, mine)} now {show(value)}?"


def _as_read(change: Change, mine: str) -> Change:
    """A review item's proposed value as the reader reads it: another writer's words
    quoted (``read_values``); a bare ``Change`` (a test's, a sketch's) is as it is."""
    return item_as_read(change, mine) if isinstance(change, ReviewItem) else change


def _forget(change: Change, mine: str) -> str:
    """What forgetting a value would lose, named with the value: "Should I forget your
    return date (Sunday, November 29)?" ("your return date" alone, in a group of lines
    about a trip, left the user to guess which day it was)."""
    what = label(change.field, change.entity_id, mine)
    was = change.current_value
    return f"Should I forget {what}{'' if was is None else f' ({show_in(change.field, was)})'}?"


def label(field: str, entity_id: str, mine: str) -> str:
    """A noun phrase for ``field``: 'your home city', "Bob's trip", 'the rent amount'."""
    words = Words(entity_id, mine)
    parts = field.split(".")
    if parts[0] == "profile" and parts[-1] in _PROFILE:
        return _PROFILE[parts[-1]][1].format(your=words.your)
    if parts[0] == "travel":
        noun = {
            "status": "trip",
            "location": "location",
            "destination": "trip's destination",
            "depart_date": "departure date",
            "return_date": "return date",
        }.get(parts[-1], plain_name(parts[-1]))
        return f"{words.your} {noun}"
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "schedule":
        return f"the {slug_words(parts[1])} day"
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "relation":
        return f"who {who(parts[1])} is to {words.you}"  # "who Priya is to you"
    if len(parts) == 3 and parts[0] == "family" and parts[2] != "event_status":
        # A member's own field: "Emma's status", "your wife's status".
        person = who(parts[1])
        whose = "the household's" if person == "everyone at home" else f"{person}'s"
        return f"{whose} {plain_name(parts[2])}"
    if len(parts) == 3 and parts[0] == "financial":
        # "the Amazon return due date": an errand named as a person names it.
        return f"{errand(slug_words(parts[1]))} {plain_name(parts[2])}"
    if len(parts) == 3:
        owner = slug_words(parts[1])
        return f"the {owner} {plain_name(parts[2])}"
    return f"{words.your} {plain_name(parts[-1])}"


def _project(name: str, value: Any, thing: str) -> str:
    title = thing.title()
    if name == "status" and value in _PROJECT:
        return _PROJECT[value].format(name=title)
    if name == "due_date":
        return f"Is {title} due on {show_date(value)}?"
    return f"Is the {title} {plain_name(name)} now {show(value)}?"


def _family(name: str, value: Any, thing: str, *, later_day: bool = False) -> str:
    person = who(thing)
    be = be_for(thing)
    if name == "status":
        if later_day:  # said on an earlier day, whose "today" is gone: is it so still?
            return f"{be.capitalize()} {person} still {show(value)}?"
        return f"{be.capitalize()} {person} {show(value)} today?"
    if name == "event_status" and value in _EVENT:
        return _EVENT[value].format(name=f"the {thing}")
    if name == "schedule":
        return event_question(thing, None, value)
    return f"Is the {thing} {plain_name(name)} now {show(value)}?"


def _financial(
    name: str,
    value: Any,
    thing: str,
    w: Words,
    money: str = "",
    merchant: str = "",
    due: Any = None,
    *,
    gone: bool = False,
) -> str:
    if (
        name == "status"
        and value == "due"
        and due is None
        and not money
        and thing.endswith(" return")
    ):
        # Goods still to go back, no day: "Is the Amazon return due?" asks nothing clear.
        return fmt("{do} {you} still have to do {the}?", w, the=errand(thing))
    if name == "status" and value in _PAYMENT:
        # "$2,100 rent" reads well; a bare "2,100 rent" does not: "rent (2,100)". A bill is
        # "the water bill ($62)", never "pay water bill".
        bill = thing.rpartition(" ")[2] in _BILL_WORDS
        bare = money[:1].isdigit() or (bill and bool(money))
        text = fmt(
            _PAYMENT[value],
            w,
            name=errand(thing) if bill else thing,
            the=errand(thing),
            money=f" ({money})" if money else "",
            money_first=f"{money} " if money and not bare else "",
            money_after=f" ({money})" if bare else "",
            on="" if due is None else f" {show_date(due)}",
        )
        if gone and value == "due" and due is not None:
            text = "Was" + text.removeprefix("Is")  # its day has gone by: asked in the past
        return text[:-1] + f" to {merchant}?" if merchant else text
    if name == "amount":
        return f"Is {thing} {money_text(value, None)} now?"
    if name == "currency":
        return f"Was {thing} paid in {show(value)}?"
    if name == "due_date":
        return f"{'Was' if gone else 'Is'} {errand(thing)} due on {show_date(value)}?"
    if name == "merchant":
        return f"Was {thing} paid to {quoted(value)}?"
    return f"Is the {thing} {plain_name(name)} now {show(value)}?"


def _combined(changes: Sequence[Change], mine: str, due_gone: bool = False) -> str | None:
    """One sentence for the groups that read as one: a payment, a trip."""
    by_field = {c.field: c.candidate_value for c in changes}
    first = changes[0]
    words = Words(first.entity_id, mine)
    parts = first.field.split(".")
    if parts[0] == "financial" and len(parts) == 3:
        prefix = ".".join(parts[:2])
        if any(not f.startswith(prefix + ".") for f in by_field):
            return None
        status = by_field.get(f"{prefix}.status")
        amount = by_field.get(f"{prefix}.amount")
        currency = by_field.get(f"{prefix}.currency")
        merchant = by_field.get(f"{prefix}.merchant")
        due = by_field.get(f"{prefix}.due_date")
        money = money_text(amount, currency) if amount is not None else ""
        if status is None:
            if not money or due is not None:
                return None
            return f"Is {written_name(slug_words(parts[1]))} {money} now?"
        if due is not None and status != "due":
            return None  # a day that is not when it is due is asked on its own line
        return _financial(
            "status",
            status,
            written_name(slug_words(parts[1])),
            words,
            money,
            "" if merchant is None else quoted(merchant),
            due,
            gone=due_gone,
        )
    if set(by_field) <= TRIP_GROUP:
        return trip_question(changes, words)
    if set(by_field) == set(MOVE_FIELDS):
        was = next((c.current_value for c in changes if c.field == MOVE_FIELDS[0]), None)
        return move_question(by_field, was, f"{words.are} {words.you}", words.your)
    if len(parts) == 3 and set(by_field) == {
        f"{parts[0]}.{parts[1]}.event_status",
        f"{parts[0]}.{parts[1]}.schedule",
    }:
        status = by_field[f"{parts[0]}.{parts[1]}.event_status"]
        return event_question(
            slug_words(parts[1]), status, by_field[f"{parts[0]}.{parts[1]}.schedule"]
        )
    return None


def event_question(thing: str, status: Any, day: Any) -> str:
    """An event's status and day asked as one: "Is the dentist appt on Tuesday, December 1?",
    "Has the soccer practice moved to Thursday, December 3?", "Is the recital cancelled?"."""
    if status == "cancelled" or day == "cancelled":
        return f"Is the {thing} cancelled?"
    if status == "moved":
        return f"Has the {thing} moved to {show_date(day)}?"
    if thing.endswith(" away") and status != "moved":
        # A member's stay away ahead ("kids away"): "Are your kids away on Saturday?".
        member = thing.removesuffix(" away").replace(" ", "_")
        return f"{be_for(member).capitalize()} {who(member)} away on {show_date(day)}?"
    return f"Is the {thing} on {show_date(day)}?"
