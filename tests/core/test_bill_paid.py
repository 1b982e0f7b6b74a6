"""'paid it' while one bill is due (``bill_said_paid``): that bill paid, asked; look-alikes
and two bills due read nothing."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.state import Scalar
from core.engine.bill_paid import bill_said_paid

ME = "user:primary"
ONE_BILL: dict[str, Scalar] = {
    "financial.electric_bill.status": "due",
    "financial.electric_bill.due_date": "2026-12-04",
    "financial.amazon_return.status": "due",  # goods to send back: "returned it", not this
}


def _said(field: str, words: str) -> dict[str, Any]:
    return {"field": field, "candidate_value": "paid", "evidence_text": words}


def _paid(text: str, state: dict[str, Scalar] = ONE_BILL) -> list[str]:
    return [p["field"] for p in bill_said_paid([], text, ME, state, _said)]


@pytest.mark.parametrize(
    "text",
    [
        "paid it",
        "paid it this morning",
        "just paid it",
        "ok paid that one",
        "we paid it off this morning",
        "Paid it, finally",
        "phew. paid it lol",
        "i've already paid it",
    ],
)
def test_paid_it_is_the_one_bill_due(text: str) -> None:
    assert _paid(text) == ["financial.electric_bill.status"]


@pytest.mark.parametrize(
    "text",
    [
        "i'll pay it friday",
        "did you pay it?",
        "he paid it",
        "haven't paid it",
        "paid it late again last year",
        "need to pay it",
        "returned it",
    ],
)
def test_what_is_not_her_news_of_paying_reads_nothing(text: str) -> None:
    assert _paid(text) == []


def test_with_two_bills_due_canon_does_not_choose() -> None:
    two = {**ONE_BILL, "financial.water_bill.status": "due"}
    assert _paid("paid it", two) == []


def test_a_bill_the_message_names_is_left_to_its_reading() -> None:
    named = [{"field": "financial.gas_bill.status", "candidate_value": "paid"}]
    assert bill_said_paid(named, "paid it", ME, ONE_BILL, _said) == named
