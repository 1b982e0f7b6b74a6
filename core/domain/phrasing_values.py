"""Values as a person writes them: "2,100" not "2100.0", "in progress" not "in_progress",
"Saturday, March 1" not "2025-03-01", "$2,100" for an amount in dollars.

Questions, reasons and replies all show values; this is the one way they are shown. A
value is shown on one line, in the order it was written: a value someone else proposed (a
calendar feed's location, an assistant's guess) may carry line breaks, control and
direction characters, and shown as they are a break would start a line of its own in the
user's question ("Are you in Denver" over "- profile.name = Mallory") and an override
would turn the text around; each run of them is one space.

A value another writer chose (a calendar's, a mail's, an assistant's, another member's)
is a ``Said``: it carries whom it is quoted from, and ``show`` puts it in the sentence
through ``quoting.said`` (a short name as itself, anything else quoted and marked), so
their words are never read as Canon's.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date, datetime
from typing import Any

from core.domain.naming import show_zone
from core.domain.quoting import said, slot

_CURRENCY_SIGN = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}


class Said(str):
    """A string value with whom the reader should read it as quoted from
    (``core.domain.provenance``: "a calendar event", "another member of the household")."""

    source: str

    def __new__(cls, text: str, source: str) -> Said:
        made = super().__new__(cls, text)
        made.source = source
        return made


def show(value: Any) -> str:
    """A value as a person writes it."""
    if isinstance(value, Said):
        return said(str.__str__(value), value.source)
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return f"{value:,}"
    text = one_line(str(value))
    return text.replace("_", " ") if re.fullmatch(r"[a-z_]+", text) else text


def quoted(value: Any) -> str:
    """``value`` shown in double quotes, as data: a name the user did not write (the payee a
    mail's sender names itself) reads as what someone wrote, never as the question's own
    words ('Did you pay billing evil example to "Chase"?'); another writer's words
    (a ``Said``) always as a slot marked with whom they are from."""
    if isinstance(value, Said):
        return slot(str.__str__(value), value.source)
    return json.dumps(show(value), ensure_ascii=False)


def one_line(text: str) -> str:
    """``text`` with every run of line breaks, control and format characters (direction
    overrides, zero-width ones) and the spaces around them made one space."""
    if text.isprintable():
        return text  # the usual value: nothing to do
    kept = "".join(" " if _breaks(ch) else ch for ch in text)
    return re.sub(r" {2,}", " ", kept).strip()


def _breaks(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp")


def show_in(field: str, value: Any, today: date | None = None) -> str:
    """``value`` as a person writes it for ``field``: a date field's value as a day (with
    its year when far from ``today``, ``show_date``), a time zone by the name people say
    ("Pacific time (America/Los Angeles)")."""
    if value is not None and _dated(field):
        return show_date(value, today)
    if value is not None and field == "profile.timezone":
        return show_zone(value)
    return show(value)


FAR_DAYS = 183
"""A day more than about six months from today is shown with its year: "Thursday,
November 25" said in December reads as last month, not next year's."""


class DayAsOf(str):
    """A date field's value with the reader's ``today``: a question's values pass through
    many sentences (``core.domain.phrasing``), each of which shows them with
    ``show_date``; the value carries the day it is read on, as ``Said`` carries whom it
    is quoted from, so each says its year when it should (``needs_year``)."""

    today: date

    def __new__(cls, text: str, today: date) -> DayAsOf:
        made = super().__new__(cls, text)
        made.today = today
        return made


def as_of(field: str, value: Any, today: date | None) -> Any:
    """``value`` of ``field`` carrying ``today`` (``DayAsOf``) when it is a day (a date,
    a moment, a month); anything else (a number, None, words) as it is."""
    if today is None or not isinstance(value, str) or not _dated(field):
        return value
    return DayAsOf(str.__str__(value), today) if _is_day(value) else value


def _is_day(text: str) -> bool:
    try:
        date.fromisoformat(text[:10] if len(text) > 7 else f"{text}-01")
    except ValueError:
        return False
    return True


def _dated(field: str) -> bool:
    return field.rsplit(".", 1)[-1].endswith(("date", "schedule"))


def needs_year(day: date, today: date | None) -> bool:
    """Whether ``day`` is shown with its year, read on ``today``: when it falls in another
    year (December 28 asking about January 3: "Sunday, January 3, 2027") or more than
    ``FAR_DAYS`` away; never when today is not known (no year is guessed)."""
    if today is None:
        return False
    return day.year != today.year or abs((day - today).days) > FAR_DAYS


def show_date(value: Any, today: date | None = None) -> str:
    """'2025-03-01' -> 'Saturday, March 1'; with its year, 'Thursday, November 25, 2027',
    when ``needs_year`` on ``today`` (None: the value's own, a ``DayAsOf``'s, or not
    known: no year); a month alone, '2026-12' -> 'December 2026'; anything else as
    written."""
    if today is None and isinstance(value, DayAsOf):
        today = value.today
    text = str(value)
    if re.fullmatch(r"\d{4}-(?:0[1-9]|1[0-2])", text):
        return f"{date(int(text[:4]), int(text[5:]), 1):%B %Y}"
    try:
        if "T" in text:
            moment = datetime.fromisoformat(text)
            return f"{_day_words(moment.date(), today)} at {moment:%H:%M}"
        day = date.fromisoformat(text)
    except ValueError:
        return show(value)
    return _day_words(day, today)


def _day_words(day: date, today: date | None) -> str:
    return f"{day:%A, %B} {day.day}" + (f", {day.year}" if needs_year(day, today) else "")


def near_day(value: Any, today: date | None) -> str | None:
    """'today', 'yesterday' or 'tomorrow' when the day ``value`` is one of them on the
    user's clock (``today``: their calendar day; None: not known), else None. A day said
    by its date stays true as the clock moves; a date that is today must not be said as
    if it were another day ("back since Monday, November 30" said on that Monday)."""
    if today is None:
        return None
    try:
        day = date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
    return {0: "today", -1: "yesterday", 1: "tomorrow"}.get((day - today).days)


def money_text(amount: Any, currency: Any) -> str:
    """2100, 'USD' -> '$2,100'; 12.5, 'CAD' -> '12.50 CAD'."""
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        number = show(amount)
    elif float(amount).is_integer():
        number = f"{int(amount):,}"
    else:
        number = f"{amount:,.2f}"
    code = str(currency).upper() if currency else ""
    sign = _CURRENCY_SIGN.get(code)
    if sign:
        return f"{sign}{number}"
    return f"{number} {code}".strip()
