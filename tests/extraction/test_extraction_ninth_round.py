"""The ninth round (issue 24): classes of phrasing the new voices (college students, shift
and office chat, autocorrect damage, plans written as lists) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.homophones import mend_homophones
from core.extraction.list_lines import as_sentences
from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- homophones


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Look-alikes: the word typed stands where it is.
        ("that's too late for me", "that's too late for me"),
        ("me too, see you there", "me too, see you there"),
        ("their house is lovely", "their house is lovely"),
        ("their home is in Reno", "their home is in Reno"),
        ("what did you do to the car?", "what did you do to the car?"),
        ("there is a way for us to fix it", "there is a way for us to fix it"),
        ("I hear you, it's rough", "I hear you, it's rough"),
        ("did you hear about the party", "did you hear about the party"),
        ("four of us are going", "four of us are going"),
        ("two Americans were on the bus", "two Americans were on the bus"),
        ("he threw the ball", "he threw the ball"),
        ("the cat hurt its paw", "the cat hurt its paw"),
        ("there are two of them", "there are two of them"),
        ("is there a dad joke for this", "is there a dad joke for this"),
        # Autocorrect's and dictation's words for the one meant.
        ("we drove too the coast", "we drove to the coast"),
        ("flying too Seattle tonight", "flying to Seattle tonight"),
        ("leaving four Chicago in the morning", "leaving for Chicago in the morning"),
        ("four the last time, no", "for the last time, no"),
        ("moving two Atlanta in May", "moving to Atlanta in May"),
        ("their at the lake till Sunday", "they're at the lake till Sunday"),
        ("I think their leaving early", "I think they're leaving early"),
        ("we're driving their tomorrow", "we're driving there tomorrow"),
        ("on my way their now", "on my way there now"),
        ("staying at there place this week", "staying at their place this week"),
        ("we got hear last night", "we got here last night"),
        ("the gas bill is do Friday", "the gas bill is due Friday"),
        ("practice is cancelled do to rain", "practice is cancelled due to rain"),
        ("my son is a way at camp", "my son is away at camp"),
        ("I wood have come", "I would have come"),
        ("thanks sew much!", "thanks so much!"),
        ("the check came threw today", "the check came through today"),
        ("the bill came its 80 bucks", "the bill came it's 80 bucks"),
    ],
)
def test_homophones_read_as_meant(typed: str, read: str) -> None:
    assert mend_homophones(typed) == read


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("their in Tucson till Friday", "travel.location", None),
        ("we're flying too Tucson on Friday", "travel.destination", "Tucson"),
        ("heading out four Reno tomorrow", "travel.destination", "Reno"),
        ("my husband is a way for work this week", "family.husband.status", "away"),
        ("the phone bill is do on the 20th", "financial.phone_bill.due_date", "2026-03-20"),
    ],
)
def test_homophones_give_the_facts_meant(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- plans written as lists


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Look-alikes: prose keeps its dashes, colons and numbers.
        ("we landed - paid $40 for the cab", "we landed - paid $40 for the cab"),
        ("Sat 2 hours in the waiting room", "Sat 2 hours in the waiting room"),
        ("Day 6 - Detox is hard", "Day 6 - Detox is hard"),
        ("the sun - finally!", "the sun - finally!"),
        ("note to self: call the bank", "note to self: call the bank"),
        # A list's lines, headings, legs, arrows, ticks and labels of now.
        (
            "Wed 3/11 - fly to Reno\nFri 3/13 - home",
            "wednesday 3/11 fly to Reno; back home friday 3/13",
        ),
        ("Sun: brunch w/ Kim", "sunday brunch w/ Kim"),
        ("Sat 9am - drive up", "saturday 9am drive up"),
        ("Thu 7pm dinner at Lou's", "thursday 7pm dinner at Lou's"),
        ("Mon 6am BOS->ORD, back Wed", "monday 6am flight to Chicago, back Wed"),
        ("ATL-MIA 3/20, MIA-ATL 3/24", "flight to Miami 3/20, flight home 3/24"),
        ("Rome ✅ Naples (now) → Amalfi Thu", "Rome, now in Naples, then Amalfi Thu"),
        ("Currently: Quito", "now in Quito"),
        ("Now: waiting at the gate", "currently waiting at the gate"),
        ("water bill - paid", "water bill paid"),
        ("Hawaii trip - postponed", "Hawaii trip postponed"),
        ("Cancelled: ski weekend", "ski weekend cancelled"),
        ("Day 2 - Lisbon", "Day 2 in Lisbon"),
    ],
)
def test_a_list_read_as_sentences(typed: str, read: str) -> None:
    assert as_sentences(typed) == read


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes first: nothing about the writer's own trip or bills.
        ("Tue: Dana's flight lands 5:10 (SFO)", "travel.location", None),
        ("Sat 2 hours in the waiting room", "travel.depart_date", None),
        ("last spring: Lisbon, Porto, Faro", "travel.location", None),
        # The lines of a plan.
        ("Wed 3/11 - fly to Reno\nFri 3/13 - home", "travel.depart_date", "2026-03-11"),
        ("Wed 3/11 - fly to Reno\nFri 3/13 - home", "travel.return_date", "2026-03-13"),
        ("Mon 6am BOS->ORD", "travel.destination", "Chicago"),
        ("Mon 6am BOS->ORD", "travel.depart_date", "2026-03-09"),
        ("Sun - fly home", "travel.return_date", "2026-03-08"),
        ("Rome ✅ Naples (now) → Amalfi Thu", "travel.location", "Naples"),
        ("Day 2 - Lisbon. Pastries for breakfast.", "travel.location", "Lisbon"),
        ("Ski trip to Tahoe - CANCELLED", "travel.status", "cancelled"),
        ("Cancelled: Miami trip", "travel.status", "cancelled"),
        ("internet bill - paid ✔", "financial.internet_bill.status", "paid"),
    ],
)
def test_a_list_gives_its_facts(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- away for work or study


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: someone else's stay, one in the past, home, a person one is with.
        ("my cousin is studying abroad in Lyon", "travel.location", None),
        ("I did a semester abroad in Rome in 2019", "travel.location", None),
        ("remote from home today", "travel.location", None),
        ("I've been with Sam for 3 years", "profile.employer", None),
        ("been with my company for ages", "profile.employer", None),
        # A stay for one's studies, remote work, an internship, years with an employer.
        ("doing a semester abroad in Valencia", "travel.location", "Valencia"),
        ("on exchange in Lyon till June", "travel.location", "Lyon"),
        ("studying abroad in Kyoto this spring", "travel.location", "Kyoto"),
        ("remote from Oaxaca till the 20th", "travel.location", "Oaxaca"),
        ("remote from Oaxaca till the 20th", "travel.return_date", "2026-03-20"),
        ("im interning at Pfizer this summer", "profile.employer", "Pfizer"),
        ("been with walmart 9 years now", "profile.employer", "Walmart"),
    ],
)
def test_away_for_work_or_study(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- work that is due


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: someone else's work, a bill, a date gone by, no work named.
        ("her thesis is due in May", "project.thesis.due_date", None),
        ("my brother's essay is due friday", "project.essay.due_date", None),
        ("rent is due friday", "project.rent.due_date", None),
        ("the report was due last friday", "project.report.due_date", None),
        ("the project is due friday", "project.project.due_date", None),
        # A piece of work and the day it is due.
        (
            "lit review draft is due thursday, send help",
            "project.lit_review_draft.due_date",
            "2026-03-05",
        ),
        ("our pitch deck is due next monday", "project.pitch_deck.due_date", "2026-03-09"),
        ("the chem lab report is due friday", "project.chem_lab_report.due_date", "2026-03-06"),
        ("my capstone project is due on the 20th", "project.capstone.due_date", "2026-03-20"),
    ],
)
def test_work_that_is_due(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a bill's day, "the" left out


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: an ordinal that dates nothing.
        ("my 1st paycheck came", "financial.paycheck.due_date", None),
        ("on 2nd thought, skip it", "travel.depart_date", None),
        # A bill's day in a list, with its "the" left out.
        ("water bill due 15th", "financial.water_bill.due_date", "2026-03-15"),
        ("mortgage due by 1st", "financial.mortgage.due_date", "2026-04-01"),
    ],
)
def test_a_bills_day_without_the(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a household's, apostrophe dropped


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: a modifier that is no member keeps its place in the name.
        ("soccer practice got cancelled", "family.soccer_practice.event_status", "cancelled"),
        # Whose the activity is, its apostrophe dropped by the phone.
        ("kids school is closed friday", "family.school.event_status", "cancelled"),
        (
            "the boys soccer practice got cancelled",
            "family.soccer_practice.event_status",
            "cancelled",
        ),
    ],
)
def test_whose_activity_without_its_apostrophe(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- the last message taken back


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: a request to cancel something, "that" opening what was said.
        ("cancel that order please", "travel.status", None),
        ("ignore that i said Denver", "travel.destination", None),
        ("never mind about Denver, I'll sort it out", "travel.destination", None),
        # The last message taken back, then the news.
        ("scratch that, we're staying in Tahoe till Sunday", "travel.location", "Tahoe"),
        ("cancel that the Boise trip is off", "travel.status", "cancelled"),
        ("never mind, flight to Omaha is friday", "travel.destination", "Omaha"),
    ],
)
def test_the_last_message_taken_back(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a bill priced in a list


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: what was paid stays paid; a home's lease is no monthly bill.
        ("rent $1,850 - paid", "financial.rent.status", "paid"),
        ("our lease ends on the 31st", "financial.lease.due_date", None),
        # A bill and its price as a list's item, a car's lease like a bill.
        ("internet bill $70", "financial.internet_bill.amount", 70),
        ("water bill: $45", "financial.water_bill.amount", 45),
        ("Trash bill - $30 - due Mon", "financial.trash_bill.due_date", "2026-03-09"),
        ("the car lease is $399 a month", "financial.car_lease.amount", 399),
    ],
)
def test_a_bill_priced_in_a_list(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- going there


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: no place said before, someone else there, a stay there.
        ("we're going there friday", "travel.destination", None),
        ("my friend went to Rome, she says it's great there", "travel.destination", None),
        ("is anyone going there tomorrow? the Boise office", "travel.destination", None),
        # "there" is the place an earlier clause named.
        ("my sister lives in Denver, we're driving there friday", "travel.destination", "Denver"),
        ("Grandma's in Tucson. Flying there on the 12th", "travel.depart_date", "2026-03-12"),
        ("the conference is in Austin, heading there monday", "travel.destination", "Austin"),
    ],
)
def test_going_there(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- days, then a place


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: days before what is no place.
        ("May 3: Mom's birthday", "travel.destination", None),
        ("3/14 Pi day at school", "travel.destination", None),
        # Days, then a place alone: a trip there on those days.
        ("3/20-3/24 Savannah (wedding)", "travel.destination", "Savannah"),
        ("3/20-3/24 Savannah (wedding)", "travel.return_date", "2026-03-24"),
        ("Week of 3/16: Phoenix, then home", "travel.depart_date", "2026-03-16"),
        ("Apr 2-9 Maui w/ the kids", "travel.return_date", "2026-04-09"),
        ("3/21: back home", "travel.return_date", "2026-03-21"),
    ],
)
def test_days_then_a_place(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- where from, then where now


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: someone else's home, an origin alone.
        ("she's from Texas but living in Boston", "profile.home_city", None),
        ("originally from San Diego", "profile.home_city", None),
        # The origin, then the home now, with no subject or verb of its own.
        ("originally from san diego but living in seattle now", "profile.home_city", "Seattle"),
        ("originally from Leeds, based in Bristol these days", "profile.home_city", "Bristol"),
    ],
)
def test_where_from_then_where_now(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a time taken up, a debt of thanks


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: what works is no time; money owed is owed.
        ("the new meds work for me", "assertive"),
        ("I owe you $40 for the tickets", "assertive"),
        # A time proposed, taken up; thanks and a debt of thanks claim nothing.
        ("thursday works for me!", "none"),
        ("ok 3pm is fine by us", "none"),
        ("thanks for the ride yesterday, i owe you big time", "none"),
        ("Thanks! Sunday morning works for me", "none"),
    ],
)
def test_a_time_taken_up(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- a wish then is a memory now


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: a wish with no past frame stays a wish.
        ("i wanted to be a vet", "hypothetical"),
        ("I want to move to Denver someday", "hypothetical"),
        # What the speaker wanted inside a past frame is history.
        ("as a kid I wanted to live in Paris", "historical"),
        ("back then we wanted to buy a boat", "historical"),
        ("growing up i wanted to be a pilot", "historical"),
    ],
)
def test_a_wish_then_is_a_memory(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_a_wish_then_commits_nothing() -> None:
    assert facts_said("as a kid I wanted to live in Paris", AT) == {}


# ---------------------------------------------------------------- why it did not happen


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alike: news about now after what might have been is still news.
        ("I would have called but I'm in Denver now", "assertive"),
        # What might have been, and the past event that stopped it.
        ("I would have texted back but my battery died", "historical|hypothetical"),
        ("we would've come but the baby got sick", "historical|hypothetical"),
    ],
)
def test_why_it_did_not_happen(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent in intent.split("|")


def test_why_it_did_not_happen_commits_nothing() -> None:
    assert facts_said("I would have texted back but my battery died", AT) == {}


# ---------------------------------------------------------------- a route's label, a rent "here"


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: a road's name, a remark on the rent.
        ("route 66 was fun", "travel.location", None),
        ("the rent here is insane", "financial.rent.amount", None),
        # A list's label before its colon is no part of the line; "here" between a bill
        # and its verb says where the bill is.
        ("Itinerary: Cusco (now) > Lima (Fri)", "travel.location", "Cusco"),
        ("our rent here is $1,400", "financial.rent.amount", 1400),
    ],
)
def test_a_routes_label_and_a_rent_here(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value
