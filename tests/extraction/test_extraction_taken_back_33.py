"""What was said before taken back, then the news: "actually scratch that, tahoe's off.
roads are closed" (the lead's playground, thirty-third round) read as nothing, because the
place kept its "'s" after the opener ("tahoe's" is no place name to the travel rules' gate)
and "forget that," was a command to the assistant."""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _fields(text: str) -> dict[str, object]:
    return {
        o.field: o.candidate_value
        for o in extract_offline(text, at=AT).observations
        if o.intent == "assertive"
    }


@pytest.mark.parametrize(
    "text",
    [
        "actually scratch that, tahoe's off. roads are closed",
        "never mind, tahoe's off",
        "nvm tahoe's off for us",
        "forget that, tahoe's off",
        "never mind, denver's cancelled",
        "ok so scratch that, vegas's off",
    ],
)
def test_a_place_called_off_after_taking_back_is_the_trip_off(text: str) -> None:
    assert _fields(text).get("travel.status") == "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "scratch that, marcus is off",  # a person, not a place
        "never mind, florence is off today",  # a person off work
        "scratch that, sam's off",
        "oh tahoe's off?",  # asked
        "if it snows tahoe's off",  # a condition
        "never mind, tahoe's amazing",
        "forget that",
    ],
)
def test_nothing_else_after_taking_back_is_a_trip_off(text: str) -> None:
    assert "travel.status" not in _fields(text)
