"""A relative's place, typed without its apostrophe or with it: "im still at my dads in
tucson" is the writer in Tucson, at their dad's. After "at", "to" or "from" the "'s" is
the relative's place, never "is" ("my dad is in tucson" would be the dad's whereabouts).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.name_s import kin_place_s


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("im still at my dads in tucson", "Tucson"),
        ("I'm at my mom's in Tucson", "Tucson"),
        ("we're staying at my sisters place in Denver this week", "Denver"),
        ("currently at my grandmas in ohio lol", "Ohio"),
    ],
)
def test_at_a_relatives_place_in_a_town_is_the_writer_there(text: str, place: str) -> None:
    said = facts_said(text)
    assert said.get("travel.location") == place
    assert said.get("travel.status") == "in_progress"


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("back at my moms for the week", "back at my mom's for the week"),
        ("staying at my sisters until sunday", "staying at my sister's until sunday"),
        (
            "dropping the kids off at their dads tonight",
            "dropping the kids off at their dad's tonight",
        ),
        # Plurals stay plural where no place follows the preposition.
        ("my sisters are in ohio", "my sisters are in ohio"),
        ("we talked to my brothers about it", "we talked to my brothers about it"),
    ],
)
def test_a_relatives_s_after_a_preposition_is_given_its_apostrophe(typed: str, read: str) -> None:
    assert kin_place_s(typed) == read


@pytest.mark.parametrize("text", ["my sister's in town all week", "my brother's in Tulsa for work"])
def test_a_relatives_s_with_no_preposition_is_still_is(text: str) -> None:
    assert "travel.location" not in facts_said(text)
