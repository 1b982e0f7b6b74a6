"""``values_named``: words that name a held value rather than a field ("/why tahoe",
"/forget the dentist") find the fields holding it; whole words in order, case and filler
aside; never a number or a day, which many fields share by chance."""

from __future__ import annotations

import pytest
from canon_testing import committed_fact as _fact

from core.conversation.field_match import values_named

HELD = [
    _fact("travel.destination", "Tahoe"),
    _fact("travel.location", "Tahoe"),
    _fact("travel.depart_date", "2026-12-05"),
    _fact("financial.rent.amount", 2100),
    _fact("family.kids.status", "sick", entity="family:smith"),
    _fact("profile.home_city", "San Francisco"),
]


@pytest.mark.parametrize(
    ("words", "fields"),
    [
        ("tahoe", ["travel.destination", "travel.location"]),
        ("Tahoe", ["travel.destination", "travel.location"]),
        ("  the TAHOE ", ["travel.destination", "travel.location"]),
        ("san francisco", ["profile.home_city"]),
        ("sick", ["family.kids.status"]),
        # Not a value held: part of one, more than one, a number, a day.
        ("lake tahoe", []),
        ("san", []),
        ("2100", []),
        ("2026-12-05", []),
        ("the", []),
        ("", []),
    ],
)
def test_words_naming_a_value_find_the_fields_holding_it(words: str, fields: list[str]) -> None:
    assert [f for _e, f in values_named(words, HELD)] == fields
