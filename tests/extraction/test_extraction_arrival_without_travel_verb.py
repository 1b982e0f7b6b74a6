"""An arrival told without a verb of travel: the trip said to have begun ("fyi trip
started early"), a getaway by its kind ("we're at the lake"), a known place alone with its
since ("tahoe as of last night!"). Look-alikes keep their reading: a stay ahead, the place
talked about, someone else's trip, a question, a condition. Said on Tuesday 1 December
2026, 9 am in Portland."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core.extraction.offline import extract_offline

TUESDAY = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


def _said(text: str) -> dict[str, object]:
    got = extract_offline(text, at=TUESDAY).observations
    return {o.field: o.candidate_value for o in got if o.intent == "assertive"}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("fyi trip started early, we're at the lake", None),
        ("fyi trip started early", None),
        ("our vacation has officially begun!", None),
        ("were at the lake now lol", None),
        ("ok we're at the mountains finally", None),
        ("tahoe as of last night!", "Tahoe"),
        ("denver since this morning", "Denver"),
        ("so tahoe since yesterday!!", "Tahoe"),
    ],
)
def test_an_arrival_without_a_verb_of_travel_is_under_way(text: str, where: str | None) -> None:
    said = _said(text)
    assert said.get("travel.status") == "in_progress", said
    assert said.get("travel.location") == where, said


@pytest.mark.parametrize(
    "text",
    [
        "we're at the lake house next month",
        "tahoe as of last night was snowed in",
        "their trip started early",
        "they're at the lake",
        "the trip starts saturday",
        "are we at the lake?",
        "if we're at the lake by noon we can swim",
        "did the trip start?",
        "work as of last night",
    ],
)
def test_look_alikes_are_not_an_arrival(text: str) -> None:
    said = _said(text)
    assert said.get("travel.status") != "in_progress", said
