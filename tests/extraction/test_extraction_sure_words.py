"""A word of certainty between "be" and what it says adds nothing the plain words do not:
"we're def doing portland on the 12th", "we're deffo in tahoe till sunday", "i'm
definitely flying to denver tomorrow" read as without it."""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("ok so we're def doing portland on the 12th", "travel.destination", "Portland"),
        ("We're definitely doing Lisbon for new years", "travel.destination", "Lisbon"),
        ("we're deffo in tahoe till sunday", "travel.location", "Tahoe"),
        ("im defo flying to denver tmrw", "travel.destination", "Denver"),
        ("we are totally staying in austin through friday", "travel.location", "Austin"),
    ],
)
def test_a_word_of_certainty_is_read_past(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "i'm totally sick of this job",
        "are we definitely going to portland?",
        "we're definitely not going to portland",
    ],
)
def test_certainty_does_not_make_a_plan_of_a_question_or_a_no(text: str) -> None:
    assert facts_said(text).get("travel.destination") is None
