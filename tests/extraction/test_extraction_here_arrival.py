"""Arriving "here" is a trip under way: "we're here already!!", "just got here", "made it
here safe". "Here" points at the place without naming it, so only the trip's status is
said, as with "landed!!"; the engine pairs it with the trip planned and asks.

Only the whole clause counts, and a lone "I'm here" is no arrival: it as often means "I'm
listening", "I'm at the café" or "I'm here for you". Memories, wishes, questions and
plans with "here" say nothing about a trip under way.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "lol so we're here already!! left early, roads were totally empty",
        "just got here",
        "we're here",
        "made it here safe",
        "im finally here",
        "ok guys we are officially here",
        "Finally here! 🏔️",
        "we've arrived here safely",
        "phew, I'm here at last",
    ],
)
def test_arriving_here_is_a_trip_under_way(text: str) -> None:
    assert facts_said(text).get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    "text",
    [
        "i'm here",
        "i'm here if you need me",
        "we're here for you, always",
        "we are here at the restaurant, table by the window",
        "wish we were here instead of the office",
        "are we here yet",
        "we were here last year",
        "mum got here at noon",
        "here is the list you wanted",
        "when you get here, call me",
    ],
)
def test_here_as_presence_memory_wish_or_question_is_no_arrival(text: str) -> None:
    assert facts_said(text).get("travel.status") != "in_progress"
