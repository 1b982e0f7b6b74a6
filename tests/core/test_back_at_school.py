"""A child back at school, read against what Canon holds of them (``back_at_school``):
well again, asked, only while held sick; home while held away; else nothing. Words that
say how the child is besides keep the extractor's reading."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.state import Scalar
from core.engine.back_at_school import BACK_AT_SCHOOL, back_at_school


def _well(field: str, words: str) -> dict[str, Any]:
    return {"field": field, "candidate_value": "well", "evidence_text": words}


@pytest.mark.parametrize(
    ("words", "field", "held", "read"),
    [
        # Held sick: asked whether well again.
        ("my son is back at school", "family.son.status", "sick", ("well", BACK_AT_SCHOOL)),
        ("emma went back to school today", "family.emma.status", "sick", ("well", BACK_AT_SCHOOL)),
        ("Maya's back at daycare", "family.maya.status", "sick", ("well", BACK_AT_SCHOOL)),
        # Held away: back, so home.
        ("leo is back at school", "family.leo.status", "away", ("home", BACK_AT_SCHOOL)),
        # Nothing held, or well, or home: nothing invented.
        ("my son is back at school", "family.son.status", None, None),
        ("my son is back at school", "family.son.status", "well", None),
        ("noah's back at school", "family.noah.status", "home", None),
        # Words of health besides: the extractor's reading, whatever is held.
        ("emma's back at school today, all better", "family.emma.status", None, ("well", None)),
        ("he's back at school after the flu", "family.son.status", None, ("well", None)),
        ("back at school and feeling fine", "family.son.status", "sick", ("well", None)),
    ],
)
def test_back_at_school_is_read_against_what_is_held(
    words: str, field: str, held: Scalar, read: tuple[str, str | None] | None
) -> None:
    state = {} if held is None else {field: held}
    out = back_at_school([_well(field, words)], state)
    assert [(p["candidate_value"], p.get("needs_confirmation")) for p in out] == (
        [read] if read else []
    )


@pytest.mark.parametrize(
    ("held", "asked"),
    [({"family.emma.status": "sick"}, True), ({"family.emma.status": "well"}, False), ({}, False)],
)
def test_the_kids_back_at_school_are_asked_while_any_child_is_held_sick(
    held: dict[str, Scalar], asked: bool
) -> None:
    out = back_at_school([_well("family.kids.status", "the kids are back at school")], held)
    assert bool(out) is asked


def test_other_news_passes_through() -> None:
    other = {"field": "travel.location", "candidate_value": "Tahoe", "evidence_text": "in tahoe"}
    assert back_at_school([other], {}) == [other]
