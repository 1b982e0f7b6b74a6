"""The thirtieth round (trip30): a trip told with the place first and the days after it.
"tahoe w/ the girls leaving thursday, home again on the 8th" was read as a return on
Thursday alone: the bare place heading the plan was no destination, and "home again on the
8th" took the day of the setting out said before it. Now a known place that opens a clause,
followed by who goes along and the day of setting out, is a trip there (as "tahoe next
weekend" was), and a way home said after a setting out with its day is that trip's way back,
on the day said after it. Each class is tabled with paraphrases in other voices and with
look-alikes that must keep their reading (someone else's trip, the past, a question, a
condition, a town spelled like a first name). Every row is a sentence written for this
module, none taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

TUESDAY = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
"""Tuesday 1 December 2026: Thursday is the 3rd, Saturday the 5th."""


def _trip(text: str) -> dict[str, object]:
    """The speaker's travel fields read from ``text``, with their intents."""
    return {
        o.field: (o.candidate_value, o.intent)
        for o in extract_offline(text, at=TUESDAY).observations
        if o.entity_id == "user:primary" and o.field.startswith("travel.")
    }


def _plan(place: str, depart: str, back: str | None) -> dict[str, object]:
    out: dict[str, object] = {
        "travel.destination": (place, "planning"),
        "travel.status": ("planning", "planning"),
        "travel.depart_date": (depart, "planning"),
    }
    if back is not None:
        out["travel.return_date"] = (back, "planning")
    return out


@pytest.mark.parametrize(
    ("text", "place", "depart", "back"),
    [
        ("ok so the plan: tahoe w/ the girls leaving thursday, home again on the 8th", "Tahoe", "2026-12-03", "2026-12-08"),
        ("tahoe w/ the girls leaving thursday, home again on the 8th", "Tahoe", "2026-12-03", "2026-12-08"),
        ("tahoe with the girls, leaving thursday, back on the 8th", "Tahoe", "2026-12-03", "2026-12-08"),
        ("Denver w my husband, heading out saturday, home again on the 13th", "Denver", "2026-12-05", "2026-12-13"),
        ("lisbon, flying out the 3rd, back on the 8th", "Lisbon", "2026-12-03", "2026-12-08"),
        ("leeds with my sister next weekend", "Leeds", "2026-12-12", "2026-12-13"),
        ("we're going to tahoe thursday, home again on the 8th", "Tahoe", "2026-12-03", "2026-12-08"),
    ],
)  # fmt: skip
def test_a_bare_place_heading_a_plan_is_where_the_trip_goes(
    text: str, place: str, depart: str, back: str
) -> None:
    assert _trip(text) == _plan(place, depart, back), text


@pytest.mark.parametrize(
    "text",
    [
        "leaving thursday, home again on the 8th",
        "flying out thursday, home again on the 8th",
        "we leave thursday, home again on the 8th",
    ],
)
def test_a_way_home_after_a_setting_out_is_the_same_trip_back(text: str) -> None:
    assert _trip(text) == {
        "travel.status": ("planning", "planning"),
        "travel.depart_date": ("2026-12-03", "planning"),
        "travel.return_date": ("2026-12-08", "planning"),
    }, text


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("we'll be home again on the 8th", "2026-12-08"),
        ("sunday we'll be home again", "2026-12-06"),
    ],
)
def test_a_way_home_alone_keeps_its_own_day(text: str, back: str) -> None:
    assert _trip(text).get("travel.return_date") == (back, "planning"), text


@pytest.mark.parametrize(
    "text",
    [
        "tahoe w/ the girls is their thing",  # someone else's habit
        "my sister's leaving thursday, home again on the 8th",  # someone else's trip
        "tahoe w/ the girls thursday?",  # a question
        "tahoe w/ the girls leaving thursday?",
        "jordan, leaving thursday",  # a name before a setting out
    ],
)
def test_look_alikes_plan_no_trip(text: str) -> None:
    assert _trip(text) == {}, text


def test_a_past_trip_there_is_no_plan() -> None:
    said = _trip("tahoe w/ the girls was great, home again since the 8th")
    assert "travel.destination" not in said
    assert said.get("travel.status", (None, None))[0] != "planning"


def test_a_town_spelled_like_a_first_name_is_not_made_the_destination() -> None:
    # "austin w/ the girls leaving thursday" may be Austin leaving: no place is made of it.
    assert "travel.destination" not in _trip(
        "austin with the girls leaving thursday, back on the 8th"
    )


def test_a_condition_keeps_the_plan_unsure() -> None:
    said = _trip("tahoe w/ the girls leaving thursday if the roads are clear")
    assert all(intent == "hypothetical" for _, intent in said.values()), said
