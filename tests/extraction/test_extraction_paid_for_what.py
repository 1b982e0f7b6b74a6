"""A status line that says what the bill was paid for: "rent paid for the shop and the flat".

Without its verb a note still says the bill is paid when what it covered ends the clause
("deposit paid for the house, keys friday", "insurance renewed on both cars."); a noun and
its description that go on to say something else ("the rent paid for the flat is steep")
claim no payment.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("rent paid for the shop and the flat, thank god", "financial.rent.status"),
        ("rent paid for the flat", "financial.rent.status"),
        ("deposit paid for the house, keys friday", "financial.deposit.status"),
        ("insurance renewed on both cars.", "financial.insurance.status"),
        ("tuition paid for my daughter!", "financial.tuition.status"),
        ("water bill paid on our place and the office", "financial.water_bill.status"),
    ],
)
def test_paid_for_what_ending_the_clause_is_paid(text: str, field: str) -> None:
    assert facts_said(text)[field] == "paid"


@pytest.mark.parametrize(
    "text",
    [
        "the rent paid for the flat is steep",
        "the deposit paid for the house went to the landlord's brother",
    ],
)
def test_a_bill_described_by_what_it_paid_for_claims_no_payment(text: str) -> None:
    assert "paid" not in facts_said(text).values()
