"""One list of the terms a payment recurs by (``amounts.RECURRING_TERM``), read alike by
"the storage unit is $95 a month" (``costs_by_the_term``) and "I pay 120 a month for the
storage unit" (``paying_for``): "a quarter", "a mo", "per mth" are terms whichever way
the writer puts it. Only the writer's own payment, told as now; someone else's, a
question, a condition, the past and a wish stay no fact.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

PAID_BY_THE_TERM: list[tuple[str, str, int]] = [
    ("I pay 300 a quarter for water", "financial.water.amount", 300),
    ("we pay £90 a quarter for the window cleaner", "financial.window_cleaner.amount", 90),
    ("I pay 40 a mo for the phone", "financial.phone.amount", 40),
    ("we pay 25 per mth for the gym", "financial.gym.amount", 25),
    ("we spend about 1200 a yr on car insurance", "financial.car_insurance.amount", 1200),
    ("the water is $300 a quarter", "financial.water.amount", 300),
    ("my phone is 40 quid a mo", "financial.phone.amount", 40),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value"), PAID_BY_THE_TERM)
def test_a_payment_by_any_recurring_term_is_read(text: str, field: str, value: int) -> None:
    assert facts_said(text).get(field) == value


NO_PAYMENT_OF_THE_WRITERS: list[tuple[str, str]] = [
    ("my brother pays 300 a quarter for water", "financial.water.amount"),
    ("do I pay 300 a quarter for water?", "financial.water.amount"),
    ("if I pay 300 a quarter for water I'm broke", "financial.water.amount"),
    ("I paid 300 a quarter for water back then", "financial.water.amount"),
    ("we used to pay £90 a quarter for the window cleaner", "financial.window_cleaner.amount"),
    ("I'd pay 300 a quarter for water if I had to", "financial.water.amount"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field"), NO_PAYMENT_OF_THE_WRITERS)
def test_no_payment_of_the_writers_now(text: str, field: str) -> None:
    assert field not in facts_said(text)
