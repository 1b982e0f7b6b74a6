"""A going "home to" a place with a return said after it is a trip there from where the
user lives (a student's or a grown child's family home): "flying home to chicago on the
20th, back the 29th" leaves the 20th and is back the 29th. Alone, "home to" a place on a
day stays the way home, and "back home to" the user's own town stays a return; someone
else's trip, a question, a condition and the past keep their readings.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said

TRIP = ("travel.destination", "travel.depart_date", "travel.return_date")


@pytest.mark.parametrize(
    ("text", "place", "leave", "back"),
    [
        (
            "flying home to chicago on the 20th, back the 29th",
            "Chicago",
            "2026-03-20",
            "2026-03-29",
        ),
        ("heading home to ohio on the 18th, back on the 27th", "Ohio", "2026-03-18", "2026-03-27"),
        (
            "going home to phoenix for spring break on fri, returning the 15th",
            "Phoenix",
            "2026-03-06",
            "2026-03-15",
        ),
        (
            "Flying home to Denver on the 9th, back on the 16th!",
            "Denver",
            "2026-03-09",
            "2026-03-16",
        ),
    ],
)
def test_home_to_a_place_and_back_is_a_trip_there(
    text: str, place: str, leave: str, back: str
) -> None:
    held = held_said(text)
    assert tuple(held.get(f) for f in TRIP) == (place, leave, back), held


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("flying home to chicago on the 20th", "2026-03-20"),
        ("going home to phoenix for spring break on fri", "2026-03-06"),
        ("flying back home to portland on the 29th", "2026-03-29"),
        ("flying home on the 29th", "2026-03-29"),
    ],
)
def test_home_alone_stays_the_way_home(text: str, back: str) -> None:
    held = held_said(text)
    assert held.get("travel.return_date") == back, held
    assert "travel.depart_date" not in held, held


@pytest.mark.parametrize(
    "text",
    [
        "my sister is flying home to chicago on the 20th, back the 29th",
        "should i fly home to chicago on the 20th, back the 29th?",
        "if i fly home to chicago on the 20th, back the 29th, can you water the plants",
    ],
)
def test_someone_elses_or_a_maybe_trip_home_commits_nothing(text: str) -> None:
    assert not commits_anything(text), held_said(text)
