"""Slips of the thumb in the words the rules read are read as the words meant; real words,
names and anything two slips away are left as typed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.extraction.offline import extract_offline
from core.extraction.typos import fix_slips, meant

NOW = datetime(2026, 11, 28, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("retrun", "return"),  # two letters swapped
        ("firday", "friday"),
        ("flihgt", "flight"),
        ("lnaded", "landed"),
        ("tommorow", "tomorrow"),  # a letter doubled or undoubled
        ("tomorow", "tomorrow"),
        ("arived", "arrived"),
        ("finaly", "finally"),
        ("planing", "planning"),
        ("wednsday", "wednesday"),  # a letter dropped from a day
        ("thurday", "thursday"),
        ("yesterdy", "yesterday"),
        ("cancled", "canceled"),  # ... or from a long word
        ("alredy", "already"),  # ... or from a short word no English word resembles
        ("alrady", "already"),
        ("arrved", "arrived"),
        ("saterday", "saturday"),  # a letter for another in a weekday
        ("thersday", "thursday"),
        ("mondey", "monday"),
        ("fryday", "friday"),
        ("wensday", "wednesday"),  # a weekday spelt by ear
        ("tusday", "tuesday"),
    ],
)
def test_a_slip_reads_as_the_word_meant(typed: str, word: str) -> None:
    assert meant(typed) == word
    assert fix_slips(f"so {typed} then") == f"so {word} then"
    assert fix_slips(typed.capitalize()) == word.capitalize()


@pytest.mark.parametrize(
    "typed",
    [
        "return",  # the word itself
        "Sunday",
        "form",  # a swap of a short word is another word ("from")
        "trial",
        "Frida",  # a name, not "Friday" with its last letter dropped
        "retuning",  # a real word one letter from "returning"
        "hotels",
        "laundry",
        "saying",  # "staying" with a letter dropped is another word: only checked words drop one
        "laving",
        "wenzdy",  # three slips away: not guessed
        "sundry",  # a real word one letter from "sunday"
        "bonday",  # the first letter is never a slip ("monday" or "sunday"?)
    ],
)
def test_real_words_and_far_slips_are_left_as_typed(typed: str) -> None:
    assert meant(typed) is None
    assert fix_slips(typed) == typed


def _fields(text: str) -> dict[str, object]:
    return {o.field: o.candidate_value for o in extract_offline(text, at=NOW).observations}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            # Said on the Saturday: today's, and the Friday after it (twenty-third round).
            "so the plan is we drive up to tahoe on saterday, back the following fri",
            {"travel.depart_date": "2026-11-28", "travel.return_date": "2026-12-04"},
        ),
        ("we leave for denver wensday", {"travel.depart_date": "2026-12-02"}),
        ("Flying out to Austin on Thersday morning", {"travel.depart_date": "2026-12-03"}),
    ],
)
def test_a_weekday_spelt_by_ear_dates_the_trip(text: str, expected: dict[str, object]) -> None:
    assert expected.items() <= _fields(text).items()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "gotta do the amazon retrun by friday",
            {
                "financial.amazon_return.status": "due",
                "financial.amazon_return.due_date": "2026-12-04",
            },
        ),
        (
            "need to drop off the nike return tmrw",
            {"financial.nike_return.status": "due", "financial.nike_return.due_date": "2026-11-29"},
        ),
        ("we cancled the trip", {"travel.status": "cancelled"}),
        ("i need to do the laundry by friday", {}),  # a chore, not a return
    ],
)
def test_a_return_named_as_a_chore_and_typed_in_a_hurry_is_read(
    text: str, expected: dict[str, object]
) -> None:
    assert _fields(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # Told from the place itself, thumbs racing ahead (the thirty-third round's playground).
        "change of plans, drove up this morning. alredy in tahoe",
        "alredy in tahoe!!",
        "we're alrady in tahoe lol",
        "aready in Tahoe, the kids are thrilled",
    ],
)
def test_already_there_typed_in_a_hurry_is_there_now(text: str) -> None:
    fields = _fields(text)
    assert fields.get("travel.location") == "Tahoe"
    assert fields.get("travel.status") == "in_progress"
