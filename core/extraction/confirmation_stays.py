"""A booking confirmation's stay, pasted as it came: its dates on lines of their own.

``itinerary_lines`` reads a stay whose columns share one line ("Hotel: Casa do Rio, Porto |
in 18.03 | out 21.03"). A confirmation copied from a mail or an app puts each on its own
line or sentence, the place in a title above them::

    Your stay at The Hoxton, Amsterdam
    Check-in: Fri 13 Mar from 15:00
    Check-out: Sun 15 Mar by 11:00

or gives the nights as one span beside the hotel ("new dates 17–19 March, Hotel Esplanade
Zagreb", "2 adults · Fri 20 Mar – Sun 22 Mar"). Either is the writer's stay ahead, written
out the way the travel rules read a plan: "staying in Amsterdam from 13 Mar to 15 Mar".
Only a town the gazetteer knows is written in; someone else's booking is said so in prose,
and the speaker rules keep it theirs.
"""

from __future__ import annotations

import re

from core.extraction.gazetteer import key_of, lookup
from core.extraction.word_gates import gated

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*(?:\.(?!\s|$))?"
_WEEKDAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?\.?,?"
_DAY_MONTH = rf"(?:{_WEEKDAY}\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}"
_MONTH_DAY = rf"(?:{_WEEKDAY}\s+)?{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?"
_DATE = rf"(?:{_DAY_MONTH}|{_MONTH_DAY}|\d{{1,2}}[./]\d{{1,2}}(?:[./]\d{{2,4}})?)"

_CHECK_IN = gated(
    # "Check-in: Fri 13 Mar from 15:00", "Arrival - 11 March": the first night.
    rf"(?im)(?:^|(?<=[.;]\s))[ \t]*(?:check[\s-]?in|arrival|arriving)\s*(?:date\s*)?[:\-\u2013]\s*"
    rf"(?P<a>{_DATE})[^\n.;]*[.;]?"
)
_CHECK_OUT = gated(
    # "Check-out: Sun 15 Mar by 11:00", "Departure: 13 March": the last morning.
    rf"(?im)(?:^|(?<=[.;]\s))[ \t]*(?:check[\s-]?out|departure|departing)\s*(?:date\s*)?"
    rf"[:\-\u2013]\s*(?P<b>{_DATE})[^\n.;]*[.;]?"
)
_SPAN = gated(
    # "17–19 March", "Fri 20 Mar – Sun 22 Mar", "20 Mar - 22 Mar": the nights as one span.
    rf"(?i)\b(?P<a>(?:{_WEEKDAY}\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+{_MONTH})?)\s*"
    rf"(?:[\u2013\u2014-]|to)\s*(?P<b>(?:{_WEEKDAY}\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH})"
)
_BOOKED_STAY = gated(
    # What makes a span of days a stay: the words of a booking beside it.
    r"(?i)\b(?:hotel|hostel|inn|apartment|aparthotel|b&b|guesthouse|airbnb|booking|booked|"
    r"reservation|reserved|confirmed|confirmation|your\s+stay|new\s+dates|nights?)\b"
)
_SOMEONE_ELSES = gated(
    # "Mum's hotel", "their booking", "for my sister": a stay said to be another's.
    r"(?i)\b(?:his|her|their|\w+'s\s+(?:hotel|booking|reservation|stay)|for\s+(?:my|our)\s+\w+)\b"
)
_LEAD_WEEKDAY = gated(rf"(?i)^{_WEEKDAY}\s+")
_COLUMNS = gated(r"[,|\u00b7;()\u2013\u2014\n:!?]|\s-\s|\.\s")


def _town(text: str) -> str | None:
    """The town a confirmation names: a column that is a known place ("The Hoxton,
    Amsterdam"), else a capitalised known place inside a column ("Hotel Esplanade
    Zagreb")."""
    columns = [c.strip() for c in _COLUMNS.split(text) if c.strip()]
    for column in columns:
        place = lookup(key_of(column))
        if place is not None and column[:1].isupper():
            return place.name
    for column in columns:
        tokens = column.split()
        for i in range(len(tokens) - 1, -1, -1):  # the town ends a hotel's name
            for n in (2, 1):
                words = " ".join(tokens[i : i + n])
                if words[:1].isupper() and (place := lookup(key_of(words))) is not None:
                    return place.name
    return None


def _day(date: str) -> str:
    """ "Fri 13 Mar" → "13 Mar": the date is enough, and reads as one."""
    return _LEAD_WEEKDAY.sub("", date.strip()).rstrip(",")


def _apart(text: str) -> str | None:
    """A check-in and a check-out said apart, as one stay in the town named around them."""
    first = _CHECK_IN.search(text)
    last = _CHECK_OUT.search(text, first.end()) if first is not None else None
    if (
        first is None
        or last is None
        or (
            "\n" not in text[first.start() : last.start()]
            and (not re.search(r"[.;]\s", text[first.start() : last.start()]))
        )
    ):
        return None  # one line: ``itinerary_lines`` reads its columns
    rest = text[: first.start()] + "\n" + text[first.end() : last.start()] + "\n"
    town = _town(rest + text[last.end() :])
    if town is None:
        return None
    stay = f"staying in {town} from {_day(first['a'])} to {_day(last['b'])}."
    return text[: first.start()] + stay + text[first.end() : last.start()] + text[last.end() :]


def _spanned(text: str) -> str | None:
    """A booking's nights as one span beside the town: "new dates 17–19 March, Hotel
    Esplanade Zagreb"."""
    span = _SPAN.search(text)
    if span is None or _BOOKED_STAY.search(text) is None or _SOMEONE_ELSES.search(text):
        return None
    before = text[: span.start()]
    if re.search(r"(?i)\b(?:from|staying|stay\s+in|flying|fly)\s+$", before):
        return None  # "staying in Rome from 3 to 5 May" says it already
    if _town(_COLUMNS.split(before)[-1]) is not None:
        return None  # "Kraków 12–18 Mar": a place, then its days, read by ``list_lines``
    town = _town(text[: span.start()] + "\n" + text[span.end() :])
    if town is None:
        return None
    stay = f"staying in {town} from {_day(span['a'])} to {_day(span['b'])}."
    return f"{text[: span.start()]}{stay}{text[span.end() :]}"


def written_out(text: str) -> str:
    """``text`` with a confirmation's stay said apart or as a span written out as one
    sentence (see the module); the text as it was otherwise."""
    if re.search(r"(?i)check[\s-]?in|arrival|arriving", text):
        found = _apart(text)
        if found is not None:
            return found
    if _BOOKED_STAY.search(text) is not None:
        found = _spanned(text)
        if found is not None:
            return found
    return text
