"""What Canon's state tools promise and report, as the agent state sees them (a table)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from core.agent.agent_state import empty_agent_state
from core.agent.expectations import Outcome
from core.conversation.tool_transitions import after_tool, citations, planned

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)
ME = "user:primary"
TAHOE = {ME: {"travel.location": {"value": "Tahoe", "source": "user_confirmation", "age": "2h"}}}
REFUSED = {"ok": False, "error": "user:bob is not one of ['user:primary']"}


@pytest.mark.parametrize(
    ("tool", "args", "result", "outcome"),
    [
        ("get_state", {"domain": "travel"}, TAHOE, Outcome.MATCH),
        ("get_state", {"domain": "family"}, TAHOE, Outcome.MISMATCH),
        ("get_state", {"domain": "travel"}, {}, Outcome.MISMATCH),
        ("get_state", {"entity_id": ME}, TAHOE, Outcome.MATCH),
        ("get_state", {"entity_id": "user:bob"}, REFUSED, Outcome.MISMATCH),
        ("get_state", {}, TAHOE, None),
        ("get_pending", {}, [{"field": "travel.status"}], None),
        (
            "propose_observation",
            {"field": "travel.location", "value": "Reno"},
            {"ok": True, "status": "asked the user to confirm", "prompt_id": "r1"},
            Outcome.MATCH,
        ),
        (
            "propose_observation",
            {"field": "travel.location", "value": "Tahoe"},
            {"ok": True, "status": "already believed"},
            Outcome.MISMATCH,
        ),
        (
            "propose_observation",
            {"field": "travel.location", "value": "Reno", "entity_id": "user:bob"},
            REFUSED,
            Outcome.MISMATCH,
        ),
        ("propose_observation", {"field": "travel.location"}, {"weird": 1}, Outcome.SKIP),
    ],
)
def test_each_tool_call_is_expected_and_verified_by_what_it_reports(
    tool: str, args: dict[str, Any], result: Any, outcome: Outcome | None
) -> None:
    after = after_tool(
        empty_agent_state("s"), tool, args, result, call_key="tg:1:2/call_1", speaker=ME, now=NOW
    )
    if outcome is None:
        assert after.verdict is None
        assert after.state["expectations"] == []
        return
    assert after.verdict is not None
    assert after.verdict.outcome is outcome, after.verdict.reason
    (expectation,) = after.state["expectations"]
    assert expectation["id"] == "expect-tg:1:2/call_1"
    status = {Outcome.MATCH: "confirmed", Outcome.MISMATCH: "failed", Outcome.SKIP: "pending"}
    assert expectation["status"] == status[outcome]
    assert len(after.state["assumptions"]) == (outcome is Outcome.MISMATCH)


def test_a_discrepancy_says_what_was_expected_and_what_came() -> None:
    after = after_tool(
        empty_agent_state("s"),
        "propose_observation",
        {"field": "travel.location", "value": "Tahoe"},
        {"ok": True, "status": "already believed"},
        call_key="t/c",
        speaker=ME,
        now=NOW,
    )
    (a,) = after.state["assumptions"]
    assert a["hypothesis"] == (
        "propose_observation(travel.location = Tahoe) was expected to give "
        "'one question to the user about travel.location', but the result holds "
        "'already_believed', not 'question'"
    )


def test_get_state_shows_its_entities_and_cites_each_fact() -> None:
    after = after_tool(
        empty_agent_state("s"), "get_state", {}, TAHOE, call_key="t/c", speaker=ME, now=NOW
    )
    assert after.state["current_understanding"]["entities"] == [{"id": ME, "kind": "user"}]
    (cite,) = after.citations
    assert (cite.source_id, cite.label, cite.snippet) == (
        "user:primary/travel.location",
        "travel.location = Tahoe",
        "user_confirmation, 2h",
    )
    assert citations("get_state", REFUSED, NOW) == ()


def test_odd_model_arguments_still_make_valid_ids() -> None:
    e = planned("turn 1/call 1", "propose_observation", {"field": "my  field", "value": "x"}, ME)
    assert e is not None
    assert e["id"] == "expect-turn_1/call_1"
    assert e["expected_ids"] == ["user:primary/my_field"]
