"""A way back said after a hedged trip is hedged with it: one maybe, never a maybe and
a plan to be back (which Canon then asked about, of a trip it did not hold)."""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _intents(text: str) -> dict[str, str]:
    return {o.field: o.intent for o in extract_offline(text, at=AT).observations}


@pytest.mark.parametrize(
    "text",
    [
        "i think we might go to tahoe thursday, back sunday",
        "maybe going to tahoe thursday, back sunday",
        "might head to reno thursday. back sunday",
        "we might drive up to tahoe on friday and back monday",
        "if the roads are ok we go to tahoe thursday, back sunday",
        "We may fly to Denver on Friday, home again Monday",
        # The trip said with no verb (read as nothing), the hedge before it.
        "maybe tahoe this weekend, back sunday night",
        "thinking about tahoe thursday, back sunday",
    ],
)
def test_the_day_back_of_a_hedged_trip_is_hedged_too(text: str) -> None:
    intents = _intents(text)
    assert intents.get("travel.return_date") == "hypothetical", intents
    assert "planning" not in intents.values(), intents


@pytest.mark.parametrize(
    ("text", "back"),
    [
        # A trip said plainly: its day back is its plan.
        ("we are going to tahoe thursday, back sunday", "planning"),
        ("off to tahoe thursday, back sunday", "planning"),
        ("tahoe this weekend, back sunday night", "planning"),
        # A day back of its own, said with its own subject and verb, keeps its intent.
        ("we might go to tahoe thursday. we're back sunday regardless", "planning"),
        ("might go to tahoe thursday but we'll be back sunday for sure", "planning"),
    ],
)
def test_a_day_back_said_plainly_stays_a_plan(text: str, back: str) -> None:
    assert _intents(text).get("travel.return_date") == back
