"""The twenty-third round (issue 24), w23c: the writer's family, home, job and money in
wordings the readers missed, found by the probe sentences written for this round in new
voices (``realistic/probes23c*-dev.jsonl``: parents' group chats, voice-note transcripts,
forum posts asking advice, terse notes, learners of English). Each class is tabled with
paraphrases in other voices and look-alikes that must keep their reading. Every row is a
sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

# ------------------------------------------------------------------- the family, as said

_FAMILY: list[FieldRow] = [
    # Ill with something not yet named: "down with something", as "coming down with" is.
    (
        "the wife's down with something, so no dinner party",
        "family.wife.status",
        "sick",
        "assertive",
    ),
    ("my youngest is down with something again", "family.youngest.status", "sick", "assertive"),
    (
        "both boys have been down with something since sunday",
        "family.boys.status",
        "sick",
        "assertive",
    ),
    ("is your daughter down with something?", "family.daughter.status", None, ""),
    ("my manager is down with something", "family.manager.status", None, ""),
    # Come home, from hospital or from away: home (not only well).
    ("dad came home from the hospital last night", "family.dad.status", "home", "assertive"),
    ("gran came back home from rehab on tuesday", "family.grandma.status", "home", "assertive"),
    (
        "my son has come back from uni, exams all done",
        "family.son.status",
        "home",
        "assertive|historical",
    ),
    (
        "my sister she is come back from Dubai, staying with mummy now",
        "family.sister.status",
        "home",
        "assertive",
    ),
    ("if mum comes home from hospital friday we'll need the ramp", "family.mom.status", None, ""),
    # A voice note's "quick one" before the news is no part of it.
    # How much better, said the British way.
    ("the baby's feeling loads better today", "family.baby.status", "well", "assertive"),
    ("mum's heaps better since the antibiotics", "family.mom.status", "well", "assertive"),
    (
        "quick one, grandad got discharged this morning",
        "family.grandpa.status",
        "well",
        "assertive",
    ),
    (
        "so yeah quick one hubby's got the flu so I'm not coming",
        "family.husband.status",
        "sick",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), _FAMILY)
def test_how_a_family_member_is(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------------------------------------------ home and job

_HOME_AND_JOB: list[FieldRow] = [
    # A move done, said beside where the writer is: home, not a trip.
    (
        "contract signed on the flat, we're in Bath for good",
        "profile.home_city",
        "Bath",
        "assertive",
    ),
    (
        "been in Porto two months since the move, still no sofa",
        "profile.home_city",
        "Porto",
        "assertive",
    ),
    ("we're in Denver till sunday, the movers left a mess", "profile.home_city", None, ""),
    ("my brother bought a house, we're in Leeds helping him paint", "profile.home_city", None, ""),
    # The keys to the new home, or the move there, named.
    ("got the keys to our new flat in Derby today!!", "profile.home_city", "Derby", "assertive"),
    (
        "a month since the big move to Tucson and I miss rain",
        "profile.home_city",
        "Tucson",
        "assertive",
    ),
    ("got the keys to the airbnb in Porto", "profile.home_city", None, ""),
    ("we're all moved in at the cottage in Whitby", "profile.home_city", "Whitby", "assertive"),
    ("we are officially living in Albany now", "profile.home_city", "Albany", "assertive"),
    # The home said by what its people are called: Denver-ite, London-er, Chicago-an.
    ("we're Denverites now, send help, it's snowing", "profile.home_city", "Denver", "assertive"),
    (
        "officially Seattleites as of last week, we're Seattleites now",
        "profile.home_city",
        "Seattle",
        "assertive",
    ),
    ("I'm a Londoner these days", "profile.home_city", "London", "assertive"),
    ("we're new yorkers now lol", "profile.home_city", "New York City", "assertive"),
    # ... not a trade, a name, someone else, a hypothetical or a past.
    ("we're renters now, sold the house", "profile.home_city", None, ""),
    ("I'm Roman, nice to meet you", "profile.home_city", None, ""),
    ("my in-laws are Bostonians through and through", "profile.home_city", None, ""),
    ("if we take the job we'd be Denverites", "profile.home_city", None, ""),
    ("we were Londoners for a decade", "profile.home_city", None, ""),
    # A status line that opens on the new home and its town.
    (
        "new flat in Bristol! keys on friday, well, today",
        "profile.home_city",
        "Bristol",
        "assertive",
    ),
    ("brand new apartment in Phoenix, still no couch", "profile.home_city", "Phoenix", "assertive"),
    ("new place in Austin does amazing tacos", "profile.home_city", None, ""),
    ("new house in Leeds for the summer, then back to Hull", "profile.home_city", None, ""),
    # An offer signed is a job taken; an at-sign stands for "at".
    ("signed my offer from Monzo last night!!", "profile.employer", "Monzo", "assertive"),
    ("I've signed the job offer with Siemens", "profile.employer", "Siemens", "assertive"),
    ("should I sign the offer from Monzo or hold out?", "profile.employer", None, ""),
    ("new job @ Deloitte, starts monday", "profile.employer", "Deloitte", "assertive"),
    ("new gig @ Etsy", "profile.employer", "Etsy", "assertive"),
    # The days of a new job counted, its onboarding, an offer taken that starts ahead.
    ("week two at Amazon and my feet hurt", "profile.employer", "Amazon", "assertive"),
    ("day 4 at Google, still lost", "profile.employer", "Google", "assertive"),
    ("day 4 at the beach, still sunburnt", "profile.employer", None, ""),
    ("onboarded at Stripe this week", "profile.employer", "Stripe", "assertive"),
    ("accepted the role at Monzo, starting on the 20th", "profile.employer", "Monzo", "assertive"),
    ("I'm joining Google from the 1st", "profile.employer", "Google", "assertive"),
    ("my wife is joining Google next month", "profile.employer", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), _HOME_AND_JOB)
def test_a_home_or_a_job_said_another_way(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ----------------------------------------------------------------------- the money

_MONEY: list[FieldRow] = [
    # A sum handed to the landlord with no bill named is the rent, not a debt to him.
    ("sent the landlord £875 this morning", "financial.rent.status", "paid", "assertive"),
    ("sent the landlord £875 this morning", "financial.rent.amount", 875, "assertive"),
    ("paid the landlady 640 yesterday", "financial.rent.amount", 640, "assertive"),
    ("paid the landlady 640 yesterday", "financial.landlady.status", None, ""),
    # A sum said in hundreds, after a verb of paying and whom: no currency word needed.
    (
        "I transferred the landlord nine hundred last night",
        "financial.rent.amount",
        900,
        "assertive",
    ),
    ("paid the builder fifteen hundred today", "financial.builder.amount", 1500, "assertive"),
    ("gave the kids a hundred stickers", "financial.kids.amount", None, ""),
    # The last of a bill paid is the bill paid.
    (
        "paid off the last of my student loan!!",
        "financial.student_loan.status",
        "paid",
        "assertive",
    ),
    ("cleared the rest of the car loan, $2,400", "financial.car_loan.amount", 2400, "assertive"),
    # The bill's sum said after it by "it": that bill's amount.
    ("the phone bill is due monday, it's $64", "financial.phone_bill.amount", 64, "assertive"),
    (
        "haven't paid the council tax yet, it's 148 this month",
        "financial.council_tax.amount",
        148,
        "assertive",
    ),
    ("rent is due friday, it's a nightmare", "financial.rent.amount", None, ""),
    ("paid the gas bill, it was 3 days late", "financial.gas_bill.amount", None, ""),
    # A filler before the bill is no part of its name.
    (
        "basically the council tax is paid for the year",
        "financial.council_tax.status",
        "paid",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), _MONEY)
def test_the_writers_money_on_the_writers_bill(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
