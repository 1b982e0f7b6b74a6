"""Coming home still waited for is no news that the trip is over.

Told in the playground after the founding story, "the amazon return can wait till we are
home" ended the trip: "we are home" was read without the "till" before it. After "till",
"until", "when", "once", "as soon as", "before" or "by the time", the present tense names a
time to come, in any voice; the past ("when we got home the dog was sick") still tells of
the trip's end. Every row is written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _trip_over(text: str) -> list[str]:
    """The intents of every observation that the trip is over."""
    found = extract_offline(text, at=AT).observations
    return [
        o.intent for o in found if o.field == "travel.status" and o.candidate_value == "completed"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "the amazon return can wait till we are home",
        "it can wait until we're back home",
        "we can talk when we are home",
        "call me once im home",
        "lets sort the bills once we get back home",
        "Pack the snacks, we eat as soon as we're home.",
        "by the time we get home the parcel should be there",
    ],
)
def test_a_homecoming_still_to_come_ends_no_trip(text: str) -> None:
    assert "assertive" not in _trip_over(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("we are home", "assertive"),
        ("back home now, finally", "assertive"),
        ("we got home last night", "assertive"),
        ("when we got home the dog was sick", "historical"),
    ],
)
def test_a_homecoming_that_happened_still_ends_the_trip(text: str, intent: str) -> None:
    assert intent in _trip_over(text)
