"""Held up on the way: a diversion, a stranding, a missed connection or snow puts the
traveller where it held them, now ("our flight was diverted to reno", "got stranded in
dallas", "missed my connection in atlanta", "snowed in at the cabin in tahoe"); a clause
that says so now ("stuck in reno tonight") is not made history by the one before it.

An experience counted ("I landed in atlanta once and it was chaos", "twice", "a few
times") is a story, not news; "once again stuck in denver" is no condition.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY as AT
from extraction_fixtures import facts_said

from core.extraction.offline import extract_offline


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("our flight was diverted to reno", "Reno"),
        ("flight got diverted to sacramento lol", "Sacramento"),
        ("we got rerouted to denver", "Denver"),
        ("we got stranded in dallas", "Dallas"),
        ("I got stranded in Chicago", "Chicago"),
        ("stranded in dallas till tomorrow", "Dallas"),
        ("missed my connection in atlanta", "Atlanta"),
        ("missed our connecting flight in frankfurt, stuck here overnight", "Frankfurt"),
        ("stuck at the airport in atlanta", "Atlanta"),
        ("snowed in at the cabin in tahoe", "Tahoe"),
        ("our flight was diverted to reno, stuck in reno tonight", "Reno"),
        ("once again stuck in denver", "Denver"),
        ("once more delayed, we're stuck in chicago", "Chicago"),
    ],
)
def test_held_up_somewhere_is_being_there_now(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place, text
    assert said.get("travel.status") == "in_progress", text


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's diversion, a story, a condition, an experience counted.
        "his flight was diverted to reno",
        "my flight to boston got diverted to hartford last year",
        "we were stranded in dallas for two days back in 2019",
        "if we get diverted to reno we'll rent a car",
        "I landed in atlanta once and it was chaos",
        "I missed my connection in atlanta once and it was a nightmare",
        "we moved to austin a few times as kids",
        # Not held anywhere.
        "I missed the bus this morning",
        "it snowed all night in tahoe",
        "I stuck a note on the fridge",
        "got food poisoning in cancun",
    ],
)
def test_look_alikes_place_nobody(text: str) -> None:
    said = facts_said(text)
    assert "travel.location" not in said, text
    assert "profile.home_city" not in said, text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("once we land in denver we'll grab food", "hypothetical"),
        ("once emma is better we'll go to tahoe", "hypothetical"),
        ("landed in denver, will call you at once", "assertive"),
    ],
)
def test_once_as_a_condition_and_at_once_stay_what_they_were(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "before i leave" is still ahead; "before we had kids" dates a memory.
        ("need to return the amazon package before we go", "assertive"),
        ("gotta pay rent before i leave", "assertive"),
        ("before we had kids we lived in denver", "historical"),
        ("i lived in boston before i moved here", "historical"),
    ],
)
def test_before_i_leave_is_ahead_and_before_we_had_kids_is_a_memory(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


@pytest.mark.parametrize(
    ("text", "depart", "back"),
    [
        # The trip named in one clause, its days in the next (the founding story, typed).
        (
            "gotta return the amazon package before tahoe, leaving sunday, back the following sat",
            "2026-11-29",
            "2026-12-05",
        ),
        (
            "need to return the amazon package before the tahoe trip, leaving sunday, back the "
            "following sat",
            "2026-11-29",
            "2026-12-05",
        ),
        (
            "we're going to tahoe, leaving sunday, back the following sat",
            "2026-11-29",
            "2026-12-05",
        ),
        ("need a haircut before tahoe", None, None),
    ],
)
def test_a_trip_named_before_its_days(text: str, depart: str | None, back: str | None) -> None:
    said = facts_said(text)
    assert said.get("travel.destination") == "Tahoe", said
    assert said.get("travel.depart_date") == depart, said
    assert said.get("travel.return_date") == back, said


def test_a_place_before_another_in_a_story_is_no_plan() -> None:
    said = facts_said("i lived in boston before denver")
    assert "travel.destination" not in said
