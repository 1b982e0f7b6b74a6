"""``going_back_there``: once the trip is over, the user's own "back to <a place that is
not home> <day>" is a new trip there leaving that day, not the way home; anything else
keeps the extractor's reading."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.going_back_there import going_back_there

USER = "user:primary"
PORTLAND = timezone(timedelta(hours=-8))
THURSDAY = datetime(2026, 12, 3, 10, 0, tzinfo=PORTLAND)
OVER = {
    "travel.status": "completed",
    "travel.destination": "Tahoe",
    "travel.location": "Portland",
    "profile.home_city": "Portland",
}
FRIDAY = said_payload("travel.return_date", "2026-12-04", "planning")


def _read(text: str, state: dict[str, Any] = OVER, payloads: Any = (FRIDAY,)) -> list[Any]:
    out = going_back_there(
        list(payloads),
        text,
        USER,
        state,
        THURSDAY,
        lambda field, value, words: said_payload(field, value, "planning"),
    )
    return [(p["field"], p["candidate_value"]) for p in out]


NEW_TRIP = [
    ("travel.status", "planning"),
    ("travel.destination", "Tahoe"),
    ("travel.depart_date", "2026-12-04"),
]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("back to tahoe friday!!", NEW_TRIP),
        ("BACK TO TAHOE FRIDAY", NEW_TRIP),
        ("we're heading back up to tahoe on friday w the kids", NEW_TRIP),
        ("back in tahoe friday, cant wait", NEW_TRIP),
        (
            "heading back up to the cabin friday",
            [
                ("travel.status", "planning"),
                ("travel.destination", "the cabin"),
                ("travel.depart_date", "2026-12-04"),
            ],
        ),
        (
            "flying back to denver friday",
            [*NEW_TRIP[:1], ("travel.destination", "Denver"), NEW_TRIP[2]],
        ),
        # Home, work and where the user is now: no trip.
        ("back to portland friday", [("travel.return_date", "2026-12-04")]),
        ("back home friday", [("travel.return_date", "2026-12-04")]),
        ("back to work friday", [("travel.return_date", "2026-12-04")]),
    ],
)
def test_going_back_to_a_place_not_home_is_a_new_trip(text: str, read: list[Any]) -> None:
    assert _read(text) == read


def test_away_or_unsure_of_home_the_return_stays_a_return() -> None:
    kept = [("travel.return_date", "2026-12-04")]
    for status in ("planning", "in_progress"):
        assert _read("back to tahoe friday", {**OVER, "travel.status": status}) == kept
    # With no home on record, only the finished trip's place is known not to be home.
    no_home = {k: v for k, v in OVER.items() if k != "profile.home_city"}
    assert _read("back to denver friday", no_home) == kept
    assert _read("back to tahoe friday", no_home) == NEW_TRIP
    # Nothing the extractor read as the speaker's planned return: nothing to read anew.
    assert _read("mum's heading back to tahoe friday", OVER, ()) == []
    asked = said_payload("travel.return_date", "2026-12-04", "hypothetical")
    assert _read("should we go back to tahoe friday", OVER, (asked,)) == [
        ("travel.return_date", "2026-12-04")
    ]
