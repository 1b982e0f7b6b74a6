"""Every shipped scenario replays to the outcome it states in its ``expect`` block."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.cli.replay_cmds import DEMO_SCENARIO
from core.errors import ScenarioError, UnknownPlace
from core.scenario import load_scenario, replay

SCENARIO_DIR = Path(__file__).parent.parent / "scenarios"
SCENARIOS = [*sorted([*SCENARIO_DIR.glob("*.json"), *SCENARIO_DIR.glob("*.yaml")]), DEMO_SCENARIO]


def _matches(expected: dict[str, Any], decision: dict[str, Any]) -> bool:
    return all(decision.get(k) == v for k, v in expected.items())


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
async def test_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    expect = scenario["expect"]
    result = await replay(scenario)
    assert set(result) == {"state", "pending", "queued", "decisions", "dlq", "rollout"}
    assert [r["step"] for r in result["rollout"]] == list(range(len(scenario["steps"])))
    for entity, fields in expect.get("state", {}).items():
        for field, value in fields.items():
            assert result["state"].get(entity, {}).get(field) == value, (
                entity,
                field,
                result["state"],
            )
    for wanted in expect.get("decisions", []):
        assert any(_matches(wanted, d) for d in result["decisions"]), (wanted, result["decisions"])
    for step in expect.get("no_decisions", []):
        assert [d for d in result["decisions"] if d["step"] == step] == []
    for key in ("pending", "queued"):
        if key in expect:
            assert len(result[key]) == expect[key], result[key]
        if f"{key}_fields" in expect:
            assert [i["field"] for i in result[key]] == expect[f"{key}_fields"]
    if "dlq" in expect:
        assert result["dlq"] == expect["dlq"]
    for wanted in expect.get("rollout", []):
        # After step N: each named domain's rollout, and what a rollout step did.
        got = result["rollout"][wanted["step"]]
        for key, value in wanted.items():
            if key == "step":
                continue
            seen = got["domains"][key] if key in got["domains"] else got.get(key)
            assert seen is not None, (wanted, got)
            assert {k: seen.get(k) for k in value} == value, (wanted["step"], key, seen)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
async def test_replay_is_deterministic(path: Path) -> None:
    scenario = load_scenario(path)
    first, second = await replay(scenario), await replay(scenario)
    for result in (first, second):
        for item in result["pending"] + result["queued"]:
            item.pop("id")  # review item ids are minted fresh
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_the_five_situations_and_the_edge_cases_all_ship() -> None:
    names = {p.stem for p in SCENARIOS}
    assert {
        "travel_status",
        "project_status",
        "family_schedule",
        "financial_state",
        "work_context",
        "tahoe_incident",
        "duplicate_events",
        "out_of_order_events",
        "flood_control",
        "invalid_payloads",
        "rollout_travel",
    } <= names


def _where_scenario(answer: dict[str, Any]) -> dict[str, Any]:
    """A calendar says the user is in Tahoe (asked: the store is still calibrating);
    the answer edits it."""
    at = "2026-03-01T10:00:00Z"
    said = {
        "event_id": "00000000-0000-4000-8000-000000000901",
        "event_ts": at,
        "entity_id": "user:primary",
        "domain": "travel",
        "field": "travel.location",
        "candidate_value": "Tahoe",
        "intent": "assertive",
        "source": {"type": "calendar", "ref": "cal-1"},
    }
    return {"steps": [{"at": at, "observation": said}, {"at": at, "answer": answer}]}


async def test_an_edit_to_a_place_nobody_knows_needs_new_place() -> None:
    with pytest.raises(UnknownPlace, match='I don\'t know a place called "purple"'):
        await replay(_where_scenario({"edit": "purple"}))
    result = await replay(_where_scenario({"edit": "purple", "new_place": True}))
    assert result["state"]["user:primary"]["travel.location"] == "purple"
    with pytest.raises(ScenarioError, match="new_place"):
        await replay(_where_scenario({"edit": "purple", "new_place": "yes"}))
