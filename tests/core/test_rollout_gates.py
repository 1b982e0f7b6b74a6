"""Promotion gates, as the design's table lists them, over hand-computed metric values."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW

from core.domain.rollout import PolicyEvent, Stage
from core.engine.metrics_report import Metric
from core.engine.rollout_gates import NOT_MEASURED_YET, evaluate_promotion


def days(n: float) -> Any:
    return NOW - timedelta(days=n)


def incident(key: str, at: Any, seq: int = 1) -> PolicyEvent:
    return PolicyEvent(f"i{seq}", at, "incident", "travel", key, None, {}, "wrong", "owner", seq)


CLEAN = {
    "schema_validation_success": Metric(999 / 1000),
    "human_agreement": Metric(19 / 20),
    "correction_rate": Metric(1 / 20),
    "auto_commit_precision": Metric(97 / 100),
    "review_burden": Metric(8 / 20),
}

# (stage, days in stage, metric overrides, incidents, expected {gate: passed})
CASES: list[tuple[Stage, float, dict[str, Metric], list[PolicyEvent], dict[str, bool]]] = [
    # M -> 0: 7 days, schema validation >= 99.9%, no data-loss incident
    ("M", 7, {}, [], {"days_in_stage": True, "schema_validation_success": True,
                      "incidents:data_loss": True}),
    ("M", 6.9, {"schema_validation_success": Metric(998 / 1000)}, [],
     {"days_in_stage": False, "schema_validation_success": False, "incidents:data_loss": True}),
    ("M", 8, {}, [incident("data_loss", days(1))],
     {"days_in_stage": True, "schema_validation_success": True, "incidents:data_loss": False}),
    # an incident before the stage began does not count
    ("M", 8, {}, [incident("data_loss", days(9))],
     {"days_in_stage": True, "schema_validation_success": True, "incidents:data_loss": True}),
    # 0 -> 1: 3 days, human agreement >= 95%
    ("0", 3, {}, [], {"days_in_stage": True, "human_agreement": True}),
    ("0", 4, {"human_agreement": Metric(18 / 20)}, [],
     {"days_in_stage": True, "human_agreement": False}),
    # 1 -> 2: 7 days, correction rate <= 5%, no P0
    ("1", 7, {}, [], {"days_in_stage": True, "correction_rate": True, "incidents:p0": True}),
    ("1", 10, {"correction_rate": Metric(2 / 20)}, [incident("p0", days(2))],
     {"days_in_stage": True, "correction_rate": False, "incidents:p0": False}),
    # 2 -> 3: 14 days, precision >= 97%, review burden <= 40%
    ("2", 14, {}, [], {"days_in_stage": True, "auto_commit_precision": True,
                       "review_burden": True}),
    ("2", 13, {"auto_commit_precision": Metric(96 / 100), "review_burden": Metric(9 / 20)}, [],
     {"days_in_stage": False, "auto_commit_precision": False, "review_burden": False}),
    # 3: ongoing, 30-day rolling correction rate <= 2%, P0 = 0 (older ones roll out)
    ("3", 60, {"correction_rate": Metric(1 / 50)}, [incident("p0", days(31))],
     {"correction_rate": True, "incidents:p0": True}),
    ("3", 60, {"correction_rate": Metric(3 / 100)}, [incident("p0", days(29))],
     {"correction_rate": False, "incidents:p0": False}),
]  # fmt: skip


@pytest.mark.parametrize(("stage", "in_stage", "overrides", "incidents", "expected"), CASES)
def test_each_gate_is_measured_against_the_design_table(
    stage: Stage,
    in_stage: float,
    overrides: dict[str, Metric],
    incidents: list[PolicyEvent],
    expected: dict[str, bool],
) -> None:
    metrics = {**CLEAN, **overrides}
    p = evaluate_promotion("travel", stage, days(in_stage), None, metrics, incidents, NOW)
    assert {g.name: g.passed for g in p.gates} == expected
    assert p.passed == all(expected.values())
    assert p.to == {"M": "0", "0": "1", "1": "2", "2": "3", "3": None}[stage]


@pytest.mark.parametrize(
    ("metrics", "reason"),
    [
        ({}, NOT_MEASURED_YET),  # human_agreement absent: not measured yet
        ({"human_agreement": Metric(None, "no shadow answers in the window")},
         "no shadow answers in the window"),
    ],
)  # fmt: skip
def test_a_gate_without_a_sample_fails_with_its_reason(
    metrics: dict[str, Metric], reason: str
) -> None:
    p = evaluate_promotion("travel", "0", days(5), None, metrics, [], NOW)
    gate = {g.name: g for g in p.gates}["human_agreement"]
    assert (gate.passed, gate.value, gate.reason) == (False, None, reason)
    assert "human_agreement no data (needs >= 95.0%): FAIL (" + reason + ")" == gate.line()


def test_the_initial_stage_counts_from_the_first_logged_input() -> None:
    started = days(7.5)
    p = evaluate_promotion("travel", "M", None, started, CLEAN, [], NOW)
    assert p.gates[0].value == pytest.approx(7.5)
    nothing = evaluate_promotion("travel", "M", None, None, CLEAN, [], NOW)
    assert (nothing.gates[0].passed, nothing.gates[0].reason) == (False, "nothing logged yet")
