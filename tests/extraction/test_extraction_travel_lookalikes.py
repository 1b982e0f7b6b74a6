"""Travel rules read trips and places, not the verbs around them.

A table of sentences, each with the travel fields it must yield (value and
intent) or none at all. The look-alikes use the travel verbs ("got back from",
"going to", "not going to") about errands, idioms, habits, sports, other people,
questions and negated everyday things; the positives include the user saying
where they are right now ("currently travelling in ...", "on vacation in ...").
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

NO_TRAVEL: dict[str, tuple[object, str]] = {}

CASES: list[tuple[str, dict[str, tuple[object, str]]]] = [
    # Where the user is now.
    (
        "I am currently travelling in Japan",
        {"travel.location": ("Japan", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    (
        "currently traveling in Portugal with my sister",
        {"travel.location": ("Portugal", "assertive")},
    ),
    (
        "We're on vacation in Bali",
        {"travel.location": ("Bali", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    ("on vacation in Bali, the beaches are unreal", {"travel.location": ("Bali", "assertive")}),
    ("On holiday in Croatia this week", {"travel.location": ("Croatia", "assertive")}),
    ("on vacation in mexico at the moment", {"travel.location": ("Mexico", "assertive")}),
    ("we're visiting Kyoto right now", {"travel.location": ("Kyoto", "assertive")}),
    ("It is so hot here in Cancun", {"travel.location": ("Cancun", "assertive")}),
    ("I'm travelling in Vietnam until the 20th", {"travel.location": ("Vietnam", "assertive")}),
    ("I am currently in London for work", {"travel.location": ("London", "assertive")}),
    # Trips that ended, were called off, or are planned.
    ("Just got back from our trip to Maui", {"travel.status": ("completed", "assertive")}),
    ("We got back from Iceland last night", {"travel.status": ("completed", "assertive")}),
    ("Back from vacation, feeling rested", {"travel.status": ("completed", "assertive")}),
    ("got back from the work trip last night", {"travel.status": ("completed", "assertive")}),
    ("Our Paris trip was cancelled", {"travel.status": ("cancelled", "assertive")}),
    ("We called off the Vegas trip", {"travel.status": ("cancelled", "assertive")}),
    ("We're not going to Denver after all", {"travel.status": ("cancelled", "assertive")}),
    ("We are flying to Tokyo next Friday", {"travel.destination": ("Tokyo", "planning")}),
    (
        "Heading to Seattle tomorrow for a conference",
        {"travel.destination": ("Seattle", "planning")},
    ),
    ("I'm going to Madrid next month", {"travel.destination": ("Madrid", "planning")}),
    # Errands: back from / going to a store, gym, office, school, doctor.
    ("Just got back from the grocery store", NO_TRAVEL),
    ("got back from the gym, exhausted", NO_TRAVEL),
    ("I came back from the doctor with good news", NO_TRAVEL),
    ("Back from the office finally", NO_TRAVEL),
    ("just got home from school", NO_TRAVEL),
    ("home from work, so tired", NO_TRAVEL),
    ("I got back to work after lunch", NO_TRAVEL),
    ("I'm going to the store later", NO_TRAVEL),
    ("Heading to the gym after work", NO_TRAVEL),
    ("We're going to the dentist tomorrow", NO_TRAVEL),
    ("We're going to the movies tonight", NO_TRAVEL),
    # Idioms and "going to" + verb.
    ("I'm not going to go the extra mile for this client", NO_TRAVEL),
    ("I'm not going to lie, it was rough", NO_TRAVEL),
    ("I'm not going to finish this report today", NO_TRAVEL),
    ("We never got around to it", NO_TRAVEL),
    ("I didn't get the job", NO_TRAVEL),
    ("I'm not going to bed yet", NO_TRAVEL),
    # Habits and likes are not plans.
    ("I love going to the beach", NO_TRAVEL),
    ("I enjoy going to concerts with friends", NO_TRAVEL),
    ("I usually go to Chicago for work", NO_TRAVEL),
    ("We got back from the beach in Tulum", {"travel.status": ("completed", "assertive")}),
    ("Heading to the beach in Maui on Friday", {"travel.destination": ("Maui", "planning")}),
    ("We always go to the lake in summer", NO_TRAVEL),
    ("I like traveling to Europe", NO_TRAVEL),
    # Sports.
    ("I'm going to the gym to run a mile", NO_TRAVEL),
    ("We didn't make it to the finals this year", NO_TRAVEL),
    ("I never go to the stadium on game days", NO_TRAVEL),
    # Other people, questions, negated everyday things.
    ("My boss said he's in Tokyo this week", NO_TRAVEL),
    ("She told me she got back from Paris", NO_TRAVEL),
    ("Are you going to the beach?", NO_TRAVEL),
    ("Did you get back from the store?", NO_TRAVEL),
    ("I didn't go to the gym today", NO_TRAVEL),
    ("We didn't make it to the farmers market", NO_TRAVEL),
    ("I'm not going to the office tomorrow", NO_TRAVEL),
    ("The concert got cancelled", NO_TRAVEL),
]


def _travel(text: str) -> dict[str, tuple[object, str]]:
    ext = extract_offline(text, at=AT)
    return {
        o.field: (o.candidate_value, o.intent) for o in ext.observations if o.domain == "travel"
    }


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_travel_reading(text: str, expected: dict[str, tuple[object, str]]) -> None:
    found = _travel(text)
    if not expected:
        assert found == {}, found
    else:
        assert {f: found.get(f) for f in expected} == expected, found


def test_the_table_covers_positives_and_look_alikes() -> None:
    assert len(CASES) >= 40
    assert sum(1 for _, e in CASES if e) >= 15
    assert sum(1 for _, e in CASES if not e) >= 25
