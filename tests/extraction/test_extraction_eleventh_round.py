"""The eleventh round (issue 24): classes of phrasing the new voices (digital nomads,
teenagers texting, freelancers, event and trip planners) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first. A row's value None means the
field must not be stated as a fact (assertive or planning).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.offline import extract_offline

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


# ------------------------------------------ working out of a room in a city: there now

WORKING_FROM: list[FieldRow] = [
    # Look-alikes: home or the office is no trip; someone else's desk, a condition and a
    # past habit are not the writer's whereabouts now.
    ("working from home today, ping me", "travel.location", None, ""),
    ("working out of the office today", "travel.status", None, ""),
    ("my wife is working from a cafe in boise this week", "travel.location", None, ""),
    ("if im working from a cafe in boise i'll need a hotspot", "travel.location", None, ""),
    ("i used to work out of a studio in oakland", "travel.location", None, ""),
    # The subject left out, the room before the city: where the writer is now.
    (
        "working from my brother's flat in glasgow this week",
        "travel.location",
        "Glasgow",
        "assertive",
    ),
    (
        "working out of a hostel in medellin till friday",
        "travel.status",
        "in_progress",
        "assertive",
    ),
    (
        "im working out of a cowork space in tbilisi this month",
        "travel.location",
        "Tbilisi",
        "assertive",
    ),
    (
        "Working from a cafe in Porto, the pastries are a problem",
        "travel.location",
        "Porto",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), WORKING_FROM)
def test_working_out_of_a_room_in_a_city(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------------- home in a city, home base: the home city

HOME_IN: list[FieldRow] = [
    # Look-alikes: a relative at home, home in time, a vacation home, going home, a
    # condition: no home city of the writer's as a fact.
    ("my mom is home in ohio with the flu", "profile.home_city", None, ""),
    ("home in time for dinner hopefully", "profile.home_city", None, ""),
    ("we have a vacation home in tahoe", "profile.home_city", None, ""),
    ("going home to leeds friday", "profile.home_city", None, ""),
    ("if im home in denver by 6 we can call", "profile.home_city", None, ""),
    # The writer at home in a city, or the city named as the home base.
    (
        "back home in tucson after the conference, exhausted",
        "profile.home_city",
        "Tucson",
        "assertive",
    ),
    # ... the trip over there, as "back in Tucson" says (test_extraction_behaviour).
    (
        "back home in tucson after the conference, exhausted",
        "travel.status",
        "completed",
        "assertive",
    ),
    (
        "back home in tucson after the conference, exhausted",
        "travel.location",
        "Tucson",
        "assertive",
    ),
    ("i'm home in boise doing laundry all day", "profile.home_city", "Boise", "assertive"),
    ("finally home in Leeds, what a week", "profile.home_city", "Leeds", "assertive"),
    (
        "home base is still lisbon, im in porto for a bit",
        "profile.home_city",
        "Lisbon",
        "assertive",
    ),
    ("home base is still lisbon, im in porto for a bit", "travel.location", "Porto", "assertive"),
    ("my base is tbilisi these days", "profile.home_city", "Tbilisi", "assertive"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), HOME_IN)
def test_home_in_a_city_is_the_home_city(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------- another person doing something, "is" left out: their clause

OTHERS_DOING: list[FieldRow] = [
    # Look-alikes: the person's clause sets nothing of the writer's; a relative's news
    # after a comma is the relative's.
    ("landlord already texting about the rent", "financial.rent.status", None, ""),
    (
        "rent is $950, due friday, my sister is paying half",
        "financial.rent.amount",
        950,
        "assertive",
    ),
    # The fact before the comma keeps its claim when someone's doing follows it.
    (
        "rent is $1,450 and due on the 1st, landlord already texting",
        "financial.rent.amount",
        1450,
        "assertive",
    ),
    (
        "the invoice is $800, due friday, client still ghosting me",
        "financial.invoice.amount",
        800,
        "assertive",
    ),
    (
        "water bill is $60 due tuesday, roommate just complaining lol",
        "financial.water_bill.amount",
        60,
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), OTHERS_DOING)
def test_someone_doing_something_after_a_comma_is_a_clause_of_its_own(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------ an outing or an event out of town given up: cancelled

OUTING_OFF: list[FieldRow] = [
    # Look-alikes: a habit, a day off the outing, someone else's, a condition, the gym.
    ("we never go to the lake", "travel.status", None, ""),
    ("not going to the lake today, too cold", "travel.status", None, ""),
    ("my parents aren't going to the lake anymore", "travel.status", None, ""),
    ("if we're not going to the cabin anymore we should tell grandma", "travel.status", None, ""),
    ("not going to the gym anymore lol", "travel.status", None, ""),
    # The outing or the event given up: the writer's trip is off.
    ("we're not going to the beach house after all", "travel.status", "cancelled", "assertive"),
    (
        "not going to the design conference after all, budget got cut",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    (
        "im not going to the cabin anymore, too much homework",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    # ... with someone else's relative and what they did after a comma, a clause of its own.
    (
        "we're not going to the lake anymore, her mom cancelled",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    (
        "not going to the reunion after all, jakes dad is sick",
        "travel.status",
        "cancelled",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), OUTING_OFF)
def test_an_outing_given_up_is_a_trip_called_off(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------- a relative's "'s" typed without its apostrophe, before where they are

KIN_WHERE: list[FieldRow] = [
    # Look-alikes: mothers in general, in a room or a chat, are nobody's status.
    ("the moms in the hospital waiting room were nice", "family.mom.status", None, ""),
    ("moms in the group chat are wild", "family.mom.status", None, ""),
    # A relative, the apostrophe left out, then where they are: their status.
    ("grandpas in the hospital again", "family.grandpa.status", "sick", "assertive"),
    ("dads in the ICU since tuesday, pray for us", "family.dad.status", "sick", "assertive"),
    ("mums in hospital again, visiting tonight", "family.mom.status", "sick", "assertive"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), KIN_WHERE)
def test_a_relatives_s_without_its_apostrophe_before_where(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# --------------------------------- "so that's off": a pronoun pointing back at the plan

THATS_OFF: list[FieldRow] = [
    # Look-alikes: someone else's plan, a party, an idiom.
    ("my sister was supposed to go to rome but thats off", "travel.status", None, ""),
    ("the party was supposed to be tonight but thats off", "travel.status", None, ""),
    ("thats off topic but we're in denver", "travel.status", "in_progress", "assertive"),
    # The writer's plan, then "that's off": called off.
    (
        "we were supposed to fly to lima in april but the visa stalled so thats off",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    (
        "i was gonna drive to boise friday but the storm hit so it's off now",
        "travel.status",
        "cancelled",
        "assertive",
    ),
    (
        "supposed to head up to york but the strikes, so that's cancelled",
        "travel.status",
        "cancelled",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), THATS_OFF)
def test_thats_off_calls_off_the_writers_plan(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------- "is dinner at 6 or 7": a choice asked, mark or not


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: the choice said, not asked; a subject left out before "was".
        ("dinner is at 6 or 7", "assertive"),
        ("was home sick monday or tuesday, cant remember", "historical"),
        # The verb before its subject and a choice at the end: asked, the mark left off.
        ("are we leaving at 8 or 9", "none"),
        ("wait is the recital thursday or friday", "none"),
        ("does the rent go out on the 1st or the 5th", "none"),
        ("um is grandpa landing tonight or tomorrow", "none"),
    ],
)
def test_a_choice_asked_without_its_mark(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent
