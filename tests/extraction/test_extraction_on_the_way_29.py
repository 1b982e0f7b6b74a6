"""The twenty-ninth round (story29): on the way to a known place, said plainly, is the trip
under way as surely as an arrival is. "on our way to tahoe!" was read at 0.72, so the chat
answered "You sound unsure"; "in the car headed to tahoe" was read as a plan. Each class is
tabled with paraphrases in other voices and look-alikes that must keep their reading (an
unknown name, someone else, a question, a condition, the past, a plan). Every row is a
sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

CERTAIN = 0.9
"""The policy's ``certain_extraction``: a reading at or above it counts in full."""


def _under_way(text: str) -> float | None:
    """The confidence of the speaker's trip under way in ``text`` (None: not read)."""
    return next(
        (
            o.extraction_confidence
            for o in extract_offline(text, at=AT).observations
            if o.entity_id == "user:primary"
            and (o.field, o.candidate_value, o.intent)
            == ("travel.status", "in_progress", "assertive")
        ),
        None,
    )


@pytest.mark.parametrize(
    "text",
    [
        "on our way to tahoe!",
        "On my way to Denver",
        "omw to chicago",
        "we're on our way to Lisbon now",
        "otw to reno lol",
        "en route to Boston",
        "driving to Austin as we speak",
        "in the car headed to tahoe",
        "we're in the van heading up to bend",
        "in the car on our way to Seattle",
    ],
)
def test_on_the_way_to_a_known_place_is_under_way_for_certain(text: str) -> None:
    confidence = _under_way(text)
    assert confidence is not None, text
    assert confidence >= CERTAIN, (text, confidence)


@pytest.mark.parametrize(
    "text",
    [
        "on my way to costco",  # an unknown name: maybe no place, asked at most
        "mom's on her way to tahoe",
        "they're in the car headed to tahoe",
        "are you on your way to tahoe?",
        "if we're on our way to tahoe by 5 we'll make it",
        "last year on our way to tahoe we got a flat",
        "we'll be in the car headed to tahoe tomorrow",
        "in the car to tahoe next friday",
    ],
)
def test_what_is_not_her_going_now_is_not_certain(text: str) -> None:
    confidence = _under_way(text)
    assert confidence is None or confidence < CERTAIN, (text, confidence)
