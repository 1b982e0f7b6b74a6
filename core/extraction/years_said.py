"""A year said by its number, read for a clause's intent by where it stands from the
message's own year.

The tense rules read "in 2019", "from 2022", "back in 2024" as a stretch of life behind
(``FAR_PAST``) and know no year as a time. Two readings correct that, for the intent
only (the clause's fields and dates keep its own words):

- a year after the message's is ahead, as "next year" is: "in 2027 we're in lisbon for
  good", "from 2028 we're retiring to the Algarve", "summer 2027 we are in Japan";
- "from <a year behind>" beside a verb in the present is a learner's "since": "I stay in
  Riyadh from 2022", "we work here from 2019" tell a state that holds.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_YEAR_SAID = gated(
    r"(?:^|\b(?P<prep>in|by|from|until|till|til|thru|through|for|of|summer|winter|spring|"
    r"autumn|fall|early|late|mid|end|start|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\s+)"
    r"(?P<year>(?:19|20)\d\d)\b(?![\d$%£€.,]\d)"
)
"""A year after a preposition, a season or a month, or leading its clause (not "flight
2045", "$2030", "room 2031 at the Hilton")."""


def years_read(low: str, year: int, *, present: bool) -> str:
    """``low`` with its years read as the intent rules should: a year after ``year`` (the
    message's) as "next year"; with ``present`` (the clause's verb is in the present),
    "from <a year up to ``year``>" as "since" it."""
    if "19" not in low and "20" not in low:  # no year at all: the common case
        return low

    def read(m: re.Match[str]) -> str:
        said = int(m.group("year"))
        lead = m.group(0)[: m.start("year") - m.start()]
        if said > year:
            return lead + "next year"
        if present and m.group("prep") == "from":
            return lead[: m.start("prep") - m.start()] + "since " + m.group("year")
        return m.group(0)

    return _YEAR_SAID.sub(read, low)
