"""British ways of saying it: a fortnight, "Thursday week", off school, "rent's gone up".

Sent on Saturday 28 November 2026.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # A fortnight is fourteen days from the day one leaves.
        ("we're off to spain on the 5th for a fortnight", "travel.return_date", "2026-12-19"),
        ("flying to rome friday for two weeks", "travel.return_date", "2026-12-18"),
        # "Thursday week": the Thursday a week after the coming one.
        ("I'm in Manchester till Thursday week", "travel.return_date", "2026-12-10"),
        ("back on tuesday week", "travel.return_date", "2026-12-08"),
        # Off school is no school.
        (
            "the kids are off school next week (half term)",
            "family.school.event_status",
            "cancelled",
        ),
        ("kids are off school tomorrow", "family.school.schedule", "2026-11-29"),
        ("rent's gone up to £1,450", "financial.rent.amount", 1450),
        ("rent's gone up to £1,450", "financial.rent.currency", "GBP"),
        ("the rent's gone up to 2400", "financial.rent.amount", 2400),
        ("our mortgage's gone down to 1900", "financial.mortgage.amount", 1900),
        ("rent's now 2300", "financial.rent.amount", 2300),
    ],
)
def test_british_phrasings(text: str, field: str, value: object) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    ["they're off to school", "her rent's gone up to 2000", "monday weekly meeting"],
)
def test_their_look_alikes_claim_nothing_of_the_kind(text: str) -> None:
    got = facts_said(text)
    assert not [f for f in got if f.startswith(("family.school", "financial."))]
    assert "travel.return_date" not in got
