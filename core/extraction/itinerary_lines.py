"""The lines of a pasted itinerary or booking confirmation that ``list_lines`` does not
write out, said as the sentences they stand for.

A confirmation or an itinerary copied into a message keeps its table's shape: a stay as
columns ("Hotel: Casa do Rio, Porto | in 18.03 | out 21.03 | paid"), the trip's name as a
title ("ITINERARY – PRAGUE CITY BREAK") over its flights ("Flights: 20 Mar out, 23 Mar
back"), a leg with its date in front and no colon ("Sat 14 Mar   Zürich → Milan   EC 317"),
a crossing named by its two ends ("Ferry Dover–Calais Thu 12 Mar") and a label with a short
weekday ("Return: Sun"). Each is the writer's own plan (someone else's is said so in
prose, and the speaker rules keep it theirs), so each is written out the way the travel
rules read a plan: "staying in Porto from 18.03 to 21.03", "Trip to Prague.", "flying out
20 Mar, back 23 Mar", "Sat 14 Mar: Zürich → Milan", "ferry from Dover to Calais",
"Return: sunday". Only a known place is written into a trip: "Hotel: Golden Well | in
…" names no town.
"""

from __future__ import annotations

import re

from core.extraction.gazetteer import key_of, lookup
from core.extraction.regex_branches import sub_where
from core.extraction.word_gates import gated

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?\.?"
_DATE = (
    rf"(?:(?:{_WEEKDAY}\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|(?:{_WEEKDAY}\s+)?{_MONTH}\s+"
    rf"\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}[./]\d{{1,2}}(?:[./]\d{{2,4}})?|{_WEEKDAY}\s+"
    r"\d{1,2}(?:st|nd|rd|th)?)"
)
_PLACE_WORDS = (
    r"[A-Z\u00c0-\u024f][\w\u00c0-\u024f.'-]*(?:[ \t]+[A-Z\u00c0-\u024f][\w\u00c0-\u024f.'-]*){0,2}"
)

_STAY_COLUMNS = gated(
    # "Hotel: Casa do Rio, Porto | in 18.03 | out 21.03 | paid", "Airbnb Lisbon · check-in
    # 12 Mar · check-out 15 Mar": a stay's columns, its first night and its last morning.
    rf"(?im)^(?P<line>[^\n]*?)\b(?:check[\s-]?in|in|arr(?:ival|ives?)?)\b\s*[:\-]?\s*(?P<a>{_DATE})"
    rf"[^\n]*?\b(?:check[\s-]?out|out|dep(?:arture|arts?)?)\b\s*[:\-]?\s*(?P<b>{_DATE})[^\n]*$"
)
_TRIP_TITLE = gated(
    # "ITINERARY – PRAGUE CITY BREAK", "Lisbon long weekend", "Trip: Kraków getaway": the
    # title line that names the trip by its place.
    r"(?im)^(?:(?:itinerary|trip|plan|plans|travel\s+plan)\s*[:\-\u2013\u2014]\s*)?"
    r"(?P<place>[^\n:\-\u2013\u2014]{3,30}?)\s+(?:city\s+break|long\s+weekend|weekend\s+away|"
    r"weekend|trip|holiday|getaway|break|itinerary)\s*$"
)
_OUT_AND_BACK = gated(
    # "Flights: 20 Mar out, 23 Mar back", "flights 3/12 out / 3/19 back": the dates first.
    rf"(?i)\b(?P<a>{_DATE})\s+out\s*[,/;&]?\s*(?:and\s+)?(?P<b>{_DATE})\s+(?:back|return)\b"
)
_DATED_LEG = gated(
    # "Sat 14 Mar   Zürich → Milan   EC 317": the date heads the leg without its colon.
    rf"(?m)^(?P<head>(?i:{_DATE}|{_WEEKDAY}))[ \t]+(?=(?:{_PLACE_WORDS})[ \t]*(?:->|\u2192))"
)
_CROSSING = gated(
    # "Ferry Dover–Calais Thu 12 Mar", "train Lisbon-Porto 9:40": a mode between two ends.
    r"\b(?P<mode>(?i:ferry|train|flight|coach|bus|boat|sleeper|night\s+train|eurostar|drive))"
    rf"\s+(?P<a>{_PLACE_WORDS})\s*[\u2013\u2014-]\s*(?P<b>{_PLACE_WORDS})\b"
)
_SHORT_DAY_LABEL = gated(
    # "Return: Sun", "Back: Fri", "Out: Tue": a label's weekday said short.
    r"(?im)^(?P<label>return|inbound|outbound|out|back|departure|depart|homeward)\s*:\s*"
    r"(?P<day>mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\.?(?=\s*(?:$|[,;(]|\d))"
)
_HEADED_LINE = gated(
    # "Tues 10th: dentist 9am, then train to Leeds 12:40", "Tomorrow: check out 10am,
    # shuttle to airport, 13:50 flight home": a day heads every item of its line.
    rf"(?im)^(?P<head>(?:{_DATE}|{_WEEKDAY}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|today|tonight|"
    r"tomorrow|tmrw))\s*[:\u2013\u2014-]\s*(?P<first>[^,;\n]+)(?P<rest>(?:[,;][^,;\n]+)+)$"
)
_LEG_ITEM = gated(
    r"\b(?:(?:train|flight|fly|flying|ferry|coach|bus|drive|driving|sleeper)\s+(?:\w+\s+)?to\s+"
    rf"{_PLACE_WORDS}|(?:flight|train|drive|ferry|fly|flying)\s+(?:home|back)\b)"
)
_OWN_DAY = gated(
    rf"(?i)\b(?:{_WEEKDAY}|today|tonight|tomorrow|tmrw|tmr|{_MONTH}\s*\d|\d{{1,2}}/\d{{1,2}}|"
    r"\d{1,2}(?:st|nd|rd|th)\b)"
)
_WEEKDAY_FIRST = gated(rf"(?i)^{_WEEKDAY}\s+(?=\d)")
_NIGHTS_AT = gated(
    # "Nights 1–3: Hoi An (Little Riverside)", "Night 4: Hue": where the plan sleeps.
    rf"(?im)^(?:nights?|n)\s*\d{{1,2}}(?:\s*[\u2013\u2014-]\s*\d{{1,2}})?\s*[:\u2013\u2014-]\s*"
    rf"(?P<place>{_PLACE_WORDS})"
)
_SPAN_THEN_PLACE = gated(
    # "From 9 to 12 March: Berlin (work)", "3rd-6th April – Seville": days, then the stop.
    rf"(?im)^(?:from\s+)?(?P<when>\d{{1,2}}(?:st|nd|rd|th)?\s*(?:to|until|till|[\u2013\u2014-])\s*"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH})\s*[:\u2013\u2014-]\s*(?P<place>{_PLACE_WORDS})"
)
_ANY_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?"
_WEEKDAYS_IN_PLACE = gated(
    # "Wed to Fri in Bristol for work", "this week: Mon gym, Thu-Sat in Leeds": a week's days,
    # then where they are spent.
    rf"(?im)(?:^|(?<=[:,]\s))(?:from\s+)?(?P<a>{_ANY_WEEKDAY})\s*(?:to|until|till|[\u2013\u2014-])\s*"
    rf"(?P<b>{_ANY_WEEKDAY})\s+in\s+(?P<place>{_PLACE_WORDS})"
)
_BARE_LEG_VERB = gated(
    # "Plan: leave Sat 7am, arrive Inverness ~3pm, 2 nights, home Mon": a plan's legs by
    # their bare verbs, each at the head of an item, before an hour (a day may come first)
    # or a place ("leave sun, home sat" keeps its words: no hour, nothing to tell).
    rf"(?m)(?:^|(?<=[:,;]\s))(?P<v>(?i:leave|depart|arrive|land))\s+(?=(?:(?i:{_ANY_WEEKDAY})\s+)?"
    r"(?:~?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b|~?\d{1,2}[:.]\d\d\b)|(?<=ive\s|and\s)[A-Z][a-z])"
)
_ING = {"leave": "leaving", "depart": "departing", "arrive": "arriving in", "land": "landing in"}
_NIGHTS_FROM = gated(
    # "Booking confirmed – Premier Inn Cardiff City Centre, 2 nights from Thu 12 March": a
    # stay's nights and its first day, the town somewhere in the hotel's name before them.
    rf"(?im)^(?P<line>[^\n]*?)\b(?:\d{{1,2}}|one|two|three|four|five|six|seven)\s+nights?\s+"
    rf"(?:from|starting(?:\s+on)?)\s+(?P<when>{_DATE})"
)
_LEG_TIMES = gated(
    # "dep 06:35 arr 09:20": a timetable's abbreviations, said out.
    r"(?i)\b(?P<w>dep|arr)\.?\s+(?=\d{1,2}[:.]\d\d)"
)
_DATED_RETURN = gated(
    # "Return 28 Mar 09:05 SIN → LHR", "Inbound 3/19": the label without its colon.
    rf"(?im)^(?P<label>return|inbound|outbound)\s+(?=\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|"
    rf"\d{{1,2}}/\d{{1,2}}|{_WEEKDAY}\s)"
)
_VERB_SHORT_DAY = gated(
    # "arriving Sat", "leave Tue": a verb's short weekday is a day, not a place.
    r"(?i)\b(?P<verb>arriv(?:e|es|ing)|land(?:s|ing)?|leav(?:e|es|ing)|return(?:s|ing)?|"
    r"depart(?:s|ing)?)\s+(?P<day>mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b\.?"
)
_STATUS_DASH_FIRST = gated(
    # "Cancelled — Rome, 20–23 Mar (strike)": the status heads the line, the trip after it.
    rf"(?im)^(?P<status>cancell?ed|postponed|called\s+off)\s*[\u2013\u2014-]\s*(?P<place>{_PLACE_WORDS})"
)
_DAYS = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday"}
_DAYS |= {"weds": "wednesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday"}
_DAYS |= {"fri": "friday", "sat": "saturday", "sun": "sunday"}
_MARKS = gated(
    r"\bin\b|\bout\b|\barr|\bdep|->|\u2192|[\u2013\u2014-]|:|break|weekend|trip|holiday|"
    r"\bnights?\b|return|inbound|outbound|\bback\b|leav|land|arriv",
    re.I,
)


def _known_start(words: str) -> str | None:
    """The gazetteer's name of the longest known place ``words`` starts with."""
    found = _known_prefix(words)
    return found[0] if found else None


def _known_prefix(words: str) -> tuple[str, str] | None:
    """The gazetteer's name of the longest known place ``words`` starts with, and the
    words after it ("Hue (homestay)" → "Huế", " (homestay)")."""
    tokens = words.split(" ")
    for n in range(min(3, len(tokens)), 0, -1):
        place = lookup(key_of(" ".join(tokens[:n])))
        if place is not None:
            return place.name, words[len(" ".join(tokens[:n])) :]
    return None


def _known_place_in(words: str) -> bool:
    """Whether a capitalised known place stands among ``words`` ("in Chicago", "Lisbon")."""
    tokens = words.split()
    return any(
        t[:1].isupper() and _known_start(" ".join(tokens[i : i + 3])) is not None
        for i, t in enumerate(tokens)
    )


def _column_place(line: str) -> str | None:
    """The town among a stay's columns: a column that is a known place, once its label
    ("Hotel:", "Airbnb") is off ("Hotel: Casa do Rio, Porto" is in Porto, not Rio)."""
    for column in re.split(r"[,|\u00b7;()\u2013\u2014]|\s-\s", line):
        column = column.split(":")[-1].strip()
        place = lookup(key_of(column)) if column else None
        if place is not None:
            return place.name
    return None


def _nights_from(m: re.Match[str]) -> str:
    """ "staying in <town> from <day>" for a stay's nights whose line names a known town."""
    tokens = m.group("line").split()
    for i, t in enumerate(tokens):
        if t[:1].isupper() and (place := _known_start(" ".join(tokens[i : i + 3]))) is not None:
            return f"{m.group()}. Staying in {place} from {_WEEKDAY_FIRST.sub('', m.group('when'))}"
    return m.group()


def _stay(m: re.Match[str]) -> str:
    place = _column_place(m.group())
    if place is None:
        return m.group()
    a, b = (_WEEKDAY_FIRST.sub("", m.group(g)) for g in ("a", "b"))  # "Sun 15 March": the date
    return f"staying in {place} from {a} to {b}"


def _title(m: re.Match[str]) -> str:
    words = m.group("place").strip()
    place = lookup(key_of(words))
    if place is None:
        return m.group()
    return f"Trip to {place.name}."


def _known_trip(m: re.Match[str], words: str, when: str = "") -> str:
    """ "trip to <place><when>" for the matched line's start, when ``words`` start with a
    known place; the line as it was otherwise."""
    found = _known_prefix(words)
    if found is None:
        return m.group()
    return f"trip to {found[0]}{when}{found[1]}"


def _status_first(m: re.Match[str]) -> str:
    found = _known_prefix(m.group("place"))
    if found is None:
        return m.group()
    return f"trip to {found[0]} {m.group('status').lower()}{found[1]}"


def _crossing(m: re.Match[str]) -> str:
    a, b = _known_prefix(m.group("a")), _known_prefix(m.group("b"))
    if a is None or b is None or a[1]:
        return m.group()
    return f"{m.group('mode')} from {a[0]} to {b[0]}{b[1]}"


def _headed_items(m: re.Match[str]) -> str:
    """A heading's day said again on the first later item that is a leg of the trip, and
    that item cut off as a sentence of its own."""
    head, first, items = m.group("head"), m.group("first"), re.split(r"(?=[,;])", m.group("rest"))
    if _LEG_ITEM.search(first) is not None or _known_place_in(first):
        return m.group()  # the first item is dated by the heading already, or is the stop
    words = head.split()
    said = " ".join([_DAYS.get(words[0].rstrip(".").lower(), words[0].lower()), *words[1:]])
    said = f"on {said}" if said[0].isdigit() or words[0].lower() in _DAYS else said
    for i, item in enumerate(items):
        leg = _LEG_ITEM.search(item)
        if leg is not None and _OWN_DAY.search(item) is not None:
            break  # "…, flying home tmrw": the leg has its own day
        if leg is not None:
            # its own sentence, as a line of the list would be
            item = ";" + item[1:] if item.startswith(",") else item
            items[i] = f"{item[: leg.end()]} {said}{item[leg.end() :]}"
            break
    return f"{head}: {first}{''.join(items)}"


def _leg_verb(m: re.Match[str]) -> str:
    """A bare leg verb as its participle; "in" only before a place ("arrive 3pm" stays
    "arriving")."""
    verb = _ING[m.group("v").lower()]
    rest = m.string[m.end() :]
    if not rest[:1].isupper() or re.match(rf"(?i:{_ANY_WEEKDAY})\b", rest):
        verb = verb.removesuffix(" in")
    return verb


def _day(word: str) -> str:
    """A weekday written out: "Wed" -> "wednesday" ("Friday" stays)."""
    short = word.lower().rstrip(".")
    return _DAYS.get(short, short)


_DASHES = ("-", "\u2013", "\u2014")


def _out_and_back(m: re.Match[str]) -> str:
    return f"flying out {m.group('a')}, back {m.group('b')}"


def _leg_time(m: re.Match[str]) -> str:
    return "departing " if m["w"].lower() == "dep" else "arriving "


def _verb_day(m: re.Match[str]) -> str:
    return f"{m['verb']} {_DAYS[m['day'].lower()]}"


def written_out(text: str) -> str:
    """``text`` with an itinerary's stays, titles, out-and-back dates, dated legs,
    crossings and short weekdays after a label said as sentences (see the module)."""
    if _MARKS.search(text) is None:  # the cheap test first
        return text
    # Each pattern behind a word or mark every match of it holds ("out" in a stay's
    # columns), tested on the text as it stands.
    if "," in text or ";" in text:
        text = sub_where(_HEADED_LINE, _headed_items, text, ":", *_DASHES)
    text = sub_where(_STAY_COLUMNS, _stay, text, "out", "dep", lowered=True)
    text = _TRIP_TITLE.sub(_title, text)
    if "out" in text.lower():
        text = sub_where(_OUT_AND_BACK, _out_and_back, text, "back", "return", lowered=True)
    text = _DATED_LEG.sub(lambda m: f"{m.group('head')}: ", text)
    text = sub_where(_CROSSING, _crossing, text, *_DASHES)
    text = _NIGHTS_AT.sub(lambda m: _known_trip(m, m.group("place")), text)
    text = _SPAN_THEN_PLACE.sub(
        lambda m: _known_trip(m, m.group("place"), f" from {m.group('when')}"), text
    )
    text = _WEEKDAYS_IN_PLACE.sub(
        lambda m: _known_trip(m, m.group("place"), f" from {_day(m['a'])} to {_day(m['b'])}"), text
    )
    text = sub_where(_NIGHTS_FROM, _nights_from, text, "ght", lowered=True)  # "night(s)"
    legs = ("leav", "dep", "arr", "land")
    text = sub_where(_BARE_LEG_VERB, lambda m: _leg_verb(m) + " ", text, *legs, lowered=True)
    text = sub_where(_LEG_TIMES, _leg_time, text, "dep", "arr", lowered=True)
    text = _DATED_RETURN.sub(lambda m: f"{m.group('label')}: ", text)
    text = sub_where(_STATUS_DASH_FIRST, _status_first, text, *_DASHES)
    text = sub_where(_VERB_SHORT_DAY, _verb_day, text, *legs, "return", lowered=True)
    return _SHORT_DAY_LABEL.sub(
        lambda m: f"{m.group('label')}: {_DAYS[m.group('day').lower()]}", text
    )
