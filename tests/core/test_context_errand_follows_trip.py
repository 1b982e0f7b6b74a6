"""The context block after the trip's day to leave moved: an errand's overdue day is its
due day as it stands (not the end its status was said with), one due today or ahead is
not overdue, and where a trip goes lasts at least until its day to leave is over."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import committed_fact

from core.conversation.context import build_context
from core.domain.state import CommittedFact

ME = "user:primary"
SAID = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
SUNDAY_ENDS = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)  # the plan's first day to leave, over


def _fact(field: str, value: Any, until: datetime | None = None) -> CommittedFact:
    return committed_fact(field, value, at=SAID, until=until)


def _block(due: str, now: datetime, depart: str = "2026-12-04") -> str:
    facts = [
        _fact("profile.timezone", "America/Los_Angeles"),
        _fact("travel.status", "planning", SUNDAY_ENDS),
        _fact("travel.destination", "Tahoe", SUNDAY_ENDS),
        _fact("travel.depart_date", depart),
        _fact("financial.amazon_return.status", "due", SUNDAY_ENDS),
        _fact("financial.amazon_return.due_date", due),
    ]
    return build_context(facts, (), now).text


@pytest.mark.parametrize(
    ("due", "now", "overdue"),
    [
        # Moved with the trip to Friday the 4th: not overdue on Wednesday nor on the day.
        ("2026-12-04", datetime(2026, 12, 2, 18, tzinfo=UTC), None),
        ("2026-12-04", datetime(2026, 12, 4, 23, tzinfo=UTC), None),
        # The day after it: overdue since its own day, not since the day first planned.
        ("2026-12-04", datetime(2026, 12, 5, 18, tzinfo=UTC), "2026-12-04"),
        # A day of her own gone by: overdue since that day.
        ("2026-11-27", datetime(2026, 12, 2, 18, tzinfo=UTC), "2026-11-27"),
    ],
)
def test_an_errand_is_overdue_since_its_due_day_as_it_stands(
    due: str, now: datetime, overdue: str | None
) -> None:
    block = _block(due, now)
    lines = [line for line in block.splitlines() if "amazon_return.status" in line]
    assert len(lines) == 1, block
    if overdue is None:
        assert "OVERDUE" not in lines[0], block
    else:
        assert f"OVERDUE since {overdue}" in lines[0], block


def test_where_a_trip_goes_lasts_until_its_day_to_leave() -> None:
    wednesday = datetime(2026, 12, 2, 18, tzinfo=UTC)
    assert "travel.destination = Tahoe" in _block("2026-12-04", wednesday)
    # Its day gone by too: ended as before.
    assert "travel.destination was Tahoe" in _block("2026-11-27", wednesday, "2026-11-29")


WEDNESDAY = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("status", "depart", "due", "late"),
    [
        # The founding story, told in the thirty-third round's playground: she drove up
        # a day early; the return, due "before we go", followed the trip to today.
        ("in_progress", "2026-12-02", "2026-12-02", True),
        ("in_progress", "2026-12-02", "2026-11-30", True),
        ("completed", "2026-12-01", "2026-12-01", True),
        # Due after the day it left (a day of her own, on the trip or after): just due.
        ("in_progress", "2026-12-02", "2026-12-09", False),
        # The trip not yet gone, or called off: the day is still ahead of her.
        ("planning", "2026-12-05", "2026-12-05", False),
        ("cancelled", "2026-12-02", "2026-12-02", False),
    ],
)
def test_a_return_left_undone_when_the_trip_left_says_so_in_the_block(
    status: str, depart: str, due: str, late: bool
) -> None:
    facts = [
        _fact("profile.timezone", "America/Los_Angeles"),
        _fact("travel.status", status),
        _fact("travel.destination", "Tahoe"),
        _fact("travel.depart_date", depart),
        _fact("financial.amazon_return.status", "due"),
        _fact("financial.amazon_return.due_date", due),
    ]
    (line,) = [
        x
        for x in build_context(facts, (), WEDNESDAY).text.splitlines()
        if "amazon_return.status" in x
    ]
    said = f"late: it was to be done before the trip, which left {depart}"
    assert (said in line) is late, line
    assert f"still to send back by {due}" in line, line
