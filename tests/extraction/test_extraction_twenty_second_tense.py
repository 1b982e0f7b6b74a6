"""The twenty-second round (issue 24), w22a: present states told beside tense cues that
mislead, which the probe sentences written for this round (``realistic/probes22a*-dev.jsonl``)
showed the extractor reading as a story, a plan or nothing: a way home that ended days ago
(home now), a stay "since" a day with its subject left out, and the clause after "so" that has
a subject of its own; and the look-alikes that must keep their reading (returns a month or
more behind, habits, frames). Tense is read clause by clause: the clause about now wins over
the past clause that explains it. Every row is a sentence written for this module, none taken
from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import check_field_row

# --------------------------------------------- a way home that ended is the trip over, now


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    [
        ("I flew home on Sunday night", "travel.status", "completed", "assertive"),
        (
            "drove back saturday after the tournament, legs still dead",
            "travel.status",
            "completed",
            "assertive",
        ),
        # The stay before it, told in the past, is the story; the way home is the news.
        (
            "was down in Houston most of last week but flew back Monday",
            "travel.status",
            "completed",
            "assertive",
        ),
        (
            "We were at my brother's in Cork for the christening and drove home on Sunday",
            "travel.status",
            "completed",
            "assertive",
        ),
        # A return a month or more behind, or one of a habit or a frame: how trips ended.
        ("we drove back from Florida last month", "travel.status", "completed", "historical"),
        ("when we lived in Doha we flew home every Christmas", "travel.status", None, ""),
    ],
)
def test_a_way_home_that_ended_holds_now(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ------------------------------------------------- "been back since", its subject left out


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    [
        ("been back since tuesday, still unpacking", "travel.status", "completed", "assertive"),
        (
            "Been home since Sunday night and the jet lag is brutal",
            "travel.status",
            "completed",
            "assertive",
        ),
        (
            "we've been back a week and it feels like a month",
            "travel.status",
            "completed",
            "assertive",
        ),
        # Back at something is not back from a trip.
        ("been back at work since monday", "travel.status", None, ""),
    ],
)
def test_been_back_since_a_day_is_the_trip_over(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
