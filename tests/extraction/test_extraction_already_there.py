"""Where the speaker is by now, said after how it came about: "lol change of plan we came up
early, already in tahoe since last nite" is the founding story told in lower case — the trip
is under way, whatever the plan said. The story before the comma is past; the "already / now /
finally in <place>" after it, its "we're" left out, is the speaker's present. A journey "up /
down / over to" a place lately ("came up to tahoe last night") ended there, as a drive or a
flight there does; "made it up here" is an arrival (the engine knows where "here" is).

Not news of the speaker: someone else's journey ("my sister drove up early, already in tahoe"
goes on with the sister), where a plan or a condition will put them ("…, already in tahoe by
noon"), a question, and "something came up".
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.already_there import is_there_now


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("lol change of plan we came up early, already in tahoe since last nite", "Tahoe"),
        ("we came up early, already in tahoe", "Tahoe"),
        ("came up thursday, already in tahoe", "Tahoe"),
        ("plans changed, now in denver till sunday", "Denver"),
        ("ok so we left a day early and now in portland", "Portland"),
        ("traffic was brutal, finally in tahoe", "Tahoe"),
        ("we were planning to go sat, already in tahoe tho", "Tahoe"),
        # Chores done by someone else's hands are no one else's journey.
        ("laundry done, bags packed, finally in tahoe", "Tahoe"),
        # A journey up/down/over to a place lately ended there.
        ("we came up to tahoe last night", "Tahoe"),
        ("came down to san diego yesterday", "San Diego"),
        ("headed up to tahoe this morning", "Tahoe"),
        ("made it up to tahoe last night", "Tahoe"),
        ("made it out to denver finally", "Denver"),
        ("we finally made it down to san diego", "San Diego"),
    ],
)
def test_there_by_now(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place, text
    assert said.get("travel.status") == "in_progress", text


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's journey: the place goes on with them.
        "my sister drove up early, already in tahoe",
        "she came up early, already in tahoe",
        "the kids went up early, already in tahoe",
        "hubby took the early flight, already at his moms",
        "she came up to tahoe last night",
        "my parents came down to visit yesterday",
        # Where a plan or a condition will put them.
        "we'll leave early, already in tahoe by noon",
        "we're going to leave early, already in tahoe by noon",
        "next time we leave early, already in tahoe by 10",
        # Not this trip, asked, or not a journey at all.
        "we came up to tahoe last year",
        "did you come up to tahoe last night?",
        "something came up last night",
        "she made it up to tahoe last night",
        "made it up to her with flowers",
        "i made up a story last night",
    ],
)
def test_not_the_speakers_place_now(text: str) -> None:
    said = facts_said(text)
    assert "travel.location" not in said, (text, said)
    assert said.get("travel.status") != "in_progress", (text, said)


@pytest.mark.parametrize(
    "text",
    [
        "made it up here yesterday",
        "actually made it up here yesterday",
        "we made it up here last night",
        "made it down here!",
    ],
)
def test_up_here_is_an_arrival_where_the_trip_goes(text: str) -> None:
    said = facts_said(text)
    assert said.get("travel.status") == "in_progress", (text, said)


@pytest.mark.parametrize(
    ("low", "bare"),
    [
        ("already in tahoe", True),
        ("now in denver till sunday", True),
        ("finally at my parents", True),
        ("already in tahoe by noon", False),
        ("we're already in tahoe", False),
        ("in tahoe", False),
    ],
)
def test_a_clause_of_where_by_now_alone(low: str, bare: bool) -> None:
    assert is_there_now(low) is bare
