"""A tool result as a transition of the agent state: expect, verify, see; and kept small."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.agent.agent_state import AgentState, Entity, Expectation, empty_agent_state
from core.agent.delta import apply_delta
from core.agent.expectations import DISCREPANCY_CONFIDENCE, Outcome, ToolResult
from core.agent.transition import (
    MAX_DISCREPANCIES,
    MAX_ELEMENTS,
    MAX_SETTLED,
    bounded,
    tool_transition,
)

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)
USER = Entity(id="user:primary", kind="user")


def expecting(eid: str, **fields: object) -> Expectation:
    e = Expectation(
        id=eid, action="get_state(travel)", expected_outcome="travel facts", status="pending"
    )
    e.update(fields)  # type: ignore[typeddict-item]
    return e


def start() -> AgentState:
    return empty_agent_state("s1")


@pytest.mark.parametrize(
    ("result", "outcome", "status"),
    [
        (
            ToolResult("c1", ids=("user:primary",), types=("travel",), count=1),
            Outcome.MATCH,
            "confirmed",
        ),
        (ToolResult("c1", ids=(), types=(), count=0), Outcome.MISMATCH, "failed"),
        (ToolResult("c1", count=3), Outcome.SKIP, "pending"),
        (None, Outcome.SKIP, "pending"),
    ],
)
def test_an_expected_call_is_verified_by_its_result(
    result: ToolResult | None, outcome: Outcome, status: str
) -> None:
    moved = tool_transition(
        start(),
        expectation=expecting("e1", expected_type="travel"),
        result=result,
        seen=(),
        now=NOW,
    )
    assert moved.verdict is not None
    assert moved.verdict.outcome is outcome
    assert [e["status"] for e in moved.state["expectations"]] == [status]
    discrepancies = moved.state["assumptions"]
    if outcome is Outcome.MISMATCH:
        (a,) = discrepancies
        assert a["confidence"] == DISCREPANCY_CONFIDENCE
        assert a["evidence"] == ["c1"]
    else:
        assert discrepancies == []


def test_a_call_nothing_was_expected_of_only_adds_what_it_saw_once() -> None:
    first = tool_transition(start(), expectation=None, result=None, seen=[USER, USER], now=NOW)
    again = tool_transition(first.state, expectation=None, result=None, seen=[USER], now=NOW)
    assert first.verdict is None
    assert again.state["current_understanding"]["entities"] == [USER]
    assert again.state["expectations"] == []


def test_the_same_result_checked_twice_records_one_discrepancy() -> None:
    miss = ToolResult("c1", ids=(), types=(), count=0)
    e = expecting("e1", expected_type="travel")
    once = tool_transition(start(), expectation=e, result=miss, seen=(), now=NOW)
    twice = tool_transition(once.state, expectation=e, result=miss, seen=(), now=NOW)
    assert len(twice.state["assumptions"]) == 1
    assert len(twice.state["expectations"]) == 1


def test_settled_expectations_and_discrepancies_are_capped_oldest_first() -> None:
    state = start()
    pending = expecting("pending-one", expected_type="travel")
    state = tool_transition(state, expectation=pending, result=None, seen=(), now=NOW).state
    n = MAX_SETTLED + 5
    for i in range(n):
        miss = ToolResult(f"c{i}", ids=(), types=(), count=0)
        e = expecting(f"e{i}", expected_type="travel")
        state = tool_transition(state, expectation=e, result=miss, seen=(), now=NOW).state
    ids = [e["id"] for e in state["expectations"]]
    assert ids[0] == "pending-one"  # a pending expectation is never dropped
    assert ids[1:] == [f"e{i}" for i in range(n - MAX_SETTLED, n)]
    assert len(state["assumptions"]) == MAX_DISCREPANCIES
    assert state["assumptions"][-1]["evidence"] == [f"c{n - 1}"]


def test_a_collection_past_its_bound_loses_its_oldest_and_items_done_go_first() -> None:
    n = MAX_ELEMENTS + 3
    items = [
        {
            "op": "add",
            "value": {
                "id": f"i{k}",
                "kind": "task",
                "title": f"task {k}",
                "status": "resolved" if k in (50, 60) else "active",
            },
        }
        for k in range(n)
    ]
    hypotheses = [{"op": "add", "value": {"id": f"h{k}", "hypothesis": "h"}} for k in range(n)]
    state = apply_delta(start(), {"items": items, "tentative_hypotheses": hypotheses}, NOW)
    kept = bounded(state, NOW)
    ids = [i["id"] for i in kept["items"]]
    assert len(ids) == MAX_ELEMENTS
    assert "i50" not in ids
    assert "i60" not in ids
    assert "i0" not in ids
    assert "i1" in ids
    assert next(h["id"] for h in kept["tentative_hypotheses"]) == "h3"
    assert bounded(kept, NOW) == kept
