"""A workflow compiled to a LangGraph graph, run over a real SQLite checkpoint file: tool
gating, transitions by tool call and by condition, the step limit, restart and resume."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from workflow_demo import AT, ENTITY, RESEARCH, THREAD, TOOLS, NoBeliefs, research

from core.agent.session import ErrorCode
from core.engine.engine import Engine
from core.errors import WorkflowInvalid
from core.store.checkpoints import open_checkpointer
from core.store.factory import open_store
from core.workflows.definition import parse_definition
from core.workflows.graph import Beliefs, ToolOutcome, WorkflowContext, WorkflowTool
from core.workflows.runner import WorkflowRunner

DEMO = Path(__file__).with_name("workflow_demo.py")


@pytest.fixture
async def open_runner(tmp_path: Path) -> AsyncIterator[Any]:
    """Build runners over one SQLite checkpoint file (``tmp_path/wf.db``)."""
    opened = []

    async def make(
        document: dict[str, Any] = RESEARCH,
        tools: dict[str, WorkflowTool] = TOOLS,
        beliefs: Beliefs | None = None,
    ) -> WorkflowRunner:
        context = open_checkpointer(f"sqlite:///{tmp_path / 'wf.db'}")
        saver = await context.__aenter__()
        opened.append(context)
        definition = parse_definition(document, "test")
        return WorkflowRunner(definition, tools, beliefs or NoBeliefs(), saver)

    yield make
    for context in opened:
        await context.__aexit__(None, None, None)


async def test_start_enters_the_initial_state_with_its_plan(open_runner: Any) -> None:
    runner = await open_runner()
    step = await runner.start(THREAD, ENTITY, AT)
    assert (step.status, step.state, step.indicator) == (
        "active",
        "clarify",
        "Research: clarify (step 1 of 4)",
    )
    assert [(m["from"], m["to"], m["trigger"]) for m in step.moved] == [(None, "clarify", "start")]
    plan = runner.plan("search")
    assert (plan.tools, plan.tool_choice, plan.model) == (("search",), "auto", "small")
    assert runner.plan("review").tool_choice == "required"


# (state the workflow is in, the tool called, refused?)
GATING = [
    ("clarify", "ask", False),
    ("clarify", "search", True),  # another state's tool
    ("clarify", "rm_rf", True),  # no such tool at all
    ("search", "clarified", True),
    ("search", "search", False),
    ("safety", "approve", True),  # tool_choice none: nothing may be called
]


async def _walk_to(runner: WorkflowRunner, state: str) -> None:
    await runner.start(THREAD, ENTITY, AT)
    path = {"clarify": [], "search": ["clarified"], "review": ["clarified", "search"]}
    for tool in path.get(state, []):
        await runner.call(THREAD, ENTITY, tool, {}, AT)


@pytest.mark.parametrize(("state", "tool", "refused"), GATING)
async def test_a_tool_outside_the_states_list_is_refused_logged_and_changes_nothing(
    open_runner: Any, caplog: pytest.LogCaptureFixture, state: str, tool: str, refused: bool
) -> None:
    if state == "safety":  # a workflow that starts there
        runner = await open_runner(dict(RESEARCH, initial="safety"))
        await runner.start(THREAD, ENTITY, AT)
    else:
        runner = await open_runner()
        await _walk_to(runner, state)
    before = await runner.current(THREAD)
    caplog.set_level(logging.WARNING, "core.workflows.graph")
    step = await runner.call(THREAD, ENTITY, tool, {}, AT)
    assert step.refused is refused
    assert step.outcome is not None
    assert step.outcome["tool"] == tool
    if refused:
        assert step.outcome["ok"] is False
        assert f"{tool} is not allowed in" in step.outcome["message"]
        assert step.errors[-1].code is ErrorCode.TOOL_REFUSED
        assert not step.errors[-1].recoverable
        assert f"{tool} is not allowed" in caplog.text
        assert (step.state, step.workflow.step) == (before.state, before.workflow.step)
        assert step.workflow.data == before.workflow.data
    else:
        assert step.outcome["ok"] is True
        assert not caplog.text


async def test_a_tool_trigger_moves_only_when_the_tool_succeeds(open_runner: Any) -> None:
    runner = await open_runner()
    await runner.start(THREAD, ENTITY, AT)
    failed = await runner.call(THREAD, ENTITY, "fail", {}, AT)
    assert (failed.state, failed.moved, failed.outcome["ok"]) == ("clarify", (), False)
    moved = await runner.call(THREAD, ENTITY, "clarified", {}, AT)
    assert moved.state == "search"
    assert moved.workflow.data == {"topic": "tides"}
    assert [m["trigger"] for m in moved.moved] == ["tool clarified"]


async def test_conditions_chain_and_a_hidden_automatic_state_passes_through(
    open_runner: Any,
) -> None:
    runner = await open_runner()
    await _walk_to(runner, "review")  # search's tool collected found=3: its condition moved it
    step = await runner.current(THREAD)
    assert step.state == "review"
    step = await runner.call(THREAD, ENTITY, "approve", {}, AT)
    assert [f"{m['from']}->{m['to']}" for m in step.moved] == ["review->safety", "safety->present"]
    assert (step.status, step.state, step.workflow.step) == ("done", "present", 4)
    assert step.workflow.visited == ("clarify", "search", "review", "safety")
    after = await runner.call(THREAD, ENTITY, "ask", {}, AT)
    assert after.outcome["message"] == "No workflow is running."


LOOP: dict[str, Any] = {
    "id": "loop",
    "name": "Loop",
    "initial": "a",
    "terminal": ["end"],
    "max_steps": 5,
    "states": {
        "a": {"instructions": "A.", "tools": ["mark"]},
        "b": {"instructions": "B.", "tools": []},
        "end": {"instructions": "End.", "tools": []},
    },
    "transitions": [
        {"from": "a", "to": "b", "automatic": True, "when": {"data": "marked", "present": True}},
        {"from": "b", "to": "a", "automatic": True, "when": {"data": "marked", "present": True}},
    ],
}


async def test_the_step_limit_stops_a_workflow_that_would_loop_forever(open_runner: Any) -> None:
    tools = {"mark": _tool_setting(marked=True)}
    runner = await open_runner(LOOP, tools)
    await runner.start("loop", ENTITY, AT)
    step = await runner.call("loop", ENTITY, "mark", {}, AT)
    assert step.status == "step_limit"
    assert step.workflow.step == 5
    assert len(step.moved) == 5
    assert step.errors[-1].code is ErrorCode.STATE_ERROR
    assert "step limit (5)" in step.errors[-1].message
    assert (await runner.tick("loop", ENTITY, AT)).moved == (), "a stopped workflow stays stopped"


def _tool_setting(**data: Any) -> WorkflowTool:
    async def tool(args: dict[str, Any], ctx: WorkflowContext) -> ToolOutcome:
        return ToolOutcome(True, "set", data)

    return tool


FOLLOW: dict[str, Any] = {
    "id": "follow",
    "name": "Follow",
    "initial": "plan",
    "terminal": ["back"],
    "max_steps": 5,
    "states": {
        "plan": {"instructions": "P.", "tools": ["note"]},
        "away": {"instructions": "A.", "tools": ["note"]},
        "back": {"instructions": "B.", "tools": []},
    },
    "transitions": [
        {
            "from": "plan",
            "to": "away",
            "automatic": True,
            "when": {"fact": "travel.status", "equals": "in_progress"},
        },
        {
            "from": "away",
            "to": "back",
            "when": {"fact": "travel.status", "in": ["completed", "cancelled"]},
        },
    ],
}


async def test_fact_conditions_read_committed_beliefs_and_only_automatic_ones_fire_on_a_tick(
    open_runner: Any, tmp_path: Path
) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'canon.db'}")
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        runner = await open_runner(FOLLOW, {"note": _tool_setting()}, store)
        await runner.start("f", ENTITY, AT)
        assert (await runner.tick("f", ENTITY, AT)).state == "plan"
        calendar = make_observation("travel.status", "in_progress", source="calendar", at=AT)
        asked = await engine.ingest(calendar, now=AT)
        assert asked.review_item_id is not None, "asked about, not committed"
        assert (await runner.tick("f", ENTITY, AT)).state == "plan"
        said = make_observation("travel.status", "in_progress", at=AT + timedelta(minutes=1))
        assert (await engine.ingest(said, now=AT + timedelta(minutes=1))).committed
        step = await runner.tick("f", ENTITY, AT)
        assert [m["trigger"] for m in step.moved] == ["fact travel.status = 'in_progress'"]
        later = AT + timedelta(days=2)
        home = make_observation("travel.status", "completed", at=later)
        assert (await engine.ingest(home, now=later)).committed
        assert (await runner.tick("f", ENTITY, later)).state == "away", "not automatic: waits"
        step = await runner.call("f", ENTITY, "note", {}, later)  # the user's turn
        assert (step.state, step.status) == ("back", "done")
    finally:
        await store.close()


async def test_a_tool_the_definition_names_must_be_implemented(open_runner: Any) -> None:
    with pytest.raises(WorkflowInvalid, match=r"^test: no implementation for tools \['search'\]"):
        await open_runner(tools={k: v for k, v in TOOLS.items() if k != "search"})


def _run(db: Path, *commands: str) -> list[dict[str, Any]]:
    """The demo's commands (``"call search"``) run in turn by one new process: what it
    printed after each."""
    words = [word for command in commands for word in ("+", *command.split())][1:]
    done = subprocess.run(
        [sys.executable, str(DEMO), str(db), *words],
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.strip().splitlines()]


def test_a_new_process_continues_at_the_same_state(tmp_path: Path) -> None:
    db = tmp_path / "wf.db"
    started, clarified = _run(db, "start", "call clarified")
    assert started["state"] == "clarify"
    assert clarified["state"] == "search"
    # Another process, the same file.
    resumed, gated, searched, approved = _run(
        db, "show", "call clarified", "call search", "call approve"
    )
    assert resumed == {
        "status": "active",
        "state": "search",
        "step": 1,
        "data": {"topic": "tides"},
        "history": ["None->clarify", "clarify->search"],
    }
    assert gated["state"] == "search", "still gated after the restart"
    assert searched["state"] == "review"
    assert approved["status"] == "done"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_checkpoints_live_in_the_store_the_url_names(
    request: pytest.FixtureRequest, tmp_path: Path, backend: str
) -> None:
    url = (
        f"sqlite:///{tmp_path / 'canon.db'}"
        if backend == "sqlite"
        else str(request.getfixturevalue("postgres_url"))
    )
    async with open_checkpointer(url) as saver:
        runner = WorkflowRunner(research(), TOOLS, NoBeliefs(), saver)
        await runner.start(THREAD, ENTITY, AT)
        await runner.call(THREAD, ENTITY, "clarified", {}, AT)
    async with open_checkpointer(url) as saver:  # a new connection, as after a restart
        resumed = await WorkflowRunner(research(), TOOLS, NoBeliefs(), saver).current(THREAD)
    assert (resumed.state, resumed.workflow.data) == ("search", {"topic": "tides"})
    assert [h["to"] for h in resumed.history] == ["clarify", "search"]


async def test_a_sqlite_checkpoint_commits_without_waiting_for_the_disk(tmp_path: Path) -> None:
    """Checkpoints are the session's cache beside the durable log: WAL, synchronous=NORMAL
    (1) on the saver's own connection, while the store's connection stays FULL."""
    async with open_checkpointer(f"sqlite:///{tmp_path / 'canon.db'}") as saver:
        assert isinstance(saver, AsyncSqliteSaver)
        async with saver.conn.execute("PRAGMA synchronous") as cursor:
            assert await cursor.fetchone() == (1,)
        async with saver.conn.execute("PRAGMA journal_mode") as cursor:
            assert await cursor.fetchone() == ("wal",)
