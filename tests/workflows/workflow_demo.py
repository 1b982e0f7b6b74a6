"""A small workflow for the runner's tests, its tools, and a command line that runs it over a
SQLite checkpoint file, so a test can stop one process and continue in another.

    python tests/workflows/workflow_demo.py DB start|call TOOL|tick|show [+ COMMAND ...]
runs each command (``+`` between them) in turn, in this one process, and after each prints
the thread's status, state, step and collected data as one JSON line.
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.agent.session import JsonObject
from core.store.checkpoints import open_checkpointer
from core.workflows.definition import WorkflowDefinition, parse_definition
from core.workflows.graph import ToolOutcome, WorkflowContext, WorkflowTool
from core.workflows.runner import WorkflowRunner

AT = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
ENTITY = "user:primary"
THREAD = "research-user:primary-111"

RESEARCH: dict[str, Any] = {
    "id": "research",
    "name": "Research",
    "initial": "clarify",
    "terminal": ["present"],
    "max_steps": 10,
    "states": {
        "clarify": {"instructions": "Ask.", "tools": ["ask", "clarified", "fail"]},
        "search": {"instructions": "Search.", "tools": ["search"], "model": "small"},
        "review": {
            "instructions": "Wait.",
            "tools": ["approve"],
            "tool_choice": "required",
        },
        "safety": {"instructions": "Check.", "tools": [], "hidden": True, "tool_choice": "none"},
        "present": {"instructions": "Present.", "tools": []},
    },
    "transitions": [
        {"from": "clarify", "to": "search", "on_tool": "clarified"},
        {"from": "search", "to": "review", "when": {"data": "found", "present": True}},
        {"from": "review", "to": "safety", "on_tool": "approve"},
        {
            "from": "safety",
            "to": "present",
            "automatic": True,
            "when": {"data": "found", "equals": 3},
        },
    ],
}


def outcome(ok: bool, message: str, **data: Any) -> WorkflowTool:
    async def tool(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
        return ToolOutcome(ok, message, dict(data))

    return tool


TOOLS: dict[str, WorkflowTool] = {
    "ask": outcome(True, "asked"),
    "clarified": outcome(True, "clear", topic="tides"),
    "fail": outcome(False, "could not"),
    "search": outcome(True, "found 3", found=3),
    "approve": outcome(True, "approved"),
}


class NoBeliefs:
    async def fact(self, entity_id: str, field: str) -> None:
        return None


def research() -> WorkflowDefinition:
    return parse_definition(RESEARCH, "research")


async def main(db: Path, commands: list[list[str]]) -> None:
    async with open_checkpointer(f"sqlite:///{db}") as saver:
        runner = WorkflowRunner(research(), TOOLS, NoBeliefs(), saver)
        for command in commands:
            if command[0] == "start":
                step = await runner.start(THREAD, ENTITY, AT)
            elif command[0] == "call":
                step = await runner.call(THREAD, ENTITY, command[1], {}, AT)
            elif command[0] == "tick":
                step = await runner.tick(THREAD, ENTITY, AT)
            else:
                step = await runner.current(THREAD)
            wf = step.workflow
            shown = {
                "status": step.status,
                "state": step.state,
                "step": None if wf is None else wf.step,
                "data": None if wf is None else wf.data,
                "history": [f"{h['from']}->{h['to']}" for h in step.history],
            }
            print(json.dumps(shown, sort_keys=True))


def split_commands(words: list[str]) -> list[list[str]]:
    """``start + call x`` -> [["start"], ["call", "x"]]."""
    commands: list[list[str]] = [[]]
    for word in words:
        if word == "+":
            commands.append([])
        else:
            commands[-1].append(word)
    return commands


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), split_commands(sys.argv[2:])))
