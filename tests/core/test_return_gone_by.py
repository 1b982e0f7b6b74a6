"""A return day gone by is asked in the past, as a departure gone by is: "Did you get back
on Friday, December 4?" shown on the 5th, never "Are you back on ...?"
(``question_notes.asks_after_return``, ``phrasing.question``'s ``back_by``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from core.conversation.question_notes import asks_after_return
from core.domain import phrasing


@dataclass(frozen=True)
class Asked:
    entity_id: str
    field: str
    candidate_value: Any
    current_value: Any = None


ME = "user:primary"
BACK = Asked(ME, "travel.return_date", "2026-12-04")
LEAVE = Asked(ME, "travel.depart_date", "2026-12-01")


@pytest.mark.parametrize(
    ("group", "today", "gone_by"),
    [
        ([BACK], "2026-12-05", True),
        ([BACK], "2026-12-04", False),  # the day itself: still "are you back"
        ([BACK], "2026-12-03", False),
        ([BACK], None, False),  # no day to read it against
        ([LEAVE], "2026-12-05", False),  # no return asked
        ([Asked(ME, "travel.return_date", None)], "2026-12-05", False),  # forgetting it
        ([LEAVE, BACK], "2026-12-05", True),
    ],
)
def test_a_return_is_gone_by_only_after_its_day(
    group: list[Asked], today: str | None, gone_by: bool
) -> None:
    assert asks_after_return(group, today) is gone_by  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("group", "worded"),
    [
        ([BACK], "Did you get back on Friday, December 4?"),
        ([Asked("user:bob", "travel.return_date", "2026-12-04")], "Did Bob get back on"),
        ([LEAVE, BACK], "• Did you get back on Friday, December 4?"),
    ],
)
def test_a_return_gone_by_is_worded_in_the_past(group: list[Asked], worded: str) -> None:
    assert worded in phrasing.question(group, ME, back_by=True)
    assert "back on" in phrasing.question(group, ME)
    assert "Did" not in phrasing.question(group, ME).replace("Did you leave", "")
