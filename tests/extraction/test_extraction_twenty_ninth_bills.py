"""The twenty-ninth round (issue 24), w29: bills as the new voices told them.

- A bill's new amount told with "again" inside the change ("the cable bill went up again
  to $118", found by ``realistic/dictation-dev.jsonl``): "went up to" gave the amount, "went
  up again to" gave nothing. The change told once more is the same change; a rise with no
  sum, or someone else's, still gives none.
- "paid the electric bill earlier" (found by ``realistic/probes29a-dev.jsonl``, "paid the
  Meralco bill kanina", Tagalog's "earlier today"): "earlier" says when, not which bill, as
  "later" and "today" do; the bill was ``electric_bill_earlier``.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

CHANGED_AGAIN: list[FieldRow] = [
    (
        "the cable bill went up again to $118",
        "financial.cable_bill.amount",
        118,
        "assertive",
    ),
    ("rent went up again to 1,950", "financial.rent.amount", 1950, "assertive"),
    (
        "my phone bill has gone up yet again to $72",
        "financial.phone_bill.amount",
        72,
        "assertive",
    ),
    ("spotify went up again to 12.99", "financial.spotify.amount", 12.99, "assertive"),
    (
        "the gas bill went down again to 60 bucks",
        "financial.gas_bill.amount",
        60,
        "assertive",
    ),
    # No sum, a question, another's bill, a change still to come counted as a plan.
    ("the rent went up again", "financial.rent.amount", None, ""),
    ("did the rent go up again to 2000?", "financial.rent.amount", None, ""),
    ("her rent went up again to 2400", "financial.rent.amount", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), CHANGED_AGAIN)
def test_a_change_told_again_gives_the_new_amount(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


PAID_EARLIER: list[FieldRow] = [
    ("paid the electric bill earlier, $80", "financial.electric_bill.status", "paid", "assertive"),
    ("I paid the rent earlier today", "financial.rent.status", "paid", "assertive"),
    ("paid the water bill earlier this week", "financial.water_bill.status", "paid", "assertive"),
    ("paid the electric bill earlier, $80", "financial.electric_bill_earlier.status", None, ""),
    # Asked, or someone else's: nothing of ours.
    ("did you pay the electric bill earlier?", "financial.electric_bill.status", None, ""),
    ("my sister paid her rent earlier", "financial.rent.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PAID_EARLIER)
def test_earlier_is_when_not_which_bill(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
