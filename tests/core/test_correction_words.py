"""/forget, /undo and /wrong say values as a person writes them: a day as a day, a status
in words, an amount with its thousands."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.engine.corrections import correction_question, correction_result, undo_group_question
from core.store import ReviewItem

AT = datetime(2026, 11, 29, tzinfo=UTC)


def _correction(kind: str, field: str, current: object, candidate: object) -> ReviewItem:
    return ReviewItem(
        "i1", 1, "change", None, "user:primary", field, candidate, current, 1.0, (),
        f"command:{kind}:tg:1", "pending", AT, AT, None, None,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "field", "current", "candidate", "asked"),
    [
        (
            "undo", "travel.return_date", "2026-12-05", "2026-12-03",
            "Undo: your return date back from Saturday, December 5 to Thursday, December 3?",
        ),
        (
            "undo", "travel.status", "in_progress", "planning",
            "Undo: your trip back from in progress to planning?",
        ),
        (
            "forget", "travel.depart_date", "2026-11-28", None,
            "Forget your departure date (Saturday, November 28)?",
        ),
        (
            "undo", "travel.return_date", None, "2026-12-03",
            "Undo: bring your return date back to Thursday, December 3?",
        ),
        (  # a change that left the value as it was: never "back from Tahoe to Tahoe"
            "undo", "travel.location", "Tahoe", "Tahoe",
            "Undo: your location stays Tahoe (it was so before)?",
        ),
    ],
)  # fmt: skip
def test_a_correction_asks_in_words(
    kind: str, field: str, current: object, candidate: object, asked: str
) -> None:
    assert correction_question(_correction(kind, field, current, candidate)) == asked


def test_a_correction_answered_says_the_day_in_words() -> None:
    item = _correction("undo", "travel.return_date", "2026-12-05", "2026-12-03")
    assert correction_result(item, "confirmed") == (
        "✅ Done: your return date is Thursday, December 3 again."
    )
    assert correction_result(item, "rejected") == (
        "❌ Kept: your return date is still Saturday, December 5."
    )


def test_an_undo_of_several_parts_leaves_out_the_ones_that_did_not_change() -> None:
    """One answer that set the trip under way and kept the place: its undo offers the trip
    back, not the place "back from Tahoe to Tahoe"."""
    place = _correction("undo", "travel.location", "Tahoe", "Tahoe")
    trip = _correction("undo", "travel.status", "in_progress", "planning")
    assert undo_group_question([place, trip]) == (
        "Undo all of this?\n• your trip back from in progress to planning"
    )
    assert "stays Tahoe" in undo_group_question([place])
