"""A family member's news after a comma is a clause of its own, and out of hospital is
well: "actually not going anymore, mum's been discharged" calls the trip off and says mum
is well, where it said nothing at all."""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Look-alikes: a place or a thing of theirs, no news of them.
        ("we're staying at my mom's, it's nice", {}),
        ("i'm at my mom's, dad's cooking", {}),
        # The trip before the comma, the member's news after it.
        (
            "actually not going anymore, mum's been discharged",
            {"travel.status": "cancelled", "family.mom.status": "well"},
        ),
        (
            "not going anymore, my dad is home",
            {"travel.status": "cancelled", "family.dad.status": "home"},
        ),
        # Out of hospital, said the British and the American way.
        ("mum's been discharged", {"family.mom.status": "well"}),
        ("my dad's been discharged from the hospital", {"family.dad.status": "well"}),
        ("grandma got discharged this morning", {"family.grandma.status": "well"}),
    ],
)
def test_a_members_news_after_a_comma_is_theirs(text: str, said: dict[str, object]) -> None:
    got = facts_said(text)
    assert {f: v for f, v in got.items() if f.endswith("status")} == said, got
