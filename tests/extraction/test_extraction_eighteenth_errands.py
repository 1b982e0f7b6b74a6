"""The eighteenth round (issue 24), words18d: the errands of a week — commuters, patients,
hosts and guests, elders, weekly planners, people moving house, bills and debts, mail
forwarded to the assistant, a booking desk's customer — as probe sentences written for this
round (``realistic/probes18d*-dev.jsonl``) showed the extractor missing them.

Every row is a sentence written for this module, none taken from an evaluation set; each
class has look-alikes that must keep their reading. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row, commits_anything, intent_said

from core.extraction.offline import extract_offline


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


@_table(
    [
        # A debt to a person settled without its sum (``debts_settled.py``).
        ("Paid Mike back for the festival tickets.", "financial.mike.status", "paid", "assertive"),
        (
            "finally paid my brother back for the flights",
            "financial.brother.status",
            "paid",
            "assertive",
        ),
        ("I've paid back my sister now", "financial.sister.status", "paid", "assertive"),
        ("settled up with Jo for the cottage", "financial.jo.status", "paid", "assertive"),
        ("we're all square with Dan now", "financial.dan.status", "paid", "assertive"),
        # A repayment ahead, not made, asked, or of a thing, settles nothing.
        ("I'll pay Mike back on Friday", "financial.mike.status", None, ""),
        # Not paid back yet is a debt still owed (``debts_to_people``), never paid.
        ("haven't paid my sister back yet", "financial.sister.status", "due", "assertive"),
        ("did you pay Tom back?", "financial.tom.status", None, ""),
        ("paid them back last week", "financial.them.status", None, ""),
        ("settled up with Jo for the cottage", "financial.up.status", None, ""),
    ]
)
def test_a_debt_to_a_person_settled(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A bill's new amount said with "has increased/dropped to", a tax billed monthly
        # (``bill_amounts.py``).
        (
            "The council tax has gone up to £186 a month.",
            "financial.council_tax.amount",
            186,
            "assertive",
        ),
        ("the rent has increased to 1,300", "financial.rent.amount", 1300, "assertive"),
        (
            "my phone plan has dropped to £12 a month",
            "financial.phone_plan.amount",
            12,
            "assertive",
        ),
        (
            "our service charge has been raised to £95",
            "financial.service_charge.amount",
            95,
            "assertive",
        ),
        # A rise still to come sets no amount now, however it is said.
        ("rent is rising to 1,400 from May", "financial.rent.amount", None, ""),
        (
            "the rent will increase to £1,150 per month from 1 April",
            "financial.rent.amount",
            None,
            "",
        ),
        (
            "our service charge is set to increase to £95 a month",
            "financial.service_charge.amount",
            None,
            "",
        ),
        # A known service's subscription is the service; "has been cancelled" cancels it.
        (
            "I've cancelled my Audible subscription",
            "financial.audible_subscription.status",
            "cancelled",
            "assertive",
        ),
        (
            "my netflix subscription has been cancelled",
            "financial.netflix_subscription.status",
            "cancelled",
            "assertive",
        ),
        (
            "our gym membership has been cancelled",
            "financial.gym_membership.status",
            "cancelled",
            "assertive",
        ),
        ("the meeting has been cancelled", "financial.meeting.status", None, ""),
    ]
)
def test_bills_that_changed_and_subscriptions_cancelled(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        # A date or a clock time names the train or the meeting, no project.
        "your 07:30 London Euston to Glasgow Central service on 5 March has been cancelled",
        "the meeting on 12 March has been cancelled",
        "The 8am standup got cancelled again",
        "the 7.30pm show is cancelled",
    ],
)
def test_a_date_or_a_clock_time_is_no_project(text: str) -> None:
    fields = {o.field for o in extract_offline(text, at=AT).observations}
    assert not any(f.startswith("project.") for f in fields), (text, fields)


@_table(
    [
        # Let home from the ward is out of hospital (``family_status.py``, a result that holds).
        (
            "Mum was allowed home from the ward last night.",
            "family.mom.status",
            "well",
            "assertive",
        ),
        (
            "my husband was let out of hospital this morning",
            "family.husband.status",
            "well",
            "assertive",
        ),
        (
            "Grandad has been let home, he's tired but cheerful",
            "family.grandpa.status",
            "well",
            "assertive",
        ),
        # Let home early from school or work is no discharge.
        (
            "the kids were allowed home early from school because of the snow",
            "family.kids.status",
            None,
            "",
        ),
        # Staying with someone named, or as a lodging's guest, somewhere (``travel_presence.py``).
        ("We are staying with Susan in Leeds at present.", "travel.location", "Leeds", "assertive"),
        ("i'm staying with Marco in Turin this week", "travel.location", "Turin", "assertive"),
        ("We're guests at an Airbnb in Ghent this week", "travel.location", "Ghent", "assertive"),
        ("I'm a guest at a little B&B in York", "travel.location", "York", "assertive"),
        ("we were guests at a hotel in Rome", "travel.location", None, ""),
        ("they're guests at our place in Leeds", "travel.location", None, ""),
        # Settled in a new home, with how settled said first (``home_words.py``).
        (
            "We are now quite settled in the new bungalow in Harrogate",
            "profile.home_city",
            "Harrogate",
            "assertive",
        ),
        ("I'm pretty settled in Denver now", "profile.home_city", "Denver", "assertive"),
        (
            "we're finally properly settled in the flat in Leith",
            "profile.home_city",
            "Leith",
            "assertive",
        ),
        ("my sister is now quite settled in Perth", "profile.home_city", None, ""),
    ]
)
def test_out_of_hospital_stays_with_hosts_and_new_homes(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        # A state that holds until an event on a day ahead is a state now, as "until
        # Thursday" is (``clause_reading.py``).
        "The hot tub is out of order until the engineer comes on Thursday.",
        "the boiler's broken till the plumber comes on Monday",
        "the car is in the garage until they get the part next week",
        # Being late is the journey under way, no plan (``intent_tense.py``).
        "Stuck outside Reading, going to be 40 mins late",
        "I'll be a bit late, the bus didn't come",
        "we're gonna be about 20 minutes late, sorry",
        # A thing's "'s" before its state, after its determiner, is "is" (``thing_is.py``).
        "My prescription's ready to collect at Boots.",
        "the boiler's broken again",
        "our flat's empty now",
    ],
)
def test_states_now_read_as_assertive(text: str) -> None:
    assert intent_said(text) == "assertive", text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A stay ended by an event ahead, said as a plan, stays a plan.
        ("I'll stay until the plumber comes on Monday", "planning"),
        ("we're going to Reading tomorrow", "planning"),
        ("I'm going to be in Leeds next week", "planning"),
    ],
)
def test_plans_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@_table(
    [
        # A leg of a week's plan after a comma, with its own day (``segments.py``).
        (
            "week ahead: dentist tues 2pm, parents evening thurs, flying to Dublin sat morning",
            "travel.destination",
            "Dublin",
            "planning",
        ),
        (
            "dentist tues 2pm, flying to Dublin sat morning",
            "travel.depart_date",
            "2026-03-07",
            "planning",
        ),
        ("gym mon, driving to Cardiff on Friday", "travel.destination", "Cardiff", "planning"),
        # A week's days, then where they are spent (``itinerary_lines.py``).
        ("Wed to Fri in Bristol for work", "travel.destination", "Bristol", "planning"),
        ("Thursday to Saturday in Bristol", "travel.return_date", "2026-03-07", "planning"),
        ("this week: Mon gym, thu-sat in Leeds", "travel.destination", "Leeds", "planning"),
        ("Mon to Wed in the office, Thu and Fri at home", "travel.destination", None, ""),
    ]
)
def test_a_weeks_plan(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        # A debt asked about or still to pay commits nothing.
        "did you pay Mike back?",
        "have you settled up with Jo yet",
        "Could you pay your brother back before Friday?",
    ],
)
def test_a_debt_asked_about_commits_nothing(text: str) -> None:
    assert not commits_anything(text), text


@_table(
    [
        # "shall" is "will" in a letter's plans (``travel_going.py``).
        (
            "We shall be at the caravan in Tenby from the 20th for a fortnight.",
            "travel.destination",
            "Tenby",
            "planning",
        ),
        (
            "I shall be at my daughter's in Leeds from Friday",
            "travel.destination",
            "Leeds",
            "planning",
        ),
        (
            "we shall be staying with friends in Bath next week",
            "travel.destination",
            "Bath",
            "planning",
        ),
        # A deposit that has gone through is paid (``financial_statuses.py``).
        (
            "the deposit for the new flat has gone through, 1,600 quid",
            "financial.deposit.status",
            "paid",
            "assertive",
        ),
        ("the deposit has gone through at last", "financial.deposit.status", "paid", "assertive"),
        (
            "our deposit for the old flat went through in January",
            "financial.deposit.status",
            "paid",
            "assertive|historical",
        ),
        # A list of bills, each with its own status (``segments.py``).
        (
            "Rent's paid, gas is paid, water's due Friday.",
            "financial.rent.status",
            "paid",
            "assertive",
        ),
        ("rent paid, electric's due on the 12th", "financial.rent.status", "paid", "assertive"),
        ("mortgage paid, water's overdue", "financial.mortgage.status", "paid", "assertive"),
        # Living at a street, the town after its comma; the first night in a new home
        # (``home_words.py``).
        (
            "We're now living at 4 Mill Lane, Kendal – please update your records.",
            "profile.home_city",
            "Kendal",
            "assertive",
        ),
        ("we live at 22 Elm Road, Bath", "profile.home_city", "Bath", "assertive"),
        ("I'm living at 9 Queen Street, Oban these days", "profile.home_city", "Oban", "assertive"),
        ("my sister lives at 4 Mill Lane, Kendal", "profile.home_city", None, ""),
        (
            "First night in the new place in Hove and the heating doesn't work",
            "profile.home_city",
            "Hove",
            "assertive",
        ),
        ("first week in the new flat in Leith!!", "profile.home_city", "Leith", "assertive"),
        ("my first night in the new hotel in Rome", "profile.home_city", None, ""),
    ]
)
def test_letters_plans_deposits_lists_of_bills_and_addresses(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A plan's legs by their bare verbs (``itinerary_lines.py``).
        (
            "Plan: leave Sat 7am, arrive Inverness ~3pm, 2 nights, home Mon",
            "travel.destination",
            "Inverness",
            "planning",
        ),
        (
            "Plan: leave Sat 7am, arrive Inverness ~3pm, 2 nights, home Mon",
            "travel.return_date",
            "2026-03-09",
            "planning",
        ),
        ("Sat: leave 7am, arrive Whitby 11am", "travel.depart_date", "2026-03-07", "planning"),
        ("land Reykjavik 06:10, pick up car", "travel.destination", "Reykjavík", "planning"),
        ("Leave Tom a note", "travel.destination", None, ""),
        # A trip's day moved, where and the old day said between (``travel_changes.py``).
        (
            "my flight to Oslo on 18 March has been rescheduled to 19 March.",
            "travel.depart_date",
            "2026-03-19",
            "planning",
        ),
        (
            "my flight to Oslo on 18 March has been rescheduled to 19 March.",
            "travel.destination",
            "Oslo",
            "planning",
        ),
        (
            "our flight on Friday got moved to Saturday",
            "travel.depart_date",
            "2026-03-07",
            "planning",
        ),
        ("my flight to Rome got pushed to tuesday", "travel.destination", "Rome", "planning"),
    ]
)
def test_a_plans_bare_legs_and_days_moved(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Whether a fact suits the listener, asked after it, leaves the fact a fact
        # (``segments.py``).
        ("We're vegan, both of us, is that ok for the set menu?", "assertive"),
        ("I'm in Lisbon till Friday, could we meet on Thursday?", "assertive"),
        ("my son has a nut allergy, is that a problem?", "assertive"),
        # The question alone, or after a condition, stays what it was.
        ("is that ok for the set menu?", "none"),
        ("if it rains, is that a problem?", "hypothetical"),
    ],
)
def test_a_fact_then_whether_it_suits(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@_table(
    [
        # A bill handed to the one it is owed to pays the bill; how it is paid goes
        # (``money_sent.py``).
        (
            "Just sent the landlord this month's rent, £975.",
            "financial.rent.status",
            "paid",
            "assertive",
        ),
        (
            "paid the letting agent the deposit yesterday",
            "financial.deposit.status",
            "paid",
            "assertive",
        ),
        (
            "transferred the landlord the rent this morning",
            "financial.rent.status",
            "paid",
            "assertive",
        ),
        ("Just sent the landlord this month's rent, £975.", "financial.landlord.status", None, ""),
        (
            "My council tax direct debit goes out on the 1st.",
            "financial.council_tax.status",
            "due",
            "planning|assertive",
        ),
        ("the rent standing order went out today", "financial.rent.status", "paid", "assertive"),
        # A home's lease signed, sheltered housing moved into, unpacking in the new home
        # (``home_words.py``, ``rules_profile.py``).
        (
            "Just signed a 12-month lease on a flat in Sheffield!",
            "profile.home_city",
            "Sheffield",
            "assertive",
        ),
        (
            "we've signed the lease on a house in Didsbury",
            "profile.home_city",
            "Didsbury",
            "assertive",
        ),
        ("signed a lease on a villa in Crete for the summer", "profile.home_city", None, ""),
        (
            "I have moved into sheltered housing in Chester and am quite comfortable.",
            "profile.home_city",
            "Chester",
            "assertive",
        ),
        ("Mum moved into retirement housing in Ilkley last month", "profile.home_city", None, ""),
        (
            "Only three boxes left to unpack in the new flat in Bath.",
            "profile.home_city",
            "Bath",
            "assertive",
        ),
        ("still unpacking in the new house in Leeds", "profile.home_city", "Leeds", "assertive"),
        # A holiday let, rented for a while, is where one is (``travel_presence.py``).
        (
            "We're renting a villa near Lucca for the week, it's glorious.",
            "travel.location",
            "Lucca",
            "assertive",
        ),
        (
            "we're renting a cottage in Cornwall till Sunday",
            "travel.location",
            "Cornwall",
            "assertive",
        ),
        (
            "I'm renting a chalet outside Annecy this week",
            "travel.location",
            "Annecy",
            "assertive",
        ),
        ("we're renting a flat in Leeds", "travel.location", None, ""),
        # A fall or a stroke had, in the present perfect, holds now (``intent_tense.py``,
        # ``grammar_results.py``).
        (
            "Gran's had a fall and is in A&E with a suspected broken wrist.",
            "family.grandma.status",
            "sick",
            "assertive",
        ),
    ]
)
def test_bills_to_whom_leases_lets_and_falls(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Gran's had a fall and is in A&E", "assertive"),
        ("dad has had a stroke, he's in the Royal Free", "assertive"),
        ("my husband's had another seizure, we're waiting for the ambulance", "assertive"),
        # A fall told with its year or "last year" is a story.
        ("my mum had a fall last year", "historical"),
    ],
)
def test_a_fall_had_is_now(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text
