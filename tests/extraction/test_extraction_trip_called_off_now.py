"""A trip called off in the present: "we're calling off the tahoe trip" calls it off now,
never plans it (it read as a plan to go to Tahoe); so does "I'm calling off our trip to
denver" in any voice. A trip kept ("we're not calling off the trip"), someone else's, a
question, a condition and a call about the trip keep their readings.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY as AT
from extraction_fixtures import facts_said

from core.extraction.offline import extract_offline


@pytest.mark.parametrize(
    "text",
    [
        "we're calling off the tahoe trip",
        "we are calling off the tahoe trip",
        "calling off the tahoe trip, too much snow",
        "I'm calling off our trip to denver",
        "we're calling off our flights to rome",
        "we call off the tahoe trip",
        "ok so we're calling off the vegas trip",
        "we're calling the tahoe trip off",
        "we called off the tahoe trip",
        "we're cancelling the tahoe trip",
    ],
)
def test_a_trip_called_off_now_is_off_not_planned(text: str) -> None:
    said = facts_said(text, AT)
    assert said.get("travel.status") == "cancelled", (text, said)
    assert "travel.destination" not in said or said["travel.destination"] is None, said


@pytest.mark.parametrize(
    "text",
    [
        "we're not calling off the tahoe trip",
        "we are NOT calling off the trip to tahoe, relax",
        "we're not cancelling the tahoe trip",
        "we're calling the hotel about the tahoe trip",
    ],
)
def test_a_trip_kept_or_called_about_is_not_called_off(text: str) -> None:
    """A negation, or a call about the trip: never the trip off."""
    assert facts_said(text, AT).get("travel.status") != "cancelled", text


@pytest.mark.parametrize(
    "text",
    [
        "she's calling off her trip",
        "she's calling off the tahoe trip",
        "they're calling off the tahoe trip",
        "mum calls off her trip every year",
    ],
)
def test_someone_elses_trip_called_off_is_not_the_writers(text: str) -> None:
    found = extract_offline(text, at=AT).observations
    assert not any(o.entity_id == "user:primary" and o.field.startswith("travel.") for o in found)


@pytest.mark.parametrize(
    "text",
    [
        "if we call off the tahoe trip we lose the deposit",
        "should we call off the tahoe trip?",
        "are we calling off the tahoe trip?",
        "we might be calling off the tahoe trip",
    ],
)
def test_a_trip_called_off_in_a_question_or_condition_is_no_fact(text: str) -> None:
    """Asked or supposed: nothing is stated, neither off nor planned."""
    assert not any(f.startswith("travel.") for f in facts_said(text, AT)), text
