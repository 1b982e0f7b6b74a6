"""The deterministic matcher: ids, then type, then count; skip when nothing structured is
comparable; a contradiction fails the expectation and adds a 0.7 assumption about it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW

from core.agent.agent_state import AgentState, Expectation, empty_agent_state
from core.agent.delta import apply_delta
from core.agent.expectations import (
    DISCREPANCY_CONFIDENCE,
    Outcome,
    ToolResult,
    discrepancy_id,
    match_expectation,
    verify,
)
from core.errors import AgentStateError


def expecting(**fields: Any) -> Expectation:
    expectation: dict[str, Any] = {
        "id": "e1",
        "action": "create_tasks",
        "expected_outcome": "two tasks for the trip",
        "status": "pending",
        **fields,
    }
    return expectation  # type: ignore[return-value]


TASKS = ToolResult("call-1", ids=("t1", "t2"), types=("task",), count=2)

MATCHER_TABLE: list[tuple[str, Expectation, ToolResult, Outcome, tuple[str, ...], str]] = [
    # (case, expectation, tool result, outcome, checks made, reason contains)
    (
        "ids all present",
        expecting(expected_ids=["t1", "t2"]),
        TASKS,
        Outcome.MATCH,
        ("ids",),
        "ids",
    ),
    ("ids a subset", expecting(expected_ids=["t2"]), TASKS, Outcome.MATCH, ("ids",), "ids"),
    ("type present", expecting(expected_type="task"), TASKS, Outcome.MATCH, ("type",), "type"),
    ("count equal", expecting(expected_count=2), TASKS, Outcome.MATCH, ("count",), "count"),
    (
        "all three agree",
        expecting(expected_ids=["t1"], expected_type="task", expected_count=2),
        TASKS,
        Outcome.MATCH,
        ("ids", "type", "count"),
        "ids and type and count",
    ),
    (
        "nothing found, nothing expected",
        expecting(expected_count=0),
        ToolResult("call-1", ids=(), count=0),
        Outcome.MATCH,
        ("count",),
        "count",
    ),
    (
        "an id missing",
        expecting(expected_ids=["t1", "t3"]),
        TASKS,
        Outcome.MISMATCH,
        ("ids",),
        "the result lacks 't3'",
    ),
    (
        "an empty result lacks every id",
        expecting(expected_ids=["t1"]),
        ToolResult("call-1", ids=()),
        Outcome.MISMATCH,
        ("ids",),
        "the result lacks 't1'",
    ),
    (
        "another type",
        expecting(expected_type="note"),
        TASKS,
        Outcome.MISMATCH,
        ("type",),
        "the result holds 'task', not 'note'",
    ),
    (
        "no type at all",
        expecting(expected_type="note"),
        ToolResult("call-1", types=()),
        Outcome.MISMATCH,
        ("type",),
        "the result holds no type, not 'note'",
    ),
    (
        "another count",
        expecting(expected_count=3),
        TASKS,
        Outcome.MISMATCH,
        ("count",),
        "the result counts 2, not 3",
    ),
    (
        "ids are checked first: a wrong id fails before a wrong count is looked at",
        expecting(expected_ids=["t9"], expected_count=5),
        TASKS,
        Outcome.MISMATCH,
        ("ids",),
        "lacks 't9'",
    ),
    (
        "type before count",
        expecting(expected_type="note", expected_count=5),
        TASKS,
        Outcome.MISMATCH,
        ("type",),
        "not 'note'",
    ),
    (
        "ids pass, count fails",
        expecting(expected_ids=["t1"], expected_type="task", expected_count=3),
        TASKS,
        Outcome.MISMATCH,
        ("ids", "type", "count"),
        "counts 2, not 3",
    ),
    (
        "a check the result cannot answer is left out, not failed",
        expecting(expected_ids=["t1"], expected_count=2),
        ToolResult("call-1", count=2),
        Outcome.MATCH,
        ("count",),
        "count",
    ),
    (
        "the expectation names nothing structured",
        expecting(),
        TASKS,
        Outcome.SKIP,
        (),
        "names no ids, type or count",
    ),
    (
        "an empty id list names nothing",
        expecting(expected_ids=[]),
        TASKS,
        Outcome.SKIP,
        (),
        "names no ids, type or count",
    ),
    (
        "the result is unstructured",
        expecting(expected_ids=["t1"], expected_type="task", expected_count=2),
        ToolResult("call-1"),
        Outcome.SKIP,
        (),
        "reports no ids or type or count",
    ),
    (
        "the result reports only what was not asked",
        expecting(expected_type="task"),
        ToolResult("call-1", ids=("t1",), count=1),
        Outcome.SKIP,
        (),
        "reports no type",
    ),
]


@pytest.mark.parametrize(
    ("case", "expectation", "result", "outcome", "checked", "reason"),
    MATCHER_TABLE,
    ids=[row[0] for row in MATCHER_TABLE],
)
def test_the_matcher(
    case: str,
    expectation: Expectation,
    result: ToolResult,
    outcome: Outcome,
    checked: tuple[str, ...],
    reason: str,
) -> None:
    verdict = match_expectation(expectation, result)
    assert (verdict.outcome, verdict.checked) == (outcome, checked)
    assert reason in verdict.reason


def session_expecting(**fields: Any) -> AgentState:
    delta = {
        "assumptions": [
            {"op": "add", "value": {"id": "a1", "hypothesis": "Trip set", "confidence": 0.9}}
        ],
        "expectations": [{"op": "add", "value": {**expecting(**fields), "status": "pending"}}],
    }
    return apply_delta(empty_agent_state("dm-user:primary-1"), delta, NOW)


CHECKED_AT = "2026-02-19T15:30:00Z"
LATER = NOW + timedelta(hours=1)


def test_a_match_confirms_the_expectation_and_touches_nothing_else() -> None:
    state = session_expecting(expected_ids=["t1", "t2"])
    after, verdict = verify(state, "e1", TASKS, LATER)
    assert verdict.outcome is Outcome.MATCH
    assert after["expectations"] == [
        {**state["expectations"][0], "status": "confirmed", "last_checked_at": CHECKED_AT}
    ]
    assert after["assumptions"] == state["assumptions"]


def test_a_mismatch_fails_the_expectation_and_adds_the_discrepancy_at_0_7() -> None:
    state = session_expecting(expected_count=3)
    after, verdict = verify(state, "e1", TASKS, LATER)
    assert verdict.outcome is Outcome.MISMATCH
    assert after["expectations"][0]["status"] == "failed"
    assert after["expectations"][0]["last_checked_at"] == CHECKED_AT
    assert after["assumptions"] == [
        state["assumptions"][0],  # the other assumption's confidence is not touched
        {
            "id": discrepancy_id("e1", "call-1"),
            "hypothesis": (
                "create_tasks was expected to give 'two tasks for the trip', "
                "but the result counts 2, not 3"
            ),
            "confidence": DISCREPANCY_CONFIDENCE,
            "evidence": ["call-1"],
        },
    ]
    assert DISCREPANCY_CONFIDENCE == 0.7


def test_a_skip_changes_nothing() -> None:
    state = session_expecting(expected_type="task")
    after, verdict = verify(state, "e1", ToolResult("call-1"), LATER)
    assert verdict.outcome is Outcome.SKIP
    assert after == state


def test_the_same_contradiction_seen_twice_is_recorded_once() -> None:
    state = session_expecting(expected_count=3)
    once, _ = verify(state, "e1", TASKS, LATER)
    twice, verdict = verify(once, "e1", TASKS, LATER + timedelta(hours=1))
    assert verdict.outcome is Outcome.MISMATCH
    assert twice["assumptions"] == once["assumptions"]
    assert twice["expectations"][0]["last_checked_at"] == "2026-02-19T16:30:00Z"


def test_another_result_contradicting_it_is_another_discrepancy() -> None:
    state = session_expecting(expected_count=3)
    once, _ = verify(state, "e1", TASKS, LATER)
    again, _ = verify(once, "e1", ToolResult("call-2", count=1), LATER)
    assert [a["evidence"] for a in again["assumptions"][1:]] == [["call-1"], ["call-2"]]


def test_a_later_match_confirms_a_failed_expectation_and_keeps_the_record_of_the_failure() -> None:
    state = session_expecting(expected_count=2)
    failed, _ = verify(state, "e1", ToolResult("call-1", count=1), LATER)
    confirmed, verdict = verify(failed, "e1", ToolResult("call-2", count=2), LATER)
    assert verdict.outcome is Outcome.MATCH
    assert confirmed["expectations"][0]["status"] == "confirmed"
    assert confirmed["assumptions"] == failed["assumptions"]


def test_time_alone_changes_no_confidence() -> None:
    state = session_expecting(expected_count=3)
    after, _ = verify(state, "e1", TASKS, LATER)
    much_later, _ = verify(after, "e1", ToolResult("call-3"), LATER + timedelta(days=365))
    assert [a["confidence"] for a in much_later["assumptions"]] == [0.9, 0.7]


def test_verifying_an_unknown_expectation_is_an_error() -> None:
    with pytest.raises(AgentStateError, match="no expectation 'e404' to verify"):
        verify(session_expecting(), "e404", TASKS, NOW)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: ToolResult(""), "needs its call id"),
        (lambda: ToolResult("c", count=-1), "cannot be negative"),
    ],
)
def test_a_tool_result_refuses_what_cannot_be_compared(build: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()
