"""``core.engine.under_way_words``: a trip's words read against where the trip stands
(pure). Setting out while a trip is planned, the trip called off while under way, and on
the way to where she is held; each with the look-alikes that keep their reading."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.state import Scalar
from core.engine.under_way_words import (
    CALLED_OFF_THERE,
    NOT_THERE_YET,
    another_trip_called_off,
    called_off_under_way,
    on_the_way_not_there,
    set_out_now,
)

ME = "user:primary"
PLANNED: dict[str, Scalar] = {
    "travel.status": "planning",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-29",
}
THERE: dict[str, Scalar] = {
    "travel.status": "in_progress",
    "travel.destination": "Tahoe",
    "travel.location": "Tahoe",
}


def _said(field: str, value: Scalar, words: str) -> dict[str, Any]:
    return {"entity_id": ME, "field": field, "candidate_value": value, "evidence_text": words}


def _p(field: str, value: Scalar, intent: str = "assertive", words: str = "") -> dict[str, Any]:
    return {
        "event_id": "0190a0a0-0000-7000-8000-000000000001",
        "entity_id": ME,
        "domain": field.split(".")[0],
        "field": field,
        "candidate_value": value,
        "intent": intent,
        "evidence_text": words,
    }


@pytest.mark.parametrize(
    "text",
    [
        "driving up now",
        "ok we're driving up now!!",
        "heading down rn",
        "on our way!!",
        "omw",
        "just left",
        "we just hit the road w the kids",
        "flying out now",
        "in the car now",
    ],
)
def test_setting_out_while_planned_is_the_trip_under_way_asked(text: str) -> None:
    [said] = set_out_now([], text, ME, PLANNED, _said)
    assert (said["field"], said["candidate_value"]) == ("travel.status", "in_progress")


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("driving up now?", PLANNED),  # a question
        ("mom's driving up now", PLANNED),  # someone else
        ("heading out now", PLANNED),  # an evening out
        ("just left work", PLANNED),  # leaving something
        ("we might drive up now", PLANNED),  # a maybe
        ("driving up now", {"travel.status": "in_progress", "travel.destination": "Tahoe"}),
        ("driving up now", {"travel.status": "completed"}),  # no trip planned
        ("driving up now", {}),
    ],
)
def test_what_is_not_her_planned_trip_setting_out_adds_nothing(
    text: str, state: dict[str, Scalar]
) -> None:
    assert set_out_now([], text, ME, state, _said) == []


def test_called_off_while_there_is_asked_as_over() -> None:
    off = _p("travel.status", "cancelled", words="trip's off")
    forgotten = _p("travel.destination", None, "retract", "trip's off")
    [over] = called_off_under_way([off, forgotten], ME, THERE)
    assert over["candidate_value"] == "completed"
    assert over["needs_confirmation"] == CALLED_OFF_THERE


@pytest.mark.parametrize(
    ("payloads", "state"),
    [
        ([_p("travel.status", "cancelled", words="trip's off")], PLANNED),  # not yet left
        ([_p("travel.status", "cancelled", "hypothetical", "is the trip off?")], THERE),
        ([_p("travel.status", "cancelled", words="the denver trip is off")], THERE),
        ([_p("travel.status", "cancelled", "historical", "the trip was off last year")], THERE),
    ],
)
def test_what_is_not_this_trip_called_off_keeps_its_reading(
    payloads: list[dict[str, Any]], state: dict[str, Scalar]
) -> None:
    assert called_off_under_way(payloads, ME, state) == payloads


def test_on_the_way_to_where_she_is_held_asks_to_forget_there() -> None:
    said = [_p("travel.status", "in_progress"), _p("travel.destination", "Tahoe")]
    out = on_the_way_not_there(said, ME, THERE)
    assert out[:2] == said
    forget = out[2]
    assert (forget["field"], forget["candidate_value"], forget["intent"]) == (
        "travel.location",
        None,
        "retract",
    )
    assert forget["needs_confirmation"] == NOT_THERE_YET
    assert forget["event_id"] != said[1]["event_id"]


@pytest.mark.parametrize(
    ("payloads", "state"),
    [
        # On the way somewhere else (the next leg), or held nowhere, or not under way.
        ([_p("travel.status", "in_progress"), _p("travel.destination", "Reno")], THERE),
        (
            [_p("travel.status", "in_progress"), _p("travel.destination", "Tahoe")],
            {**THERE, "travel.location": None},
        ),
        ([_p("travel.status", "in_progress"), _p("travel.destination", "Tahoe")], PLANNED),
        # A plan to go there (not under way), and a place said outright.
        ([_p("travel.destination", "Tahoe", "planning")], THERE),
        (
            [
                _p("travel.status", "in_progress"),
                _p("travel.destination", "Tahoe"),
                _p("travel.location", "Truckee"),
            ],
            THERE,
        ),
    ],
)
def test_what_is_not_on_the_way_there_keeps_where_she_is(
    payloads: list[dict[str, Any]], state: dict[str, Scalar]
) -> None:
    assert on_the_way_not_there(payloads, ME, state) == payloads


def _off(words: str) -> list[dict[str, Any]]:
    """A trip called off as the extractor reads it: off, its place and days forgotten."""
    return [
        _p("travel.status", "cancelled", words=words),
        _p("travel.destination", None, words=words),
        _p("travel.depart_date", None, words=words),
    ]


@pytest.mark.parametrize("state", [PLANNED, THERE], ids=["planned", "there"])
@pytest.mark.parametrize(
    "words",
    ["the denver trip is off", "we're calling off our trip to new york", "paris is cancelled"],
)
def test_another_trip_called_off_calls_off_nothing_held(
    state: dict[str, Scalar], words: str
) -> None:
    """The held trip goes to Tahoe; a trip elsewhere called off is none Canon knows."""
    assert another_trip_called_off(_off(words), ME, state) == []


@pytest.mark.parametrize(
    ("state", "payloads"),
    [
        (PLANNED, _off("trip's off")),
        (PLANNED, _off("the tahoe trip is off")),
        (THERE, _off("the tahoe trip is off, denver instead")),
        (PLANNED, [*_off("tahoe is off, going to denver"), _p("travel.destination", "Denver")]),
        ({"travel.status": "completed", "travel.destination": "Tahoe"}, _off("denver is off")),
        ({}, _off("the denver trip is off")),
    ],
    ids=["no-place", "the-held-one", "held-named-beside", "new-plan", "trip-over", "no-trip"],
)
def test_the_held_trip_or_none_called_off_keeps_its_reading(
    state: dict[str, Scalar], payloads: list[dict[str, Any]]
) -> None:
    assert another_trip_called_off(payloads, ME, state) == payloads
