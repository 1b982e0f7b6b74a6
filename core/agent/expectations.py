"""The deterministic matcher: does a tool's result meet what the agent expected of it?

Every tool result is a state transition. Where an expectation exists, the matcher
compares what is structured on both sides, in a fixed order:

1. ids: every id the expectation names must be among the result's ids;
2. type: the type it names must be among the result's types;
3. count: the count it names must equal the result's count.

A check is made only when the expectation names it and the result reports it; when no
check can be made the verdict is SKIP (the matcher never guesses, and never asks a
model). The first failing check is a MISMATCH; all made and passed is a MATCH.

The verdict becomes a delta (``verification_delta``): a match confirms the expectation,
a mismatch fails it and adds an assumption describing the discrepancy with confidence
0.7, a skip changes nothing. Confidence changes on contradiction, never with time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Final, Literal

from core.agent.agent_state import AgentState, Expectation
from core.agent.delta import apply_delta
from core.domain.timeutil import format_ts
from core.errors import AgentStateError

DISCREPANCY_CONFIDENCE: Final = 0.7
"""How sure the agent is that a contradicted expectation means what the assumption says."""

Check = Literal["ids", "type", "count"]


@dataclass(frozen=True, slots=True)
class ToolResult:
    """What is structured in a tool's result; None where the tool reports nothing of the kind.

    ``ids=()`` is a structured answer (the tool found nothing), ``ids=None`` is none at all.
    """

    call_id: str
    """The tool call's id: the evidence a discrepancy points at."""
    ids: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if not self.call_id.strip():
            raise ValueError("a tool result needs its call id")
        if self.count is not None and self.count < 0:
            raise ValueError(f"a result's count cannot be negative, got {self.count}")
        for name in ("ids", "types"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, tuple(value))


class Outcome(StrEnum):
    MATCH = "match"
    MISMATCH = "mismatch"
    SKIP = "skip"


@dataclass(frozen=True, slots=True)
class Verdict:
    outcome: Outcome
    checked: tuple[Check, ...]
    """The checks made, in order; for a mismatch the last one is the one that failed."""
    reason: str


def match_expectation(expectation: Expectation, result: ToolResult) -> Verdict:
    """Check ``result`` against ``expectation``: ids, then type, then count."""
    checked: list[Check] = []
    expected_ids = expectation.get("expected_ids") or []
    if expected_ids and result.ids is not None:
        checked.append("ids")
        missing = [i for i in expected_ids if i not in result.ids]
        if missing:
            return _mismatch(checked, f"the result lacks {_listed(missing)}")
    expected_type = expectation.get("expected_type")
    if expected_type is not None and result.types is not None:
        checked.append("type")
        if expected_type not in result.types:
            got = _listed(list(result.types)) if result.types else "no type"
            return _mismatch(checked, f"the result holds {got}, not {expected_type!r}")
    expected_count = expectation.get("expected_count")
    if expected_count is not None and result.count is not None:
        checked.append("count")
        if result.count != expected_count:
            return _mismatch(checked, f"the result counts {result.count}, not {expected_count}")
    if not checked:
        return Verdict(Outcome.SKIP, (), _why_skipped(expectation, result))
    return Verdict(Outcome.MATCH, tuple(checked), f"{' and '.join(checked)} as expected")


def verification_delta(
    expectation: Expectation,
    result: ToolResult,
    verdict: Verdict,
    now: datetime,
    known: Collection[str] = (),
) -> dict[str, Any]:
    """The delta a verdict makes: confirm, or fail and add the discrepancy; a skip is empty.

    ``known``: the assumptions already held; a discrepancy among them is not added again
    (checking the same result twice records it once; only the check time moves).
    """
    if verdict.outcome is Outcome.SKIP:
        return {}
    checked = {"last_checked_at": format_ts(now)}
    if verdict.outcome is Outcome.MATCH:
        patch = {"status": "confirmed", **checked}
        return {"expectations": [{"op": "update", "id": expectation["id"], "patch": patch}]}
    discrepancy = {
        "id": discrepancy_id(expectation["id"], result.call_id),
        "hypothesis": (
            f"{expectation['action']} was expected to give "
            f"{expectation['expected_outcome']!r}, but {verdict.reason}"
        )[:2000],
        "confidence": DISCREPANCY_CONFIDENCE,
        "evidence": [result.call_id[:500]],
    }
    failed = {"op": "update", "id": expectation["id"], "patch": {"status": "failed", **checked}}
    if discrepancy["id"] in known:
        return {"expectations": [failed]}
    return {"expectations": [failed], "assumptions": [{"op": "add", "value": discrepancy}]}


def verify(
    state: AgentState, expectation_id: str, result: ToolResult, now: datetime
) -> tuple[AgentState, Verdict]:
    """Check the expectation ``expectation_id`` against ``result`` and apply the verdict.

    Checking the same result twice records its discrepancy once: the assumption is
    already there, so only the expectation's check time moves.
    """
    expectation = next((e for e in state["expectations"] if e["id"] == expectation_id), None)
    if expectation is None:
        raise AgentStateError(f"agent state: no expectation {expectation_id!r} to verify")
    verdict = match_expectation(expectation, result)
    known = {a["id"] for a in state["assumptions"]}
    delta = verification_delta(expectation, result, verdict, now, known)
    return apply_delta(state, delta, now), verdict


def discrepancy_id(expectation_id: str, call_id: str) -> str:
    """The id of the assumption one result's contradiction of one expectation adds."""
    digest = hashlib.sha256(f"{expectation_id}\n{call_id}".encode()).hexdigest()[:16]
    return f"discrepancy-{digest}"


def _mismatch(checked: list[Check], reason: str) -> Verdict:
    return Verdict(Outcome.MISMATCH, tuple(checked), reason)


def _listed(values: list[str]) -> str:
    shown = ", ".join(repr(v) for v in values[:5])
    return shown + (f" and {len(values) - 5} more" if len(values) > 5 else "")


def _why_skipped(expectation: Expectation, result: ToolResult) -> str:
    named = [
        check
        for check, key in (
            ("ids", "expected_ids"),
            ("type", "expected_type"),
            ("count", "expected_count"),
        )
        if expectation.get(key) not in (None, [])
    ]
    if not named:
        return "the expectation names no ids, type or count"
    return f"the result reports no {' or '.join(named)} to compare"
