"""Someone else's arrival and stay are theirs, not the speaker's trip.

"Ade just arrived in Lagos" put the user in Lagos when the parse did not take the name
for a person; "my in-laws land thursday and stay till the 12th" dated the user's return,
since the small model read "in-laws land" as a noun phrase and lost who was coming. A
family member the clause puts away heads their own clause; a subjectless clause after
someone coming to stay goes on with their visit.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.offline import extract_offline

THEIRS: list[FieldRow] = [
    ("Ade just arrived in Lagos", "travel.location", None, ""),
    ("ade arrived in lagos, staying till friday", "travel.location", None, ""),
    ("ade arrived in lagos, staying till friday", "travel.return_date", None, ""),
    ("so ade's away in lagos", "travel.location", None, ""),
    ("Ade just arrived in Lagos", "family.ade.status", "away", "assertive"),
    ("my in-laws land thursday and stay till the 12th", "travel.return_date", None, ""),
    ("My in-laws land Thursday. Staying till the 12th.", "travel.return_date", None, ""),
    ("my sister comes saturday, staying a week", "travel.return_date", None, ""),
    ("my parents fly in tuesday, here till the 5th", "travel.return_date", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), THEIRS)
def test_someone_elses_arrival_is_theirs(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we arrived in Lagos", "travel.location", "Lagos"),
        ("emma and i landed in denver", "travel.location", "Denver"),
        ("we land thursday and stay till the 12th", "travel.return_date", "2026-03-12"),
        ("landed in denver, staying till the 12th", "travel.return_date", "2026-03-12"),
    ],
)
def test_the_speakers_own_arrival_stays_theirs(text: str, field: str, value: str) -> None:
    got = {o.field: o.candidate_value for o in extract_offline(text, at=AT).observations}
    assert got.get(field) == value, got
