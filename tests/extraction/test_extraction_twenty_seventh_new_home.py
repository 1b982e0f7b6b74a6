"""The twenty-seventh round (story27b): being in a town beside the speaker's own new home is
living there, not a trip there. "we're in denver now, first night in the new place", told
after "we're moving to denver next month", was read as a trip under way in Denver: only an
arrival ("made it to denver") beside the new home made the town home. Being there with no
arrival said needs the stricter word of one's own new home ("our new house", "first night
in the new place", "for good") and no stay (visiting, someone else's new place, for the
weekend, this week, the new home "back home"). Every row is a sentence written for this
module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

BEING_THERE_BESIDE_THE_NEW_HOME: list[FieldRow] = [
    (
        "we're in denver now, first night in the new place",
        "profile.home_city",
        "Denver",
        "assertive",
    ),
    ("finally in boise!! first night in our new house", "profile.home_city", "Boise", "assertive"),
    (
        "were here in tucson, our new place is tiny but we love it",
        "profile.home_city",
        "Tucson",
        "assertive",
    ),
    (
        "in leeds now, my new flat has no curtains yet lol",
        "profile.home_city",
        "Leeds",
        "assertive",
    ),
    (
        "we're in austin for good now, the new house is chaos",
        "profile.home_city",
        "Austin",
        "assertive",
    ),
    # The arrival said, as before.
    (
        "made it to denver, first night in the new place!",
        "profile.home_city",
        "Denver",
        "assertive",
    ),
]
"""The town the speaker is in is home: the move is made."""

BEING_THERE_ON_A_STAY: list[FieldRow] = [
    # Someone else's new home, a visit, a while, the new home elsewhere, a new restaurant.
    ("we're in denver now, visiting the new house my sister bought", "profile.home_city", None, ""),
    ("in denver now, visiting my brother's new place", "profile.home_city", None, ""),
    (
        "im in austin this week, our new apartment back home is a mess",
        "profile.home_city",
        None,
        "",
    ),
    ("in denver now, dinner at the new place on 5th", "profile.home_city", None, ""),
    ("in denver now, first night at the hotel", "profile.home_city", None, ""),
]
"""Being there is a stay: no home there."""

STAYS_ARE_TRIPS: list[FieldRow] = [
    ("in denver now, first night at the hotel", "travel.location", "Denver", "assertive"),
    ("in denver now, visiting my brother's new place", "travel.location", "Denver", "assertive"),
]
"""And the stay keeps its reading: where the speaker is."""


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    BEING_THERE_BESIDE_THE_NEW_HOME + BEING_THERE_ON_A_STAY + STAYS_ARE_TRIPS,
)
def test_being_in_a_town_beside_ones_own_new_home_is_living_there(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
