"""Time zones as people say them: "pacific time", "on east coast time", "CET", "GMT+2".

``spoken_timezone`` finds the speaker's own time zone in a clause and names it the
way ``profile.timezone`` holds it (an IANA name). It takes:

- the explicit field: "my time zone is CET", "timezone: Europe/Berlin", "tz = PST";
- a zone said of where one is or lives: "I'm on pacific time", "we're in mountain time
  here", "I live in Chicago, central time", "live in Seattle so pacific time for me";
- an offset: "GMT+2", "UTC-5" (whole hours; IANA's ``Etc/GMT`` zones count the other way).

A zone that dates a clock time says when something happens, not where the speaker
lives: "the call is at 3pm eastern time" sets nothing.
"""

from __future__ import annotations

import re
from zoneinfo import available_timezones

from core.extraction.gazetteer import time_zone_of
from core.extraction.word_gates import gated

_SPOKEN: dict[str, str] = {
    **dict.fromkeys(
        ["pacific", "west coast", "pacific standard", "pacific daylight", "pst", "pdt", "pt"],
        "America/Los_Angeles",
    ),
    **dict.fromkeys(
        ["mountain", "mountain standard", "mountain daylight", "mst", "mdt", "mt"],
        "America/Denver",
    ),
    **dict.fromkeys(
        ["central", "central standard", "central daylight", "cst", "cdt", "ct"],
        "America/Chicago",
    ),
    **dict.fromkeys(
        ["eastern", "east coast", "eastern standard", "eastern daylight", "est", "edt", "et"],
        "America/New_York",
    ),
    **dict.fromkeys(["alaska", "alaskan", "akst", "akdt"], "America/Anchorage"),
    **dict.fromkeys(["hawaii", "hawaiian", "hst"], "Pacific/Honolulu"),
    **dict.fromkeys(["atlantic", "ast", "adt"], "America/Halifax"),
    **dict.fromkeys(["central european", "cet", "cest"], "Europe/Paris"),
    **dict.fromkeys(["eastern european", "eet", "eest"], "Europe/Athens"),
    **dict.fromkeys(["western european", "wet", "west"], "Europe/Lisbon"),
    **dict.fromkeys(["uk", "british", "gmt", "bst", "london"], "Europe/London"),
    **dict.fromkeys(["irish", "ireland"], "Europe/Dublin"),
    **dict.fromkeys(["utc", "zulu"], "UTC"),
    **dict.fromkeys(["india", "indian", "ist"], "Asia/Kolkata"),
    **dict.fromkeys(["japan", "japanese", "jst"], "Asia/Tokyo"),
    **dict.fromkeys(["australian eastern", "aest", "aedt", "aet"], "Australia/Sydney"),
    **dict.fromkeys(["australian central", "acst", "acdt"], "Australia/Adelaide"),
    **dict.fromkeys(["gulf", "gst"], "Asia/Dubai"),
    **dict.fromkeys(["indochina", "ict"], "Asia/Bangkok"),
    **dict.fromkeys(["western indonesia", "wib"], "Asia/Jakarta"),
    **dict.fromkeys(["malaysia", "myt"], "Asia/Kuala_Lumpur"),
    **dict.fromkeys(["moscow", "msk"], "Europe/Moscow"),
    # The zones of Africa, Asia and the Pacific, said by their region or their letters.
    **dict.fromkeys(["west africa", "west african", "wat"], "Africa/Lagos"),
    **dict.fromkeys(["east africa", "east african", "eat"], "Africa/Nairobi"),
    **dict.fromkeys(["south africa", "south african", "sast"], "Africa/Johannesburg"),
    **dict.fromkeys(["philippine", "philippines", "ph", "pht"], "Asia/Manila"),
    **dict.fromkeys(["singapore", "sgt"], "Asia/Singapore"),
    **dict.fromkeys(["hong kong", "hkt"], "Asia/Hong_Kong"),
    **dict.fromkeys(["korea", "korean", "kst"], "Asia/Seoul"),
    **dict.fromkeys(["pakistan", "pkt"], "Asia/Karachi"),
    **dict.fromkeys(["bali", "wita"], "Asia/Makassar"),
    **dict.fromkeys(["new zealand", "nz", "nzt", "nzst", "nzdt"], "Pacific/Auckland"),
    **dict.fromkeys(["australian western", "awst"], "Australia/Perth"),
    **dict.fromkeys(["brasilia", "brt"], "America/Sao_Paulo"),
}
_WORDS = "|".join(
    sorted((re.escape(k) for k in _SPOKEN if " " in k or len(k) > 4), key=len, reverse=True)
)
_ABBREVS = "|".join(
    sorted((k for k in _SPOKEN if " " not in k and len(k) <= 4), key=len, reverse=True)
)
_OFFSET = r"(?:gmt|utc)\s*(?P<sign>[+-])\s*(?P<hours>\d{1,2})(?::(?P<minutes>00|30|45))?(?![:\d])"
_EXPLICIT = gated(
    r"\b(?:time\s*zone|tz)(?:'s|\s+is|\s*[:=])?\s*(?:in\s+|now\s+)?"
    r"(?P<raw>(?:gmt|utc)\s*[+-]\s*\d{1,2}(?::(?:00|30|45))?(?![:\d])|[a-z_/-]+)(?:\s+(?P<more>[a-z]+))?"
)
_SAID = gated(
    # "moved to the Pacific time zone", "my timings are IST": the zone one keeps, said as
    # where one went or as what one's hours are.
    r"(?:^|[,;(]\s*|\b(?:on|in|using|use|keep|so|it's|its|that's|am\s+on|are\s+on|"
    r"(?:moved|switched|changed|shifted|relocated)\s+to|(?:timings?|hours|clock)\s+(?:is|are)|"
    # "I'm UTC+1 for the next month": the offset said as what one is
    # "we're Central time here in Chicago", "im pacific time btw": the zone one is, "on" left out
    r"(?:i'm|im|i\s+am|we're|we\s+are)(?=\s+(?:(?:gmt|utc)\s*[+-]|(?:"
    + _WORDS
    + "|"
    + _ABBREVS
    + r")\s+time\b)))\s+)"
    r"(?:the\s+)?"
    rf"(?:{_OFFSET}|(?P<zone>{_WORDS}|{_ABBREVS})\s+time(?:\s*zone)?|(?P<abbr>{_ABBREVS}))\b"
)
_ON_ZONE = gated(
    r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:still\s+|now\s+|actually\s+)?on\s+(?:the\s+)?"
    r"(?P<zone>eastern|central|pacific|mountain|east\s+coast|west\s+coast)\b(?!\s+(?:europe|asia|"
    r"africa|standard|daylight|time|line|park|avenue|ave|street|st|campus)\b)"
)
"""Gamers' and remote workers' "im on eastern", "I'm on central, not eastern": the zone one
keeps, "time" left out."""
_SPEAKER_ON = gated(
    r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:(?:now|still|back|currently|also)\s+)?on\s+$"
)
"""The writer on a zone, typed in lower case as chat is ("so im on aest now", "we're on cet"):
after "I'm on" an abbreviation is the zone one keeps."""
_ON_OR_IN = gated(r"\b(?:on|in|(?:timings?|hours|clock)\s+(?:is|are))\s+(?:the\s+)?$")
_CLOCK = gated(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|h)?\b|\b(?:noon|midnight|o'clock)\b")
_ZONES: set[str] = set()


def _iana(name: str) -> str | None:
    if not _ZONES:
        _ZONES.update(available_timezones())  # once, lazily: few clauses get here
    return name if name in _ZONES else None


_PART_HOURS = {
    ("+", 5, "30"): "Asia/Kolkata",
    ("+", 5, "45"): "Asia/Kathmandu",
    ("+", 3, "30"): "Asia/Tehran",
    ("+", 4, "30"): "Asia/Kabul",
    ("+", 6, "30"): "Asia/Yangon",
    ("-", 3, "30"): "America/St_Johns",
}
"""Offsets with a part hour, which no ``Etc/GMT`` zone has: the zone that keeps each all
year ("UTC+5:30" is India's)."""


def _offset(sign: str, hours: str, minutes: str | None = None) -> str | None:
    n = int(hours)
    if minutes and minutes != "00":
        return _iana(_PART_HOURS[(sign, n, minutes)]) if (sign, n, minutes) in _PART_HOURS else None
    if n == 0:
        return "UTC"
    if n > 14:
        return None
    return _iana(f"Etc/GMT{'-' if sign == '+' else '+'}{n}")  # Etc/GMT-2 is UTC+2


def _explicit(text: str, low: str) -> str | None:
    m = _EXPLICIT.search(low)
    if m is None:
        return None
    if re.match(r"\s*[+-:]?\s*\d", low[m.end("raw") :]):
        return None  # "GMT+5:30": no whole-hour zone says it
    raw = re.sub(r"\s+", "", m.group("raw"))
    if om := re.fullmatch(_OFFSET, raw):
        return _offset(om.group("sign"), om.group("hours"), om.group("minutes"))
    two = f"{raw} {m.group('more')}" if m.group("more") else ""
    if two in _SPOKEN:
        return _SPOKEN[two]
    if raw in _SPOKEN:
        return _SPOKEN[raw]
    original = text[m.start("raw") : m.start("raw") + len(m.group("raw"))]
    return _iana(original) or _iana(original.title())


def spoken_timezone(text: str, low: str) -> str | None:
    """The speaker's time zone named in a clause (``text`` and its lowercase ``low``)."""
    if (tz := _explicit(text, low)) is not None:
        return tz
    for m in _SAID.finditer(low):
        if _CLOCK.search(low, max(0, m.start() - 12), m.start()):
            continue  # "at 3pm eastern time": a time of day, not where one lives
        if m.group("abbr") is not None:
            # A bare abbreviation must be said as one ("on CET", "in PST") and written
            # as one: "et" or "pt" in lower case are too often something else.
            word = text[m.start("abbr") : m.end("abbr")]
            typed_low = not word.isupper() and _SPEAKER_ON.search(low, 0, m.start("abbr"))
            if not (word.isupper() or typed_low) or not _ON_OR_IN.search(low, 0, m.start("abbr")):
                continue
            if m.group("abbr") in _COUNTRY_LETTERS:
                continue  # "in NZ for two weeks": a country one is in, its clock unsaid
            return _SPOKEN[m.group("abbr")]
        if m.group("zone") is not None:
            return _SPOKEN[m.group("zone")]
        return _offset(m.group("sign"), m.group("hours"), m.group("minutes"))
    if (on := _ON_ZONE.search(low)) is not None:
        return _SPOKEN.get(" ".join(on.group("zone").split()))
    if (city := _CITY_TIME.search(low)) is not None and not _CLOCK.search(
        low, max(0, city.start() - 12), city.start()
    ):
        return time_zone_of(city.group("city"))
    if (here := CLOCK_HERE.search(low)) is not None:
        # "it's 3am here in Manila": the clock where the speaker is, said to excuse the hour.
        words = here["city"].split()
        for n in (2, 1):
            if len(words) >= n and (tz := time_zone_of(" ".join(words[:n]))):
                return tz
    if _HOURS_OFF.search(low):
        if (here := _HERE_CITY.search(low)) is not None and (tz := time_zone_of(here["city"])):
            return tz  # "8 hours ahead of London here in Mumbai": the clock where one is
        for zone in _ZONE_WORD.finditer(low):
            if not _THEIRS.search(low, 0, zone.start()):
                return _SPOKEN[" ".join(zone.group().split())]
    return None


CLOCK_HERE = gated(
    r"\bit'?s\s+(?:(?:like|almost|nearly|past|already|just|gone)\s+)?(?:\d{1,2}(?::\d\d)?\s*"
    r"(?:am|pm)|midnight|noon)\s+(?:here|over\s+here|where\s+i\s+am)\s+in\s+"
    r"(?P<city>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)"
)
"""The hour where the speaker is: "it's 3am here in Manila", "its like midnight here in Perth"."""
_THEIRS = gated(r"\b(?:ahead\s+of|behind|than|from|of)\s+(?:the\s+)?$")
"""A zone named as the one the speaker is measured against ("5 hours ahead of London")."""
_HERE_CITY = gated(
    r"\b(?:here\s+in|based\s+in|(?:i|we)\s+live\s+in|living\s+in)\s+"
    r"(?P<city>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)"
)


_COUNTRY_LETTERS = frozenset({"nz", "ph"})
"""Letters that name a zone only before "time" ("PH time"); alone they name a country."""
_CITY_TIME = gated(
    r"\b(?:on|in|using|keep|keeping)\s+(?P<city>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)\s+time\b"
)
"""A city's clock kept: "I'm on Sydney time", "still on lagos time" (a city the gazetteer
knows, so "in real time" and "on my own time" name none)."""
_HOURS_OFF = gated(
    r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:\w+\s+)?(?:\d{1,2}|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve)(?:\.5|\s+and\s+a\s+half)?\s+(?:hours?|hrs?)\s+"
    r"(?:ahead|behind)\b"
)
_ZONE_WORD = gated(rf"\b(?:{_WORDS})\b")
"""The speaker so many hours off and a zone named beside it: "im 3 hours behind you guys,
west coast"."""


ZONE_LETTERS = frozenset(k.upper() for k in _SPOKEN if " " not in k and len(k) == 4)
"""Zones written in four capitals ("AEST", "NZDT"): letters, not a shouted word."""

GATE_WORDS = frozenset(w for k in _SPOKEN for w in k.split()) | {"gmt", "utc", "time", "tz", "here"}
"""Words one of which a clause naming a time zone contains (a rule's keyword gate)."""
