"""A place held since a time, after the news that led to it, its subject left out: "cut
our trip short, home since last night", "left early, been home since last night". The
comma joined the two into one clause, whose past verb made the whole message history, so
the way home was lost. The place "since" a time holds now, as "still in Nairobi" does;
someone else's clause before it keeps the place theirs.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

HOME_SINCE: list[FieldRow] = [
    ("cut our trip short, home since last night", "travel.status", "completed", "assertive"),
    ("left early, home since last night", "travel.status", "completed", "assertive"),
    ("we left early, been home since last night", "travel.status", "completed", "assertive"),
    ("drove all night, home since 6am", "travel.status", "completed", "assertive"),
    ("we left early, home since last night lol", "travel.status", "completed", "assertive"),
    ("had a blast, in Denver since monday", "travel.location", "Denver", "assertive"),
    # Someone else's news before it, or something's: the place is theirs.
    ("my brother flew out, in denver since monday", "travel.location", None, ""),
    ("kids were sick, home since tuesday", "travel.status", None, ""),
    ("the dog ran off, home since noon", "travel.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), HOME_SINCE)
def test_a_place_held_since_a_time_after_the_news_holds_now(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
