"""How people type: clauses that explain each other, arrivals without a verb, conditions
and questions about plans, known names in lower case, spoken time zones, relative days.

Each table is a phenomenon, not a list of strings: the rows vary the words that carry
it (the verb, the joint, the adverb, the place), and a property states what must hold
for every combination.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT
from hypothesis import given, settings
from hypothesis import strategies as st

from core.extraction.intent import not_a_fact
from core.extraction.known_people import capitalise_known, known_people
from core.extraction.offline import extract_offline
from core.extraction.timezones import spoken_timezone
from core.extraction.types import Extraction


def run(text: str, people: frozenset[str] = frozenset()) -> Extraction:
    return extract_offline(text, at=AT, known_people=people)


def factual(ex: Extraction) -> dict[str, object]:
    return {
        o.field: o.candidate_value for o in ex.observations if o.intent in ("assertive", "planning")
    }


# ---------------------------------------------------------------- clauses together

PRESENT = [
    ("we're already in Tahoe", "Tahoe"),
    ("we're here in Sedona", "Sedona"),
    ("finally in Denver", "Denver"),
    ("safely in Lisbon", "Lisbon"),
    ("I'm in Chicago now", "Chicago"),
    ("at my parents' place in Omaha", "Omaha"),
    ("still in Paris", "Paris"),
]
EXPLANATIONS = [
    "got in last night",
    "drove up yesterday",
    "landed an hour ago",
    "arrived this morning",
    "flew in on Saturday",
    "just landed",
    "took the early train",
    "slept the whole flight",
]


@given(
    st.sampled_from(PRESENT),
    st.sampled_from(EXPLANATIONS),
    st.sampled_from([", ", " and "]),
)
@settings(max_examples=60, deadline=None)
def test_an_explaining_past_clause_never_makes_the_present_history(
    present: tuple[str, str], explanation: str, joint: str
) -> None:
    """Whatever the present clause, the explanation and how they are joined, the user
    is where the present clause says, and the message is about now."""
    text, place = present
    if joint == " and " and not text.startswith(("we're", "I'm")):
        joint = ", "  # "finally in Denver and got in..." is not how anyone writes
    alone, together = run(text), run(text + joint + explanation)
    assert alone.intent == "assertive"
    assert together.intent == "assertive", together
    assert factual(together)["travel.location"] == place
    assert factual(together)["travel.status"] == "in_progress"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we're already in Tahoe, got in last night", "Tahoe"),
        ("finally in Tahoe, drove up last night", "Tahoe"),
        ("made it to Denver, landed an hour ago", "Denver"),
        ("just got to Reno", "Reno"),
        ("we're here in Boise", "Boise"),
        ("finally made it to moab after 9 hours in the car", "Moab"),
        ("safely in lisbon, slept the whole flight", "Lisbon"),
    ],
)
def test_arrival_phrasing_says_where_and_that_the_trip_is_under_way(text: str, place: str) -> None:
    got = factual(run(text))
    assert got["travel.location"] == place
    assert got["travel.status"] == "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "we drove to the lake, swam all day",  # all past: one story
        "we were in Tahoe, got in late that night",
        "finally in bed, long day",  # no place
    ],
)
def test_a_past_or_placeless_message_is_not_made_a_stay(text: str) -> None:
    assert "travel.location" not in factual(run(text))


# ---------------------------------------------------------------- conditions and questions


@pytest.mark.parametrize(
    "text",
    [
        "if the flight gets cancelled we'll stay another night",
        "if it snows we'll just stay in the cabin",
        "in case the train is late, we'll take a cab",
        "unless the kids get better we're not going anywhere",
        "should the flight get cancelled we'd drive instead",
        "if they offer me the job i'll move to austin",
    ],
)
def test_a_condition_is_a_conditional_plan_that_commits_nothing(text: str) -> None:
    ex = run(text)
    assert ex.intent == "hypothetical"
    assert factual(ex) == {}
    assert not any(o.field.startswith("project.") for o in ex.observations), ex


@pytest.mark.parametrize(
    "text",
    [
        "are we still on for the Portland trip?",
        "are we still going to tahoe this weekend?",
        "is the denver trip still on?",
        "did i book the hotel in austin yet?",
        "do we leave for boston on friday?",
        "wait, is the seattle thing next week?",
        "have we booked the cabin?",
    ],
)
def test_a_question_about_a_plan_is_a_question(text: str) -> None:
    ex = run(text)
    assert ex.intent == "none"
    assert ex.observations == ()


@pytest.mark.parametrize(
    "text",
    [
        "should we go to Portland?",
        "is it worth driving to Tahoe?",
        "could we move to Denver?",
        "would it be crazy to fly to Maui?",
    ],
)
def test_a_question_about_a_possibility_stays_hypothetical(text: str) -> None:
    ex = run(text)
    assert ex.intent == "hypothetical"
    assert factual(ex) == {}


# ---------------------------------------------------------------- known names

EMMA = frozenset({"emma"})


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("emma is sick today", "family.emma.status", "sick"),
        ("emma has the flu", "family.emma.status", "sick"),
        ("my daughter emma is sick", "family.emma.status", "sick"),
        ("emma is feeling much better", "family.emma.status", "well"),
        ("ugh emma's home with a fever", "family.emma.status", "sick"),
    ],
)
def test_a_known_name_is_recognised_in_lower_case(text: str, field: str, value: str) -> None:
    assert factual(run(text, EMMA))[field] == value
    # Unknown, the name is still read where the parse takes it for a proper-noun subject,
    # as its capitalised spelling would be (a parents' chat names children in lower case);
    # after a relation ("my daughter emma") the relation is who it is about.
    assert factual(run(text)).get(field) == value or "daughter" in text


@pytest.mark.parametrize(
    ("fields", "names"),
    [
        (["family.emma.status", "family.soccer_practice.schedule"], {"emma"}),
        (["family.wife.status", "family.kids.status"], set()),  # relations, not names
        (["family.soccer_practice.status", "family.leo.status"], {"leo"}),
        (["travel.location", "profile.name"], set()),
    ],
)
def test_the_names_the_state_knows(fields: list[str], names: set[str]) -> None:
    assert known_people(fields) == names


@pytest.mark.parametrize(
    ("text", "names", "read"),
    [
        ("emma is sick", {"emma"}, "Emma is sick"),
        ("we hope to be there", {"hope"}, "we hope to be there"),  # after a pronoun: a word
        ("hope is sick", {"hope"}, "Hope is sick"),
        ("i will call", {"will"}, "i will call"),  # a stop word is never a name
        ("Emma and emmanuel", {"emma"}, "Emma and emmanuel"),
    ],
)
def test_known_names_get_their_capital_where_they_read_as_names(
    text: str, names: set[str], read: str
) -> None:
    out = capitalise_known(text, names)
    assert out == read
    assert len(out) == len(text)


# ---------------------------------------------------------------- spoken time zones


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("I live in portland oregon, pacific time", "America/Los_Angeles"),
        ("i'm on pacific time btw", "America/Los_Angeles"),
        ("fyi im on east coast time", "America/New_York"),
        ("my timezone is CET", "Europe/Paris"),
        ("we're on CET now", "Europe/Paris"),
        ("i'm based in berlin, central european time", "Europe/Paris"),
        ("we're in mountain time here", "America/Denver"),
        ("I'm on GMT+2", "Etc/GMT-2"),
        ("my tz is utc-5", "Etc/GMT+5"),
        ("my time zone is Pacific", "America/Los_Angeles"),
        ("timezone: Europe/Berlin", "Europe/Berlin"),
        ("the call is at 3pm eastern time", None),  # a clock time's zone
        ("my brother is on mountain time", None),  # someone else's
        # A part hour names the zone that keeps it all year (India and Sri Lanka share the
        # clock; Asia/Kolkata stands for it).
        ("my timezone is GMT+5:30", "Asia/Kolkata"),
        ("my timezone is GMT+5:17", None),  # no zone keeps it
        ("we got there at 5 pacific time", None),
    ],
)
def test_a_spoken_time_zone_sets_the_profile_time_zone(text: str, zone: str | None) -> None:
    assert factual(run(text)).get("profile.timezone") == zone


@pytest.mark.parametrize(
    ("low", "zone"),
    [("on cet", None), ("on CET", "Europe/Paris"), ("pt", None), ("in PST", "America/Los_Angeles")],
)
def test_a_bare_abbreviation_must_be_written_as_one(low: str, zone: str | None) -> None:
    assert spoken_timezone(low, low.lower()) == zone


# ---------------------------------------------------------------- relative days


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Emma's school is closed tomorrow", "family.school.schedule", "2026-03-05"),
        ("no school on friday", "family.school.schedule", "2026-03-06"),
        (
            "soccer practice got moved to next tuesday",
            "family.soccer_practice.schedule",
            "2026-03-10",
        ),
        ("rent is due tomorrow", "financial.rent.due_date", "2026-03-05"),
        ("flying to Denver tomorrow", "travel.depart_date", "2026-03-05"),
        ("we're in Tahoe until sunday", "travel.return_date", "2026-03-08"),
    ],
)
def test_a_relative_day_survives_in_every_field(text: str, field: str, value: str) -> None:
    got = factual(run(text))
    assert str(got[field]).startswith(value), got


# ---------------------------------------------------------------- what a reply calls it


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("if the flight gets cancelled we'll stay another night", "condition"),
        ("in case the train is late, we'll take a cab", "condition"),
        ("unless it snows we drive up Friday", "condition"),
        ("had I known, I would have stayed in Denver", "counterfactual"),
        ("we should have booked the hotel", "counterfactual"),
        ("is it worth driving to Tahoe?", "question"),
        ("we might go to Denver next month", "possibility"),
        ("I wish we were in Maui", "wish"),
        ("I'd rather be in Cancun", "wish"),
    ],
)
def test_a_non_fact_is_named_for_what_it_is(text: str, kind: str) -> None:
    assert not_a_fact(text) == kind


# ---------------------------------------------------------------- widened on the dev halves


@pytest.mark.parametrize(
    ("text", "intent", "field", "value"),
    [
        # "should" + subject opens a condition like "if", across the comma.
        ("Should anything happen to the flight, we'll rebook for Friday", "hypothetical", "", None),
        ("should the weather turn, we'll drive home", "hypothetical", "", None),
        # what almost happened did not
        ("i almost moved to dallas last year", "hypothetical", "", None),
        ("we nearly bought a house in Reno", "hypothetical", "", None),
        ("I fell asleep at the wheel once and almost crashed", "historical", "", None),
        # a trip that fell apart, a flight cancelled while the user is somewhere
        ("ugh our trip fell through", "assertive", "travel.status", "cancelled"),
        ("my flight home is cancelled, stuck in Denver", "assertive", "travel.location", "Denver"),
        # the present perfect of an illness
        ("my daughter has had a fever since Sunday", "assertive", "family.daughter.status", "sick"),
        # a discourse marker says nothing of its own
        ("Looking back, I wish we had never sold the cabin", "hypothetical", "", None),
        ("in hindsight we should have stayed in Denver", "hypothetical", "", None),
    ],
)
def test_the_phenomena_the_dev_halves_showed(
    text: str, intent: str, field: str, value: object
) -> None:
    ex = run(text)
    assert ex.intent == intent
    if field:
        assert factual(ex)[field] == value
    else:
        assert factual(ex) == {}


def test_a_cancelled_flight_while_somewhere_leaves_the_trip_under_way() -> None:
    statuses = {
        v
        for f, v in factual(run("my flight is cancelled, stuck in Denver")).items()
        if f == "travel.status"
    }
    assert statuses == {"in_progress"}
