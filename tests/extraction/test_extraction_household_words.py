"""Household words as people type them: a family member named in lower case, a child's
activity said with "has", and what the rent comes to now.

Each table row is one message and what it must yield: a field with its value and
intent, or (value None) that the field must not come out as a fact (assertive or
planning). Rows are grouped by class of phrasing and mix voices: texting in lower
case with slips, careful prose, non-native English and voice-note run-ons; each
group has look-alikes that must not commit.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.offline import extract_offline

Row = FieldRow

# A relation word, then the member's first name in lower case: the name is who it is about.
RELATION_THEN_NAME: list[Row] = [
    ("my daughter emma is sick", "family.emma.status", "sick", "assertive"),
    ("my wife jo has a fever", "family.jo.status", "sick", "assertive"),
    ("our son max is home sick today", "family.max.status", "sick", "assertive"),
    ("my son tommy has the flu", "family.tommy.status", "sick", "assertive"),
    ("my daughter lily's got croup", "family.lily.status", "sick", "assertive"),
    ("my husband dave is in the hospital", "family.dave.status", "sick", "assertive"),
    ("my wife kate is feeling much better", "family.kate.status", "well", "assertive"),
    ("our daughter zoe's got a cold", "family.zoe.status", "sick", "assertive"),
    ("my son leo is home with a fever", "family.leo.status", "sick", "assertive"),
    ("my daughter ava is sick today", "family.ava.status", "sick", "assertive"),
    ("my son noah still has a fever", "family.noah.status", "sick", "assertive"),
    ("ugh my son max is sick AGAIN", "family.max.status", "sick", "assertive"),
    ("my wife, jo, has a fever", "family.jo.status", "sick", "assertive"),
    ("my wife jen is out of town till friday", "family.jen.status", "away", "assertive"),
    # A person is no project that is "out" (released).
    ("my wife jen is out of town till friday", "project.wife_jen.status", None, ""),
    # Names the short list does not hold, and no English word: still names.
    ("my daughter kaylee has strep", "family.kaylee.status", "sick", "assertive"),
    ("my son jaxon is throwing up", "family.jaxon.status", "sick", "assertive"),
    # Non-native English and voice notes.
    (
        "my daughter priya is having fever from yesterday",
        "family.priya.status",
        "sick",
        "assertive",
    ),
    ("my son arjun is not feeling well today", "family.arjun.status", "sick", "assertive"),
    (
        "so yeah my husband mike is feeling better now and um the kids are fine",
        "family.mike.status",
        "well",
        "assertive",
    ),
    # Slips in the relation, pet names for it, run-ons.
    ("my daugther emma is sick", "family.emma.status", "sick", "assertive"),
    ("my duaghter emma has a fever lol", "family.emma.status", "sick", "assertive"),
    ("hubby dave is home sick", "family.dave.status", "sick", "assertive"),
    ("wifey jo is feeling better finally", "family.jo.status", "well", "assertive"),
    ("my sis jen has covid", "family.jen.status", "sick", "assertive"),
    ("my mum linda is in hospital", "family.linda.status", "sick", "assertive"),
    ("my son kevin has got fever since 2 days", "family.kevin.status", "sick", "assertive"),
    ("My daughter emma is unwell since yesterday.", "family.emma.status", "sick", "assertive"),
    (
        "so yeah um my daughter emma is sick and uh she's home today",
        "family.emma.status",
        "sick",
        "assertive",
    ),
    (
        "okay so our son max is home sick today so i'm gonna work from home",
        "family.max.status",
        "sick",
        "assertive",
    ),
    # Not now: a condition, the past, someone else's words about another child.
    ("if my daughter emma gets sick we'll stay home", "family.emma.status", None, ""),
    ("my daughter emma was sick last month", "family.emma.status", None, ""),
    ("my son max had the flu in october", "family.max.status", None, ""),
    ("emma said max is sick", "family.emma.status", None, ""),
    ("is my daughter emma sick?", "family.emma.status", None, ""),
]

# A two-letter first name typed in lower case at the head of the clause.
SHORT_NAME: list[Row] = [
    ("jo has a fever", "family.jo.status", "sick", "assertive"),
    ("jo's got the flu, she's staying home today", "family.jo.status", "sick", "assertive"),
    ("al is in the hospital", "family.al.status", "sick", "assertive"),
    ("jo had a fever last week", "family.jo.status", None, ""),
    ("if jo gets sick we cancel", "family.jo.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), RELATION_THEN_NAME + SHORT_NAME)
def test_member_named_in_lower_case(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# A relation word followed by a word that is no name: an adverb, a common noun said
# without the possessive ("my daughter school" for "my daughter's school"), a slip of
# the thumb, a chat abbreviation. None of these is a person.
NOT_A_NAME: list[tuple[str, str | None]] = [
    ("my son still has a fever", "family.son.status"),
    ("my wife just got home", None),
    ("our kid really is sick", "family.kids.status"),
    ("my daughter finally feels better", "family.daughter.status"),
    ("my son also has the flu", "family.son.status"),
    ("my daughter school is closed today", None),
    ("my daughter teacher is sick", None),
    ("my husband boss is sick", None),
    ("my son friend has covid", None),
    ("my son dog is sick", None),
    ("my wife phone died", None),
    ("my daughter tablet is broken", None),
    ("my son stil has a fever", None),
    ("my daughter realy is sick", None),
    ("my son prob has the flu", None),
    ("my son ofc is sick", None),
    ("my son called to say he has the flu", "family.son.status"),
    ("my daughter texted that she is sick", "family.daughter.status"),
    ("my son tomorrow has a game", None),
    ("my son will be sick", None),
]
_PEOPLE = frozenset(["son", "daughter", "wife", "husband", "kids"])


@pytest.mark.parametrize(("text", "expected"), NOT_A_NAME)
def test_no_person_invented(text: str, expected: str | None) -> None:
    statuses = {
        o.field
        for o in extract_offline(text, at=AT).observations
        if o.field.startswith("family.") and o.field.endswith(".status")
    }
    invented = {f for f in statuses if f.split(".")[1] not in _PEOPLE}
    assert not invented, f"{text!r} invents someone: {invented}"
    if expected is not None:
        assert expected in statuses, f"{text!r}: expected {expected}, got {statuses}"


# A child's activity with its day said right after it ("has soccer practice Thursday at
# 5"): the activity is scheduled then, as "the recital is on Friday at 6pm" is.
ACTIVITY_THEN_DAY: list[Row] = [
    (
        "Max has soccer practice Thursday at 5",
        "family.soccer_practice.schedule",
        "2026-03-05T17:00:00-08:00",
        "planning",
    ),
    ("Max has soccer practice Thursday at 5", "family.max.status", None, ""),
    (
        "max has soccer practice thursday at 5",
        "family.soccer_practice.event_status",
        "scheduled",
        "planning",
    ),
    (
        "Emma has her piano lesson Friday at 4pm.",
        "family.piano_lesson.schedule",
        "2026-03-06T16:00:00-08:00",
        "planning",
    ),
    ("emma's got a recital friday at 6pm", "family.recital.event_status", "scheduled", "planning"),
    (
        "Emma's got a recital on Friday at 6pm",
        "family.recital.schedule",
        "2026-03-06T18:00:00-08:00",
        "planning",
    ),
    (
        "noah has karate tmrw at 6",
        "family.karate.schedule",
        "2026-03-05T18:00:00-08:00",
        "planning",
    ),
    (
        "my daughter have swim class monday at 4:30, i will drive her",
        "family.swim_class.schedule",
        "2026-03-09T16:30:00-08:00",
        "planning",
    ),
    (
        "ok so lily has ballet rehearsal saturday at 10 and then we go to grandmas",
        "family.ballet_rehearsal.schedule",
        "2026-03-07T10:00:00-08:00",
        "planning",
    ),
    (
        "soccer practice thursday is cancelled",
        "family.soccer_practice.event_status",
        "cancelled",
        "assertive",
    ),
    (
        "soccer practice thursday got moved to friday",
        "family.soccer_practice.schedule",
        "2026-03-06",
        "assertive",
    ),
    (
        "uh so max has like soccer practice thursday at 5 and then",
        "family.soccer_practice.schedule",
        "2026-03-05T17:00:00-08:00",
        "planning",
    ),
    (
        "Reminder that Emma has her piano recital on Sunday at 3pm!",
        "family.piano_recital.event_status",
        "scheduled",
        "planning",
    ),
    (
        "- Dentist appointment Tuesday 9am",
        "family.dentist_appointment.schedule",
        "2026-03-10T09:00:00-08:00",
        "planning",
    ),
    # Not a plan: the past, a question, a condition, a cancellation after the day.
    ("Max had soccer practice Thursday at 5", "family.soccer_practice.event_status", None, ""),
    ("does max have soccer practice thursday?", "family.soccer_practice.event_status", None, ""),
    (
        "if max has soccer practice thursday we can't go",
        "family.soccer_practice.schedule",
        None,
        "",
    ),
    (
        "soccer practice thursday is cancelled",
        "family.soccer_practice.event_status",
        "cancelled",
        "assertive",
    ),
    ("practice thursday got called off", "family.practice.event_status", "cancelled", "assertive"),
    # A day before the activity, a bound, or a day gone by is no schedule of it.
    ("My son's away at camp until Sunday", "family.camp.schedule", None, ""),
    ("my son broke his leg playing football last friday", "family.football.schedule", None, ""),
    ("heading to chicago sunday for a conference", "family.conference.schedule", None, ""),
    (
        "we're in tahoe til tuesday, back for wednesday pickup",
        "family.wednesday_pickup.schedule",
        None,
        "",
    ),
    ("sophie is better today, back at school", "family.school.schedule", None, ""),
    ("i am in my last year of high school", "family.high_school.schedule", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ACTIVITY_THEN_DAY)
def test_activity_then_its_day(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# What a bill comes to now, after a change: "rent is now 2300", "went up to", "increased
# to". The amount (and its currency when one is written) as "paid rent, $2,100" gives it;
# a bare number counts, since after "rent is now" only money can stand.
BILL_NOW: list[Row] = [
    ("rent is now 2300", "financial.rent.amount", 2300, "assertive"),
    ("rent is now $2300", "financial.rent.amount", 2300, "assertive"),
    ("rent is now $2300", "financial.rent.currency", "USD", "assertive"),
    ("rent went up to 2300", "financial.rent.amount", 2300, "assertive"),
    ("my rent is 2300 now", "financial.rent.amount", 2300, "assertive"),
    ("my rent is $2300", "financial.rent.amount", 2300, "assertive"),
    ("ugh rent went up to 2300 smh", "financial.rent.amount", 2300, "assertive"),
    ("our rent is now £1,450", "financial.rent.currency", "GBP", "assertive"),
    (
        "Our rent has been increased to 2,350 USD per month.",
        "financial.rent.amount",
        2350,
        "assertive",
    ),
    ("my rent is 2.4k now", "financial.rent.amount", 2400, "assertive"),
    ("rent is now like 2300 which is insane", "financial.rent.amount", 2300, "assertive"),
    (
        "so the rent went up to twenty three hundred dollars and i'm like what",
        "financial.rent.amount",
        2300,
        "assertive",
    ),
    ("mortgage is now 1850", "financial.mortgage.amount", 1850, "assertive"),
    ("my car insurance is now $140 a month", "financial.car_insurance.amount", 140, "assertive"),
    (
        "landlord emailed, rent is now 2300 starting this month",
        "financial.rent.amount",
        2300,
        "assertive",
    ),
    ("rent is 2300", "financial.rent.amount", 2300, "assertive"),
    ("Rent is currently 2,300/month.", "financial.rent.amount", 2300, "assertive"),
    ("the rent is now at 2300", "financial.rent.amount", 2300, "assertive"),
    ("rent is up to 2300 now", "financial.rent.amount", 2300, "assertive"),
    ("our monthly rent is now 2300", "financial.rent.amount", 2300, "assertive"),
    ("my phone bill went up to 95 bucks", "financial.phone_bill.amount", 95, "assertive"),
    ("the landlord raised the rent to $2300", "financial.rent.amount", 2300, "assertive"),
    # Not now, not a fact, not money, not the speaker's.
    ("i raised the rent to 2300", "financial.rent.amount", None, ""),
    ("the landlord wants to raise the rent to 2300", "financial.rent.amount", None, ""),
    ("average rent is now 2300 in austin", "financial.average_rent.amount", None, ""),
    ("average rent is now 2300 in austin", "financial.rent.amount", None, ""),
    ("the electric bill is now 2300 kwh", "financial.electric_bill.amount", None, ""),
    ("rent is 1 of our biggest costs", "financial.rent.amount", None, ""),
    ("rent is now split 3 ways", "financial.rent.amount", None, ""),
    ("rent was 2300", "financial.rent.amount", None, ""),
    ("my rent was 2000 last year", "financial.rent.amount", None, ""),
    ("rent used to be 2300", "financial.rent.amount", None, ""),
    ("is rent 2300?", "financial.rent.amount", None, ""),
    ("is the rent now 2300?", "financial.rent.amount", None, ""),
    ("if rent goes up to 2500 we'll move", "financial.rent.amount", None, ""),
    ("rent is going up to 2400 in january", "financial.rent.amount", None, ""),
    ("rent went up to 2300 back in 2019", "financial.rent.amount", None, ""),
    ("rent is now 3 weeks late", "financial.rent.amount", None, ""),
    ("my friend's rent is now 2300", "financial.rent.amount", None, ""),
    ("her rent went up to 2300", "financial.rent.amount", None, ""),
    ("i think rent is now 2300", "financial.rent.amount", None, ""),
    # The bill's name is "rent", not "my rent".
    ("my rent is $2300", "financial.my_rent.amount", None, ""),
    ("the rent is $2300", "financial.the_rent.amount", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), BILL_NOW)
def test_what_a_bill_comes_to_now(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
