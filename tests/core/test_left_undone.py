"""Once the trip is under way, the errands that were to be done before leaving and are
still due are named, one line each; an errand due after the departure, done, without a
day, or another member's is not, and nothing is named while no trip is under way."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from core.conversation.left_undone import left_undone
from core.domain.ids import new_id
from core.domain.state import CommittedFact

NOW = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)  # Thursday, midday in Portland
ME = "user:primary"
BOB = "user:bob"
_ASK = "still to do? Tell me when it's done."


def _fact(field: str, value: Any, entity: str = ME) -> CommittedFact:
    return CommittedFact(
        entity, field, value, 1, "user_confirmation", "seed", 1.0, new_id(), NOW, NOW,
        "user_confirm",
    )  # fmt: skip


def _trip(status: str = "in_progress", left: str | None = "2026-11-29") -> list[CommittedFact]:
    trip = [_fact("travel.status", status), _fact("travel.destination", "Tahoe")]
    return trip + ([_fact("travel.depart_date", left)] if left else [])


def _errand(slug: str, status: str, due: str | None, entity: str = ME) -> list[CommittedFact]:
    fields = [_fact(f"financial.{slug}.status", status, entity)]
    return fields + ([_fact(f"financial.{slug}.due_date", due, entity)] if due else [])


AMAZON_ON_THE_DAY = f"The Amazon return was due before you left (Sunday, November 29): {_ASK}"


@pytest.mark.parametrize(
    ("case", "facts", "lines"),
    [
        ("due the day it left", _trip() + _errand("amazon_return", "due", "2026-11-29"),
         [AMAZON_ON_THE_DAY]),
        ("due days before", _trip() + _errand("zara_return", "due", "2026-11-27"),
         [f"The Zara return was due Friday, November 27, before you left (Sunday, November 29): {_ASK}"]),
        ("due after it left", _trip() + _errand("rent", "due", "2026-12-01"), []),
        ("sent back (pending)", _trip() + _errand("amazon_return", "pending", "2026-11-29"), []),
        ("paid", _trip() + _errand("phone_bill", "paid", "2026-11-28"), []),
        ("no day", _trip() + _errand("amazon_return", "due", None), []),
        ("another member's", _trip() + _errand("amazon_return", "due", "2026-11-29", BOB), []),
        ("trip still planned", _trip("planning") + _errand("amazon_return", "due", "2026-11-29"),
         []),
        ("trip over", _trip("completed") + _errand("amazon_return", "due", "2026-11-29"), []),
        ("departure unknown", _trip(left=None) + _errand("amazon_return", "due", "2026-11-29"),
         []),
        ("soonest first, only the ones before",
         _trip() + _errand("amazon_return", "due", "2026-11-29")
         + _errand("zara_return", "due", "2026-11-27") + _errand("rent", "due", "2026-12-01"),
         [f"The Zara return was due Friday, November 27, before you left (Sunday, November 29): {_ASK}",
          AMAZON_ON_THE_DAY]),
    ],
)  # fmt: skip
def test_the_errands_left_undone_when_the_trip_began(
    case: str, facts: list[CommittedFact], lines: list[str]
) -> None:
    assert left_undone(facts, ME) == lines, case


class _Asked:
    """A change waiting for the user's answer (a review item's three parts)."""

    def __init__(self, field: str, value: Any, entity: str = ME) -> None:
        self.entity_id, self.field, self.candidate_value = entity, field, value


_BOTH = (
    _trip()
    + _errand("amazon_return", "due", "2026-11-29")
    + _errand("zara_return", "due", "2026-11-29")
)


@pytest.mark.parametrize(
    ("case", "asked", "lines"),
    [
        ("asked as sent back", [_Asked("financial.amazon_return.status", "pending")],
         [AMAZON_ON_THE_DAY.replace("Amazon", "Zara")]),
        ("asked as still due", [_Asked("financial.amazon_return.status", "due")],
         [AMAZON_ON_THE_DAY, AMAZON_ON_THE_DAY.replace("Amazon", "Zara")]),
        ("asked its day, not done", [_Asked("financial.amazon_return.due_date", "2026-12-01")],
         [AMAZON_ON_THE_DAY, AMAZON_ON_THE_DAY.replace("Amazon", "Zara")]),
        ("another member's asked as done",
         [_Asked("financial.amazon_return.status", "pending", BOB)],
         [AMAZON_ON_THE_DAY, AMAZON_ON_THE_DAY.replace("Amazon", "Zara")]),
    ],
)  # fmt: skip
def test_an_errand_asked_as_done_is_left_to_its_question(
    case: str, asked: list[_Asked], lines: list[str]
) -> None:
    assert left_undone(_BOTH, ME, asked) == lines, case
