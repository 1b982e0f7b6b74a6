"""``no_trip_to_end``: with no trip known, the end of a trip the extractor read ("I'm back
home", "just got home", "we're back") is being home, never a trip over; with a trip known,
and for anyone else's words, nothing changes. A table of the speaker's state against what
the message's payloads become."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.state import Scalar
from core.engine.home_without_trip import TRIP_KNOWN, no_trip_to_end

ME = "user:primary"


def _end(entity: str = ME) -> dict[str, Any]:
    return {
        "event_id": "e1",
        "entity_id": entity,
        "domain": "travel",
        "field": "travel.status",
        "candidate_value": "completed",
        "intent": "assertive",
        "evidence_text": "I'm back home",
    }


def _place(value: str) -> dict[str, Any]:
    return {**_end(), "event_id": "e2", "field": "travel.location", "candidate_value": value}


def _said(payloads: list[dict[str, Any]]) -> list[tuple[str, Scalar, str]]:
    return [(p["field"], p["candidate_value"], p["intent"]) for p in payloads]


CASES = [
    # (the speaker's committed values, the message's payloads, what they become)
    pytest.param({}, [_end()], [], id="nothing known: nothing"),
    pytest.param(
        {"profile.home_city": "Portland"},
        [_end()],
        [("travel.location", "Portland", "assertive")],
        id="home known: she is home",
    ),
    pytest.param(
        {"travel.location": "Tahoe"},
        [_end()],
        [],
        id="a place held, home unknown: nothing (it may be home)",
    ),
    pytest.param(
        {"profile.home_city": "Portland"},
        [_end(), _place("Portland")],
        [("travel.location", "Portland", "assertive")],
        id="the message names the place: that place",
    ),
    pytest.param(
        {"profile.home_city": "Portland"},
        [
            {
                **_end(),
                "event_id": "e3",
                "field": "travel.destination",
                "candidate_value": "Denver",
            },
            _end(),
        ],
        [
            ("travel.destination", "Denver", "assertive"),
            ("travel.status", "completed", "assertive"),
        ],
        id="the message tells the trip: it is over",
    ),
    pytest.param(
        {"profile.home_city": "Portland"},
        [_end("user:bob")],
        [("travel.status", "completed", "assertive")],
        id="someone else's entity: untouched",
    ),
]


@pytest.mark.parametrize(("state", "payloads", "after"), CASES)
def test_with_no_trip_known_back_home_is_being_home(
    state: dict[str, Scalar],
    payloads: list[dict[str, Any]],
    after: list[tuple[str, Scalar, str]],
) -> None:
    assert _said(no_trip_to_end(payloads, ME, state)) == after


@pytest.mark.parametrize("known", TRIP_KNOWN)
@pytest.mark.parametrize("home", [None, "Portland"])
def test_with_a_trip_known_nothing_changes(known: str, home: str | None) -> None:
    state: dict[str, Scalar] = {known: "planning" if known == "travel.status" else "x"}
    if home:
        state["profile.home_city"] = home
    payloads = [_end()]
    assert no_trip_to_end(payloads, ME, state) == payloads


@pytest.mark.parametrize("home", [None, "Portland"])
def test_away_known_elsewhere_leaves_the_end_of_the_trip(home: str | None) -> None:
    """A trip still asked about, or the household's "alice is away this week": her "I'm
    back home now" ends being away, as before (her word overrules theirs)."""
    state: dict[str, Scalar] = {} if home is None else {"profile.home_city": home}
    payloads = [_end()]
    assert no_trip_to_end(payloads, ME, state, away_known=True) == payloads
