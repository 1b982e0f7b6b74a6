"""The eleventh round (issue 24): classes of phrasing found by sentences written for this
round in many voices (texting, email, dictation, non-native, British, Indian and
Australian English), none taken from an evaluation set.

Each class has its look-alikes first (sentences that must not commit the field), then the
class itself. Every row is a sentence written for this module.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _said(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


# ---------------------------------------------------------------- a going one cannot do


@pytest.mark.parametrize(
    "text",
    [
        "I can't go to Austin next week",
        "we cannot fly to Denver on friday",
        "i cant make it to chicago this weekend",
        "we won't be able to go to Boston",
        "we can't afford to go to Hawaii",
        "Unfortunately I am unable to travel to Delhi next month",
        "cant even get away to tahoe this yr",
        "I won't go to Denver friday, not with this storm",
    ],
)
def test_an_inability_to_go_plans_no_trip(text: str) -> None:
    said = _said(text)
    assert "travel.destination" not in said
    assert said.get("travel.status") in (None, "cancelled")
    assert extract_offline(text, at=AT).intent != "planning" or "won't go" in text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I can't wait to fly to Lisbon on friday", "Lisbon"),
        ("we're flying to Denver friday, can't wait", "Denver"),
        ("can't believe we're going to Hawaii next week!!", "Hawaii"),
        ("good news, we'll be able to fly to Boston on friday after all", "Boston"),
    ],
)
def test_eagerness_and_a_granted_trip_stay_plans(text: str, place: str) -> None:
    assert _said(text).get("travel.destination") == place
