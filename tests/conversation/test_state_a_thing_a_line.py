"""/state tells a thing a line, as a person would want it read (round 35): a bill, an
appointment, a trip each once, in the words "what do you know about me?" and the question
of what the files said use, each line still saying who said it and when.

Before, it was a line per field: "The water bill amount is $64", "The water bill due date
is Thursday, December 10", "The water bill is due", "The dentist is scheduled", "The
dentist day is …". A thing whose fields came from different places says each part's
source; what cannot be told with its thing (another member's, an ended day, a departure
in question) keeps its own line, and /why stays field by field. Pure: facts and ``now``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import committed_fact

from core.conversation.answer_texts import state_text
from core.domain.state import CommittedFact

ME = "user:primary"
NOW = datetime(2026, 12, 2, 17, 0, tzinfo=UTC)
"""Wednesday 2 December 2026, 9 am in Portland."""
CONFIRMED = " — you confirmed it, just now"


def _facts(*rows: tuple[str, Any]) -> list[CommittedFact]:
    zone = committed_fact("profile.timezone", "America/Los_Angeles", at=NOW)
    return [zone, *(committed_fact(field, value, at=NOW) for field, value in rows)]


def _from_calendar(facts: list[CommittedFact], field: str) -> list[CommittedFact]:
    """``facts`` with ``field`` read from the calendar three hours ago."""
    return [
        replace(f, source_type="calendar", evidence_ts=NOW - timedelta(hours=3))
        if f.field == field
        else f
        for f in facts
    ]


def _bobs(*rows: tuple[str, Any]) -> list[CommittedFact]:
    return [committed_fact(field, value, entity="user:bob", at=NOW) for field, value in rows]


FOUNDING = _facts(
    ("family.dentist.event_status", "scheduled"),
    ("family.dentist.schedule", "2026-12-03T15:00:00-08:00"),
    ("travel.status", "planning"),
    ("travel.destination", "Tahoe"),
    ("travel.depart_date", "2026-12-06"),
    ("financial.amazon_return.status", "due"),
    ("financial.amazon_return.due_date", "2026-12-06"),
    ("financial.water_bill.status", "due"),
    ("financial.water_bill.amount", 64),
    ("financial.water_bill.currency", "USD"),
    ("financial.water_bill.due_date", "2026-12-10"),
)

STATES = [
    pytest.param(
        FOUNDING,
        [
            f"• Dentist on Thursday, December 3 at 15:00{CONFIRMED}",
            f"• The Amazon return is due Sunday, December 6, before you leave{CONFIRMED}",
            f"• The water bill ($64) is due Thursday, December 10{CONFIRMED}",
            f"• Trip to Tahoe planned, leaving Sunday, December 6{CONFIRMED}",
        ],
        id="the founding things: a line each, never a line per field",
    ),
    pytest.param(
        _from_calendar(FOUNDING, "travel.depart_date"),
        [
            f"• Dentist on Thursday, December 3 at 15:00{CONFIRMED}",
            f"• The Amazon return is due Sunday, December 6, before you leave{CONFIRMED}",
            f"• The water bill ($64) is due Thursday, December 10{CONFIRMED}",
            f"• Trip to Tahoe planned, leaving Sunday, December 6{CONFIRMED}; "
            "its departure day: your calendar, 3 h ago",
        ],
        id="a part from elsewhere says where from and when",
    ),
    pytest.param(
        _facts(
            ("financial.rent.status", "paid"),
            ("financial.rent.amount", 2100),
            ("financial.rent.currency", "EUR"),
            ("financial.rent.due_date", "2026-12-01"),
        ),
        [
            f"• The rent (€2,100) is paid{CONFIRMED}",
            f"• The rent due date is Tuesday, December 1{CONFIRMED}",
        ],
        id="a bill paid: its day no longer its deadline, said on its own",
    ),
    pytest.param(
        _facts(
            ("travel.status", "in_progress"),
            ("travel.destination", "Tahoe"),
            ("travel.depart_date", "2026-11-30"),
            ("travel.return_date", "2026-12-06"),
            ("travel.location", "Tahoe"),
        ),
        [
            f"• On your trip to Tahoe, since Monday, November 30, back Sunday, December 6{CONFIRMED}",
            f"• You're in Tahoe{CONFIRMED}",
        ],
        id="a trip under way, and where you are",
    ),
    pytest.param(
        _facts(
            ("travel.status", "in_progress"),
            ("travel.destination", "Tahoe"),
            ("travel.depart_date", "2026-12-06"),
        ),
        [
            f"• You've left; which day is still a question (I had Sunday, December 6){CONFIRMED}",
            f"• On your trip to Tahoe{CONFIRMED}",
        ],
        id="a departure in question keeps its own line",
    ),
    pytest.param(
        _facts(
            ("family.dentist.event_status", "cancelled"),
            ("family.dentist.schedule", "2026-12-03T15:00:00-08:00"),
        ),
        [f"• Dentist on Thursday, December 3 at 15:00 (cancelled){CONFIRMED}"],
        id="an appointment called off, with its day",
    ),
    pytest.param(
        _facts(("financial.rent.amount", 2100), ("profile.home_city", "Portland")),
        [f"• The rent amount is 2,100{CONFIRMED}", f"• You live in Portland{CONFIRMED}"],
        id="things of one field read as before",
    ),
    pytest.param(
        [
            *_facts(),
            *_bobs(
                ("financial.gas_bill.status", "due"),
                ("financial.gas_bill.due_date", "2026-12-10"),
            ),
        ],
        [
            f"• The gas bill due date is Thursday, December 10{CONFIRMED}",
            f"• The gas bill is due{CONFIRMED}",
        ],
        id="another member's things keep their lines",
    ),
]


@pytest.mark.parametrize(("facts", "lines"), STATES)
def test_state_tells_a_thing_a_line(facts: list[CommittedFact], lines: list[str]) -> None:
    said = [line for line in state_text(facts, NOW, ME).splitlines() if line.startswith("• ")]
    told = [line for line in said if "time zone" not in line]
    assert told == lines
