"""The agent state as text: the model's working notes and the owner's /debug view."""

from __future__ import annotations

from datetime import UTC, datetime

from core.agent.agent_state import AgentState, empty_agent_state
from core.agent.delta import apply_delta
from core.agent.render import PROMPT_ASSUMPTIONS, debug_text, prompt_notes

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC)


def noted() -> AgentState:
    delta = {
        "assumptions": [
            {
                "op": "add",
                "value": {"id": f"a{i}", "hypothesis": f"guess {i}", "confidence": i / 10},
            }
            for i in range(1, 8)
        ],
        "expectations": [
            {
                "op": "add",
                "value": {
                    "id": "e1",
                    "action": "get_state(family)",
                    "expected_outcome": "family facts",
                    "status": "failed",
                },
            },
            {"op": "add", "value": {"id": "e2", "action": "get_pending", "expected_outcome": "x"}},
        ],
        "items": [
            {
                "op": "add",
                "value": {"id": "t", "kind": "task", "title": "Return", "status": "active"},
            },
            {
                "op": "add",
                "value": {"id": "d", "kind": "idea", "title": "Old", "status": "resolved"},
            },
        ],
    }
    return apply_delta(empty_agent_state("s"), delta, NOW)


def test_an_empty_state_gives_the_model_no_notes() -> None:
    assert prompt_notes(empty_agent_state("s")) is None


def test_the_notes_hold_the_surest_assumptions_the_failures_and_what_is_open() -> None:
    notes = prompt_notes(noted())
    assert notes is not None
    lines = notes.splitlines()
    assert lines[0].startswith("Your working notes from this conversation")
    assumed = [line for line in lines if "assumption" in line]
    assert len(assumed) == PROMPT_ASSUMPTIONS
    assert assumed[0] == "- assumption (70% sure): guess 7"
    assert '- get_state(family) did not give "family facts"' in lines
    assert "- open task: Return" in lines
    assert not any("Old" in line or "get_pending" in line for line in lines)


def test_debug_shows_every_collection_one_line_per_element() -> None:
    text = debug_text(noted())
    assert "Entities: none" in text
    assert "Assumptions:\n  0.10 guess 1" in text
    assert "  [failed] get_state(family) → family facts" in text
    assert "  [pending] get_pending → x" in text
    assert "  [resolved] idea: Old" in text
    assert text.endswith("Last summarised: never")
