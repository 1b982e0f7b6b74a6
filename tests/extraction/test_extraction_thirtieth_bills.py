"""The thirtieth round (issue 24), money30: bills, prices and invitations read the way people
write them, found by ``realistic/bills30-dev.jsonl``.

- "my car insurance is $140 and it is due on the 15th" lost the day: the day told of "it"
  (or "they") in the clause after is the bill's the clause before named, as its sum already
  was (``bill_it_is.py``); a sum with no bill word ("the club subs are £40") becomes a bill
  once the clause after says it is due.
- "the gas bill came, $80, due friday" named a bill "gas bill came"; the verb that brought
  a bill is no part of its name, and "the plumber's bill" is the plumber's (``bill_names.py``).
  The day after "due" is the one owed, not the day the bill came ("came today, …, due on the
  23rd"), and it is ahead though the sum was told in the past ("were £64 each, due Friday").
- "the storage unit is $95 a month" read nothing: a thing of the writer's priced by a term
  that recurs is paid for like a bill (``costs_by_the_term.py``).
- "£64 each" named a bill "each": "each" prices a thing, as "a night" does (``amounts.py``).
- "tickets for the Madrid trip came to €380" planned a trip: a trip named only as what a
  sum was for plans none (``travel_going.py``).
- "I'm home all week anyway" ended a trip: a stretch at home is no coming home
  (``travel_returns.py``).
- Invitations ("wanna come to the game sunday", "you're welcome to come to lunch sunday",
  "there's a gig friday, if you fancy it") read as facts or plans: the listener is asked
  along, which claims nothing (``intent_invitations.py``); the writer's own doing stays told.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

DUE_TOLD_OF_IT: list[FieldRow] = [
    ("the phone bill is $52 and it's due on the 19th", "financial.phone_bill.due_date",
     "2026-03-19", "assertive|planning"),
    ("our home insurance is £280 and it is due by the 22nd", "financial.home_insurance.due_date",
     "2026-03-22", "assertive|planning"),
    ("electric bill came in, $97, and it needs paying by the 16th",
     "financial.electric_bill.due_date", "2026-03-16", "assertive|planning"),
    ("the swim lessons are £48 and they're due on the 20th", "financial.swim_lessons.due_date",
     "2026-03-20", "assertive|planning"),
    ("broadband is 45 quid and it has to be paid by the 11th", "financial.broadband.due_date",
     "2026-03-11", "assertive|planning"),
    ("Dear all, the choir fees are £30 and they are due on the 27th.",
     "financial.choir_fees.amount", 30, "assertive|planning"),
    # Someone else's bill, the past, a question, a condition: no day owed by the writer.
    ("my brother's phone bill is $52 and it's due on the 19th", "financial.phone_bill.due_date",
     None, ""),
    ("her car insurance is $300 and it's due on the 19th", "financial.car_insurance.due_date",
     None, ""),
    ("the water bill was $40 and it was due on the 2nd", "financial.water_bill.due_date",
     None, ""),
    ("the phone bill is $52 and is it due on the 19th?", "financial.phone_bill.due_date",
     None, ""),
    ("if the phone bill is $52 and it's due on the 19th I'm short",
     "financial.phone_bill.due_date", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), DUE_TOLD_OF_IT)
def test_a_due_day_told_of_it_is_the_bills_before(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


A_BILL_THAT_CAME: list[FieldRow] = [
    ("the gas bill came, $80, due friday", "financial.gas_bill.amount", 80, "assertive"),
    ("the gas bill came, $80, due friday", "financial.gas_bill.due_date", "2026-03-06",
     "assertive|planning"),
    ("water bill arrived, £51, due monday", "financial.water_bill.due_date", "2026-03-09",
     "assertive|planning"),
    ("phone bill came today, $66, due on the 24th", "financial.phone_bill.due_date",
     "2026-03-24", "assertive|planning"),
    ("the roofer's bill came, $310, due in two weeks", "financial.roofer.amount", 310,
     "assertive"),
    ("the festival tickets were £70 each, due Friday", "financial.festival_tickets.due_date",
     "2026-03-06", "assertive|planning"),
    ("the gas bill came, $80, due friday", "financial.gas_bill_came.amount", None, ""),
    ("the tickets were £64 each, due friday", "financial.each.amount", None, ""),
    ("the coach is £15 each, pay on the day", "financial.each.amount", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), A_BILL_THAT_CAME)
def test_a_bill_that_came_and_a_price_each(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


BY_THE_MONTH: list[FieldRow] = [
    ("the storage unit is $95 a month", "financial.storage_unit.amount", 95, "assertive"),
    ("our cleaner is £55 a week", "financial.cleaner.amount", 55, "assertive"),
    ("my parking permit is $35 per month", "financial.parking_permit.amount", 35, "assertive"),
    ("ok so the allotment is £28 a year", "financial.allotment.amount", 28, "assertive"),
    ("the guitar lessons are $140 a month now", "financial.guitar_lessons.amount", 140,
     "assertive"),
    # Someone else's, the past, a question, a condition, a wish, a price by the night.
    ("my sister's storage unit is $95 a month", "financial.storage_unit.amount", None, ""),
    ("the storage unit was $60 a month back then", "financial.storage_unit.amount", None, ""),
    ("is the storage unit $95 a month?", "financial.storage_unit.amount", None, ""),
    ("if the storage unit is $95 a month we'll keep it", "financial.storage_unit.amount", None,
     ""),
    ("I wish the storage unit was $50 a month", "financial.storage_unit.amount", None, ""),
    ("the hotel is €180 a night", "financial.hotel.amount", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), BY_THE_MONTH)
def test_a_thing_paid_for_by_the_month(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


NO_TRIP_IN_A_PRICE_OR_A_WEEK_AT_HOME: list[FieldRow] = [
    ("tickets for the Madrid trip came to €380", "travel.destination", None, ""),
    ("the train for the York weekend cost us £96", "travel.destination", None, ""),
    ("the flights for our Porto trip were €240", "travel.status", None, ""),
    ("I'm home all week anyway", "travel.status", None, ""),
    ("we're home all weekend if you want to pop round", "travel.status", None, ""),
    # A trip booked, a homecoming: still read.
    ("booked flights to Madrid for the 20th, came to €380", "travel.destination", "Madrid",
     "planning"),
    ("we're home! what a trip", "travel.status", "completed", "assertive"),
    ("finally home after a week in Leeds", "travel.status", "completed", "assertive"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), NO_TRIP_IN_A_PRICE_OR_A_WEEK_AT_HOME)
def test_no_trip_in_a_price_or_a_week_at_home(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


INVITATIONS: list[tuple[str, str]] = [
    ("wanna come to the game sunday", "none"),
    ("u wanna join us at the lake saturday", "none"),
    ("you're welcome to come to lunch sunday", "none"),
    ("you're more than welcome to join us friday", "none"),
    ("there's a quiz at the Fox on Thursday, if you fancy it", "none"),
    ("there's a car boot sale saturday if you want", "none"),
    # The writer's own doing, with the listener asked along: still told.
    ("we're having a barbecue saturday if you fancy it", "planning"),
    ("if you fancy a coffee later I'm free", "assertive"),
    # The writer's own wish, a condition on the world and the listener's wish put first as
    # the condition of the writer's plan stay what they were.
    ("I wanna come to the game sunday", "hypothetical"),
    ("If you want, we'll drive up to the lake friday", "hypothetical"),
    ("if it rains we'll do the cinema", "hypothetical"),
]


@pytest.mark.parametrize(("text", "intent"), INVITATIONS)
def test_an_invitation_claims_nothing(text: str, intent: str) -> None:
    assert intent_said(text) == intent
