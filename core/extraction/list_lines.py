"""Plans written as a list or an itinerary, read as the sentences they stand for.

People paste or type their plans in lines ("Thu 3/12 - fly to Denver" / "Sat 3/14 - drive
to Moab"), with a day as a heading ("Sun - fly home", "Mon: dentist 3pm"), legs between
airport codes ("Fri 6am SFO->JFK", "LAX→HNL 4/2, HNL→LAX 4/9"), arrows between stops
("Hanoi → Hue tomorrow → Hoi An Sat"), a status after a dash ("car insurance - paid",
"Trip to Seattle - CANCELLED") and labels of now ("Currently: Lisbon", "Osaka (now)").
Written out, each is a sentence the rules already read: a line is a sentence, a day
heading dates its line, a leg is a flight to where it lands (home when it lands where an
earlier leg left), a stop after an arrow comes next, a status after a dash belongs to the
thing before it, and a label of now says where the writer is.

Only the punctuation of a list is rewritten, so prose keeps its dashes ("we landed - so
tired") and its arrows of feeling. Pure and cheap: one search for the marks first.
"""

from __future__ import annotations

import re

from core.extraction.confirmation_stays import written_out as stay_written_out
from core.extraction.gazetteer import accepts, key_of, lookup
from core.extraction.itinerary_lines import written_out as itinerary_written_out
from core.extraction.leg_codes import city_of_code
from core.extraction.mail_pointers import written_out as pointer_written_out
from core.extraction.note_labels import written_out
from core.extraction.regex_branches import sub_where
from core.extraction.status_after_dash import status_after_dash
from core.extraction.timewords import MONTHS
from core.extraction.word_gates import gated

_LIST_MARKS = gated(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\$|\u00b7|"
    r"\d\s*[-\u2013]\s*\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)|\n|->|\u2192|\s>\s|\s--?\s|\s[\u2013\u2014]\s|:|\(now\)|[\u2714\u2705\u2713]|\d/\d|\d\s?(?:am|pm)\b",
    re.I,
)

_LINE_END = gated(r"(?<=[^\s.!?;:,])[ \t]*\n\s*")
"""A line that ends without a mark ends its sentence: a list's lines are sentences."""

_CHECK = gated(r"\s*[\u2714\u2705\u2713]\ufe0f?")
"""A tick closes an item of a list ("rent ✔ internet ✔"), like a comma."""

_LEG = gated(r"\b(?P<src>[A-Z]{3})\s*(?:->|\u2192|>|-|\s+to\s+)\s*(?P<dst>[A-Z]{3})\b(?!-)")
"""A leg between airport codes: "SFO->JFK", "LAX→HNL", "PDX-LAX"."""

_ARROW = gated(r"\s*(?:->|\u2192|\s>)\s*")
"""An arrow between stops: the stop after it comes next."""
_NAME = r"[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,2}"
_CODE = r"(?:\s*\([A-Z]{3}\)\s*)?"
"""A ticket's airport code in brackets after its city ("Lagos (LOS)")."""
_PLACE_LEG = gated(
    rf"(?:^|(?<=[.;!?]\s)|(?<=[:\u2014\u2013]\s))(?P<head>(?:(?:[\w/]+|[^\w\s]{{1,3}})\s+){{0,6}}?"
    rf"(?:[\w/)]+\s*(?::|\s-|\u2014|\u2013)\s*)?)(?P<src>{_NAME})\s*{_CODE}(?:->|\u2192)\s*"
    rf"(?P<dst>{_NAME})(?:\s*\([A-Z]{{3}}\))?"
)
"""A line that starts at one place and arrows to another ("Tue: Lisbon → Porto 09:40",
"Thu 12 Mar — Barcelona → Rome", "Booking confirmed ✈️ Dublin → Barcelona", "Lagos (LOS) →
Accra (ACC)"): the trip goes to the second; the first is where it leaves from, not the
first stop."""

_DAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?\.?"
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_ORDINAL = rf"\d{{1,2}}(?:st|nd|rd|th)(?:\s+{_MONTHS})?|\d{{1,2}}\s+{_MONTHS}"
"""A day of the month in a heading: "11th", "9 Mar", "14th March"."""
_HEADING = gated(
    # (after a title's colon too: "Itinerary: Fri 6 Mar - fly to Rome")
    rf"(?:^|(?<=[.;!?:]\s))(?P<head>(?:{_DAY}|today|tonight|tomorrow|tmrw|tmr)"
    r"(?:\s+(?:\d{1,2}/\d{1,2}|\d{1,2}(?::\d\d)?\s*(?:am|pm|a|p)?|morning|night|afternoon|"
    # "Wed 11th: fly home", "Mon 9 Mar - Lisbon": the day of the month, its month after it
    rf"evening|{_ORDINAL}))*)(?P<sep>\s*:\s*|\s+-\s+|\s*[\u2014\u2013]\s*)",
    re.I,
)
"""A day heading a line before a colon or a dash: "Sun - fly home", "Thu 3/12 - ...",
"Mon: dentist 3pm"."""
_DAY_N_OF_WEEK = gated(
    rf"(?:^|(?<=[.;!?]\s))(?:day|night)\s+\d{{1,2}}\s*\((?P<day>{_DAY}[^)]{{0,12}})\)(?=\s*[:\-\u2014\u2013])",
    re.I,
)
"""A numbered day with its weekday ("Day 1 (Fri): arrive Marrakech"): the weekday heads it."""
_ARRIVE_LINE = gated(r"(?:^|(?<=[.;!?:]\s)|(?<=day\s))arrive\s+(?=[A-Z])")
"""A line's bare "arrive Marrakech": the list's infinitive for arriving in a place."""
_SHORT_DAYS = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday"}
_SHORT_DAYS |= {"weds": "wednesday", "thu": "thursday", "thur": "thursday"}
_SHORT_DAYS |= {"thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"}

_NOW_LABEL = gated(
    r"(?:^|(?<=[.;!?] ))(?:currently|current|now|right\s+now|location|loc|where\s+(?:we|i)\s+"
    r"(?:are|am)(?:\s+now)?|"
    # A nomad's labels: "base for the next month: Chiang Mai", "new city unlocked: Medellín"
    # (a "home base" is home, and a bare "base" may be one: a stay's base says for how long)
    r"(?:(?:new|current)\s+base|base(?=\s+(?:for|until|till)\s))(?:\s+(?:for|until|till)\s+(?:the\s+)?"
    r"(?:next|this|rest\s+of\s+the)?\s*(?:few\s+|couple\s+of\s+|\w+\s+)?(?:weeks?|months?|while|"
    r"winter|summer|spring|autumn))?|"
    r"new\s+(?:city|town|country)(?:\s+unlocked)?|current\s+(?:city|town|location)|"
    # "month 4 of nomading: Buenos Aires", "week 2 of the trip: Hoi An": the diary's count.
    r"(?:day|week|month)\s+(?:\d{1,2}|one|two|three|four|five|six)\s+of\s+(?:the\s+|my\s+|our\s+)?"
    r"[a-z]+(?:\s+[a-z]+)?)\s*:\s*"
    # "Where I am now: Day 4 in Hanoi": the diary's count before the place is not the place.
    r"(?:(?:day|week|month|night)\s+(?:\d{1,2}|one|two|three|four|five|six)"
    r"(?:\s+of\s+(?:the\s+|my\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?)?\s*[,:–-]?\s*(?:in\s+)?)?"
    r"(?P<rest>[A-Za-z\u00c0-\u024f])",
    re.I,
)
_ANOTHER_PLACE = gated(
    r"\banother\s+(?:city|town|country|island|stop)\s*:\s*(?P<rest>[A-Za-z\u00c0-\u024f])", re.I
)
"""A diary's "Another morning, another city: Kraków": the new stop, where the writer is."""
_PLACE_AGAIN = gated(
    r"(?:^|(?<=[.;!?]\s))(?P<place>[A-Z][\w.'\u00c0-\u024f]*(?:\s+[A-Z][\w.'\u00c0-\u024f]*)?)"
    r"\s+again\s*(?=[.!])"
)
"""A diary entry opening on a town and "again" ("Lisbon again. The same cracked tiles"): back
there, now."""
_NOW_AFTER = gated(r"(?P<place>\b[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,2})\s*\(now\)")


_DAY_LEAD = gated(
    rf"(?:^|(?<=[.;!?] ))(?P<day>{_DAY})(?=\s+\d{{1,2}}(?:/\d|(?::\d\d)?\s*(?:am|pm|a|p)\b))", re.I
)
"""A short day leading a line before its time or date: "Fri 6am …", "Sat 3/14 …"."""
_STATUS_FIRST = gated(
    r"(?:^|(?<=[.;!?] ))(?P<status>cancell?ed|postponed|booked)\s*:\s*(?P<thing>[^.;!?]{2,40})",
    re.I,
)
"""A status as a line's label: "Canceled: Vegas trip" is the trip cancelled."""


_HOME_LINE = gated(
    # "- 3/16 back home": a bullet before the day, the dash after it left out
    rf"(?:^|(?<=[.;!?:] ))(?:[-*\u2022]\s*)?(?P<head>(?:(?:{_DAY}|today|tonight|tomorrow|tmrw)"
    rf"(?:\s+\d{{1,2}}/\d{{1,2}}|\s+(?:{_ORDINAL}))?|\d{{1,2}}/\d{{1,2}}))"
    r"(?:\s*(?::|-)\s*|\s+)(?:back\s+)?home(?=\s*(?:$|[.;!?]))",
    re.I,
)
"""A line that is only "home" after its day: the day the writer is back ("Tue 3/17 - home")."""
_DAY_N = gated(
    r"(?:^|(?<=[.;!?] ))(?P<head>(?:day|night|wk|week)\s+\d{1,3})\s+-\s+(?P<place>[A-Z][\w.']*(?:\s+[A-Z][\w.']*)?)",
    re.I,
)
"""A diary's day before a dash and a place: "Day 3 - Florence" is the day in Florence."""


_BILL_PRICED = gated(
    r"(?:^|(?<=[.;!?] ))(?P<item>(?:[A-Za-z&]+\s+){0,2}?(?:bill|rent|mortgage|insurance|premium|"
    r"tuition|invoice|dues))\s*[:-]?\s+(?=[$£€₹₦₱]\s?[\d,.]++(?!\s*(?:-\s*)?(?:paid|refunded)\b))",
    re.I,
)
"""A bill and its price as a list's item: "Electric bill $97", "water bill: $45"."""


_DATED_PLACE = gated(
    r"(?:^|(?<=[.;!?] ))(?P<when>(?:week\s+of\s+)?(?:\d{1,2}/\d{1,2}(?:\s*(?:-|to)\s*\d{1,2}"
    rf"(?:/\d{{1,2}})?)?|{_MONTHS}\s+\d{{1,2}}(?:\s*-\s*\d{{1,2}})?|"
    # "Mon 9 Mar - Lisbon", "Tue 10th: Porto": a day, its date, then the stop
    rf"{_DAY}\s+(?:{_ORDINAL})|"
    # "Mon: Leeds (client)": a weekday heading, then the stop alone
    rf"{_DAY}(?=\s*:)))\s*[:\-\u2013\u2014\u00b7|]?\s+"
    r"(?P<place>[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,2})(?=\s*(?:\(|,|$|[.;!]|w/|with\b|\+|&))",
    re.I,
)
"""Days, then a place alone: a trip there then ("3/5-3/8 Chicago (conf)", "Week of 3/9:
NYC", "Mar 20–27 · Mexico City", "Apr 2-9: Tokyo + Kyoto")."""
_DAYS_SPAN = (
    r"\d{1,2}/\d{1,2}\s*(?:-|\u2013|to)\s*\d{1,2}(?:/\d{1,2})?|"
    rf"{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\s*[-\u2013]\s*\d{{1,2}}(?:st|nd|rd|th)?|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s*[-\u2013]\s*\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}"
)
_PLACE_DATED = gated(
    r"(?:^|(?<=[.;!?] ))(?P<place>[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,2})\s*[,:\u00b7|\-\u2013\u2014]?\s*"
    rf"(?:from\s+)?(?P<when>(?i:{_DAYS_SPAN}))(?=\s*(?:\(|,|$|[.;!:]|w/|with\b))",
)
"""A place, then its days: "Kraków 12–18 Mar, flat booked", "Lisbon from 03/12 to 03/18",
"Tokyo, Apr 2-9": a trip there then, as ``_DATED_PLACE`` with the order turned. Only a
span of days: "Denver, Mar 3" heads a letter (where and when it was written)."""
_DATE_RANGE = gated(r"\b(\d{1,2}([/.])\d{1,2})\s*[-\u2013]\s*(\d{1,2}\2\d{1,2})\b")
"""A dash between two dates reads "to": the second is the day the trip ends."""


_FRAME_LABEL = gated(
    r"(?:^|(?<=[.;!?]\s))(?:edit|update|upd|background|context|for\s+context|tl;?\s?dr|p\.?s\.?)"
    r"(?:\s*\d{1,2})?\s*:\s*(?=\S)",
    re.I,
)
"""A forum post's frame before its news ("Edit: made it to Chicago!", "Background: 29F,
moved to Denver…", "TL;DR: we're in Lisbon"): the label says where in the post, not what."""
_AGE_TAG = gated(
    r"(?:^|(?<=[.;!?]\s))(?:[\[(]\d{2}\s?/?[MFmf][\])]\s*,?|\d{2}\s?/?[MFmf]\s*,)\s*(?=[a-z])"
)
"""A post's age and sex before its first clause ("29F, moved to Denver…", "(34M), live in
Leeds"): who writes, not what happened; the clause after it has the writer as subject."""
_WEEKDAY_SPAN = gated(
    rf"(?:^|(?<=[.;!?]\s))(?P<first>{_DAY}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?)\s*[-\u2013]\s*{_DAY}"
    r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?=\s*:)",
    re.I,
)
"""A heading of several days ("Mon–Wed: Kyoto", "Fri 20 – Sun 22: Bruges"): the stop begins
on the first."""
_ARR_ETA = gated(r"\b(?:arr\.|arr(?=\s+[A-Z])|eta)\s+(?=[A-Z])", re.I)
"""A timetable's "arr. Funchal 08:40" and a text's "ETA Lyon 18:30": arriving there."""


_PIN = gated(
    r"(?:^|(?<=[.;!?]\s))\U0001f4cd\ufe0f?\s*(?P<place>[A-Za-z\u00c0-\u024f][\w.']*(?:\s+[A-Za-z][\w.']*){0,2})"
)
"""A map pin before a place ("📍Lisbon, day 2", "📍lisbon"): where the writer is, as a post tags it (a
town the gazetteer knows; "📍 Café Central" tags a venue)."""


def _pinned(m: re.Match[str]) -> str:
    words = m.group("place").split()
    for n in range(len(words), 0, -1):
        written = " ".join(words[:n])
        known = lookup(key_of(written))
        # In lower case, only under the gazetteer's rule for ordinary words ("📍 nice dinner").
        after = words[n] if n < len(words) else None
        if known is not None and (written[0].isupper() or accepts(known, written, after)):
            return f"now in {m.group('place')}"
    return m.group()


_RETURN_LABEL = gated(
    r"(?:^|(?<=[.;!?\n]\s)|(?<=\n))(?:return|inbound|homeward|back)\s*:\s*"
    r"(?=(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d|"
    r"[a-z]{3}\s*(?:\u2192|->|>|-|\u2013))",
    re.I,
)
"""An itinerary's "Return: Sun 15th", "Back: Fri 13 Mar", "Return: EWR→SFO" heads the way
home, as "Return flight:" does (not "Return: the blue jumper to Zara", a thing to take back)."""


_BULLET = gated(r"(?:^|(?<=\n))[ \t]*[-*\u2022][ \t]+(?=[A-Z])")
"""A list's bullet before a line that opens on a name ("- Sophie's fine", "\u2022 Ada's grumpy
but fine"): a mark, no word of the sentence ("-5 here" keeps its minus; "- in Denver till
Thu" is left to the list's own reading)."""


def as_sentences(text: str) -> str:
    """``text`` with the punctuation of a list written out as sentences (see the module)."""
    # A confirmation's columns, a trip's title, its dates on lines of their own.
    # Each search behind a mark every match of it holds: most messages are no list.
    text = itinerary_written_out(pointer_written_out(sub_where(_BULLET, "", text, *"-*\u2022")))
    text = sub_where(_PIN, _pinned, stay_written_out(text), "\U0001f4cd")
    text = sub_where(_RETURN_LABEL, "Return flight: ", text, ":")
    text = sub_where(_ARR_ETA, "arriving in ", text, "arr", "eta", lowered=True)
    text = sub_where(_PLACE_AGAIN, _place_again, text, "again")
    text = _AGE_TAG.sub("", text)
    if _LIST_MARKS.search(text) is None:  # the cheap test first
        return text
    text = _AGE_TAG.sub("", _FRAME_LABEL.sub("", text))
    text = _WEEKDAY_SPAN.sub(lambda m: _nth(m.group("first")), text)
    text = _CHECK.sub(",", _LINE_END.sub("; ", text))
    text = _legs(text)
    text = _NOW_AFTER.sub(lambda m: f"now in {m.group('place')}", text)
    text = _ANOTHER_PLACE.sub(lambda m: f"now in {m.group('rest')}", text)
    text = _NOW_LABEL.sub(_now, written_out(text))
    text = _PLACE_LEG.sub(_place_leg, text)
    text = _ARROW.sub(", then ", text)
    text = _DATED_PLACE.sub(_dated_place, text)
    text = _PLACE_DATED.sub(_dated_place, text)
    text = _DATE_RANGE.sub(r"\1 to \3", text)
    text = _HOME_LINE.sub(lambda m: f"back home {_day_words(m.group('head'))}", text)
    text = _DAY_N.sub(_day_in, text)
    text = _DAY_N_OF_WEEK.sub(lambda m: m.group("day"), text)
    # "Sat 7 Mar: arrive Lisbon": the heading's colon shows the line's verb, before it goes
    text = _HEADING.sub(_heading, _ARRIVE_LINE.sub("arriving in ", text))
    text = _ARRIVE_LINE.sub("arriving in ", text)
    text = _DAY_LEAD.sub(
        lambda m: _SHORT_DAYS.get(m.group("day").rstrip(".").lower(), m.group()), text
    )
    text = _STATUS_FIRST.sub(lambda m: f"{m.group('thing')} {m.group('status').lower()}", text)
    text = status_after_dash(text)
    return _BILL_PRICED.sub(lambda m: f"{m.group('item')} is ", text)


def _legs(text: str) -> str:
    """Each leg between airport codes as a flight to where it lands; a leg back to where an
    earlier one left is the flight home."""
    left: list[str] = []

    def leg(m: re.Match[str]) -> str:
        src, dst = m.group("src"), m.group("dst")
        city = city_of_code(dst)
        if city is None or city_of_code(src) is None:
            return m.group()
        home = dst in left
        left.append(src)
        return "flight home" if home else f"flight to {city}"

    return _LEG.sub(leg, text)


def _known_start(name: str) -> tuple[str, str] | None:
    """The longest known place that ``name`` starts with, and the words after it."""
    words = name.split()
    for n in range(len(words), 0, -1):
        if lookup(key_of(" ".join(words[:n]))) is not None:
            return " ".join(words[:n]), " ".join(words[n:])
    return None


def _place_leg(m: re.Match[str]) -> str:
    """A leg from one known place to another is a trip to the second."""
    src, dst = _known_start(m.group("src")), _known_start(m.group("dst"))
    words = m.group("src").split()
    # "OKAFOR/JOHN MR  Lagos → Accra": a ticket's capitals before the city it leaves from.
    known_src = (src is not None and not src[1]) or lookup(key_of(words[-1])) is not None
    if not known_src or dst is None:
        return m.group()
    rest = f" {dst[1]}" if dst[1] else ""
    return f"{m.group('head')}trip to {dst[0]}{rest}"


def _place_again(m: re.Match[str]) -> str:
    place = m.group("place")
    return f"back in {place}" if lookup(key_of(place)) is not None else m.group()


def _now(m: re.Match[str]) -> str:
    """ "Currently: Lisbon" is being there; "Current: working from …" is what one is doing."""
    rest = m.group("rest")
    after = m.string[m.start("rest") :].split(" ", 1)[0]
    if after.lower().endswith("ing"):
        return f"currently {rest}"
    return f"now in {rest}"


def _nth(day: str) -> str:
    """A weekday with a bare date as an ordinal ("Fri 20" → "Fri 20th"), the way a list's
    dated heading is read."""
    head, _, n = day.rpartition(" ")
    if not (head and n.isdigit()):
        return day
    end = "th" if 10 <= int(n) % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(int(n) % 10, "th")
    return f"{head} {n}{end}"


def _day_words(head: str) -> str:
    """A heading with its short day written out ("Sun" is Sunday there, not the sun)."""
    words = head.split(" ")
    words[0] = _SHORT_DAYS.get(words[0].rstrip(".").lower(), words[0])
    # "Sat 14th": "saturday the 14th", which names the 14th, not the coming Saturday; "Wed
    # 11 Mar": "wednesday the 11th of March" (a bare month after a number reads as a name).
    said = " ".join(f"the {w}" if re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", w) else w for w in words)
    return _DAY_MONTH.sub(_of_month, said)


_DAY_MONTH = gated(rf"\b(\d{{1,2}})\s+({_MONTHS})(?=\s|$)", re.I)
_MONTH_NAMES = [
    max((name for name, n in MONTHS.items() if n == number), key=len) for number in range(1, 13)
]
"""The months' full names, January first (the longest name ``timewords`` knows for each)."""


def _of_month(m: re.Match[str]) -> str:
    day = int(m.group(1))
    month = next((n for n in _MONTH_NAMES if n.startswith(m.group(2).lower().rstrip(".")[:3])), "")
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"the {day}{suffix} of {month.title()}" if month else m.group()


def _heading(m: re.Match[str]) -> str:
    return _day_words(m.group("head")) + " "


def _day_in(m: re.Match[str]) -> str:
    place = m.group("place")
    if place.lower() == "home":
        return "then home"  # "Wk 3 - home": the last line of a plan, home after it
    if m.group("head").lower().startswith(("wk", "week")):
        return f"trip to {place}"  # "Wk 2 - Hoi An": a list of weeks is a plan
    if lookup(key_of(place)) is None and lookup(key_of(place.split(" ")[0])) is None:
        return m.group()  # "Day 6 - Detox is hard": no place
    return f"{m.group('head')} in {place}"


def _dated_place(m: re.Match[str]) -> str:
    place = m.group("place")
    if lookup(key_of(place)) is None:
        return m.group()  # "May 3: Mom's birthday": no place
    return f"trip to {place} {m.group('when')}"
