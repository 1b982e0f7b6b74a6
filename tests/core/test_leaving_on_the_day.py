"""``leaving_on_the_day``: while a trip is planned, the user's own word that they leave
on another day (and only that) is the trip's new day to leave; anything else is not."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.leaving_on_the_day import leaving_on_the_day

USER = "user:primary"
PORTLAND = timezone(timedelta(hours=-8))
WEDNESDAY = datetime(2026, 11, 25, 10, 0, tzinfo=PORTLAND)
SUNDAY_TRIP = {"travel.status": "planning", "travel.depart_date": "2026-11-29"}


def _said(field: str, day: str, intent: str, words: str) -> dict[str, Any]:
    return said_payload(field, day, intent, evidence_text=words)


def _read(text: str, state: dict[str, Any] = SUNDAY_TRIP, payloads: Any = ()) -> list[Any]:
    out = leaving_on_the_day(list(payloads), text, USER, state, WEDNESDAY, _said)
    return [(p["candidate_value"], p["intent"]) for p in out[len(payloads) :]]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("actually we're leaving saturday now", [("2026-11-28", "planning")]),
        ("actualy we leave sat now", [("2026-11-28", "planning")]),
        ("change of plans, we fly out friday", [("2026-11-27", "planning")]),
        # No place said: the extractor reads nothing, the planned trip gives it its day.
        ("flying out thursday", [("2026-11-26", "planning")]),
        ("jess is flying out thursday", []),
        ("leaving on the 28th instead", [("2026-11-28", "planning")]),
        ("ok so we're leaving a day early", [("2026-11-28", "planning")]),
        ("we're leaving two days later", [("2026-12-01", "planning")]),
        ("we left a day early", [("2026-11-28", "assertive")]),
        # Other verbs of setting out, a move of the trip, the trip on another day.
        (
            "change of plans, we're heading down friday after work instead",
            [("2026-11-27", "planning")],
        ),
        ("headin down fri after work", [("2026-11-27", "planning")]),
        ("were heading out sat", [("2026-11-28", "planning")]),
        ("driving up saturday instead", [("2026-11-28", "planning")]),
        ("we'll drive down friday w the kids", [("2026-11-27", "planning")]),
        ("setting off saturday now", [("2026-11-28", "planning")]),
        ("ok so yeah we're gonna head out friday instead of sunday", [("2026-11-27", "planning")]),
        ("we'll go saturday morning now", [("2026-11-28", "planning")]),
        ("not going till monday", [("2026-11-30", "planning")]),
        ("we're not leaving till monday", [("2026-11-30", "planning")]),
        ("pushed it to next weekend", [("2026-12-05", "planning")]),
        ("trip got pushed back a day", [("2026-11-30", "planning")]),
        ("we moved it up a day", [("2026-11-28", "planning")]),
        ("trip's a day later", [("2026-11-30", "planning")]),
        ("the trip is friday now", [("2026-11-27", "planning")]),
        # Look-alikes: someone else's, asked, hedged, conditional, a story, going elsewhere.
        ("mum's heading down friday", []),
        ("they pushed it to friday", []),
        ("my appt got pushed to friday", []),
        ("should we head down friday", []),
        ("we might head down friday", []),
        ("if the snow's bad we'll leave friday", []),
        ("we'll leave friday if the snow's bad", []),
        ("last year we drove up friday", []),
        ("we headed down friday", []),
        ("we drove up friday last year", []),
        ("heading down to the store friday", []),
        ("we're going out friday", []),
        ("not going saturday", []),
        # The planned day said again, someone else, a question, a denial, a condition,
        # leaving something: nothing.
        ("we leave sunday", []),
        ("she's leaving saturday", []),
        ("are we leaving saturday?", []),
        ("we're not leaving saturday", []),
        ("if we leave saturday we'd miss it", []),
        ("leaving work early friday", []),
        ("we're leaving the party at 10", []),
    ],
)
def test_a_new_day_to_leave_is_the_planned_trips(text: str, read: list[Any]) -> None:
    assert _read(text) == read


def test_no_trip_planned_or_a_day_already_read_leaves_the_message_as_read() -> None:
    assert _read("we're leaving saturday now", {}) == []
    over = {"travel.status": "completed", "travel.depart_date": "2026-11-29"}
    assert _read("we're leaving saturday now", over) == []
    gone = {"travel.status": "planning", "travel.depart_date": "2026-11-20"}
    assert _read("we're leaving saturday now", gone) == []
    day = [said_payload("travel.depart_date", "2026-11-28", "planning")]
    assert _read("we're leaving for tahoe saturday now", SUNDAY_TRIP, day) == []


CALLED_OFF = {"travel.status": "cancelled", "travel.destination": "Tahoe"}


@pytest.mark.parametrize(
    ("text", "state", "read"),
    [
        # A trip called off, booked again for a day: planned anew, there, on that day.
        (
            "ok rebooked it for the 12th instead",
            CALLED_OFF,
            [("2026-12-12", "planning"), ("planning", "planning"), ("Tahoe", "planning")],
        ),
        (
            "trip's back on for saturday!!",
            CALLED_OFF,
            [("2026-11-28", "planning"), ("planning", "planning"), ("Tahoe", "planning")],
        ),
        (
            "we rebooked for next saturday",
            {"travel.status": "cancelled"},
            [("2026-12-05", "planning"), ("planning", "planning")],
        ),
        # Someone else's, a question, a wish, a day gone by, a trip not called off.
        ("they rebooked it for the 12th", CALLED_OFF, []),
        ("should we rebook it for the 12th?", CALLED_OFF, []),
        ("we might rebook for the 12th", CALLED_OFF, []),
        ("rebooked the hotel for the 12th", CALLED_OFF, []),
        ("ok rebooked it for the 12th instead", {"travel.status": "completed"}, []),
    ],
)
def test_a_trip_called_off_booked_again(text: str, state: dict[str, Any], read: list[Any]) -> None:
    assert _read(text, state) == read


BACK_MONDAY = {
    "travel.status": "planning",
    "travel.depart_date": "2026-11-28",
    "travel.return_date": "2026-11-30",
}


@pytest.mark.parametrize(
    ("text", "state", "read"),
    [
        # Her own word that she is back on another day: the trip's new day back, asked.
        ("back the 2nd instead", BACK_MONDAY, [("travel.return_date", "2026-12-02")]),
        ("ok so we'll be back tuesday now", BACK_MONDAY, [("travel.return_date", "2026-12-01")]),
        ("coming home wednesday instead", BACK_MONDAY, [("travel.return_date", "2026-12-02")]),
        ("actually im back sunday", BACK_MONDAY, [("travel.return_date", "2026-11-29")]),
        (
            "back the 2nd instead",
            {**BACK_MONDAY, "travel.status": "in_progress"},
            [("travel.return_date", "2026-12-02")],
        ),
        # Someone else, a question, a condition, the past, not a day, the day held, a day
        # before the trip leaves, no trip, no day back held: nothing.
        ("mom's back the 2nd instead", BACK_MONDAY, []),
        ("are we back the 2nd?", BACK_MONDAY, []),
        ("if it snows we'll be back tuesday", BACK_MONDAY, []),
        ("got back the 2nd", BACK_MONDAY, []),
        ("back from costco", BACK_MONDAY, []),
        ("back monday", BACK_MONDAY, []),
        ("back thursday instead", BACK_MONDAY, []),
        ("back the 2nd instead", {**BACK_MONDAY, "travel.status": "cancelled"}, []),
        ("back the 2nd instead", {"travel.status": "planning"}, []),
    ],
)
def test_her_own_word_of_another_day_back(
    text: str, state: dict[str, Any], read: list[Any]
) -> None:
    out = leaving_on_the_day([], text, USER, state, WEDNESDAY, _said)
    assert [(p["field"], p["candidate_value"]) for p in out] == read
