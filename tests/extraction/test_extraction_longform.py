"""Long posts: the fact of now inside a story.

A plan called off after "but with everything going on" is a clause of its own; a verb
that opens a sentence ("Staying home this year") is no family member; "after leaving
Microsoft" is no plan; and the employer of "I've been at Google for six months" holds.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY as AT
from extraction_fixtures import facts_said

from core.extraction.offline import extract_offline
from core.extraction.segments import split_segments

CANCELLED = (
    "We were supposed to go to Maui for Christmas but with everything going on we "
    "cancelled. Staying home this year."
)


def test_a_plan_called_off_inside_a_story() -> None:
    got = facts_said(CANCELLED)
    assert got["travel.status"] == "cancelled"
    assert not [f for f in got if f.startswith("family.")]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "we planned it but with everything going on we cancelled",
            "with everything going on we cancelled",
        ),
        ("it was booked but in the end we stayed home", "in the end we stayed home"),
        ("we tried but after two hours i gave up", "after two hours i gave up"),
    ],
)
def test_but_then_a_phrase_then_a_subject_is_a_clause(text: str, second: str) -> None:
    assert [s.text for s in split_segments(text)][-1] == second


@pytest.mark.parametrize(
    "text",
    ["Staying home this year.", "Heading home sick", "Feeling better today"],
)
def test_a_leading_verb_is_no_family_member(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("family.")]


def test_leaving_a_job_before_now_is_no_plan() -> None:
    text = "So I've been at Google for about six months now after leaving Microsoft."
    got = extract_offline(text, at=AT)
    assert got.intent == "assertive"
    assert facts_said(text)["profile.employer"] == "Google"
