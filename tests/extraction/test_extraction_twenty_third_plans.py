"""The twenty-third round (issue 24), w23b: trips being planned and the days and places
they carry, found by the probe sentences written for this round in new voices
(``realistic/probes23b*-dev.jsonl``: planning group chats, mails to a travel agent, texts
with typos, advice posts, learners of English). Each class is tabled with paraphrases in
other voices and look-alikes that must keep their reading. Every row is a sentence written
for this module, none taken from an evaluation set. Message time: Wednesday 4 March 2026.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row, intent_said

from core.extraction.timeexpr import find_times

# ------------------------------------------------------------------ days said of a trip


@pytest.mark.parametrize(
    ("phrase", "first", "last"),
    [
        # "next weekend" is the weekend of next calendar week (14-15 March); "after next"
        # is the one a week on from it.
        ("the weekend after next", "2026-03-21", "2026-03-22"),
        ("weekend after next", "2026-03-21", "2026-03-22"),
        ("the week after next", "2026-03-16", "2026-03-22"),
        # The span without "after next" is unchanged.
        ("next weekend", "2026-03-14", "2026-03-15"),
    ],
)
def test_a_span_after_next_is_a_week_on_from_the_next(phrase: str, first: str, last: str) -> None:
    refs = find_times(phrase, AT)
    assert [(r.day.isoformat(), r.end_day and r.end_day.isoformat()) for r in refs] == [
        (first, last)
    ]


PLANNED: list[FieldRow] = [
    # A span after next dates the trip it is said with.
    ("driving down to Cork the week after next", "travel.depart_date", "2026-03-16", "planning"),
    ("Leeds-bound the weekend after next", "travel.depart_date", "2026-03-21", "planning"),
    # A holiday's doing somewhere, ahead: where the trip goes ...
    ("snowboarding in Tignes next week, can't wait", "travel.destination", "Tignes", "planning"),
    ("we're camping at Joshua Tree on the 14th", "travel.destination", "Joshua Tree", "planning"),
    ("hiking in Snowdonia on saturday", "travel.depart_date", "2026-03-07", "planning"),
    # ... but doing it now or once is no plan.
    ("we're skiing in Aspen this week", "travel.destination", None, ""),
    ("went hiking in Snowdonia last year", "travel.destination", None, ""),
    # The trip's place in brackets, a mark inside them not ending the sentence.
    ("our anniversary trip (Bali!!) is in three weeks", "travel.destination", "Bali", "planning"),
    ("the work trip (Austin?!) is on the 12th", "travel.depart_date", "2026-03-12", "planning"),
    # Taking someone along: the going is the speaker's.
    (
        "taking my dad to Dublin on the 20th for his birthday",
        "travel.destination",
        "Dublin",
        "planning",
    ),
    (
        "we're taking our little boy to Legoland tomorrow",
        "travel.destination",
        "Legoland",
        "planning",
    ),
    ("taking the dog to the vet on friday", "travel.destination", None, ""),
    # A departure named as a noun.
    ("the departure to Cusco is set for the 18th", "travel.destination", "Cusco", "planning"),
    (
        "our departure for Nice is confirmed for Friday",
        "travel.depart_date",
        "2026-03-06",
        "planning",
    ),
    ("the departure board at Euston is a mess", "travel.destination", None, ""),
    # A trip by its place, booked (a place the gazetteer knows, not a person).
    ("Crete is booked!! we go on the 22nd", "travel.destination", "Crete", "planning"),
    ("Lisbon's booked for the 20th!", "travel.depart_date", "2026-03-20", "planning"),
    ("Sarah is booked for the 3pm slot", "travel.destination", None, ""),
    # A trip's first stop, a plan's label, the bags packed for it.
    ("first stop is Tbilisi on the 10th", "travel.destination", "Tbilisi", "planning"),
    ("plan: Kyoto on the 21st, Nara after", "travel.depart_date", "2026-03-21", "planning"),
    ("packing for Reno tonight, flight at 7", "travel.destination", "Reno", "planning"),
    ("the plan: stay home and sleep", "travel.status", None, ""),
    # Going with whoever comes along, between the going and the place.
    (
        "next month we go with all the cousins to Cappadocia",
        "travel.destination",
        "Cappadocia",
        "planning",
    ),
    ("flying with my sister to Accra on the 16th", "travel.depart_date", "2026-03-16", "planning"),
    ("I went with my mum to Paris last year", "travel.destination", None, ""),
    # A word code in capitals where a place must stand is the airport's city.
    ("flying into SEA on the 9th", "travel.destination", "Seattle", "planning"),
    ("we land at LAX saturday morning", "travel.destination", "Los Angeles", "planning"),
]


BOOKED: list[FieldRow] = [
    # A passage or a stay booked for a day ahead: the booking is done, the trip is ahead.
    ("grabbed two tickets to Glasgow for the 19th", "travel.depart_date", "2026-03-19", "planning"),
    ("sorted the ferry to Bilbao for Friday", "travel.destination", "Bilbao", "planning"),
    (
        "nabbed seats on the train to York for sunday",
        "travel.depart_date",
        "2026-03-08",
        "planning",
    ),
    # A ride taken, not booked, and someone else's booking, plan nothing of the speaker's.
    ("we grabbed the train to Leeds on the 1st, it was packed", "travel.status", None, ""),
    ("my boss grabbed flights to Denver for the 14th", "travel.destination", None, ""),
]


ACROSS: list[FieldRow] = [
    # The day a clause after the trip sets out on, "go" said with its day.
    ("Crete is booked!! we go on the 22nd", "travel.depart_date", "2026-03-22", "planning"),
    ("flights to Oslo booked, we go friday", "travel.depart_date", "2026-03-06", "planning"),
    ("the kids go to camp on friday", "travel.depart_date", None, ""),
    # Setting out, then the way back in its own clause: one trip, both days.
    (
        "I am departing on 9th April and returning on 16th April",
        "travel.depart_date",
        "2026-04-09",
        "planning",
    ),
    ("leaving on the 10th and back on the 13th", "travel.return_date", "2026-03-13", "planning"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PLANNED + BOOKED + ACROSS)
def test_a_trip_ahead_said_in_other_words(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        # What was heard, judged: someone else's plan, no fact of the speaker's.
        ("Rome on the 2nd sounds amazing, enjoy!!", {"none"}),
        ("lisbon next week sounds fun, have a great time", {"none"}),
        ("that hotel in Porto sounds lovely", {"none"}),
        # How someone sounds is their health heard, a state.
        ("dad's cough sounds worse today", {"assertive"}),
        # A hedge on the speaker's own news stays the news.
        ("sounds like im flying to denver on the 12th", {"planning"}),
    ],
)
def test_a_plan_heard_and_judged_is_none(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents
