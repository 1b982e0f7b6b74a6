"""/undo takes back one act: what one answer changed together is undone together.

"We're in Tahoe" confirmed with one Yes set the trip under way and the location; undoing
only the newest field would leave the trip under way with the user nowhere, or the user
home with the trip still on. ``last_act`` finds the act in a field's history (pure);
the engine asks it back as one question.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.domain.event_log import HistoryEntry
from core.engine.corrections import last_act, last_moment, same_moment

T0 = datetime(2026, 2, 19, 18, 0, tzinfo=UTC)
ME = "user:primary"


def _entry(
    seq: int, field: str, at: datetime, old: object, new: object, by: str = "user"
) -> HistoryEntry:
    return HistoryEntry(seq, ME, field, 1, old, new, False, f"ev{seq}", 1.0, "user_confirm", at, by)


@pytest.mark.parametrize(
    ("entries", "act"),
    [
        # One Yes to a group: every field of that moment.
        (
            [
                _entry(1, "travel.destination", T0, None, "Tahoe"),
                _entry(2, "travel.status", T0 + timedelta(hours=1), "planning", "in_progress"),
                _entry(3, "travel.location", T0 + timedelta(hours=1), None, "Tahoe"),
            ],
            [2, 3],
        ),
        # A single change is an act of its own.
        (
            [
                _entry(1, "travel.status", T0, None, "planning"),
                _entry(2, "travel.location", T0 + timedelta(hours=1), None, "Tahoe"),
            ],
            [2],
        ),
        # The same moment but another principal (an agent's write) is another act.
        (
            [
                _entry(1, "travel.status", T0, "planning", "in_progress"),
                _entry(2, "travel.location", T0, None, "Tahoe", by="agent:x"),
            ],
            [2],
        ),
    ],
)
def test_the_last_act_is_what_one_moment_and_one_principal_changed(
    entries: list[HistoryEntry], act: list[int]
) -> None:
    assert [e.seq for e in last_act(entries)] == act


def test_the_last_act_takes_each_field_once() -> None:
    """A field written twice in one act is undone to its value before the act."""
    entries = [
        _entry(1, "travel.status", T0, "planning", "in_progress"),
        _entry(2, "travel.status", T0, "in_progress", "completed"),
    ]
    (only,) = last_act(entries)
    assert (only.seq, only.old_value, only.new_value) == (2, "planning", "completed")


def test_what_followed_an_act_is_of_its_moment_whatever_its_resolution() -> None:
    """A message's auto-commit moved the trip's day and the errand it dated followed,
    settled as confirmed: one moment, one principal, two resolutions. ``same_moment``
    finds both (``propose_undo`` then keeps the act and what followed from it); another
    principal's write or an earlier moment is not part of it."""
    said = _entry(2, "travel.depart_date", T0, "2026-11-29", "2026-12-04")
    said = replace(said, resolution="auto_commit")
    followed = _entry(4, "financial.amazon_return.due_date", T0, "2026-11-29", "2026-12-04")
    entries = [
        _entry(1, "travel.status", T0 - timedelta(hours=1), None, "planning"),
        said,
        _entry(3, "travel.location", T0, None, "Tahoe", by="agent:x"),
        followed,
    ]
    assert [e.seq for e in last_moment(entries)] == [4]
    assert [e.seq for e in same_moment(entries, followed)] == [2, 4]
