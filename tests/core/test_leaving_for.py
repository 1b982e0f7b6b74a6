"""``not_away_before_leaving``: someone at a place with a plan to leave for another place
still ahead is not away on a trip. The message keeps where they are and the plan; only
"under way" goes, and only the speaker's, and only when the plan's day is not past."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.leaving_for import home_before_leaving, not_away_before_leaving

USER = "user:primary"
MONDAY = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)  # noon in Portland
CLOCK = {"profile.timezone": "America/Los_Angeles"}


_said = said_payload


IN_PORTLAND = [_said("travel.location", "Portland"), _said("travel.status", "in_progress")]
TO_TAHOE = [
    _said("travel.destination", "Tahoe", "planning"),
    _said("travel.status", "planning", "planning"),
]


def _leaving(day: str) -> list[dict[str, Any]]:
    return [*TO_TAHOE, _said("travel.depart_date", day, "planning")]


@pytest.mark.parametrize(
    ("payloads", "under_way"),
    [
        # "im in portland, we leave for tahoe sunday": at a place, a plan elsewhere ahead.
        ([*IN_PORTLAND, *_leaving("2026-12-06")], False),
        ([*IN_PORTLAND, *_leaving("2026-11-30")], False),  # leaving today, not gone yet
        ([*IN_PORTLAND, *TO_TAHOE], False),  # "... leaving for tahoe soon": no day given
        # A plan whose day has gone by says nothing of now.
        ([*IN_PORTLAND, *_leaving("2026-11-29")], True),
        # The plan goes where they already are: no plan elsewhere.
        (
            [_said("travel.location", "Tahoe"), _said("travel.status", "in_progress"), *TO_TAHOE],
            True,
        ),
        # No plan, or no place now, or the plan is someone else's.
        (IN_PORTLAND, True),
        ([_said("travel.status", "in_progress"), *_leaving("2026-12-06")], True),
        ([*IN_PORTLAND, _said("travel.destination", "Tahoe", "planning", who="user:bob")], True),
    ],
)
def test_a_trip_is_under_way_only_without_a_plan_elsewhere_ahead(
    payloads: list[dict[str, Any]], under_way: bool
) -> None:
    out = not_away_before_leaving(payloads, USER, CLOCK, MONDAY)
    assert (
        any(p["field"] == "travel.status" and p["candidate_value"] == "in_progress" for p in out)
        is under_way
    )
    # Everything else stays as the message said it: where they are and the plan.
    assert [p for p in out if p["candidate_value"] != "in_progress"] == [
        p for p in payloads if p["candidate_value"] != "in_progress"
    ]


BACK_HOME = [_said("travel.status", "completed")]
"""'we got back home last night': the trip over (the extractor's reading)."""
PLANNED = {**CLOCK, "travel.status": "planning", "profile.home_city": "Portland"}


@pytest.mark.parametrize(
    ("state", "payloads", "read"),
    [
        # Monday, a trip planned for Sunday: not left, so not over; home is where she is.
        (
            {**PLANNED, "travel.depart_date": "2026-12-06"},
            BACK_HOME,
            [("travel.location", "Portland")],
        ),
        # The message names where she is: that, and nothing of the trip.
        (
            {**PLANNED, "travel.depart_date": "2026-12-01"},
            [*BACK_HOME, _said("travel.location", "Portland")],
            [("travel.location", "Portland")],
        ),
        # No home known: nothing of the trip, nowhere guessed.
        (
            {**CLOCK, "travel.status": "planning", "travel.depart_date": "2026-12-06"},
            BACK_HOME,
            [],
        ),
        # The plan's day has come (today) or gone, or it has none, or the trip is under
        # way: back home ends it, as before.
        (
            {**PLANNED, "travel.depart_date": "2026-11-30"},
            BACK_HOME,
            [("travel.status", "completed")],
        ),
        (
            {**PLANNED, "travel.depart_date": "2026-11-28"},
            BACK_HOME,
            [("travel.status", "completed")],
        ),
        (PLANNED, BACK_HOME, [("travel.status", "completed")]),
        (
            {**PLANNED, "travel.status": "in_progress", "travel.depart_date": "2026-12-06"},
            BACK_HOME,
            [("travel.status", "completed")],
        ),
    ],
)
def test_back_home_before_the_trip_leaves_ends_no_trip(
    state: dict[str, Any], payloads: list[dict[str, Any]], read: list[tuple[str, str]]
) -> None:
    """Found by the life property (test_life_coherence): "going to tahoe sunday", then
    "we got back home last night" on the Wednesday before ended the trip planned for
    Sunday (status completed, its day forgotten), with no question asked."""
    out = home_before_leaving(payloads, USER, state, MONDAY)
    assert [(p["field"], p["candidate_value"]) for p in out] == read
