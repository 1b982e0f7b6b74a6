"""An arrival or a homecoming told in the plain present beside a past day, as learners of
English tell it ("we arrive to madrid yesterday night", "we come back home yesterday"), is
the past it means: being there, or being home, now. A plan, a habit, a condition or
someone else keeps its own reading.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.learner_tense import past_as_meant


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we arrive to madrid yesterday night", "Madrid"),
        ("yesterday we arrive in tahoe", "Tahoe"),
        ("me and my wife arrive to lisbon two days ago", "Lisbon"),
        ("my husband and i arrive in rome yesterday", "Rome"),
        ("We finally arrive in Tokyo last night, very tired", "Tokyo"),
    ],
)
def test_an_arrival_with_a_past_day_is_being_there(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place, text
    assert said.get("travel.status") == "in_progress", text


@pytest.mark.parametrize(
    "text",
    [
        "we come back home yesterday",
        "we return home last night",
        "i get home yesterday, very tired",
    ],
)
def test_a_homecoming_with_a_past_day_ends_the_trip(text: str) -> None:
    assert facts_said(text).get("travel.status") == "completed", text


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("we arrive to madrid yesterday night", "we arrived to madrid yesterday night"),
        ("We come back home yesterday", "We came back home yesterday"),
        # No past day, a plan, a habit, a condition, someone else: as typed.
        ("we arrive in madrid on friday", "we arrive in madrid on friday"),
        ("we arrive tomorrow, we left yesterday", "we arrive tomorrow, we left yesterday"),
        ("we usually arrive late, like yesterday", "we usually arrive late, like yesterday"),
        (
            "when we arrive yesterday the hotel was closed",
            "when we arrive yesterday the hotel was closed",
        ),
        ("they arrive yesterday in rome", "they arrive yesterday in rome"),
        ("the package arrive yesterday", "the package arrive yesterday"),
        # Each sentence has its own day: the first is a plan, the second a past.
        (
            "we arrive in rome tomorrow. we come back home yesterday",
            "we arrive in rome tomorrow. we came back home yesterday",
        ),
    ],
)
def test_only_an_arrival_beside_a_past_day_is_put_in_the_past(text: str, read: str) -> None:
    assert past_as_meant(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "they arrive yesterday in rome",
        "when we arrive yesterday the hotel was closed",
        "we usually arrive in madrid late, like yesterday",
    ],
)
def test_someone_else_or_a_habit_puts_nobody_anywhere(text: str) -> None:
    assert "travel.location" not in facts_said(text), text
