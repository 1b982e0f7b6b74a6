"""``here_is_the_plan``: an arrival that names no place ("finally here!!") is at the
plan's destination only inside the plan's days, never surer than worth a question, and
never when the message names a place of its own."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import said_payload

from core.engine.arrived_here import PLACE_BY_PLAN, here_is_the_plan

USER = "user:primary"
SUNDAY = datetime(2026, 11, 29, 23, 0, tzinfo=UTC)  # 3 pm in Portland
PLAN = {
    "travel.status": "planning",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-29",
    "travel.return_date": "2026-12-06",
    "profile.timezone": "America/Los_Angeles",
}


def _said(field: str, value: Any, intent: str = "assertive", who: str = USER) -> dict[str, Any]:
    return said_payload(
        field, value, intent, who, extraction_confidence=0.72, evidence_text="finally here!!"
    )


HERE = _said("travel.status", "in_progress")


@pytest.mark.parametrize(
    ("payloads", "state", "now", "place"),
    [
        ([HERE], PLAN, SUNDAY, "Tahoe"),
        # No day to leave, a day to be back ahead: the plan is open.
        ([HERE], {**PLAN, "travel.depart_date": None}, SUNDAY, "Tahoe"),
        # Before it sets out, after it is due back, or with no plan: "here" is unknown.
        ([HERE], PLAN, datetime(2026, 11, 28, 23, 0, tzinfo=UTC), None),
        ([HERE], PLAN, datetime(2026, 12, 8, 20, 0, tzinfo=UTC), None),
        ([HERE], {**PLAN, "travel.status": "in_progress"}, SUNDAY, None),
        ([HERE], {"travel.status": "planning", "travel.destination": "Tahoe"}, SUNDAY, None),
        # The message names its own place, or is about someone else, or only wishes.
        ([HERE, _said("travel.location", "Reno")], PLAN, SUNDAY, "Reno"),
        ([_said("travel.status", "in_progress", who="user:bob")], PLAN, SUNDAY, None),
        ([_said("travel.status", "in_progress", "hypothetical")], PLAN, SUNDAY, None),
    ],
)
def test_here_is_where_the_plan_goes_inside_its_days(
    payloads: list[dict[str, Any]], state: dict[str, Any], now: datetime, place: str | None
) -> None:
    out = here_is_the_plan(payloads, USER, state, now)
    where = [p["candidate_value"] for p in out if p["field"] == "travel.location"]
    assert where == ([] if place is None else [place])
    if place == "Tahoe":
        assert {p["extraction_confidence"] for p in out} == {PLACE_BY_PLAN}
        located = next(p for p in out if p["field"] == "travel.location")
        assert "Tahoe" in located["needs_confirmation"], "inferred, so always asked"
        assert len({p["event_id"] for p in out}) == len(out)
    else:
        assert [p for p in out if p["field"] != "travel.location"] == [
            p for p in payloads if p["field"] != "travel.location"
        ]


def test_the_same_message_gives_the_same_ids() -> None:
    first = here_is_the_plan([HERE], USER, PLAN, SUNDAY)
    assert first == here_is_the_plan([HERE], USER, PLAN, SUNDAY)


@pytest.mark.parametrize(
    ("planned_at", "now", "place"),
    [
        # Told Tuesday for Sunday; "made it up here!" Thursday: the trip come early.
        (
            datetime(2026, 11, 24, 17, 0, tzinfo=UTC),
            datetime(2026, 11, 26, 17, 0, tzinfo=UTC),
            "Tahoe",
        ),
        # Told the same evening: no trip come early (she would have said so).
        (datetime(2026, 11, 27, 2, 0, tzinfo=UTC), datetime(2026, 11, 27, 4, 0, tzinfo=UTC), None),
        # More than a week before it sets out: "here" is anywhere.
        (
            datetime(2026, 11, 10, 17, 0, tzinfo=UTC),
            datetime(2026, 11, 21, 17, 0, tzinfo=UTC),
            None,
        ),
        # Not known when it was told: only inside its days.
        (None, datetime(2026, 11, 26, 17, 0, tzinfo=UTC), None),
    ],
)
def test_here_is_the_plan_come_early_when_told_on_an_earlier_day(
    planned_at: datetime | None, now: datetime, place: str | None
) -> None:
    out = here_is_the_plan([HERE], USER, PLAN, now, planned_at)
    where = [p["candidate_value"] for p in out if p["field"] == "travel.location"]
    assert where == ([] if place is None else [place])
