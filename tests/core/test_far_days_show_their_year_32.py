"""A day shows its year when it is not in the reader's current year, or is more than about
six months away (``phrasing_values.needs_year``): one renderer (``show_date``, pure, with
an explicit today) for the questions, /state, /why and the context block (the API's questions and context:
``tests/api/test_far_days_in_questions_api_32.py``).

Before: on December 28 "flying to denver on january 3" was asked "Do you leave on Sunday,
January 3?" (next year's, read as a day gone by), and a question about a day a year away
showed no year at all (the question's text was made without the reader's today). The
context block shows days as ISO dates, year included, and still does."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from canon_testing import committed_fact

from core.conversation.answer_texts import state_text
from core.conversation.provenance import user_viewer
from core.conversation.why_texts import why_text
from core.domain.phrasing_values import needs_year, show_date


@pytest.mark.parametrize(
    ("today", "day", "shown"),
    [
        # Dec 31 → Jan 1: tomorrow is next year's.
        (date(2026, 12, 31), "2027-01-01", "Friday, January 1, 2027"),
        (date(2026, 12, 31), "2026-12-30", "Wednesday, December 30"),
        (date(2027, 1, 1), "2026-12-31", "Thursday, December 31, 2026"),
        (date(2027, 1, 1), "2027-01-02", "Saturday, January 2"),
        # Late December asking about early January.
        (date(2026, 12, 28), "2027-01-03", "Sunday, January 3, 2027"),
        (date(2026, 12, 28), "2027-01-03T09:30:00", "Sunday, January 3, 2027 at 09:30"),
        (date(2026, 12, 1), "2027-01", "January 2027"),
        # The same year, near or far.
        (date(2026, 6, 10), "2026-12-05", "Saturday, December 5"),
        (date(2026, 6, 1), "2026-12-05", "Saturday, December 5, 2026"),
        (date(2026, 1, 2), "2026-12-30", "Wednesday, December 30, 2026"),
        # Another year, far: "Sat 5 Dec" next year.
        (date(2026, 12, 1), "2027-12-04", "Saturday, December 4, 2027"),
        (date(2028, 1, 15), "2028-02-29", "Tuesday, February 29"),
        # Today not known: no year is guessed.
        (None, "2027-12-04", "Saturday, December 4"),
    ],
)
def test_a_day_says_its_year_when_it_is_another_years_or_far(
    today: date | None, day: str, shown: str
) -> None:
    assert show_date(day, today) == shown


def test_the_year_is_said_exactly_when_the_rule_says() -> None:
    today = date(2026, 12, 31)
    assert not needs_year(today, today)
    assert needs_year(date(2027, 1, 1), today)
    assert not needs_year(date(2026, 7, 1), today)  # 183 days back, the same year
    assert needs_year(date(2026, 6, 30), today)  # 184: far
    assert needs_year(date(2026, 7, 1), date(2027, 1, 1))  # another year


NOW = datetime(2026, 12, 28, 17, 0, tzinfo=UTC)
ALICE = "user:alice"


def _depart(value: str) -> list[object]:
    return [committed_fact("travel.depart_date", value, entity=ALICE, at=NOW)]


@pytest.mark.parametrize(
    ("value", "shown", "not_shown"),
    [
        ("2027-01-03", "Sunday, January 3, 2027", None),
        ("2026-12-30", "Wednesday, December 30", "2026"),
        ("2027-12-04", "Saturday, December 4, 2027", None),
    ],
)
def test_state_and_why_say_the_year_as_the_questions_do(
    value: str, shown: str, not_shown: str | None
) -> None:
    [fact] = _depart(value)
    state = state_text([fact], NOW, ALICE)  # type: ignore[list-item]
    why = why_text(
        "travel.depart_date",
        fact,  # type: ignore[arg-type]
        [],
        [],
        NOW,
        user_viewer(ALICE),
        NOW.date(),
    )
    for text in (state, why):
        assert shown in text, text
        assert not_shown is None or not_shown not in text, text
