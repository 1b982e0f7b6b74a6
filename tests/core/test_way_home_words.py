"""Her trip under way, and her way home under way now (``on_the_way_home``): the trip
ends today and she is not home, so a "trip's over" beside it is no trip over; look-alikes
(someone else's way home, a question, a plan, the past, back to somewhere else, home
already, no trip under way) keep the extractor's reading."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from core.domain.state import Scalar
from core.engine.way_home_words import on_the_way_home

ME = "user:primary"
SUNDAY = datetime(2026, 11, 29, 15, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
"""The speaker's local time: Sunday 29 November 2026, 3 pm."""
AWAY: dict[str, Scalar] = {
    "travel.status": "in_progress",
    "travel.destination": "Tahoe",
    "travel.location": "Tahoe",
    "travel.return_date": "2026-12-01",
}
OVER = {"entity_id": ME, "field": "travel.status", "candidate_value": "completed"}
"""The extractor's "trip's over"."""


def _said(field: str, value: Scalar, words: str) -> dict[str, Any]:
    return {"entity_id": ME, "field": field, "candidate_value": value, "evidence_text": words}


def _read(text: str, state: dict[str, Scalar] = AWAY, read: tuple[Any, ...] = ()) -> list[Any]:
    out = on_the_way_home(list(read), text, ME, state, SUNDAY, _said)
    return [(p["field"], p["candidate_value"]) for p in out]


TODAY = [("travel.return_date", "2026-11-29")]


@pytest.mark.parametrize(
    "text",
    [
        "ok the trip is over, we're heading home",
        "trip's over :( heading home",
        "driving back now",
        "we're on our way home",
        "on our way home w the kids",
        "omw home",
        "heading back home now",
        "on our way back home from the lake house",
        "heading home from tahoe today",
        "sadly we're driving home now",
        "flight home boards at 6",
        "boarding our flight home",
        "our train back leaves at 5",
        "vacation's done, in the car home",
    ],
)
def test_her_way_home_now_ends_the_trip_today_not_at_home(text: str) -> None:
    assert _read(text, read=(OVER,)) == TODAY


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("mom is driving home now", AWAY),  # someone else's way home
        ("heading home?", AWAY),  # a question
        ("should we head home early", AWAY),  # a question, unmarked
        ("thinking of heading home early", AWAY),  # a hedge
        ("heading home tomorrow", AWAY),  # a plan (the extractor dates it)
        ("we headed home yesterday", AWAY),  # the past
        ("our flight home was delayed yesterday", AWAY),
        ("heading back to the cabin", AWAY),  # back to somewhere else
        ("driving back from the slopes now", AWAY),
        ("not heading home yet", AWAY),  # a denial
        ("if we're heading home now we should stop for gas", AWAY),  # a condition
        ("heading home from work", AWAY),  # the commute, on a trip for work
        ("heading home from work", {**AWAY, "travel.status": "completed"}),  # no trip
        ("driving home now", {"travel.status": "planning", "travel.destination": "Tahoe"}),
    ],
)
def test_look_alikes_change_nothing(text: str, state: dict[str, Scalar]) -> None:
    assert _read(text, state, read=(OVER,)) == [("travel.status", "completed")]


@pytest.mark.parametrize(
    "text",
    [
        "trip's over, back home now",
        "we're home! drove back this morning",
        "made it home, trip is over",
        "landed, heading home from the airport",
        "trip is over, we drove back today",
    ],
)
def test_home_already_is_the_trip_over(text: str) -> None:
    assert _read(text, read=(OVER,)) == [("travel.status", "completed")]


def test_a_day_back_the_message_dated_is_kept() -> None:
    # "trip's over, heading home tomorrow": the extractor's day, and no trip over today.
    read = (OVER, {"entity_id": ME, "field": "travel.return_date", "candidate_value": "2026-11-30"})
    assert _read("trip's over, heading home tomorrow", read=read) == [
        ("travel.return_date", "2026-11-30")
    ]


def test_a_flight_home_today_beside_the_trip_over_is_the_day_back() -> None:
    # The extractor's reading of "trip is over, flying home today": over, and back today.
    read = (OVER, {"entity_id": ME, "field": "travel.return_date", "candidate_value": "2026-11-29"})
    assert _read("trip is over, flying home today", read=read) == TODAY
