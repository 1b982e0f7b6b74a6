"""The eleventh round (issue 24): classes of phrasing the new voices (digital nomads,
teenagers texting, freelancers, event and trip planners) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first. A row's value None means the
field must not be stated as a fact (assertive or planning).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

# ------------------------------------------------- a relative's thing, the relative's fact

RELATIVES_THINGS: list[FieldRow] = [
    # Look-alikes: the speaker's own flight, or one with no owner, is the speaker's trip.
    ("our flight to denver got cancelled", "travel.status", "cancelled", "assertive"),
    ("ugh had to cancel my trip to leeds", "travel.status", "cancelled", "assertive"),
    # A parent or grandparent called by the family's word, owning the trip: theirs.
    ("dad's flight to phoenix got cancelled", "travel.status", None, ""),
    ("moms trip to ohio is off, she hurt her back", "travel.status", None, ""),
    ("Grandpas flight got scrapped because of the storm", "travel.status", None, ""),
    ("ugh nana's cruise got cancelled", "travel.status", None, ""),
    # ... and "he"/"she" after it is that relative.
    ("dads flight got cancelled so hes home till monday", "family.dad.status", "home", "assertive"),
    (
        "mum's train was cancelled, she's stuck in york tonight",
        "family.mom.status",
        "away",
        "assertive",
    ),
    (
        "grandmas flight got scrapped so she's staying home",
        "family.grandma.status",
        "home",
        "assertive",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), RELATIVES_THINGS)
def test_a_relatives_trip_is_the_relatives(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
