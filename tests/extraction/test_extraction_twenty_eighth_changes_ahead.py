"""The twenty-eighth round (issue 24), w28a: a change said with the day it takes effect is a
plan, found by the probe sentences of ``realistic/probes28a-dev.jsonl`` (a nurse between
shifts, a grandparent, a teenager, a learner of English). "rent's going up to 2300 from may"
read as a fact about now: a month alone after "from" was no date ("from next month" and
"in may" were), so the present tense of the change had nothing ahead to lean on. The
month after "from" is now a date, as after "in"; "away from" keeps its object. Every row
is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

from datetime import date

import pytest
from extraction_fixtures import AT, intent_said

from core.extraction.timeexpr import find_times

CHANGE_FROM_A_MONTH_IS_A_PLAN = [
    "the rent's going up to 2300 from may",
    "my pay goes up to 14 an hour from april",
    "our broadband price rises to 45 a month from june",
    "from april i'm going part time",
    "Council tax is increasing from april, by 5 percent",
    "switching to nights from july",
    "my shifts change to 12 hours from september",
    "From August the school fees are 900 per term",
]


@pytest.mark.parametrize("text", CHANGE_FROM_A_MONTH_IS_A_PLAN)
def test_a_change_from_a_month_ahead_is_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


FROM_A_MONTH_DATES = [
    # (words, the day they name on Wednesday 4 March 2026)
    ("rent goes up from may", date(2026, 5, 1)),
    ("starting the new job from june", date(2026, 6, 1)),
    ("from march it's 40 a month", date(2026, 3, 4)),
    ("in may", date(2026, 5, 1)),
]


@pytest.mark.parametrize(("words", "day"), FROM_A_MONTH_DATES)
def test_a_month_after_from_is_a_date(words: str, day: date) -> None:
    assert [t.day for t in find_times(words, AT)] == [day]


NO_DATE = [
    # "away from" takes what someone is away from; a month said with nothing before it is
    # a word as much as a month; "from" a month's name used as a noun's.
    "she is away from september",
    "we may go",
    "he'll march on regardless",
]


@pytest.mark.parametrize("words", NO_DATE)
def test_a_month_word_without_a_date_word_before_it_is_no_date(words: str) -> None:
    assert find_times(words, AT) == []


STATES_KEEP_THEIR_READING = [
    # A change already made, a bound ahead on a state now, and a question keep theirs.
    ("rent went up to 1900 last year, it was brutal", "historical"),
    ("the rent went up in january", "historical"),
    ("is the rent going up from may?", "none"),
]


@pytest.mark.parametrize(("text", "intent"), STATES_KEEP_THEIR_READING)
def test_changes_made_or_asked_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent
