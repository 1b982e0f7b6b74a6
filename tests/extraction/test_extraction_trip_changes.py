"""A trip's days changed by the speaker: the way home moved or the stay made longer.

"pushed my return to monday", "staying till monday now", "we extended our stay to the 7th"
move the return; "we moved our flight to tuesday" the departure. Someone else staying,
staying home, a day's hours and what happened last year change no trip.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)  # a Saturday
MONDAY, TUESDAY, SUNDAY = "2026-11-30", "2026-12-01", "2026-11-29"


def _days(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.field.endswith("_date")}


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        ("staying till monday now", "travel.return_date", MONDAY),
        ("we're staying until monday now", "travel.return_date", MONDAY),
        ("ok so we're staying on till monday", "travel.return_date", MONDAY),
        ("oh well, staying till tuesday now", "travel.return_date", TUESDAY),
        ("change of plans: pushed my return to monday", "travel.return_date", MONDAY),
        ("change of plans, we're staying till tuesday", "travel.return_date", TUESDAY),
        (
            "the conference got extended, flying home monday the 7th instead",
            "travel.return_date",
            "2026-12-07",
        ),
        ("actually staying till monday the 7th", "travel.return_date", "2026-12-07"),
        ("pushed my return to monday", "travel.return_date", MONDAY),
        ("I moved my return flight to Monday.", "travel.return_date", MONDAY),
        ("we pushed our flight home to monday", "travel.return_date", MONDAY),
        ("moved my flight home to monday", "travel.return_date", MONDAY),
        ("extending our stay till the 7th", "travel.return_date", "2026-12-07"),
        ("staying at grandma's till sunday", "travel.return_date", SUNDAY),
        ("we're staying with my parents until the 5th", "travel.return_date", "2026-12-05"),
        ("staying at my sister's place till tuesday", "travel.return_date", TUESDAY),
        ("we moved our flight to tuesday", "travel.depart_date", TUESDAY),
        ("flight got pushed to tues", "travel.depart_date", TUESDAY),
        ("our flight back got moved to monday", "travel.return_date", MONDAY),
    ],
)
def test_the_speakers_own_change_moves_the_trips_day(text: str, field: str, day: str) -> None:
    assert _days(text).get(field) == day


@pytest.mark.parametrize(
    "text",
    [
        "we're staying home until monday",  # no trip
        "emma is staying until monday",  # someone else
        "i'm staying at work until 7",  # a day's hours
        "staying late until 9 tonight",
        "if we stay till monday we miss school",  # a condition
        "we extended the trip to monday last year",  # a story
        "we stayed until monday",
    ],
)
def test_no_trip_day_from_other_stays(text: str) -> None:
    assert _days(text) == {}


def test_moving_the_trip_somewhere_first_is_a_new_plan() -> None:
    found = extract_offline("update: we moved the trip to Lisbon to the 20th", at=AT)
    values = {o.field: o.candidate_value for o in found.observations}
    assert values == {
        "travel.destination": "Lisbon",
        "travel.status": "planning",
        "travel.depart_date": "2026-12-20",
    }


@pytest.mark.parametrize(
    "text",
    [
        "we're going to tahoe next weekend, leaving friday",
        "hey so we're going to tahoe next weekend w the kids, leaving friday",
        "going to tahoe next weekend leaving friday",
    ],
)
def test_the_day_they_leave_wins_over_the_first_day_of_the_weekend(text: str) -> None:
    assert _days(text) == {
        "travel.depart_date": "2026-12-04",
        "travel.return_date": "2026-12-06",
    }


def test_leaving_after_the_trip_began_is_leaving_the_place() -> None:
    assert _days("going to denver on the 10th, leaving the 12th") == {
        "travel.depart_date": "2026-12-10"
    }


def test_the_household_after_a_comma_is_a_clause_of_its_own() -> None:
    found = extract_offline("actually staying till monday the 7th, kids have no school", at=AT)
    values = {o.field: o.candidate_value for o in found.observations}
    assert values["travel.return_date"] == "2026-12-07"
    assert values["family.school.event_status"] == "cancelled"


@pytest.mark.parametrize(
    "text",
    ["im home w a sick kid today", "i'm home with a sick kid today", "home w the kids today"],
)
def test_a_day_at_home_ends_no_trip(text: str) -> None:
    fields = {o.field for o in extract_offline(text, at=AT).observations}
    assert "travel.status" not in fields


@pytest.mark.parametrize("text", ["we're home now", "we're home!", "i'm back"])
def test_being_back_home_ends_the_trip(text: str) -> None:
    found = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert found["travel.status"] == "completed"


@pytest.mark.parametrize(
    ("text", "place", "depart"),
    [
        ("we leave friday for tahoe and come back sunday", "Tahoe", "2026-12-04"),
        ("leaving friday for tahoe", "Tahoe", "2026-12-04"),
        ("flying tomorrow to denver", "Denver", SUNDAY),
    ],
)
def test_the_day_between_the_going_and_the_place(text: str, place: str, depart: str) -> None:
    found = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert found["travel.destination"] == place
    assert found["travel.depart_date"] == depart


def test_going_to_work_on_a_day_is_no_trip() -> None:
    assert extract_offline("i go on monday to work", at=AT).observations == ()


@pytest.mark.parametrize(
    ("text", "back"),
    [
        # The way home called off ends nothing: the trip goes on ...
        ("flight home got cancelled", None),
        ("our return flight was cancelled", None),
        ("ugh the train back got cancelled", None),
        # ... and a stay said after it is its new end.
        ("ok flight home got cancelled, stuck here till sunday ugh", SUNDAY),
        ("return flight cancelled, we're stuck here until monday", MONDAY),
        ("stuck here till monday", MONDAY),
        ("looks like we're here till tuesday", TUESDAY),
        ("stranded in denver until monday", MONDAY),
    ],
)
def test_the_way_home_called_off_keeps_the_trip_going(text: str, back: str | None) -> None:
    found = extract_offline(text, at=AT).observations
    said = {o.field: o.candidate_value for o in found}
    assert said.get("travel.status") != "cancelled", said
    assert not [f for f in said if f.startswith("financial.")], said
    assert said.get("travel.return_date") == back, said


@pytest.mark.parametrize(
    "text",
    [
        "our flight to denver got cancelled",  # the way there: the trip may be off
        "the trip got cancelled",
        "the flight got cancelled",
    ],
)
def test_the_way_there_or_the_trip_called_off_still_cancels(text: str) -> None:
    found = extract_offline(text, at=AT).observations
    assert ("travel.status", "cancelled") in {(o.field, o.candidate_value) for o in found}


@pytest.mark.parametrize(
    "text",
    [
        "stuck at work till 7",  # a day's hours
        "stuck in traffic till 6",
        "the kids are stuck at grandmas till sunday",  # someone else
        "meeting ran late, stuck at the office until 7",
    ],
)
def test_stuck_somewhere_that_is_no_trip_dates_nothing(text: str) -> None:
    assert _days(text) == {}
