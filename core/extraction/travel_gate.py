"""The words without which a clause that names no place cannot be about travel: the rule
that reads travel (``rules_travel``) skips a clause with none of them, no capitalised word
and no place the gazetteer starts, so most messages cost it nothing.
"""

from __future__ import annotations

TRAVEL_GATE = frozenset(
    [
        "trip",
        "trip's",
        "vacation's",
        "holiday's",
        "vacation",
        "holiday",
        "vacay",  # "vacay over": the slang for the holiday
        "vacay's",
        "hols",
        "getaway",
        "journey",
        "voyage",
        "flight",
        "away",
        "travel",
        "travels",
        "travelling",  # "travelling 16th-20th": away, its place unsaid
        "traveling",
        "town",  # "out of town thurs-sun"
        "country",
        "station",
        "outstation",
        "gone",
        "back",
        "home",
        "didn't",
        "don't",  # "I don't fly out until Sunday": leaving on Sunday
        "dont",
        "never",
        "not",
        "won't",
        "aren't",
        "isn't",
        "left",
        "arrived",
        "landed",
        "made",
        "touched",
        "cancelled",
        "canceled",
        "scrapped",
        "called",
        "return",
        "stay",
        "staying",
        "here",
        "extended",
        "extending",
        "there",  # "…in Tampa, I'm going there next week": a place said before
    ]
)
