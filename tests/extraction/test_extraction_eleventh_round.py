"""The eleventh round (issue 24): classes of phrasing the new voices (digital nomads,
teenagers texting, freelancers, event and trip planners) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first. A row's value None means the
field must not be stated as a fact (assertive or planning).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

# ------------------------------------------------- a relative's thing, the relative's fact

RELATIVES_THINGS: list[FieldRow] = [
    # Look-alikes: the speaker's own flight, or one with no owner, is the speaker's trip.
    ("our flight to denver got cancelled", "travel.status", "cancelled", "assertive"),
    ("ugh had to cancel my trip to leeds", "travel.status", "cancelled", "assertive"),
    # A parent or grandparent called by the family's word, owning the trip: theirs.
    ("dad's flight to phoenix got cancelled", "travel.status", None, ""),
    ("moms trip to ohio is off, she hurt her back", "travel.status", None, ""),
    ("Grandpas flight got scrapped because of the storm", "travel.status", None, ""),
    ("ugh nana's cruise got cancelled", "travel.status", None, ""),
    # ... and "he"/"she" after it is that relative.
    ("dads flight got cancelled so hes home till monday", "family.dad.status", "home", "assertive"),
    (
        "mum's train was cancelled, she's stuck in york tonight",
        "family.mom.status",
        "away",
        "assertive",
    ),
    (
        "grandmas flight got scrapped so she's staying home",
        "family.grandma.status",
        "home",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), RELATIVES_THINGS)
def test_a_relatives_trip_is_the_relatives(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------- a classmate or colleague named alone is not family

SHARED_WORK: list[FieldRow] = [
    # Look-alikes: a child named alone, sick, with nothing shared: the family's news; a
    # relation keeps its member whatever else the message says.
    ("maya's sick so no soccer today", "family.maya.status", "sick", "assertive"),
    ("noah has a fever, im staying home with him", "family.noah.status", "sick", "assertive"),
    (
        "my daughter has the flu so our group project is on hold",
        "family.daughter.status",
        "sick",
        "assertive",
    ),
    # Someone the writer works or studies with, named alone: no family field.
    ("priya's out sick so our group project is stuck", "family.priya.status", None, ""),
    ("jake has the flu and he's my lab partner, ugh", "family.jake.status", None, ""),
    ("Mia has covid so the deck is paused until she's back", "family.mia.status", None, ""),
    ("ollie is sick, the team presentation got pushed", "family.ollie.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), SHARED_WORK)
def test_a_classmate_or_colleague_is_not_family(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------- "the group project" keeps the word project

PROJECT_KINDS: list[FieldRow] = [
    # Look-alikes: a project's own name drops the word.
    ("the SSO project is stuck on legal", "project.sso.status", "blocked", "assertive"),
    ("we killed the chatbot project", "project.chatbot.status", "cancelled", "assertive"),
    # A word that only says what kind of project keeps it: "group" alone names nothing.
    ("our group project is on hold, ugh", "project.group_project.status", "blocked", "assertive"),
    (
        "my side project is paused for the summer",
        "project.side_project.status",
        "blocked",
        "assertive",
    ),
    (
        "we finally shipped the capstone project!!",
        "project.capstone_project.status",
        "shipped",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PROJECT_KINDS)
def test_a_kind_of_project_keeps_the_word(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------------- a stay timed by an event ahead is a plan

EVENT_TIMED: list[FieldRow] = [
    # Look-alikes: a stay with no time is now; one in the past is a story; a question, a
    # condition and someone else's journey plan nothing of the writer's.
    ("I'm staying with my aunt in boise", "travel.location", "Boise", "assertive"),
    ("we stayed at my cousin's in reno the week of the wedding", "travel.location", None, ""),
    ("are you staying in reno for the wedding?", "travel.destination", None, ""),
    ("if we're staying in reno for the reunion we need a car", "travel.destination", None, ""),
    ("my sister is flying to reno for the wedding", "travel.destination", None, ""),
    # The progressive timed by an event still to come: the trip there, planned.
    ("we're driving up to tahoe for the reunion", "travel.destination", "Tahoe", "planning"),
    (
        "im staying at an airbnb in savannah the whole weekend of the bachelorette",
        "travel.destination",
        "Savannah",
        "planning",
    ),
    (
        "I am flying to Denver for my brother's graduation",
        "travel.destination",
        "Denver",
        "planning",
    ),
    (
        "i'm staying with my cousin in boise the week of the wedding",
        "travel.location",
        None,
        "",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), EVENT_TIMED)
def test_a_stay_timed_by_an_event_ahead_is_a_plan(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
