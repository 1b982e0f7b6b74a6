"""The eighth round (issue 24): classes of phrasing the new voices (money said casually,
health, older adults typing, trip diaries) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- an ask and its reason


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A question or a request, and beside it the past event or remark it comes from.
        ("Is dinner still at six? Nobody called me back.", "none"),
        ("can someone send me the wifi password? forgot to write it down", "none"),
        ("Could you bring the folding chairs Sunday? Ours broke last summer.", "none"),
        ("Please ring me tonight. It is about the insurance.", "none"),
        ("Thanks so much for the flowers, they brightened the whole kitchen!", "none"),
        ("any idea where the spare key went? i left it on the hook", "none"),
        # Look-alikes: a fact about now, or a person's state, is still news.
        ("Is dinner still at six? I'm running late from work.", "assertive"),
        ("My brother is in the hospital again, please keep him in your prayers.", "assertive"),
        ("we're back in Denver, can you water the plants tomorrow?", "assertive"),
        # Thanks that close a story are its sign-off: the story stays a story.
        ("We drove to the coast on Sunday and saw whales. Thanks for the tip!", "historical"),
    ],
)
def test_an_ask_and_its_reason(text: str, intent: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == intent


# ---------------------------------------------------------------- a letter's salutation


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Parsed with its salutation, the name greeted became the subject and the speaker
        # an apposition of theirs; the salutation is read as no part of the news.
        ("Dear Paul, your mother and I are in Tucson until Friday.", "travel.location", "Tucson"),
        ("Hello Jen, Grandpa and I arrived in Mesa last night.", "travel.location", "Mesa"),
        ("Dear Kathy, Your Dad and I live in Fresno now.", "profile.home_city", "Fresno"),
        ("Hi Mike, my husband and I are moving to Boise in May.", "travel.destination", None),
        # Look-alikes: the greeted person's news is still theirs.
        ("Dear Paul, your mother is in Tucson until Friday.", "travel.location", None),
    ],
)
def test_a_salutation_is_no_subject(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- where a diarist is


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # What the writer is doing as they write, and where.
        ("sipping coffee in a little square in Siena", "Siena"),
        ("we're eating tapas at a bar in Granada", "Granada"),
        ("After the long bus ride, lounging by the pool in Cairns", "Cairns"),
        ("posting this from a laundromat in Hobart", "Hobart"),
        ("I'm people-watching in Lyon and it's glorious", "Lyon"),
        # A diary's day, and where it was spent.
        ("Day 6 in Seville. Too hot for July, and it's March.", "Seville"),
        ("day 2: oslo", "Oslo"),
        ("Night 5 in Bergen, still no sleep", "Bergen"),
        # Look-alikes: a search, someone else, nothing that is a place, a story.
        ("im looking for a cheap hostel in Seville", None),
        ("my brother is sipping coffee in Siena right now", None),
        ("sitting in traffic on the bridge again", None),
        ("Day 6 of the detox and I'm starving", None),
        ("last summer we were eating tapas in Granada every night", None),
    ],
)
def test_where_a_diarist_is(text: str, place: str | None) -> None:
    assert facts_said(text, AT).get("travel.location") == place


# ---------------------------------------------------------------- money said casually


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # What a bill that arrived comes to, and bills named by two words.
        ("gas bill came in at $88 this month", {"financial.gas_bill.amount": 88}),
        ("the sewer bill came, $43", {"financial.sewer_bill.amount": 43}),
        ("the car insurance premium is $610", {"financial.car_insurance_premium.amount": 610}),
        ("school tax is $1,450, due May 1", {"financial.school_tax.due_date": "2026-05-01"}),
        # A subscription renews on its day: due then, and what it charges is known now.
        ("my peacock renews on the 20th, $7.99", {"financial.peacock.amount": 7.99}),
        ("audible renews tuesday", {"financial.audible.due_date": "2026-03-10"}),
        # Money back that arrived; what the refund was for names it.
        ("my tax refund finally arrived", {"financial.tax_refund.status": "refunded"}),
        ("the refund for the stroller hit my account", {"financial.stroller.status": "refunded"}),
        # A trial the user cancels is a subscription, not a project.
        (
            "cancelled the paramount free trial",
            {"financial.paramount_free_trial.status": "cancelled"},
        ),
    ],
)
def test_money_said_casually(text: str, expected: dict[str, object]) -> None:
    got = facts_said(text, AT)
    assert {f: got.get(f) for f in expected} == expected
    assert not any(f.startswith("project.") for f in got)


@pytest.mark.parametrize(
    "text",
    [
        # Look-alikes: no tax owed, a court's trial, someone's passport, a package.
        "no tax is charged on groceries here",
        "the murder trial got cancelled",
        "she renews her passport friday",
        "the package came, finally",
        "my tax return is done",
    ],
)
def test_money_look_alikes(text: str) -> None:
    assert not any(f.startswith("financial.") for f in facts_said(text, AT))


# ---------------------------------------------------------------- health in the family


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Caught an illness: ill now, news rather than a story.
        ("my husband caught the flu from the kids", {"family.husband.status": "sick"}),
        ("our daughter caught strep at daycare", {"family.daughter.status": "sick"}),
        # Whom the speaker is with at the ER or urgent care is most likely the patient.
        ("im at urgent care with my son", {"family.son.status": "sick"}),
        ("at the hospital with my dad, they're running tests", {"family.dad.status": "sick"}),
        # Other words for an appointment that moves or is called off.
        ("mom's follow-up got moved to monday", {"family.follow_up.event_status": "moved"}),
        (
            "dad's therapy session got bumped to friday",
            {"family.therapy_session.event_status": "moved"},
        ),
        ("grandma's eye exam is cancelled", {"family.eye_exam.event_status": "cancelled"}),
    ],
)
def test_health_in_the_family(text: str, expected: dict[str, object]) -> None:
    got = facts_said(text, AT)
    assert {f: got.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # Look-alikes: someone else at the hospital, a visit long ago, a fish caught.
        ("my sister is at the hospital with my dad", "family.dad.status"),
        ("we were at the ER with my son last year", "family.son.status"),
        ("when my wife caught covid in 2021 we all isolated", "family.wife.status"),
    ],
)
def test_health_look_alikes(text: str, field: str) -> None:
    assert field not in facts_said(text, AT)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "ill" typed for "I'll" where it leads a clause and a verb follows.
        ("ok ill grab the inhaler on the way", "planning"),
        ("ill call the pharmacy at noon", "planning"),
        ("i feel ill", "assertive"),
        # A present state set against the story before it is how things stand now.
        ("my dad fell last week but he is walking again", "assertive"),
        ("our daughter sprained her ankle at practice but she's in good spirits", "assertive"),
        # Look-alike: no "but", the remark stays part of the story.
        ("my dad fell last week and the ambulance took forever", "historical"),
    ],
)
def test_health_intent(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- how older writers type


@pytest.mark.parametrize(
    ("text", "intent", "expected"),
    [
        # A word shouted in capitals is the word, not a name.
        (
            "Our cruise to Nassau was CANCELLED, the ship broke down.",
            "assertive",
            {"travel.status": "cancelled"},
        ),
        ("My husband is SICK again with the flu.", "assertive", {"family.husband.status": "sick"}),
        ("WE ARE IN TAMPA UNTIL SUNDAY", "assertive", {"travel.location": "Tampa"}),
        # An organisation in capitals stays one.
        ("I still work at IKEA on weekends.", "assertive", {"profile.employer": "IKEA"}),
        # "should of" is "should have": what might have been.
        ("We should of taken the earlier train.", "hypothetical", {}),
        ("I could of stayed in Ohio with my sister.", "hypothetical", {}),
        # Look-alike: "would of course" keeps its "of".
        ("We would of course love to see you.", "hypothetical", {}),
    ],
)
def test_how_older_writers_type(text: str, intent: str, expected: dict[str, object]) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == intent
    got = facts_said(text, AT)
    assert {f: got.get(f) for f in expected} == expected


# ---------------------------------------------------------------- asking whether


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "if" for "whether" after a verb of knowing or asking opens no condition.
        ("anyone know if the 14 bus runs on sundays?", "none"),
        ("does anybody know if the library is open on Easter?", "none"),
        ("can you find out if the pool is heated", "none"),
        # At a loss, with no news.
        ("Should I sell the car? I do not know what to do.", "hypothetical"),
        ("idk what to say to her honestly", "none"),
        # Look-alikes: a real condition, a weighed possibility.
        ("if the bus runs on sundays we'll take it", "hypothetical"),
        ("what if we stayed another night?", "hypothetical"),
    ],
)
def test_asking_whether(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- a symptom worse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my son's fever is back", {"family.son.status": "sick"}),
        ("Mom's cough is getting worse", {"family.mom.status": "sick"}),
        ("my wife's rash is worse today", {"family.wife.status": "sick"}),
        # Look-alikes: the weather, a symptom gone.
        ("the weather is getting worse", {}),
        ("my son's fever is gone", {"family.son.status": "well"}),
    ],
)
def test_a_symptom_worse(text: str, expected: dict[str, object]) -> None:
    got = {f: v for f, v in facts_said(text, AT).items() if f.startswith("family.")}
    assert got == expected


# ---------------------------------------------------------------- the news of the day


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # An event whose result holds, from today, is news wherever it happened.
        ("we signed the lease on the flat in Leith today!!", "assertive"),
        ("finally got my license back at the DMV this morning", "assertive"),
        ("we adopted a puppy from the shelter in Ogden today", "assertive"),
        # Look-alikes: the same events on an earlier day, or no result that holds.
        ("we signed the lease on the flat in Leith last spring", "historical"),
        ("i lost my wallet at the mall yesterday", "historical"),
        ("my cat knocked my phone into the sink this morning", "historical"),
    ],
)
def test_the_news_of_the_day(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- a trip's year is no day


@pytest.mark.parametrize(
    ("text", "depart"),
    [
        # A year names when, but no day to leave on.
        ("we're saving for a trip to Peru next year", None),
        ("we're going to Iceland in 2027", None),
        ("we fly to Peru next year, probably in the spring", None),
        # Look-alikes: a day named is the day; a month still ahead starts on its first day.
        ("we fly to Peru on april 12", "2026-04-12"),
        ("we fly to Peru next month", "2026-04-01"),
    ],
)
def test_a_trips_year_is_no_day(text: str, depart: str | None) -> None:
    found = extract_offline(text, at=AT)
    got = [o.candidate_value for o in found.observations if o.field == "travel.depart_date"]
    assert got == ([depart] if depart else [])


# ---------------------------------------------------------------- an amount on its own


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # An amount alone after the news prices it.
        ("paid the plumber. $350", "financial.plumber.amount", 350),
        ("the refund for the blender came!! $89 🙌", "financial.blender.amount", 89),
        ("paid the daycare invoice!!! €420", "financial.daycare_invoice.amount", 420),
        # Look-alikes: a price with words of its own, an amount with nothing before it.
        ("paid the plumber. $350 seems steep for an hour", "financial.plumber.amount", None),
        ("$40", "financial.plumber.amount", None),
    ],
)
def test_an_amount_on_its_own(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


def test_a_doubled_mark_ends_one_sentence() -> None:
    # "landed!! 🛬": the second mark and the emoji after it leave the arrival whole.
    assert facts_said("landed!! 🛬", AT).get("travel.status") == "in_progress"


# ---------------------------------------------------------------- a stay before the next leg


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The stay is now; the next leg and its day are the plan.
        (
            "we're in Denver for the night before driving to Moab tomorrow",
            {
                "travel.location": "Denver",
                "travel.destination": "Moab",
                "travel.depart_date": "2026-03-05",
            },
        ),
        (
            "in Cusco two more days before heading to Lima on friday",
            {"travel.location": "Cusco", "travel.destination": "Lima"},
        ),
        (
            "back in Lima for a night before flying home friday",
            {"travel.location": "Lima", "travel.return_date": "2026-03-06"},
        ),
    ],
)
def test_a_stay_before_the_next_leg(text: str, expected: dict[str, object]) -> None:
    got = facts_said(text, AT)
    assert {f: got.get(f) for f in expected} == expected


@pytest.mark.parametrize(
    "text",
    [
        # Look-alikes: no stay named, or no day for the leg.
        "we'll have dinner before heading to the airport tomorrow",
        "call me before leaving tomorrow",
        "we stopped in Denver before driving to Moab last year",
    ],
)
def test_no_stay_before_a_leg(text: str) -> None:
    assert "travel.location" not in facts_said(text, AT)


# ---------------------------------------------------------------- a renewal


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # A renewal holds, like a payment: paid now, not a story.
        ("car insurance renewed", "financial.car_insurance.status"),
        ("renewed the gym membership", "financial.gym_membership.status"),
    ],
)
def test_a_renewal_is_paid(text: str, field: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == "assertive"
    assert facts_said(text, AT).get(field) == "paid"


# ---------------------------------------------------------------- the speaker fell ill


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Falling ill is news about now, with the story of it beside it.
        ("ugh caught the flu. my doctor said to rest", "assertive"),
        ("tested positive for covid, my boss sent me home", "assertive"),
        ("came down with a nasty cold, we cancelled dinner plans", "assertive"),
        # Look-alikes: an illness long past, a fish caught.
        ("caught the flu back in 2019. my doctor said to rest", "historical"),
        ("i caught a huge trout at the lake, it was huge", "historical"),
    ],
)
def test_the_speaker_fell_ill(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent
