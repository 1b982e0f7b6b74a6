"""A trip said gone with "no": "no trip to Mexico City this year", "so no Manchester trip after all".

"no" before the trip, at the clause's start or after "so" / "which means", with when it is
gone (this year, after all, any more) or nothing after, calls the trip off. "no trip is
complete without snacks" is a saying: no travel fact at all.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "no trip to Mexico City this year, the renovation budget is gone",
        "we're skint so no Manchester trip after all",
        "so no beach holiday this year",
        "which means no Vegas trip for us",
        "no Lisbon holiday this year for us",
        "ugh, vet bills again. so no getaway.",
    ],
)
def test_no_trip_is_called_off(text: str) -> None:
    got = facts_said(text)
    assert got["travel.status"] == "cancelled"
    assert "travel.destination" not in got


@pytest.mark.parametrize(
    "text",
    ["no trip is complete without snacks", "no holiday feels long enough"],
)
def test_a_saying_about_trips_claims_nothing(text: str) -> None:
    assert not any(key.startswith("travel.") for key in facts_said(text))
