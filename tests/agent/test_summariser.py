"""The end-of-turn summariser's answer: structured deltas only, applied whole or not at all."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from core.agent.agent_state import AgentState, empty_agent_state
from core.agent.delta import apply_delta
from core.agent.summariser import SUMMARISER_PROMPT, read_summary, summariser_input
from core.errors import AgentStateError, PayloadInvalid

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)


def state() -> AgentState:
    start = empty_agent_state("chat-user:primary-111")
    delta = {
        "assumptions": [
            {"op": "add", "value": {"id": "a1", "hypothesis": "In Tahoe", "confidence": 0.6}}
        ],
        "expectations": [
            {
                "op": "add",
                "value": {
                    "id": "e1",
                    "action": "get_state(travel)",
                    "expected_outcome": "travel facts",
                    "expected_type": "travel",
                },
            }
        ],
    }
    return apply_delta(start, delta, NOW)


def answer(updates: dict[str, Any], items: list[Any] | None = None) -> str:
    body: dict[str, Any] = {"agent_state_updates": updates}
    if items is not None:
        body["agent_state_item_updates"] = items
    return json.dumps(body)


def test_the_prompt_is_the_designs_structured_deltas_only() -> None:
    assert "Return structured deltas only. Do not invent facts" in SUMMARISER_PROMPT
    assert "agent_state_item_updates" in SUMMARISER_PROMPT


def test_the_input_holds_the_state_the_messages_and_the_tool_results() -> None:
    document = json.loads(summariser_input(state(), [{"role": "user", "content": "hi"}], [1]))
    assert document["agent_state"]["assumptions"][0]["id"] == "a1"
    assert document["messages"] == [{"role": "user", "content": "hi"}]
    assert document["tool_results"] == [1]


def test_updates_and_items_are_applied_as_one_delta_and_the_time_is_stamped() -> None:
    text = answer(
        {
            "assumptions": [{"op": "update", "id": "a1", "patch": {"confidence": 0.9}}],
            "expectations": [{"op": "update", "id": "e1", "patch": {"status": "confirmed"}}],
            "tentative_hypotheses": [
                {"op": "add", "value": {"id": "h1", "hypothesis": "Back on Sunday"}}
            ],
        },
        [
            {
                "op": "add",
                "value": {"id": "t1", "kind": "task", "title": "Return", "status": "active"},
            }
        ],
    )
    after = read_summary(text, state(), NOW)
    assert after["assumptions"][0]["confidence"] == 0.9
    assert after["expectations"][0]["status"] == "confirmed"
    assert after["tentative_hypotheses"] == [{"id": "h1", "hypothesis": "Back on Sunday"}]
    assert after["items"][0]["title"] == "Return"
    assert after["last_summarized_at"] == "2026-11-27T09:30:00Z"


def test_a_fenced_answer_is_read_and_nothing_to_change_still_stamps() -> None:
    after = read_summary("```json\n" + answer({}) + "\n```", state(), NOW)
    assert after["assumptions"] == state()["assumptions"]
    assert after["last_summarized_at"] == "2026-11-27T09:30:00Z"


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [
        ("I updated the state.", AgentStateError, "not JSON"),
        ("[]", AgentStateError, "a JSON object"),
        ('{"state": {}}', AgentStateError, "unknown keys"),
        ('{"agent_state_updates": []}', AgentStateError, "must be an object"),
        (answer({"items": []}), AgentStateError, "items go in"),
        (answer({"assumptions": [{"op": "add", "value": {"id": "a2"}}]}), PayloadInvalid, None),
        (
            answer({"assumptions": [{"op": "update", "id": "zz", "patch": {"confidence": 1}}]}),
            AgentStateError,
            "'zz', not in assumptions",
        ),
        (
            answer({"assumptions": [{"op": "update", "id": "a1", "patch": {"confidence": 7}}]}),
            PayloadInvalid,
            None,
        ),
    ],
)
def test_an_answer_that_is_not_a_valid_delta_changes_nothing(
    text: str, error: type[Exception], says: str | None
) -> None:
    before = state()
    with pytest.raises(error, match=says):
        read_summary(text, before, NOW)
    assert before == state()
