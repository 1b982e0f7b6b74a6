"""A request typed the short way is still a request: "could u", "would u", "will u".

What it asks for claims nothing about now, nor does the time it is for ("while we're in
denver"): the speaker may be asking ahead.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline

AT = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "could u feed the cat while we're in denver",
        "could you feed the cat while we're in denver",
        "can u feed the cat while we're in denver",
        "would u grab milk on the way home",
        "will u call me when ur back",
        "would you water the plants while we're away",
    ],
)
def test_a_request_claims_nothing(text: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == "none"
    assert found.observations == ()


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A question with no modal and no speaker acting asks for an answer.
        ("okay, and the arrival time?", "none"),
        ("the 5th or the 6th?", "none"),
        ("why isnt the rent paid", "none"),
        # Asking for help planning is a request, not a plan.
        ("hello, i need some help planning my trip", "none"),
        ("can you help with planning a trip to rome", "none"),
        # A question about what the speaker might do still wonders.
        ("we go to tahoe?", "hypothetical"),
        ("should we go to tahoe?", "hypothetical"),
        ("we're planning a trip to rome", "planning"),
    ],
)
def test_questions_and_requests_for_help(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Going somewhere later today is a plan; going there now is where one is headed.
        ("I am going to the cinema tonight", "planning"),
        ("I am going to the cinema tonight, book me a taxi", "planning"),
        ("im going to the gym later", "planning"),
        ("im going to the store", "assertive"),
        ("I'm heading to the airport", "assertive"),
    ],
)
def test_going_later_today_is_a_plan(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A trip wanted and asked to be booked is being arranged.
        ("We want to go to Paris in June, can you find flights?", "planning"),
        ("we want to go to tahoe next weekend. can u book a cabin?", "planning"),
        # A wish alone, a counterfactual wish, or a condition stays hypothetical.
        ("i want to go to paris", "hypothetical"),
        ("i wish i could go to paris, can you find flights", "hypothetical"),
        ("if we go to rome can you find hotels", "hypothetical"),
    ],
)
def test_a_trip_wanted_and_asked_for_is_arranged(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A status line with its "I'm" left out states the speaker's state.
        ("in meetings all day", "assertive"),
        ("OOO till monday", "assertive"),
        ("out sick today", "assertive"),
        ("back online", "assertive"),
        ("off grid till sunday", "assertive"),
        ("in a meeting, call u later", "assertive"),
        ("on PTO next week", "planning"),
        # A time or a frame alone states nothing.
        ("in the morning", "none"),
        ("on monday", "none"),
        ("with the kids", "none"),
    ],
)
def test_a_status_line_without_its_subject(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent
