"""Paid, or still owed: a bill is paid only when the words say it was.

"still haven't paid the credit card" and "rent isn't paid yet" are owed now (due);
"i never paid the gas bill" and "didn't pay the water bill" claim nothing; "paid rent
2100 today" is paid, and 2100 is what it cost (no currency is assumed for a bare number).
A bill that came ("the hospital bill came, $1,200") is owed for what it comes to.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("still haven't paid the credit card", "financial.credit_card.status"),
        ("still havent paid the credit card", "financial.credit_card.status"),
        ("i havent paid rent yet", "financial.rent.status"),
        ("we haven't even paid the deposit", "financial.deposit.status"),
        ("rent isn't paid yet", "financial.rent.status"),
        ("the rent's not paid", "financial.rent.status"),
        ("electric bill still isnt paid", "financial.electric_bill.status"),
        ("the invoice hasn't been paid", "financial.invoice.status"),
    ],
)
def test_not_paid_yet_is_owed(text: str, field: str) -> None:
    got = facts_said(text)
    assert got[field] == "due"
    assert "paid" not in got.values()


@pytest.mark.parametrize(
    "text",
    [
        "i never paid the gas bill",
        "didnt pay the water bill",
        "forgot to pay the water bill",
        "we still didnt pay the electric",
        "why isn't the rent paid",
        "why isnt the rent paid",
    ],
)
def test_a_payment_that_did_not_happen_claims_no_payment(text: str) -> None:
    assert "paid" not in facts_said(text).values()


@pytest.mark.parametrize(
    ("text", "field", "amount"),
    [
        ("paid rent 2100 today", "financial.rent", 2100),
        ("paid the electric bill, 140", "financial.electric_bill", 140),
        ("paid the plumber 300", "financial.plumber", 300),
        ("paid rent, $2,100", "financial.rent", 2100),
    ],
)
def test_what_was_paid_and_what_it_cost(text: str, field: str, amount: int) -> None:
    got = facts_said(text)
    assert got[f"{field}.status"] == "paid"
    assert got[f"{field}.amount"] == amount
    assert (f"{field}.currency" in got) == ("$" in text)


@pytest.mark.parametrize(
    "text",
    ["paid rent on the 5th", "paid the water bill for 3 months", "paid the electric bill at 10am"],
)
def test_a_day_a_count_or_a_time_is_no_amount(text: str) -> None:
    assert not [f for f in facts_said(text) if f.endswith(".amount")]


@pytest.mark.parametrize(
    ("text", "bill", "amount", "due_date"),
    [
        # A bill that came is owed, for what it comes to; the day it came is not its due day.
        ("electric bill came today, $140", "electric_bill", 140, None),
        ("the hospital bill came, $1,200", "hospital_bill", 1200, None),
        ("hospital bill came in at $1,200", "hospital_bill", 1200, None),
        ("the water bill arrived: $85", "water_bill", 85, None),
        ("electric bill came today, $140, due friday", "electric_bill", 140, "2026-12-04"),
        # A bare number after the bill's verb is its amount, with no currency assumed.
        ("the hospital bill came, 1200", "hospital_bill", 1200, None),
        ("the hospital bill is 1200", "hospital_bill", 1200, None),
        ("the water bill is 85.50", "water_bill", 85.5, None),
    ],
)
def test_a_bill_that_came_is_owed(
    text: str, bill: str, amount: float, due_date: str | None
) -> None:
    said = facts_said(text)
    assert said.get(f"financial.{bill}.status") == "due", said
    assert said.get(f"financial.{bill}.amount") == amount, said
    assert said.get(f"financial.{bill}.due_date") == due_date, said
    if "$" not in text:
        assert f"financial.{bill}.currency" not in said, said


@pytest.mark.parametrize(
    "text",
    [
        "the electric bill is 3 days late",
        "my rent is 10 minutes from work",
        "the package came today, $40 well spent",
        "my refund came, $60",
        "our rent was 900 in 2015",
        "the water bill is 2 weeks late",
    ],
)
def test_what_came_or_a_count_is_no_bill_owed(text: str) -> None:
    said = facts_said(text)
    assert not [f for f, v in said.items() if f.endswith(".status") and v == "due"], said


@pytest.mark.parametrize(
    ("text", "bill"),
    [
        # Having to pay it says it is still owed ("gotta" is a present, not "got").
        ("need to pay the water bill", "water_bill"),
        ("need to pay the water bill before i go", "water_bill"),
        ("have to pay the water bill, it's $85", "water_bill"),
        ("gotta pay rent before i leave", "rent"),
        ("i gotta pay the phone bill today", "phone_bill"),
        ("still have to pay off the credit card", "credit_card"),
        ("i need to pay the water bill by friday", "water_bill"),
    ],
)
def test_having_to_pay_a_bill_is_owing_it(text: str, bill: str) -> None:
    assert facts_said(text).get(f"financial.{bill}.status") == "due"


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's, asked, or denied.
        "he needs to pay his rent",
        "do i need to pay the water bill?",
        "you don't need to pay for parking",
    ],
)
def test_anothers_or_an_asked_obligation_is_no_bill_of_the_users(text: str) -> None:
    said = facts_said(text)
    assert not [f for f in said if f.startswith("financial.")], said


@pytest.mark.parametrize(
    ("text", "now"),
    [
        # What a bill will come to is no amount now (a plan sets no amount).
        ("rent is going up to 2400 in january", None),
        ("our rent goes up to $2,400 next month", None),
        ("the rent will be 2400 from january", None),
        ("my landlord says rent's going up to $2,100 in april", None),
        ("landlord says rent is going up to $2,300", None),  # no day, still to come
        ("apparently our rent goes up to 2300", None),
        # What it came to already is.
        ("rent went up to 2400 this month", 2400),
        ("the rent went up to $2,400", 2400),
        ("rent is now 2300", 2300),
    ],
)
def test_a_bill_going_up_later_is_no_amount_now(text: str, now: int | None) -> None:
    assert facts_said(text).get("financial.rent.amount") == now


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # A word of saying or a comment before the bill is not part of its name.
        ("landlord says rent is now $2,300", "financial.rent.amount", 2300),
        ("apparently rent went up to 2300", "financial.rent.amount", 2300),
        ("so the gas bill is now 95", "financial.gas_bill.amount", 95),
        ("btw the water bill went up to 45", "financial.water_bill.amount", 45),
        ("ok our car insurance went up to 140", "financial.car_insurance.amount", 140),
    ],
)
def test_what_is_said_before_a_bill_is_not_its_name(text: str, field: str, value: int) -> None:
    said = facts_said(text)
    assert said.get(field) == value, said
    item = field.rsplit(".", 1)[0]
    assert all(f.startswith(item + ".") for f in said if f.startswith("financial.")), said


@pytest.mark.parametrize(
    ("text", "field", "status"),
    [
        # A refund from someone, typed in lower case: refunded once it came, pending while
        # it is waited on.
        ("the refund from delta hit my account", "financial.delta_refund.status", "refunded"),
        ("got my refund from delta", "financial.delta_refund.status", "refunded"),
        ("got my refund from Delta today", "financial.delta_refund.status", "refunded"),
        ("still waiting on the refund from united", "financial.united_refund.status", "pending"),
        ("waiting for my refund from amazon", "financial.amazon_refund.status", "pending"),
        (
            "still waiting on my refund from best buy lol",
            "financial.best_buy_refund.status",
            "pending",
        ),
        # Someone else's, asked, or a condition.
        ("he got his refund from delta", "financial.delta_refund.status", None),
        ("did you get the refund from delta?", "financial.delta_refund.status", None),
        ("if i get the refund from delta i'll book it", "financial.delta_refund.status", None),
    ],
)
def test_a_refund_from_someone(text: str, field: str, status: str | None) -> None:
    assert facts_said(text).get(field) == status


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("the amazon return has to happen before tahoe", "financial.amazon_return.status"),
        ("the amazon return needs to be done by friday", "financial.amazon_return.status"),
        ("the amazon return must go out before sunday", "financial.amazon_return.status"),
        ("the water bill needs to be paid by the 5th", "financial.water_bill.status"),
    ],
)
def test_an_errand_that_has_to_happen_is_due(text: str, field: str) -> None:
    assert facts_said(text)[field] == "due", text


@pytest.mark.parametrize(
    "text", ["the party has to happen before tahoe", "my trip has to happen before june"]
)
def test_what_has_to_happen_is_no_bill_unless_it_is_one(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("financial.")], text


@pytest.mark.parametrize(
    ("text", "field", "amount"),
    [
        # "'s" joined to the bill is "is": the bill is still the rent.
        ("my rent's due friday", "financial.rent", None),
        ("the water bill's due on the 5th", "financial.water_bill", None),
        # A number the sentence ends on, after a comma, is what the bill comes to.
        ("oh and my rent's due on the 1st, 1850", "financial.rent", 1850),
        ("rent is due monday, 2,100", "financial.rent", 2100),
        ("the gas bill's due on the 12th, 84", "financial.gas_bill", 84),
        # Not a year, a time or a count.
        ("rent's due december 1, 2026", "financial.rent", None),
        ("rent due friday, 10am", "financial.rent", None),
        ("the rent is due on the 1st, 3", "financial.rent", None),
    ],
)
def test_a_bill_due_and_the_number_it_ends_on(text: str, field: str, amount: int | None) -> None:
    got = facts_said(text)
    assert got[f"{field}.status"] == "due"
    assert got.get(f"{field}.amount") == amount
    assert not [f for f in got if "_s." in f]
