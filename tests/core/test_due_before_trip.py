"""``due_before_the_trip``: an errand due "before we go" is due by the planned trip's day
to leave, while that day is today or ahead; a day of its own, no trip, or a trip that
has gone leave it as said."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.due_before_trip import (
    BACK_HOME,
    BEFORE_YOU_LEAVE,
    anchor_of,
    due_before_the_trip,
    is_anchored,
    without_anchor,
)

USER = "user:primary"
WEDNESDAY = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)  # 10 am in Portland
PLAN = {
    "travel.status": "planning",
    "travel.depart_date": "2026-11-26",
    "profile.timezone": "America/Los_Angeles",
}
TAHOE = {**PLAN, "travel.destination": "Tahoe"}
STATUS = "financial.amazon_return.status"


_SAME_MESSAGE = "going to tahoe sunday, need to return the amazon package before we go"


def _planned(leaves: str) -> list[dict[str, Any]]:
    """A trip planned in the message itself, leaving on ``leaves``."""
    return [
        said_payload("travel.status", "planning", "planning"),
        said_payload("travel.depart_date", leaves, "planning"),
    ]


def _errand(text: str, field: str = STATUS, value: Any = "due") -> dict[str, Any]:
    return said_payload(field, value, evidence_text=text)


_OWN_DAY = [
    _errand("return it by tuesday before we go"),
    _errand("return it by tuesday before we go", "financial.amazon_return.due_date", "2026-12-01"),
]
"""A day of her own beside "before we go"."""


@pytest.mark.parametrize(
    ("payloads", "state", "due"),
    [
        ([_errand("gotta return the amazon package before we go")], PLAN, "2026-11-26"),
        ([_errand("have to drop the amazon return at ups before we leave")], PLAN, "2026-11-26"),
        ([_errand("need to return the amazon package before the trip")], PLAN, "2026-11-26"),
        # Typed fast: "b4", "befor".
        ([_errand("shoot i have to retrun the amazon snow boots b4 we go")], PLAN, "2026-11-26"),
        ([_errand("amazon return has to go back befor the trip")], PLAN, "2026-11-26"),
        # The trip named as people name it (the founding story's own words), or its
        # setting out said another way.
        ([_errand("need to return the amazon package before the Tahoe trip")], PLAN, "2026-11-26"),
        ([_errand("amazon return b4 our big ski trip!!")], PLAN, "2026-11-26"),
        ([_errand("send the amazon stuff back before we head up")], PLAN, "2026-11-26"),
        ([_errand("drop off the amazon return before we hit the road")], PLAN, "2026-11-26"),
        ([_errand("do the amazon return before leaving pls")], PLAN, "2026-11-26"),
        ([_errand("amazon return before we're leaving")], PLAN, "2026-11-26"),
        ([_errand("the amazon return before my vacation")], PLAN, "2026-11-26"),
        # The going with its "we" left out, as a learner or a fast typist cuts it.
        ([_errand("i must return amazon package before go")], PLAN, "2026-11-26"),
        ([_errand("amazon return before going pls")], PLAN, "2026-11-26"),
        # Before the place the trip goes to.
        ([_errand("gotta do the amazon return before tahoe")], TAHOE, "2026-11-26"),
        ([_errand("amazon return before heading up to Tahoe")], TAHOE, "2026-11-26"),
        # Before something that is not setting out: no day from the trip.
        ([_errand("gotta do the amazon return before i leave work")], PLAN, None),
        ([_errand("amazon return before we head home")], PLAN, None),
        ([_errand("amazon return before going to work")], PLAN, None),
        ([_errand("gotta do the amazon return before we go to the gym")], PLAN, None),
        ([_errand("return the amazon package before the holidays")], PLAN, None),
        ([_errand("gotta do the amazon return before tahoe")], PLAN, None),  # no place held
        ([_errand("gotta do the amazon return before reno")], TAHOE, None),
        # No "before we go", a day of its own, no plan, a plan already gone.
        ([_errand("gotta return the amazon package")], PLAN, None),
        (
            _OWN_DAY,
            PLAN,
            "2026-12-01",
        ),
        ([_errand("gotta return the amazon package before we go")], {}, None),
        (
            [_errand("gotta return the amazon package before we go")],
            {**PLAN, "travel.depart_date": "2026-11-24"},
            None,
        ),
        ([_errand("gotta return the amazon package before we go", value="pending")], PLAN, None),
        # The plan in the same message, none on record: its day (and over one on record:
        # the message's word is the newer).
        ([*_planned("2026-11-29"), _errand(_SAME_MESSAGE)], {}, "2026-11-29"),
        ([*_planned("2026-11-29"), _errand(_SAME_MESSAGE)], PLAN, "2026-11-29"),
        # "before that", "before then": the trip only when the same message plans it.
        (
            [
                *_planned("2026-11-29"),
                _errand("goa on sunday, need to return myntra order before that only"),
            ],
            {},
            "2026-11-29",
        ),
        (
            [*_planned("2026-11-29"), _errand("leaving sunday. amazon return b4 then pls")],
            PLAN,
            "2026-11-29",
        ),
        ([_errand("need to return the amazon package before that")], PLAN, None),
        # Its day gone, or a day that is not the plan's (a return day): nothing.
        ([*_planned("2026-11-24"), _errand(_SAME_MESSAGE)], {}, None),
        (
            [
                said_payload("travel.return_date", "2026-11-29", "planning"),
                _errand(_SAME_MESSAGE),
            ],
            {},
            None,
        ),
    ],
)
def test_an_errand_before_we_go_is_due_by_the_trips_day(
    payloads: list[dict[str, Any]], state: dict[str, Any], due: str | None
) -> None:
    out = due_before_the_trip(payloads, USER, state, WEDNESDAY)
    days = [p["candidate_value"] for p in out if p["field"].endswith(".due_date")]
    assert days == ([] if due is None else [due])
    assert out[: len(payloads)] == payloads  # what the message said stays as said


@pytest.mark.parametrize(
    ("payloads", "state", "anchored"),
    [
        # The day came from the trip: on record, or in the message, or read from the
        # message's own plan day by the extractor.
        ([_errand("gotta return the amazon package before we go")], PLAN, True),
        ([*_planned("2026-11-29"), _errand(_SAME_MESSAGE)], {}, True),
        (
            [
                *_planned("2026-11-29"),
                _errand(_SAME_MESSAGE),
                _errand(_SAME_MESSAGE, "financial.amazon_return.due_date", "2026-11-29"),
            ],
            {},
            True,
        ),
        # A day of her own ("by tuesday") is hers, even beside "before we go".
        (
            _OWN_DAY,
            PLAN,
            False,
        ),
    ],
)
def test_a_due_day_from_the_trip_keeps_where_it_came_from(
    payloads: list[dict[str, Any]], state: dict[str, Any], anchored: bool
) -> None:
    out = due_before_the_trip(payloads, USER, state, WEDNESDAY)
    due = [p for p in out if p["field"].endswith(".due_date")]
    assert len(due) == 1
    words = due[0].get("evidence_text")
    assert is_anchored(words) is anchored
    # The words said stay the words said; the anchor is Canon's, beside them.
    assert without_anchor(words)[0] in {str(p.get("evidence_text")) for p in payloads}


@pytest.mark.parametrize(
    ("evidence", "anchored"),
    [
        ("gotta return it before we go (due before you leave)", True),
        (
            "due before you leave; you now leave Saturday, November 28 (so it follows your trip)",
            True,
        ),
        ("gotta return it before we go", False),
        ("return it by friday", False),
        (None, False),
    ],
)
def test_which_evidence_is_anchored_to_the_trip(evidence: str | None, anchored: bool) -> None:
    assert is_anchored(evidence) is anchored


BACK = {**PLAN, "travel.return_date": "2026-11-30"}
"""A trip planned to leave on the 26th and come back on the 30th."""
AWAY = {**BACK, "travel.status": "in_progress"}


@pytest.mark.parametrize(
    ("text", "state", "due"),
    [
        ("remind me to return the amazon thing when we get back", BACK, "2026-11-30"),
        ("need to return the amazon jacket after the trip", BACK, "2026-11-30"),
        ("gotta return the amazon boots once we're back", BACK, "2026-11-30"),
        ("have to drop off the amazon retrun as soon as i get home", BACK, "2026-11-30"),
        ("amazon return has to go back when we're home again", AWAY, "2026-11-30"),
        ("i need to return the zara dress after our trip lol", AWAY, "2026-11-30"),
        # The "we" left out: "after coming back", "once back", "after getting home".
        ("will return the myntra parcel after coming back", AWAY, "2026-11-30"),
        ("amazon return once back pls", BACK, "2026-11-30"),
        ("gotta return the amazon boots after getting home", AWAY, "2026-11-30"),
        ("return the amazon boots after returning", AWAY, "2026-11-30"),
        ("need to return the amazon boots after returning them to the box", AWAY, None),
        # No day to come back on, no trip, a trip over: kept without a day (asked).
        ("need to return the amazon jacket after the trip", PLAN, None),
        ("need to return the amazon jacket after the trip", {}, None),
        (
            "need to return the amazon jacket after the trip",
            {**BACK, "travel.status": "completed"},
            None,
        ),
        # Not the way back: a day of her own, someone else's coming back, before leaving.
        ("need to return it by tuesday when we get back", BACK, None),
        ("gotta return the amazon boots when my sister gets back", BACK, None),
        ("gotta return the amazon boots before we go", BACK, "2026-11-26"),
    ],
)
def test_an_errand_for_when_we_get_back_is_due_the_day_the_trip_comes_back(
    text: str, state: dict[str, Any], due: str | None
) -> None:
    said = [_errand(text)]
    if "by tuesday" in text:
        said.append(_errand(text, "financial.amazon_return.due_date", "2026-12-01"))
        due = "2026-12-01"
    out = due_before_the_trip(said, USER, state, WEDNESDAY)
    days = [p["candidate_value"] for p in out if p["field"].endswith(".due_date")]
    assert days == ([] if due is None else [due]), out
    if due == "2026-11-30":
        (dated,) = (p for p in out if p["field"].endswith(".due_date"))
        assert not is_anchored(dated["evidence_text"])  # it never goes with the day to leave
        assert dated["evidence_text"].startswith(text)


def test_the_way_back_planned_in_the_same_message_dates_it() -> None:
    text = "tahoe sat to mon, gotta return the amazon thing when we get back"
    said = [*_planned("2026-11-28"), said_payload("travel.return_date", "2026-11-30", "planning")]
    out = due_before_the_trip([*said, _errand(text)], USER, {}, WEDNESDAY)
    assert [p["candidate_value"] for p in out if p["field"].endswith(".due_date")] == ["2026-11-30"]


@pytest.mark.parametrize(
    ("evidence", "anchor"),
    [
        ("gotta return the amazon package before we go (due before you leave)", BEFORE_YOU_LEAVE),
        (
            "due before you leave; you now leave Friday, December 4 (so it follows your trip)",
            BEFORE_YOU_LEAVE,
        ),
        ("remind me to return the amazon thing when we get back (due when you're back)", BACK_HOME),
        (
            "due when you're back; you're now back Tuesday, December 8 (so it follows your trip)",
            BACK_HOME,
        ),
        # Her own day, her words that only mention the trip, nothing said: no anchor.
        ("need to return the amazon package by friday", None),
        ("return the amazon package before we go", None),
        (None, None),
    ],
)
def test_where_a_due_day_came_from(evidence: str | None, anchor: str | None) -> None:
    assert anchor_of(evidence) == anchor
    assert is_anchored(evidence) == (anchor == BEFORE_YOU_LEAVE)
