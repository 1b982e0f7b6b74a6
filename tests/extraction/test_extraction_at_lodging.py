"""Being at a place to stay, named by its kind and not by a name, is a trip under way:
"we're at the cabin now", "finally at the hotel", "checked into the airbnb". The place is
unnamed, so only the trip's status is said; the engine pairs it with the trip planned.

Only the whole clause counts: a place to stay as the scene of an evening ("we're at the
hotel bar with Sam"), a sign-post ("at the hotel"), a memory ("were at the cabin last
weekend"), a condition or a question says nothing about a trip.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "we're at the cabin now",
        "ok change of plans we left early, were at the cabin now lol",
        "finally at the hotel!!",
        "checked into the airbnb",
        "Checked into our B&B, lovely views",
        "im now at the lake house",
        "phew, we are finally at the resort",
    ],
)
def test_at_a_place_to_stay_the_trip_is_under_way(text: str) -> None:
    assert facts_said(text).get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "we're at the hotel bar with sam",
        "at the hotel",
        "were at the cabin last weekend",
        "if we're at the hotel by 6 we can eat there",
        "are you at the hotel now?",
        "mum is at the hotel now",
        "checked the airbnb listing again",
    ],
)
def test_a_place_to_stay_as_a_scene_memory_or_question_is_no_trip(text: str) -> None:
    assert "travel.status" not in facts_said(text)
