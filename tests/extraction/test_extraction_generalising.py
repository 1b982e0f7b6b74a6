"""Broad phenomena the fourth round of real-text work reads (issue 24), found on the dev
halves of the realistic sets: each table row is one message and what it must yield (a
field with its value and intent), or (value None) that the field must not come out as a
fact. Rows are grouped by phenomenon, each with sentences that must be read and
look-alikes that must not.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

Row = FieldRow

# A child's first name typed in lower case heads the clause: the parse reads it as a
# proper noun that is the subject (or owns it); a common noun, a place or a relation is not
# a name.
LOWER_CASE_NAMES: list[Row] = [
    ("noah has the flu", "family.noah.status", "sick", "assertive"),
    ("mia is sick today", "family.mia.status", "sick", "assertive"),
    ("ella's got croup again", "family.ella.status", "sick", "assertive"),
    ("ethan's feeling much better", "family.ethan.status", "well", "assertive"),
    ("sam is away til friday", "family.sam.status", "away", "assertive"),
    ("work is fine", "family.work.status", None, ""),
    ("lunch is fine", "family.lunch.status", None, ""),
    ("dallas is sick of the rain", "family.dallas.status", None, ""),
    ("maya's teacher is sick", "family.maya.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), LOWER_CASE_NAMES)
def test_lower_case_names(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# An amount spelled out in words is an amount, as its digits would be; number words that
# make no one number, or that count something other than money, are none.
AMOUNTS_IN_WORDS: list[Row] = [
    (
        "just paid the car insurance, like three hundred bucks",
        "financial.car_insurance.amount",
        300,
        "assertive",
    ),
    ("paid two thousand dollars for the new roof", "financial.roof.amount", 2000, "assertive"),
    ("i paid rent, twenty five hundred dollars", "financial.rent.amount", 2500, "assertive"),
    ("i paid fifty quid for the tickets", "financial.tickets.currency", "GBP", "assertive"),
    ("paid the plumber two grand", "financial.plumber.amount", 2000, "assertive"),
    ("paid the plumber and it took two hours", "financial.plumber.amount", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), AMOUNTS_IN_WORDS)
def test_amounts_in_words(text: str, field: str, value: float | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# A place "near" or "outside" a lodging: after these a common noun takes a determiner
# ("near the bend"), so a bare word that names a town is the town, even in lower case.
NEAR_A_PLACE: list[Row] = [
    ("were staying at a cabin near bend til thurs", "travel.location", "Bend", "assertive"),
    ("we're at a campground near yosemite", "travel.location", "Yosemite", "assertive"),
    ("staying at a hotel outside of reading this week", "travel.location", "Reading", "assertive"),
    ("we're at a cabin near the bend in the river", "travel.location", None, ""),
    ("we're staying at a place near the beach", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), NEAR_A_PLACE)
def test_near_a_place(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# An activity's name is the noun phrase the parse builds around it: a verb before it is
# not a modifier ("the coach said practice is off"); "both"/"all" after the subject do not
# hide the illness.
ACTIVITIES_AND_QUANTIFIERS: list[Row] = [
    (
        "the coach said practice is off tomorrow",
        "family.practice.event_status",
        "cancelled",
        "assertive",
    ),
    (
        "jonah's soccer practice got moved to thursday",
        "family.soccer_practice.event_status",
        "moved",
        "assertive",
    ),
    (
        "the kids' swim practice is cancelled today",
        "family.swim_practice.event_status",
        "cancelled",
        "assertive",
    ),
    ("the twins both have pink eye", "family.twins.status", "sick", "assertive"),
    ("my kids are all sick", "family.kids.status", "sick", "assertive"),
    ("the kids both love soccer", "family.kids.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ACTIVITIES_AND_QUANTIFIERS)
def test_activities_and_quantifiers(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# Two clauses run together without a full stop, where the parse folds the first into the
# second: a verbless predicate about now ("back home finally") is cut from a past
# sentence with a subject of its own, so the past does not date it; a fronted time
# ("last night") dates the sentence and stays with it; a passive with its own auxiliary
# ("kids are wiped") is a clause, not a relative clause.
RUN_ONS: list[Row] = [
    (
        "Back home finally the drive back from Tahoe was like six hours",
        "travel.status",
        "completed",
        "assertive",
    ),
    ("finally in denver the flight was awful", "travel.location", "Denver", "assertive"),
    (
        "we got back from disneyland last night, kids are wiped",
        "travel.status",
        "completed",
        "assertive|historical",
    ),
    ("Last night the kids were sick", "family.kids.status", None, ""),
    ("Yesterday my son was sick", "family.son.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), RUN_ONS)
def test_run_ons(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# The speaker away from home is on a trip, its place said or not: under way now, planned
# ahead, with the days the clause gives; "away from my desk" is no trip, and a relative's
# being away is theirs. A short weekday after "back" dates the return.
AWAY: list[Row] = [
    (
        "we're away skiing til sunday so cant do carpool",
        "travel.status",
        "in_progress",
        "assertive",
    ),
    ("we're away til sunday", "travel.return_date", "2026-03-08", "assertive"),
    ("i'll be away next week", "travel.status", "planning", "planning"),
    (
        "gonna be away next week for work, jamie's grandma is doing pickups",
        "travel.status",
        "planning",
        "planning",
    ),
    ("we're away in denver til friday", "travel.location", "Denver", "assertive"),
    ("i'm away from my desk", "travel.status", None, ""),
    ("my husband is away this week", "travel.status", None, ""),
    ("i was away last week", "travel.status", None, ""),
    ("we're in hawaii for a wedding, back thurs!", "travel.return_date", "2026-03-05", "planning"),
    ("we're in maui, back fri", "travel.return_date", "2026-03-06", "planning"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), AWAY)
def test_away(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# A comma splice whose second clause is about someone else: the speaker's own clause is cut
# from it, so the other's subject does not take the speaker's facts away.
SOMEONE_ELSE_NEXT: list[Row] = [
    (
        "we're in tahoe this week, my mom is watching the kids",
        "travel.location",
        "Tahoe",
        "assertive",
    ),
    (
        "we're gonna be in denver next week, my mom is watching the kids",
        "travel.destination",
        "Denver",
        "planning",
    ),
    ("my mom is in tahoe this week, she loves it", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), SOMEONE_ELSE_NEXT)
def test_someone_else_next(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# A date in one clause, the place in the next: setting out on a day ("leave Friday",
# "heading out sunday") with no place dates the trip the next clause plans.
DATE_THEN_PLACE: list[Row] = [
    (
        "we're gonna leave Friday morning and drive down to San Diego",
        "travel.depart_date",
        "2026-03-06",
        "planning",
    ),
    ("we leave friday and fly to denver", "travel.depart_date", "2026-03-06", "planning"),
    ("we're heading out sunday, driving to tahoe", "travel.depart_date", "2026-03-08", "planning"),
    ("we fly to denver on saturday", "travel.depart_date", "2026-03-07", "planning"),
    ("i leave work at 5 and drive to the gym", "travel.depart_date", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), DATE_THEN_PLACE)
def test_date_then_place(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# Clauses that claim nothing: wonder ("can't believe it's already march"), a promise to
# report later ("will know tmrw", "I'll let you know"), "so sorry" said to someone. News
# beside them still counts, and "so sorry" tacked on to news does not cancel it.


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("cant believe its already march lol", "none"),
        ("can you believe this weather", "none"),
        ("I'll let you know tomorrow", "none"),
        ("we'll keep you posted", "none"),
        ("i might be able to do friday pickup, will know tmrw", "hypothetical"),
        ("so sorry for your loss", "none"),
        ("was gonna do the bake sale but we're all sick so sorry", "assertive"),
        ("i can't believe my son is sick again", "assertive"),
        ("i'll see the doctor tomorrow", "planning"),
        ("we will check out of the hotel on friday", "planning"),
    ],
)
def test_clauses_that_claim_nothing(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# Non-native "work by X" (German and Dutch "bei") names an employer by its capital; near a
# place or a thing it does not.
WORK_BY: list[Row] = [
    (
        "I am living in Munich since two years, I work by Siemens.",
        "profile.employer",
        "Siemens",
        "assertive",
    ),
    ("I work by Infosys in Pune", "profile.employer", "Infosys", "assertive"),
    ("I work by the window", "profile.employer", None, ""),
    ("I work by Lake Tahoe", "profile.employer", None, ""),
    ("i work by myself", "profile.employer", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), WORK_BY)
def test_work_by(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# Back at work after being away: the day ends the trip the message is on; without a trip
# ("sick today, back in the office Thursday") it says nothing of travel.
BACK_AT_WORK: list[Row] = [
    (
        "I am currently in Berlin for meetings and will be back in the office on Thursday.",
        "travel.return_date",
        "2026-03-05",
        "planning",
    ),
    ("we're in tahoe, back at work monday", "travel.return_date", "2026-03-09", "planning"),
    ("we're in tahoe, back at work monday", "travel.location", "Tahoe", "assertive"),
    ("I'm sick today, will be back in the office on Thursday", "travel.return_date", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), BACK_AT_WORK)
def test_back_at_work(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A sentence that opens on "who" and its verb asks, question mark or not.
        ("ok who took a blue hoodie home from the party, its zoe's", "none"),
        ("who has the spelling list", "none"),
        ("so who wants pizza", "none"),
        ("ok we're home", "assertive"),
    ],
)
def test_unmarked_who_questions(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A departure or arrival in the past happened on its day: the day is behind, no plan.
        # A recent departure of the speaker's is news of a trip under way, so it is told as
        # now (see test_extraction_thirteenth_tenses); an older one is a story.
        ("we left on friday", "assertive"),
        ("we left for denver on friday", "assertive"),
        ("we left for denver in 2019", "historical"),
        ("i returned the shoes on monday", "historical"),
        ("we return friday", "planning"),
        ("soccer moved to thursday", "assertive"),
    ],
)
def test_past_departures_are_dated_behind(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# A short aside between commas after "I am"/"we are" does not hide where one is.
ASIDES: list[Row] = [
    (
        "I am, for the moment, in Trieste, waiting for a ship.",
        "travel.location",
        "Trieste",
        "assertive",
    ),
    ("We are, at last, in Lisbon.", "travel.location", "Lisbon", "assertive"),
    ("we're, like, in denver rn", "travel.location", "Denver", "assertive"),
    ("we're, as you know, in a tough spot", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ASIDES)
def test_asides(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# Falling ill: "coming down with" something or an illness is sick now.
COMING_DOWN: list[Row] = [
    ("my daughter's coming down with something", "family.daughter.status", "sick", "assertive"),
    ("my son is coming down with the flu", "family.son.status", "sick", "assertive"),
    (
        "i think my daughter's coming down with something she's got a sore throat",
        "family.daughter.status",
        "sick",
        "assertive|hypothetical",
    ),
    ("my son is coming down the stairs with something", "family.son.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), COMING_DOWN)
def test_coming_down_with(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
