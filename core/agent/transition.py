"""A tool result as a transition of the agent state: expect, run, verify, learn what was seen.

The design's update pipeline, deterministic part: before a tool runs, the planner may add
an expectation of what it will give (``Expectation``, pending); when its result is in,
what was seen goes into the current understanding, and the matcher
(``core.agent.expectations``) confirms or fails the expectation. A result with nothing
structured to compare leaves the expectation pending: verification is skipped, never
guessed.

The state stays small: past ``MAX_SETTLED`` settled expectations, the oldest settled ones
are dropped (pending ones never are), and discrepancies beyond ``MAX_DISCREPANCIES`` drop
the oldest. Each step is one delta, so an invalid one changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from core.agent.agent_state import COLLECTIONS, AgentState, Entity, Expectation, collection
from core.agent.delta import apply_delta
from core.agent.expectations import (
    Outcome,
    ToolResult,
    Verdict,
    match_expectation,
    verification_delta,
)

MAX_SETTLED: Final = 30
"""Confirmed or failed expectations kept per session; older ones are dropped."""
MAX_DISCREPANCIES: Final = 20
"""Assumptions the matcher added (``discrepancy-*``) kept per session."""
MAX_ELEMENTS: Final = 100
"""Any other collection's elements kept per session (the summariser adds them)."""


@dataclass(frozen=True, slots=True)
class Transition:
    """The agent state after one tool result, and the matcher's verdict (None: nothing expected)."""

    state: AgentState
    verdict: Verdict | None


def tool_transition(
    state: AgentState,
    *,
    expectation: Expectation | None,
    result: ToolResult | None,
    seen: Sequence[Entity],
    now: datetime,
) -> Transition:
    """``state`` after a tool call the planner expected ``expectation`` of, which gave ``result``.

    ``seen``: the entities the result showed, added to the understanding when new.
    ``result`` None: the output is unstructured; the expectation stays pending.
    """
    known = {e["id"] for e in state["current_understanding"]["entities"]}
    new = [dict(e) for e in {e["id"]: e for e in seen if e["id"] not in known}.values()]
    delta: dict[str, list[dict[str, Any]]] = {}
    if new:
        delta["entities"] = [{"op": "add", "value": e} for e in new]
    verdict: Verdict | None = None
    if expectation is not None:
        # One delta for the whole transition (add, settle, note the discrepancy): the
        # state is copied and checked once per tool result, not once per step.
        held = next((e for e in state["expectations"] if e["id"] == expectation["id"]), None)
        if held is None:
            delta["expectations"] = [{"op": "add", "value": dict(expectation)}]
        current = held if held is not None else expectation
        if result is None:
            verdict = Verdict(Outcome.SKIP, (), "the tool's output is not structured")
        else:
            verdict = match_expectation(current, result)
            assumed = {a["id"] for a in state["assumptions"]}
            settled = verification_delta(current, result, verdict, now, assumed)
            delta.setdefault("expectations", []).extend(settled.get("expectations", ()))
            if "assumptions" in settled:
                delta["assumptions"] = settled["assumptions"]
    if delta:
        state = apply_delta(state, delta, now)
    return Transition(bounded(state, now), verdict)


def bounded(state: AgentState, now: datetime) -> AgentState:
    """``state`` within its bounds: the oldest settled expectations, discrepancies, and
    past ``MAX_ELEMENTS`` the oldest elements of any collection (items no longer active
    first) are removed, by one delta."""
    settled = [e["id"] for e in state["expectations"] if e["status"] != "pending"]
    discrepancies = [a["id"] for a in state["assumptions"] if a["id"].startswith("discrepancy-")]
    drop: dict[str, list[str]] = {
        "expectations": _oldest(settled, MAX_SETTLED),
        "assumptions": _oldest(discrepancies, MAX_DISCREPANCIES),
    }
    for name in COLLECTIONS:
        gone = set(drop.get(name, ()))
        elements = [e for e in collection(state, name) if e["id"] not in gone]
        if name == "items":  # what is done goes before what is still open
            elements.sort(key=lambda e: e["status"] == "active")
        more = _oldest([e["id"] for e in elements], MAX_ELEMENTS)
        drop[name] = [*drop.get(name, ()), *more]
    delta = {name: [{"op": "remove", "id": i} for i in ids] for name, ids in drop.items() if ids}
    return apply_delta(state, delta, now) if delta else state


def _oldest(ids: list[str], keep: int) -> list[str]:
    return ids[: max(0, len(ids) - keep)]
