"""What Canon's state tools promise and report, for the agent state and the citations.

Per tool (``core.conversation.tool_calls``), the planner's expectation of a call (only
where the call names something structured to check), what is structured in its result
(ids, types, a count), the entities it showed, and the citations it gives:

    tool                 expected before it runs               the result reports
    get_state(domain=d)  type d (and the entity, if named)     entity and entity/field ids,
                                                               the facts' domains, their count
    get_state()          nothing checkable: no expectation     (the same)
    get_pending          nothing checkable: no expectation     the fields, type "pending", count
    propose_observation  a question about entity/field, once   entity/field, "question" (or
                                                               "already_believed"), count
    any refusal/error    (as above)                            no ids, type "error", count 0

``after_tool`` applies all of it to the session's agent state (``core.agent.transition``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.agent.agent_state import AgentState, Entity, Expectation
from core.agent.expectations import ToolResult, Verdict
from core.agent.session import SourceCitation
from core.agent.transition import tool_transition


@dataclass(frozen=True, slots=True)
class AfterTool:
    state: AgentState
    verdict: Verdict | None
    citations: tuple[SourceCitation, ...]


def after_tool(
    state: AgentState,
    name: str,
    args: Mapping[str, Any],
    result: Any,
    *,
    call_key: str,
    speaker: str,
    now: datetime,
) -> AfterTool:
    """The agent state after one call of tool ``name``; ``call_key`` names the call uniquely
    in the session (the turn's id and the model's call id)."""
    transition = tool_transition(
        state,
        expectation=planned(call_key, name, args, speaker),
        result=reported(call_key, name, args, result, speaker),
        seen=seen_entities(name, result),
        now=now,
    )
    return AfterTool(transition.state, transition.verdict, citations(name, result, now))


def planned(call_key: str, name: str, args: Mapping[str, Any], speaker: str) -> Expectation | None:
    """The planner's expectation of a call, or None when it names nothing checkable."""
    entity = _text(args.get("entity_id")) or speaker
    if name == "get_state":
        domain = _text(args.get("domain"))
        named = _text(args.get("entity_id"))
        if domain is None and named is None:
            return None
        expectation = Expectation(
            id=_id("expect", call_key),
            action=f"get_state({', '.join(x for x in (domain, named) if x)})"[:200],
            expected_outcome=f"committed {domain or 'any'} facts of {named or 'the speaker'}",
            status="pending",
        )
        if domain is not None:
            expectation["expected_type"] = domain
        if named is not None:
            expectation["expected_ids"] = [_clean(named)]
        return expectation
    if name == "propose_observation":
        field = _text(args.get("field"))
        if field is None:
            return None
        value = str(args.get("value", ""))[:200]
        return Expectation(
            id=_id("expect", call_key),
            action=f"propose_observation({field} = {value})"[:200],
            expected_outcome=f"one question to the user about {field}"[:2000],
            expected_ids=[_clean(f"{entity}/{field}")],
            expected_type="question",
            expected_count=1,
            status="pending",
        )
    return None


def reported(
    call_key: str, name: str, args: Mapping[str, Any], result: Any, speaker: str
) -> ToolResult | None:
    """What is structured in a call's result; None when nothing is."""
    if isinstance(result, dict) and result.get("ok") is False:
        return ToolResult(call_key, ids=(), types=("error",), count=0)
    if name == "get_state" and isinstance(result, dict):
        ids: list[str] = []
        domains: list[str] = []
        count = 0
        for entity, facts in result.items():
            ids.append(_clean(str(entity)))
            if isinstance(facts, dict):
                for field in facts:
                    ids.append(_clean(f"{entity}/{field}"))
                    domains.append(str(field).split(".", 1)[0])
                    count += 1
        return ToolResult(call_key, tuple(ids), tuple(dict.fromkeys(domains)), count)
    if name == "get_pending" and isinstance(result, list):
        fields = [str(r.get("field")) for r in result if isinstance(r, dict)]
        return ToolResult(call_key, tuple(fields), ("pending",), len(fields))
    if name == "propose_observation" and isinstance(result, dict):
        field = _text(args.get("field"))
        entity = _text(args.get("entity_id")) or speaker
        ids_seen = (_clean(f"{entity}/{field}"),) if field else ()
        if result.get("status") == "already believed":
            return ToolResult(call_key, ids_seen, ("already_believed",), 0)
        if result.get("prompt_id"):
            return ToolResult(call_key, ids_seen, ("question",), 1)
    return None


def seen_entities(name: str, result: Any) -> list[Entity]:
    """The entities a result showed (get_state's), for the current understanding."""
    if name != "get_state" or not isinstance(result, dict) or result.get("ok") is False:
        return []
    return [
        Entity(id=_clean(str(entity)), kind=str(entity).split(":", 1)[0] or "entity")
        for entity in result
    ]


def citations(name: str, result: Any, now: datetime) -> tuple[SourceCitation, ...]:
    """One citation per committed fact a get_state result showed."""
    if name != "get_state" or not isinstance(result, dict) or result.get("ok") is False:
        return ()
    out = []
    for entity, facts in result.items():
        if not isinstance(facts, dict):
            continue
        for field, fact in facts.items():
            detail = fact if isinstance(fact, dict) else {"value": fact}
            snippet = ", ".join(
                str(detail[k]) for k in ("source", "age") if detail.get(k) is not None
            )
            out.append(
                SourceCitation(
                    source_id=f"{entity}/{field}",
                    label=f"{field} = {detail.get('value')}"[:200],
                    retrieved_at=now,
                    snippet=snippet[:200],
                )
            )
    return tuple(out)


def _text(value: object) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _clean(text: str) -> str:
    """An id as the agent state's schema takes it: no whitespace, at most 200 characters."""
    return re.sub(r"\s+", "_", text.strip())[:200] or "unnamed"


def _id(prefix: str, call_key: str) -> str:
    return _clean(f"{prefix}-{call_key}")
