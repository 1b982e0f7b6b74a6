"""A way back with no subject, right after someone else was put away, is theirs.

"my husband is in Denver, flying home friday" tells of the husband's flight home, not
the speaker's: the speaker was never said to be away. Only a clause that puts someone
else away lends them the subjectless way back; a clause that tells of someone else's
event leaves the flight home to the speaker ("my sister got married saturday, flying home
tomorrow"), as does one that puts the speaker away ("im in denver, back friday").
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "my husband is in Denver, flying home friday",
        "my wife is away in boston, back sunday",
        "my son's at his dads, back sunday",
        "jen's in london this week, back fri",
        "Dad is visiting my aunt in Ohio, flying back Tuesday.",
        "the kids are at their grandparents, home sunday",
        "my roommate is out of town til thursday. back thurs night",
    ],
)
def test_someone_elses_way_back_sets_no_return_of_the_speakers(text: str) -> None:
    said = facts_said(text)
    assert "travel.return_date" not in said
    assert "travel.status" not in said


@pytest.mark.parametrize(
    "text",
    [
        "im in denver, back friday",
        "my sister got married saturday, flying home tomorrow",
        "mom had surgery monday, flying home sunday",
        "We're in Denver for my sister's wedding, flying home Friday.",
    ],
)
def test_the_speakers_own_way_back_stays_theirs(text: str) -> None:
    assert "travel.return_date" in facts_said(text)
