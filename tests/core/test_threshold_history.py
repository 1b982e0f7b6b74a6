"""The thresholds in force over time, as the report charts them, replayed from the policy log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from core.domain.policy import load_policy
from core.domain.rollout import Actor, PolicyEvent, PolicyEventKind, threshold_history

SINCE = datetime(2026, 11, 1, tzinfo=UTC)
NOW = SINCE + timedelta(days=20)
POLICY = load_policy(overrides={"rollout": {"initial_stage": "2"}})


def _event(
    seq: int,
    days: float,
    kind: PolicyEventKind,
    key: str,
    new: Any,
    actor: Actor = "rollback",
    domain: str | None = "travel",
) -> PolicyEvent:
    return PolicyEvent(
        f"p{seq}", SINCE + timedelta(days=days), kind, domain, key, None, new, "why", actor, seq
    )


def _travel(rows: list[tuple[datetime, str, float, float]]) -> list[tuple[float, float, float]]:
    return [((at - SINCE).days, ask, auto) for at, domain, ask, auto in rows if domain == "travel"]


def test_with_no_events_every_domain_holds_its_configured_thresholds() -> None:
    rows = threshold_history(POLICY, [], SINCE, NOW)
    assert {domain for _, domain, _, _ in rows} == set(POLICY.domains)
    assert {at for at, *_ in rows} == {SINCE}
    assert _travel(rows) == [(0, 0.65, 0.90)]


def test_a_raise_before_the_window_is_the_starting_point_and_later_ones_are_steps() -> None:
    events = [
        _event(1, -3, "threshold", "auto_threshold", 0.95),
        _event(2, 4, "threshold", "auto_threshold", 0.99),
        _event(3, 25, "threshold", "auto_threshold", 0.97),  # after now: not drawn
    ]
    assert _travel(threshold_history(POLICY, events, SINCE, NOW)) == [
        (0, 0.65, 0.95),
        (4, 0.65, 0.99),
    ]


def test_learned_thresholds_count_only_at_stage_3_with_learning_on() -> None:
    learned = _event(2, 2, "threshold", "auto_threshold", 0.84, actor="learning")
    events = [
        learned,
        _event(3, 5, "learning", "enabled", True, actor="owner", domain=None),
        _event(4, 8, "stage", "stage", "3", actor="owner"),
        _event(5, 12, "learning", "enabled", False, actor="rollback", domain=None),
    ]
    assert _travel(threshold_history(POLICY, events, SINCE, NOW)) == [
        (0, 0.65, 0.90),
        (8, 0.65, 0.84),
        (12, 0.65, 0.90),
    ]
