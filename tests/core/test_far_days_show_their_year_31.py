"""A day more than about six months from today shows its year: "Thanksgiving" said in
December is next year's, and "Thursday, November 25" alone reads as last month's. A day
near today, or one shown where today is not known, keeps the short form."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from core.conversation.answer_texts import state_text
from core.domain.phrasing_values import show_date, show_in
from core.domain.state import CommittedFact

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("2026-12-20", "Sunday, December 20"),
        ("2027-05-30", "Sunday, May 30, 2027"),  # another year: its year (round 32)
        ("2027-11-25", "Thursday, November 25, 2027"),
        ("2026-03-01", "Sunday, March 1, 2026"),
        ("2027-11-25T14:00:00-08:00", "Thursday, November 25, 2027 at 14:00"),
        ("2027-11", "November 2027"),
    ],
)
def test_a_far_day_shows_its_year(value: str, shown: str) -> None:
    assert show_date(value, TODAY) == shown
    assert show_in("travel.depart_date", value, TODAY) == shown


def test_without_today_no_year_is_guessed() -> None:
    assert show_date("2027-11-25") == "Thursday, November 25"


def test_state_shows_a_trip_a_year_ahead_with_its_year() -> None:
    now = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
    fact = CommittedFact(
        entity_id="user:primary",
        field="travel.depart_date",
        value="2027-11-25",
        version=1,
        source_type="conversation_assertive",
        source_ref=None,
        confidence=0.9,
        event_id="e1",
        evidence_ts=now,
        committed_at=now,
        resolution="auto",
    )
    text = state_text([fact], now, "user:primary")
    assert "Your departure date is Thursday, November 25, 2027" in text, text
