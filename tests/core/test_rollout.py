"""The rollout model (core/domain/rollout.py): the policy-change log folded into what each
domain may do alone, stage by stage."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW

from core.domain.policy import Autonomy, RolloutConfig, default_policy
from core.domain.rollout import (
    Actor,
    DomainUsage,
    PolicyEvent,
    PolicyEventKind,
    autonomy,
    calibration_remaining,
    domain_thresholds,
    effective_policy,
    fold_policy_events,
)

POLICY = default_policy()  # travel: ask 0.65, auto 0.90; calibration 30 changes at 0.98
CALIBRATED = DomainUsage(changes=30)


def ev(
    seq: int,
    kind: PolicyEventKind,
    new: Any,
    *,
    domain: str | None = "travel",
    key: str = "",
    actor: Actor = "owner",
) -> PolicyEvent:
    return PolicyEvent(
        f"p{seq}", NOW + timedelta(hours=seq), kind, domain, key, None, new, "why", actor, seq
    )


def test_before_any_event_every_domain_is_at_the_initial_stage() -> None:
    state = fold_policy_events(POLICY, [])
    assert {d.stage for d in state.domains.values()} == {"M"}
    assert set(state.domains) == set(POLICY.domains)
    assert (state.learning_enabled, state.last_seq) == (False, 0)


def test_the_log_is_replayed_in_seq_order_whatever_order_it_is_given() -> None:
    events = [ev(2, "stage", "1"), ev(1, "stage", "0"), ev(3, "learning", True, domain=None)]
    state = fold_policy_events(POLICY, events)
    travel = state.domain("travel")
    assert (travel.stage, travel.stage_since) == ("1", NOW + timedelta(hours=2))
    assert (state.learning_enabled, state.last_seq) == (True, 3)
    assert state.domain("financial").stage == "M"


def test_an_event_for_an_unknown_domain_changes_nothing_but_the_seq() -> None:
    state = fold_policy_events(POLICY, [ev(7, "stage", "3", domain="astrology")])
    assert state.domains == fold_policy_events(POLICY, []).domains
    assert state.last_seq == 7


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([], (0.65, 0.90)),
        # A rollback raise applies in every stage.
        ([ev(1, "threshold", 0.95, key="auto_threshold", actor="rollback")], (0.65, 0.95)),
        # A raise never lowers: a rollback "raise" below the configured value is ignored.
        ([ev(1, "threshold", 0.85, key="auto_threshold", actor="rollback")], (0.65, 0.90)),
        # Learned thresholds apply only in Stage 3 with learning on ...
        ([ev(1, "threshold", 0.85, key="auto_threshold", actor="learning")], (0.65, 0.90)),
        (
            [
                ev(1, "stage", "3"),
                ev(2, "threshold", 0.85, key="auto_threshold", actor="learning"),
            ],
            (0.65, 0.90),
        ),
        (
            [
                ev(1, "stage", "3"),
                ev(2, "learning", True, domain=None),
                ev(3, "threshold", 0.85, key="auto_threshold", actor="learning"),
                ev(4, "threshold", 0.70, key="ask_threshold", actor="learning"),
            ],
            (0.70, 0.85),
        ),
        # ... and ask never ends up above auto.
        (
            [
                ev(1, "stage", "3"),
                ev(2, "learning", True, domain=None),
                ev(3, "threshold", 0.80, key="auto_threshold", actor="learning"),
                ev(4, "threshold", 0.82, key="ask_threshold", actor="learning"),
            ],
            (0.80, 0.80),
        ),
    ],
)
def test_thresholds_in_force(events: list[PolicyEvent], expected: tuple[float, float]) -> None:
    state = fold_policy_events(POLICY, events)
    assert domain_thresholds(POLICY, state, "travel") == pytest.approx(expected)


@pytest.mark.parametrize(
    ("stage", "usage", "confirm_next", "expected"),
    [
        ("M", DomainUsage(0), 0, Autonomy(confirm_below=0.98)),
        ("M", DomainUsage(29), 0, Autonomy(confirm_below=0.98)),
        ("M", CALIBRATED, 0, Autonomy()),
        ("0", CALIBRATED, 0, Autonomy(shadow=True)),
        ("1", CALIBRATED, 0, Autonomy(confirm_below=0.98)),
        ("2", CALIBRATED, 0, Autonomy()),
        ("3", CALIBRATED, 0, Autonomy()),
        ("2", DomainUsage(30, changes_since_confirm=19), 20, Autonomy(always_ask=True)),
        ("2", DomainUsage(30, changes_since_confirm=20), 20, Autonomy()),
    ],
)
def test_what_a_domain_may_do_alone(
    stage: str, usage: DomainUsage, confirm_next: int, expected: Autonomy
) -> None:
    events = [ev(1, "stage", stage)]
    if confirm_next:
        events.append(ev(2, "confirm_next", confirm_next, actor="rollback"))
    state = fold_policy_events(POLICY, events)
    limits = autonomy(POLICY, state, "travel", usage)
    assert replace(limits, notes=()) == expected
    assert bool(limits.notes) == (expected != Autonomy())


@pytest.mark.parametrize(("changes", "left"), [(0, 30), (1, 29), (29, 1), (30, 0), (45, 0)])
def test_calibration_counts_down_to_zero(changes: int, left: int) -> None:
    assert calibration_remaining(POLICY, DomainUsage(changes)) == left


def test_calibration_can_be_switched_off() -> None:
    policy = replace(POLICY, rollout=RolloutConfig(calibration_mutations=0))
    state = fold_policy_events(policy, [])
    assert autonomy(policy, state, "travel", DomainUsage(0)) == Autonomy()


def test_the_calibration_note_says_how_many_changes_are_left() -> None:
    state = fold_policy_events(POLICY, [])
    (note,) = autonomy(POLICY, state, "travel", DomainUsage(12)).notes
    assert "calibrating travel: 18 more change(s)" in note


def test_effective_policy_applies_the_rollout_domain_by_domain() -> None:
    events = [
        ev(1, "stage", "0"),
        ev(2, "reliability", 0.5, domain=None, key="calendar", actor="learning"),
    ]
    state = fold_policy_events(POLICY, events)
    usage = {"travel": CALIBRATED, "financial": DomainUsage(3)}
    policy = effective_policy(POLICY, state, usage)
    assert policy.domain("travel").autonomy.shadow
    assert policy.domain("financial").autonomy.confirm_below == 0.98
    assert policy.domain("profile").autonomy.confirm_below == 0.98  # no usage: nothing seen
    # A learned reliability counts only while learning is on.
    assert policy.reliability("calendar") == POLICY.reliability("calendar")
    on = fold_policy_events(POLICY, [*events, ev(3, "learning", True, domain=None)])
    assert effective_policy(POLICY, on, usage).reliability("calendar") == 0.5
