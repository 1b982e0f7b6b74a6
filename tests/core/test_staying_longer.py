"""The held trip's day back, later, in the words people type (``staying_longer``): a table
of the speaker's news against look-alikes that must read nothing (someone else, a
question, a hedge or condition, a denial, the past, a stay's length)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from core.domain.state import Scalar
from core.engine.staying_longer import staying_longer

ME = "user:primary"
TUESDAY = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
"""The speaker's local time: Tuesday 1 December 2026, 9 am."""
HELD: dict[str, Scalar] = {
    "travel.status": "planning",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-12-05",
    "travel.return_date": "2026-12-06",
}


def _said(field: str, day: str, intent: str, words: str) -> dict[str, Any]:
    return {"entity_id": ME, "field": field, "candidate_value": day, "evidence_text": words}


def _back(text: str, state: dict[str, Scalar] = HELD, read: list[Any] | None = None) -> Any:
    out = staying_longer(list(read or []), text, ME, state, TUESDAY, _said)
    days = [p["candidate_value"] for p in out if p["field"] == "travel.return_date"]
    return days[-1] if days else None


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("extended the trip 2 more days", "2026-12-08"),
        ("we extended our trip by a day", "2026-12-07"),
        ("trip got extended 2 days", "2026-12-08"),
        ("good news, we're staying 2 more days!!", "2026-12-08"),
        ("staying 2 more days", "2026-12-08"),
        ("Staying two more nights lol", "2026-12-08"),
        ("we're staying another night", "2026-12-07"),
        ("staying a day longer", "2026-12-07"),
        ("sticking around 2 extra days", "2026-12-08"),
        ("we'll stay another week", "2026-12-13"),
        ("ok we're staying till tuesday", "2026-12-08"),
        ("so we decided to stay 3 more days", "2026-12-09"),
        # the place between the verb and the count
        ("staying in tahoe 2 more days", "2026-12-08"),
        ("we're staying in tahoe another night", "2026-12-07"),
        ("ok staying at the cabin 2 extra days", "2026-12-08"),
        ("staying here 2 more days lol", "2026-12-08"),
        ("staying in tahoe for 2 more days", "2026-12-08"),
        # a place of several words, "another" before a count
        ("staying in south lake tahoe 2 more days", "2026-12-08"),
        ("we're staying at the lake house in tahoe another night", "2026-12-07"),
        ("staying up here another 2 days", "2026-12-08"),
        ("staying another two nights", "2026-12-08"),
        ("we're staying on till tuesday", "2026-12-08"),
        # a clause of its own after a comma
        ("staying 2 more days, kids dont wanna leave lol", "2026-12-08"),
        ("staying another night, the kids love it here", "2026-12-07"),
    ],
)
def test_her_word_of_a_longer_stay_moves_the_day_back(text: str, back: str) -> None:
    assert _back(text) == back


@pytest.mark.parametrize(
    "text",
    [
        "should we stay 2 more days?",
        "mom is staying 2 more days",
        "they extended the trip 2 more days",
        "we might stay 2 more days",
        "maybe staying 2 more days",
        "if it snows we're staying 2 more days",
        "staying 2 more days, if the roads are ok",
        "staying 2 more days, not sure yet",
        "staying 2 more days, or should we head back?",
        "we're not staying 2 more days",
        "we stayed 2 more days last time",
        "extended the trip 2 more days last year",
        "staying 2 days",
        "we're staying at the lodge",
        "staying 2 more days would be nice",
        "mom is staying in tahoe 2 more days",
        "should we stay in tahoe 2 more days?",
        "we might stay in tahoe 2 more days",
        "we stayed in tahoe 2 more days last time",
        "we're not staying in tahoe 2 more days",
        "staying in tahoe 2 days",
        "staying in 2 more days",
        "mum is staying in south lake tahoe 2 more days",
        "should we stay up here another 2 days?",
        "if it snows we'll stay another night",
        "staying in south lake tahoe for 2 days",
    ],
)
def test_look_alikes_read_nothing(text: str) -> None:
    assert _back(text) is None


def test_with_no_trip_or_no_day_back_held_nothing_is_counted() -> None:
    assert _back("staying 2 more days", {}) is None
    assert _back("staying 2 more days", {**HELD, "travel.status": "cancelled"}) is None
    no_day_back = {k: v for k, v in HELD.items() if k != "travel.return_date"}
    assert _back("staying 2 more days", no_day_back) is None


def test_a_day_back_the_extractor_read_is_left_as_read() -> None:
    read = [_said("travel.return_date", "2026-12-09", "planning", "staying till wednesday")]
    assert _back("we're staying till wednesday now", read=read) == "2026-12-09"


BACK_FRIDAY: dict[str, Scalar] = {**HELD, "travel.return_date": "2026-12-04"}
"""The trip back on Friday, before the weekend."""


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("gonna stay through the weekend", "2026-12-06"),
        ("ok we're staying over the weekend now", "2026-12-06"),
        ("staying thru the weekend lol", "2026-12-06"),
        ("staying till the weekend", "2026-12-05"),
        ("if the roads are bad we'll stay through the weekend", None),
        ("my sister is staying through the weekend", None),
        ("should we stay through the weekend?", None),
        ("staying over at mum's", None),
    ],
)
def test_a_stay_through_the_weekend_is_back_on_its_last_day(text: str, back: str | None) -> None:
    assert _back(text, BACK_FRIDAY) == back
