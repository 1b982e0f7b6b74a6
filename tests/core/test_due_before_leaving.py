"""An errand due the day the planned trip leaves reads "due before you leave" on every
surface (pure renderers, an explicit ``now``): the agenda says it first on that day, above
"you leave for Tahoe"; "what do you know about me", /state, the context block and
HEARTBEAT.md say the same. An errand due another day, a trip under way or over, or no trip
at all: as before."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import committed_fact

from core.conversation.about_me import about_me
from core.conversation.agenda import agenda
from core.conversation.answer_texts import state_text
from core.conversation.context import build_context
from core.domain.state import CommittedFact
from core.projections.render import HEARTBEAT, RenderConfig, render

ME = "user:primary"
SAID = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
FRIDAY = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)
"""Friday 4 December 2026, 10 am in Portland: the trip leaves tomorrow."""


def _facts(
    due: str, status: str | None = "planning", errand: str = "amazon_return"
) -> list[CommittedFact]:
    trip: list[tuple[str, Any]] = (
        []
        if status is None
        else [
            ("travel.status", status),
            ("travel.destination", "Tahoe"),
            ("travel.depart_date", "2026-12-05"),
            ("travel.return_date", "2026-12-06"),
        ]
    )
    return [
        committed_fact(field, value, at=SAID)
        for field, value in [
            ("profile.timezone", "America/Los_Angeles"),
            *trip,
            (f"financial.{errand}.status", "due"),
            (f"financial.{errand}.due_date", due),
        ]
    ]


def _surfaces(facts: list[CommittedFact]) -> dict[str, str]:
    return {
        "agenda": agenda(facts, FRIDAY, ME),
        "about me": about_me(facts, FRIDAY, ME),
        "/state": state_text(facts, FRIDAY, ME),
        "context block": build_context(facts, (), FRIDAY).text,
        "HEARTBEAT.md": render(facts, (), (), RenderConfig(), FRIDAY)[HEARTBEAT][
            "active_reminders"
        ],
    }


BEFORE = {
    "agenda": "Tomorrow (Saturday, December 5): the Amazon return is due before you leave",
    "about me": "the Amazon return is due Saturday, December 5, before you leave",
    "/state": "The Amazon return is due Saturday, December 5, before you leave — you",
    "context block": "before the trip leaves that day",
    "HEARTBEAT.md": "before the trip leaves that day",
}


@pytest.mark.parametrize("surface", sorted(BEFORE))
def test_an_errand_due_the_day_the_trip_leaves_is_due_before_you_leave(surface: str) -> None:
    said = _surfaces(_facts("2026-12-05"))[surface]
    assert BEFORE[surface] in said, said


def test_the_agenda_says_it_above_the_trip_leaving_that_day() -> None:
    said = agenda(_facts("2026-12-05"), FRIDAY, ME).splitlines()
    errand = next(i for i, line in enumerate(said) if "Amazon return" in line)
    leave = next(i for i, line in enumerate(said) if "you leave for Tahoe" in line)
    assert errand < leave, said


def test_a_bill_due_that_day_is_due_before_you_leave_too() -> None:
    said = agenda(_facts("2026-12-05", errand="water_bill"), FRIDAY, ME)
    assert "the water bill is due before you leave" in said.lower(), said


@pytest.mark.parametrize(
    ("due", "status"),
    [
        ("2026-12-04", "planning"),  # due today, the day before it leaves
        ("2026-12-08", "planning"),  # due after the trip
        ("2026-12-05", None),  # no trip held
        ("2026-12-05", "cancelled"),  # the trip is off
    ],
)
def test_any_other_day_or_trip_says_nothing_of_leaving(due: str, status: str | None) -> None:
    for surface, said in _surfaces(_facts(due, status)).items():
        assert "before you leave" not in said, (surface, said)
        assert "before the trip leaves" not in said, (surface, said)
