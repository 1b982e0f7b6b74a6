"""Where the speaker is now, said beside the next leg, with a driver's verb or the way one
looks at the map ("up in tahoe", "out in denver"):
"currently in truckee, tahoe tomorrow" is being in Truckee (the day is the next leg's,
not the day of a trip to Truckee); "just pulled into south lake tahoe", "rolled into moab
at 2am" are arrivals, whose result holds now, as "landed" is.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("currently in truckee, tahoe tomorrow", "Truckee"),
        ("in truckee now, tahoe tomorrow", "Truckee"),
        ("in denver rn, chicago tomorrow", "Denver"),
        ("just pulled into denver", "Denver"),
        ("just pulled into south lake tahoe", "South Lake Tahoe"),
        ("rolled into moab at 2am", "Moab"),
        # Where, said the way one looks at the map.
        ("we're up in tahoe til sat", "Tahoe"),
        ("up in tahoe til saturday", "Tahoe"),
        ("out in denver for work", "Denver"),
        ("i'm over in london till friday", "London"),
    ],
)
def test_being_there_now(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place, text
    assert said.get("travel.status") == "in_progress", text
    assert "travel.destination" not in said, text


@pytest.mark.parametrize(
    ("text", "destination"),
    [
        # A day with no "now" beside the place is the trip's day.
        ("we'll be in denver tomorrow", "Denver"),
        ("in reno tonight, sf on friday", "Reno"),
        # "now that" is a reason, not the time.
        ("we'll be in reno now that the pass is closed", "Reno"),
    ],
)
def test_a_stay_ahead_is_a_plan(text: str, destination: str) -> None:
    said = facts_said(text)
    assert said.get("travel.destination") == destination, text
    assert "travel.location" not in said, text


@pytest.mark.parametrize(
    "text",
    [
        "pulled into reno last year on our road trip",
        "I pulled a muscle at the gym",
        "we pulled into the driveway",
    ],
)
def test_a_pull_that_is_no_arrival_now(text: str) -> None:
    assert "travel.location" not in facts_said(text), text


@pytest.mark.parametrize(
    "text",
    ["i'm up in arms about this", "we're down in the dumps", "we're out in the garden"],
)
def test_up_and_down_in_what_is_no_place(text: str) -> None:
    assert facts_said(text) == {}, text


def test_someone_else_up_somewhere_is_theirs() -> None:
    assert "travel.location" not in facts_said("mom is up in seattle")
