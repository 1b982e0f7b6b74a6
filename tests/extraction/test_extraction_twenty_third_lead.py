"""The twenty-third round (issue 24), the lead's own finds while telling the founding story
through the bot. Every row is a sentence written for this module, none taken from an
evaluation set.

A news clause, a comma, and a verbless remark with a noun subject ("we got back home last
night, kids exhausted"): the parser makes the remark's participle the sentence's main verb
and hangs the news from it as a complement, so the message read as someone else's past and
the trip's end was lost. A relative clause follows its noun directly ("the hotel my wife
booked"); a subject that opens after a comma starts a clause of its own.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

NEWS_THEN_REMARK: list[FieldRow] = [
    ("we got back home last night, kids exhausted", "travel.status", "completed", "assertive"),
    ("ok so we got home last night, everyone wiped", "travel.status", "completed", "assertive"),
    ("drove home yesterday, dog thrilled", "travel.status", "completed", "assertive"),
    ("landed in denver this morning, luggage lost", "travel.location", "Denver", "assertive"),
    # Look-alikes: someone else's trip stays theirs; a relative clause stays one clause.
    ("my sister got back home last night, kids exhausted", "travel.status", None, ""),
    ("the cabin my wife booked in tahoe was lovely", "travel.location", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), NEWS_THEN_REMARK)
def test_news_before_a_verbless_remark_is_news(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("we got back home last night, kids exhausted", 2),
        ("the hotel my wife booked was great", 1),
        ("the house we rented, my brother found", 1),
    ],
)
def test_a_subject_after_a_comma_opens_a_clause(text: str, parts: int) -> None:
    from core.extraction.run_ons import split_run_ons
    from core.extraction.segments import split_segments
    from core.extraction.typed_text import clean

    assert len(split_run_ons(split_segments(text), clean(text))) == parts


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we leave for tahoe sun", "sunday"),
        ("headed for denver sat", "saturday"),
        # Look-alikes: "sat" and "sun" as words of their own.
        ("we sat in the sun", None),
        ("i was waiting for him sat there", None),
    ],
)
def test_a_short_weekday_after_for_and_a_place_is_the_day(text: str, day: str | None) -> None:
    from datetime import date

    from extraction_fixtures import AT

    from core.extraction.offline import extract_offline

    found = [
        date.fromisoformat(str(o.candidate_value)).strftime("%A").lower()
        for o in extract_offline(text, at=AT).observations
        if o.field == "travel.depart_date"
    ]
    assert found == ([] if day is None else [day])


# A return dropped, taken or run as a chore is the errand still due; a return trip or
# flight made or taken is a traveller's, never an errand named "return_trip".
ERRANDS: list[FieldRow] = [
    (
        "have to drop the amazon return at ups before we leave",
        "financial.amazon_return.status",
        "due",
        "assertive",
    ),
    (
        "must take the zara return to the post office",
        "financial.zara_return.status",
        "due",
        "assertive",
    ),
    ("need to make the return trip on sunday", "financial.return_trip_return.status", None, ""),
    ("have to take the return flight at 6", "financial.return_flight_return.status", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), ERRANDS)
def test_a_return_run_as_a_chore_is_due(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text", ["need to make the return trip on sunday", "have to take the return flight at 6"]
)
def test_a_return_journey_is_no_errand(text: str) -> None:
    from extraction_fixtures import AT

    from core.extraction.offline import extract_offline

    assert not [o for o in extract_offline(text, at=AT).observations if o.domain == "financial"]


def test_a_remark_after_someone_elses_news_is_theirs() -> None:
    """ "Priya is stuck in Tahoe, flight cancelled": the flight is Priya's, never the
    speaker's trip called off (the remark is cut only from the speaker's own news)."""
    check_field_row("Priya is stuck in Tahoe, flight cancelled", "travel.status", None, "")
