"""HEARTBEAT.md and MEMORY.md on the user's own day (their ``profile.timezone``, else
their home city's): at 17:00 in Los Angeles UTC is already tomorrow, and an errand due
Friday must not read as due Saturday, nor a plan's day gone by as ahead."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from test_render import fact as a_fact

from core.domain.state import CommittedFact
from core.projections.render import HEARTBEAT, MEMORY, RenderConfig, render

FRIDAY_END = datetime(2026, 11, 28, 8, 0, tzinfo=UTC)
"""Midnight between Friday 27 and Saturday 28 November in Los Angeles."""
FRIDAY_5PM = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)
"""Friday 27 November, 17:00 in Los Angeles: Saturday already in UTC."""
SATURDAY_9AM = datetime(2026, 11, 28, 17, 0, tzinfo=UTC)
MONDAY_5PM = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
"""Monday 30 November, 17:00 in Los Angeles."""


def fact(field: str, value: str, until: datetime | None = None) -> CommittedFact:
    return a_fact(field, value, until=until, at=FRIDAY_5PM)


def files(clock: CommittedFact, now: datetime, *more: CommittedFact) -> str:
    errand = [
        fact("financial.amazon_return.status", "due", FRIDAY_END),
        fact("financial.amazon_return.due_date", "2026-11-27", FRIDAY_END),
    ]
    zones = render([clock, *errand, *more], [], [], RenderConfig(), now)
    return zones[HEARTBEAT]["active_reminders"] + zones[MEMORY]["current_state"]


ON_THE_USERS_CLOCK = [
    fact("profile.timezone", "America/Los_Angeles"),
    fact("profile.home_city", "Portland"),  # no time zone said: the home city's
]


@pytest.mark.parametrize("clock", ON_THE_USERS_CLOCK, ids=lambda f: f.field)
def test_an_errand_due_friday_is_due_friday_at_five_in_the_afternoon(
    clock: CommittedFact,
) -> None:
    told = files(clock, FRIDAY_5PM)
    assert "(expires: 2026-11-27)" in told
    assert "2026-11-28" not in told, "UTC's Saturday is not the user's day"
    assert "overdue" not in told
    assert "source: conversation_assertive_2026-11-27" in told


@pytest.mark.parametrize("clock", ON_THE_USERS_CLOCK, ids=lambda f: f.field)
def test_the_errand_is_overdue_since_friday_on_saturday(clock: CommittedFact) -> None:
    told = files(clock, SATURDAY_9AM)
    assert "overdue since 2026-11-27, still to do" in told
    assert "2026-11-28" not in told


def test_with_no_clock_known_utc_is_the_day() -> None:
    """Nothing tells the user's clock: the day is UTC's, as before."""
    told = files(fact("profile.employer", "Acme"), FRIDAY_5PM)
    assert "(expires: 2026-11-28)" in told


def test_a_plan_whose_day_has_gone_by_is_not_told_as_ahead() -> None:
    """A trip still only planned on Monday 17:00 in Los Angeles, to leave Sunday: both
    files say the day passed and that nobody knows whether they left."""
    trip = [
        fact("travel.status", "planning"),
        fact("travel.destination", "Tahoe"),
        fact("travel.depart_date", "2026-11-29"),
        fact("travel.return_date", "2026-12-02"),
    ]
    told = files(ON_THE_USERS_CLOCK[0], MONDAY_5PM, *trip)
    heartbeat, memory = told.split("- **user:primary**")
    left = "not known whether they left"
    assert f"(day passed: depart date 2026-11-29 still only planned, {left})" in heartbeat
    assert f"travel.depart_date: 2026-11-29 (day passed: still only planned, {left})" in memory
    assert "return_date: 2026-12-02 (day passed" not in memory, "the return is still ahead"
