"""A month or a season spent somewhere, said before it comes, is a trip planned, with the
month's first and last days as its own; the month it is now is a stay under way. Said on
Sunday 2026-11-29 (``extraction_fixtures.AT``)."""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "place", "days"),
    [
        ("spending July in Brittany", "Brittany", ("2027-07-01", "2027-07-31")),
        ("we're spending the whole of march in japan", "Japan", ("2027-03-01", "2027-03-31")),
        ("Spending all of December in Lisbon, can't wait", "Lisbon", ("2026-12-01", "2026-12-31")),
        ("spending the summer in maine", "Maine", None),
        ("we spend next winter in Florida", "Florida", None),
        ("spending next november in lisbon", "Lisbon", ("2027-11-01", "2027-11-30")),
    ],
)
def test_a_month_or_season_ahead_spent_somewhere_is_a_plan(
    text: str, place: str, days: tuple[str, str] | None
) -> None:
    said = facts_said(text)
    assert said.get("travel.destination") == place
    assert said.get("travel.status") == "planning"
    assert "travel.location" not in said
    told = (said.get("travel.depart_date"), said.get("travel.return_date"))
    assert told == (days or (None, None))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we're spending november in lisbon", "Lisbon"),
        ("spending the fall in vermont, leaves are unreal", "Vermont"),
        ("spending the week in tahoe", "Tahoe"),
    ],
)
def test_the_month_or_season_it_is_now_is_a_stay(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place
    assert said.get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    "text", ["spent july in brittany", "we spent the summer in maine years ago"]
)
def test_a_month_spent_before_is_no_plan(text: str) -> None:
    said = facts_said(text)
    assert said.get("travel.status") not in ("planning", "in_progress")
