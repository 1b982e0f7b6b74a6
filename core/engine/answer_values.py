"""What a user may type (or tap) as the new value of a field, and how it is read.

Each field belongs to a *value kind*: a closed set of statuses (with plain-word
labels for buttons and the natural words people use for them), a date read
against the time the answer was written, a number, yes/no, or free text. The
tables here are pure data; ``parse_value`` turns one typed answer into the value
to store or raises ``InvalidAnswer`` with a one-line example, so nothing that is
not a valid value for the field is ever stored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from core.domain.fields import RELATIONS, spec_for
from core.domain.state import Scalar
from core.domain.timeutil import DAY_YEARS
from core.errors import InvalidAnswer
from core.extraction import gazetteer
from core.extraction.household_told import RELATION_OF
from core.extraction.timeexpr import find_times
from core.extraction.timezones import spoken_timezone


@dataclass(frozen=True)
class Choice:
    """One allowed value: what is stored, its button label and the words that mean it."""

    value: Scalar
    label: str
    words: tuple[str, ...] = ()


_TRIP = (
    Choice("planning", "planned", ("plan", "planned", "booked", "not yet", "coming up")),
    Choice(
        "in_progress",
        "under way",
        ("underway", "in progress", "travelling", "traveling", "away", "there", "arrived"),
    ),
    Choice(
        "completed",
        "back home",
        ("back", "home", "back home", "done", "over", "finished", "returned", "complete"),
    ),
    Choice("cancelled", "cancelled", ("canceled", "off", "called off", "not going")),
)
_PROJECT = (
    Choice("planned", "planned", ("plan", "not started", "todo", "to do")),
    Choice("in_progress", "in progress", ("started", "under way", "underway", "working on it")),
    Choice("blocked", "blocked", ("stuck", "on hold", "waiting")),
    Choice("shipped", "shipped", ("done", "released", "launched", "finished", "live", "complete")),
    Choice("cancelled", "cancelled", ("canceled", "dropped", "killed", "scrapped", "shelved")),
)
_PAYMENT = (
    Choice("due", "due", ("unpaid", "not paid", "owed", "to pay", "outstanding")),
    Choice("pending", "pending", ("processing", "in progress", "sent")),
    Choice("paid", "paid", ("paid it", "done", "settled")),
    Choice("refunded", "refunded", ("refund", "money back", "got the money back")),
    Choice("cancelled", "cancelled", ("canceled", "called off")),
)
# A return of goods is "due" while it still has to go back, "pending" once it went back.
_RETURN = (
    Choice("due", "still to send back", ("due", "not yet", "to return", "not sent")),
    Choice(
        "pending",
        "returned",
        (
            "sent back",
            "sent it back",
            "shipped back",
            "shipped it back",
            "mailed back",
            "mailed it back",
            "dropped off",
            "dropped it off",
            "sent",
            "back",
        ),
    ),
    Choice("refunded", "refunded", ("refund", "money back", "got the money back", "got my money")),
    Choice("cancelled", "kept it", ("cancelled", "canceled", "keeping it", "kept")),
)
_EVENT = (
    Choice("scheduled", "on as planned", ("scheduled", "on", "happening", "as planned")),
    Choice("moved", "moved", ("rescheduled", "postponed", "changed")),
    Choice("cancelled", "cancelled", ("canceled", "off", "called off")),
)
# A family member's condition is open text; these are offered and recognised.
_MEMBER = (
    Choice("sick", "sick", ("ill", "unwell", "not well", "under the weather")),
    Choice("well", "well", ("better", "fine", "ok", "okay", "recovered", "healthy")),
    Choice("away", "away", ("out", "travelling", "traveling")),
    Choice("home", "home", ("at home", "back home", "back")),
)
# Who a member is: each relation of the closed list, and the words said for it ("mum").
_RELATION = tuple(
    Choice(r, r, tuple(w for w, v in RELATION_OF.items() if v == r and w != r)) for r in RELATIONS
)
_YES_NO = (
    Choice(True, "yes", ("y", "yep", "yeah", "true", "correct")),
    Choice(False, "no", ("n", "nope", "nah", "false", "not")),
)

CLOSED_KINDS: dict[str, tuple[Choice, ...]] = {
    "trip_status": _TRIP,
    "project_status": _PROJECT,
    "payment_status": _PAYMENT,
    "return_status": _RETURN,
    "event_status": _EVENT,
    "relation": _RELATION,
    "yes_no": _YES_NO,
}
OPEN_KINDS: dict[str, tuple[Choice, ...]] = {"member_status": _MEMBER}

PLACE_FIELDS = frozenset({"travel.location", "travel.destination", "profile.home_city"})
"""Fields whose value is a place: an edit names a known place or is confirmed as new."""

EXAMPLES = {
    "place": "I need a place, like 'Tahoe' or 'Portland'",
    "timezone": "I need a time zone, like 'pacific time', 'CET' or 'Europe/Berlin'",
    "currency": "I need a currency, like 'USD', 'EUR' or '$'",
    "date": "I need a date, like 'Saturday' or '28 Nov'",
    "schedule": "I need a date, like 'Saturday', '28 Nov' or 'Friday at 4pm', or 'cancelled'",
    "number": "I need a number, like '2100' or '49.99'",
}


def value_kind(field: str, sample: Scalar = None) -> str:
    """The kind of values ``field`` takes; ``sample`` (a value it had) marks yes/no fields."""
    parts = field.split(".")
    last = parts[-1]
    if isinstance(sample, bool):
        return "yes_no"
    if field == "travel.status":
        return "trip_status"
    if field in PLACE_FIELDS:
        return "place"
    if field == "profile.timezone":
        return "timezone"
    if parts[0] == "financial" and last == "currency":
        return "currency"
    if parts[0] == "project" and last == "status":
        return "project_status"
    if parts[0] == "financial" and last == "status":
        return "return_status" if "return" in parts[1] else "payment_status"
    if parts[0] == "family" and last == "event_status":
        return "event_status"
    if parts[0] == "family" and last == "relation" and len(parts) == 3:
        return "relation"
    if parts[0] == "family" and last == "status" and len(parts) == 3:
        return "member_status"
    if parts[0] == "family" and last == "schedule":
        return "schedule"
    if last.endswith("_date"):
        return "date"
    if spec_for(field).numeric:
        return "number"
    return "text"


def choices_for(field: str, sample: Scalar = None) -> tuple[Choice, ...]:
    """The values to offer as buttons (empty for dates, numbers and free text)."""
    kind = value_kind(field, sample)
    return CLOSED_KINDS.get(kind) or OPEN_KINDS.get(kind, ())


def example_for(field: str, sample: Scalar = None) -> str:
    """The one-line hint shown with a refusal: what a valid answer looks like."""
    kind = value_kind(field, sample)
    if kind in CLOSED_KINDS:
        labels = [c.label for c in CLOSED_KINDS[kind]]
        return f"I need one of {', '.join(labels[:-1])} or {labels[-1]}, like '{labels[-2]}'"
    return EXAMPLES.get(kind, "Send the new value as text")


_FILLER = re.compile(
    r"^(?:(?:it|she|he|they|we|i|that)\s*(?:'s|'re|'m|is|are|am|was|were)\s+|"
    r"(?:i|we|she|he|they)\s+|it\s+|(?:already|just)\s+)+"
)
_TRAILING = re.compile(r"\s+(?:now|already|today|yesterday)$")


def normalise(text: str) -> str:
    """Lower case, no punctuation but apostrophes, single spaces: 'Sent it back!' -> 'sent it back'."""
    text = text.casefold().replace("’", "'").replace("_", " ")
    return " ".join(re.sub(r"[^\w' ]+", " ", text).split())


def match_choice(choices: tuple[Choice, ...], text: str) -> Choice | None:
    """The choice ``text`` names (its value, label or one of its words), if any."""
    said = normalise(text)
    candidates = [said, _TRAILING.sub("", said)]
    candidates += [_FILLER.sub("", c) for c in candidates]
    for choice in choices:
        names = {normalise(str(choice.value)), normalise(choice.label)}
        names |= {normalise(w) for w in choice.words}
        if names.intersection(candidates):
            return choice
    return None


def parse_value(
    field: str, raw: str, at: datetime | None, sample: Scalar = None, *, past: bool = False
) -> Scalar:
    """The value to store for the typed answer ``raw``; ``InvalidAnswer`` when it is none.

    Dates are resolved against ``at``, the time the answer was written; without it
    only ISO dates are understood. ``past``: a day that has been (which day a trip began):
    "friday" is the last one, not the next.
    """
    text = " ".join(raw.split())
    if not text:
        raise InvalidAnswer("an edited value cannot be empty")
    kind = value_kind(field, sample)
    if kind in CLOSED_KINDS or kind in OPEN_KINDS:
        choices = CLOSED_KINDS.get(kind) or OPEN_KINDS[kind]
        found = match_choice(choices, text)
        if found is not None:
            return found.value
        if kind in CLOSED_KINDS:
            raise InvalidAnswer(example_for(field, sample))
        return text
    if kind in ("date", "schedule"):
        return _date_value(text, at, with_time=kind == "schedule", past=past)
    if kind == "number":
        return _number(text)
    if kind == "timezone":
        said = f"my time zone is {text}"  # read as the extractor reads a stated zone
        zone = spoken_timezone(said, said.casefold())
        if zone is None:
            raise InvalidAnswer(EXAMPLES["timezone"])
        return zone
    if kind == "currency":
        return _currency(text)
    return text


def _date_value(text: str, at: datetime | None, *, with_time: bool, past: bool = False) -> str:
    kind = "schedule" if with_time else "date"
    if with_time and normalise(text) in ("cancelled", "canceled", "off", "called off"):
        return "cancelled"
    try:
        # Already ISO (the CLI, or a value this module produced): kept as written.
        parsed = datetime.fromisoformat(text) if with_time else date.fromisoformat(text)
    except ValueError:
        parsed = None
    if parsed is not None and parsed.year not in DAY_YEARS:
        raise InvalidAnswer(EXAMPLES[kind])  # no day after "9999-12-31" to count to
    if parsed is not None and (not isinstance(parsed, datetime) or parsed.tzinfo is not None):
        return parsed.isoformat()
    if at is None:
        raise InvalidAnswer(EXAMPLES[kind])
    said = text.casefold()
    if _BARE_ORDINAL.fullmatch(said):
        said = f"the {said}"  # "3rd" typed as a date's answer is "the 3rd" of a month
    refs = find_times(said, at, future=not past)
    if not refs:
        raise InvalidAnswer(EXAMPLES[kind])
    return refs[0].iso(at) if with_time else refs[0].day.isoformat()


_BARE_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)")
"""A day of the month alone ("3rd"): in running text it may be anything, as a date's
answer it is that day."""

_CURRENCY = re.compile(r"^[$€£¥]\s*|\s*(?:usd|eur|gbp|dollars?|euros?|pounds?)$", re.I)


def _number(text: str) -> int | float:
    plain = _CURRENCY.sub("", text).replace(",", "").strip()
    # "2k", "2.1k": thousands, as people type an amount.
    thousands = re.fullmatch(r"(\d+(?:\.\d+)?)\s*k", plain, re.I)
    try:
        if thousands is not None:
            value = round(float(thousands[1]) * 1000, 2)
            return int(value) if value.is_integer() else value
        return float(plain) if "." in plain else int(plain)
    except ValueError as e:
        raise InvalidAnswer(EXAMPLES["number"]) from e


_CURRENCIES = {
    **dict.fromkeys(["$", "dollar", "dollars", "us dollars", "usd"], "USD"),
    **dict.fromkeys(["€", "euro", "euros", "eur"], "EUR"),
    **dict.fromkeys(["£", "pound", "pounds", "sterling", "gbp"], "GBP"),
    **dict.fromkeys(["¥", "yen", "jpy"], "JPY"),
}


def _currency(text: str) -> str:
    """An ISO 4217 code: a symbol or a currency's name, or three letters as written."""
    said = text.casefold().strip(" .")
    if said in _CURRENCIES:
        return _CURRENCIES[said]
    if re.fullmatch(r"[a-z]{3}", said):
        return said.upper()
    raise InvalidAnswer(EXAMPLES["currency"])


_HOME_WORDS = frozenset({"home", "back home", "at home", "i'm home", "im home", "we're home"})


def means_home(text: str) -> bool:
    """'home', 'back home': where the user lives, not a place called Home."""
    return normalise(text) in _HOME_WORDS


def known_place(text: str, held: Iterable[Scalar] = ()) -> str | None:
    """The place ``text`` names, as it is usually spelled; None when nobody knows it.

    A place is known when the user's state already holds it (``held``: the values of
    their place fields and of the question asked) or the extractor's gazetteer lists
    it: "tahoe" -> "Tahoe"; "portland oregon" and "Paris, France" are kept as typed.
    An ordinary word that is also some town's name ("time", "home") is not enough
    on its own: that is what the gazetteer's own rule for lowercase names says.
    """
    typed = " ".join(text.split()).strip(" .,!")
    key = gazetteer.key_of(typed)
    if not key:
        return None
    for value in held:
        if isinstance(value, str) and gazetteer.key_of(value) == key:
            return value
    parts = key.replace(",", " ").split()
    place = gazetteer.lookup(key)
    if place is not None and gazetteer.accepts(place, typed, None):
        return place.name if gazetteer.key_of(place.name) == key else typed
    # "portland oregon", "Paris, France": a known place, then the state or country it is in.
    for cut in range(1, len(parts)):
        head = gazetteer.lookup(" ".join(parts[:cut]))
        tail = gazetteer.lookup(" ".join(parts[cut:]))
        if head is not None and tail is not None and tail.kind != "city":
            return typed
    return None
