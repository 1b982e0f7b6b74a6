"""A workflow's turn, driven by the model: the turn graph's route while the chat is in one.

    prepare -> [compress] -> workflow -> claim_check

The route takes the turn when the session's ``workflow`` channel holds the chat's active
workflow (``prepare`` puts it there from ``ReplyRequest.workflow``, which CanonChat fills
only when a model answers). Each round the model is asked with the plan of the state the
workflow is in (``WorkflowRunner.plan``, the design's prepareStep):

- the usual two system messages (who is speaking and the rules; Canon's context block),
  then the state's ``instructions`` as a third;
- ONLY the state's tools, as function specs (none under ``tool_choice: none``), with the
  state's tool choice (``required`` holds for the first round only) and its model.

Canon's own state tools (get_state, get_pending, propose_observation), where the state
lists them, run on the turn's ``StateTools`` like the model node's calls (``tool_node``:
the speaker's entities only, agent-state transitions, citations). Every other tool call
goes through ``WorkflowRunner.call``: the workflow graph gates it (a tool
outside the state's list is refused there, logged and recorded in the workflow's errors),
runs it and takes the transitions it triggers. The result goes back to the model as a
``ToolMessage`` (status ``error`` when it failed or was refused); a refusal is recorded in
the session's errors as TOOL_REFUSED too. After tool results the model is asked again, with
the plan of the state the workflow is in now, until it answers in words (at most
``MAX_TOOL_ROUNDS`` rounds of tools). A tool's ``text`` argument defaults to the user's
message. When the model fails, the state's ``message_tool`` takes the user's words as it
does with no model. The answer is claim-checked like the model's; the session's
``workflow`` channel ends as the runner's workflow (None once it is over).
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage
from langgraph.runtime import Runtime

from core.agent.session import AgentError, ErrorCode, JsonObject, SessionState, SourceCitation
from core.conversation.chat_model import ChatModel, ModelFailed, ToolChoice
from core.conversation.tool_calls import TOOL_NAMES
from core.conversation.tool_node import run_state_calls
from core.conversation.turn_context import MAX_TOOL_ROUNDS, Turn, TurnRoute
from core.conversation.turn_prompt import agent_notes, system_texts
from core.conversation.workflows import Running
from core.workflows.runner import StepPlan, WorkflowStep

ROUTE = "workflow"
"""The route's node name in the turn graph."""


def workflow_route(model: ChatModel) -> TurnRoute:
    """The route that lets ``model`` drive the chat's active workflow."""

    async def drive(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        turn = runtime.context
        request = turn.request
        running = request.workflow
        assert running is not None  # the route is taken only when prepare saw one
        entity = request.entities[0] if request.entities else "unknown"
        system = system_texts(request, state.get("history_summary"), agent_notes(state))
        step = running.step
        added: list[AnyMessage] = []
        errors: list[AgentError] = []
        agent = state["agent_state"]
        cited: list[SourceCitation] = []
        answer: AIMessage | None = None
        for rounds in range(MAX_TOOL_ROUNDS + 1):
            plan = running.runner.plan(_state_of(step))
            last = rounds == MAX_TOOL_ROUNDS  # tools have had their rounds: words now
            try:
                reply = await model.complete(
                    [*system, plan.instructions],
                    [*state["messages"], *added],
                    [] if last else running.runner.functions(plan),
                    "auto" if last else _choice(plan, rounds),
                    model=plan.model,
                )
                if last and reply.tool_calls:
                    raise ModelFailed("the model kept calling tools")
            except ModelFailed as e:
                errors.append(_error(ErrorCode.LLM_ERROR, str(e), turn))
                if not added:  # nothing ran yet: the user's words go where they go offline
                    step = await _offline(running, step, turn, entity)
                    if step.outcome is not None:  # what the claim check reads
                        added.append(_result(step.outcome, f"{turn.turn_id}-offline", turn))
                text = _said(step) or step.definition.state(_state_of(step)).entry_text
                answer = _answer(text, f"{turn.turn_id}-ai", f"offline ({e})")
                break
            if not reply.tool_calls:
                answer = _answer(str(reply.content), f"{turn.turn_id}-ai-{rounds}", "llm")
                break
            added.append(
                AIMessage(
                    content=reply.content,
                    tool_calls=reply.tool_calls,
                    id=f"{turn.turn_id}-ai-{rounds}",
                    response_metadata={"via": "llm"},
                )
            )
            for call in reply.tool_calls:
                if call["name"] in TOOL_NAMES and call["name"] in plan.tools and turn.tools:
                    # Canon's own state tools, where the state allows them: on the
                    # speaker's StateTools, like the model node's calls.
                    done = await run_state_calls(
                        turn.tools,
                        [call],
                        agent_state=agent,
                        sources=[*state["sources"], *cited],
                        turn_id=turn.turn_id,
                        now=request.now,
                        node=ROUTE,
                    )
                    added.extend(done.messages)
                    errors.extend(done.errors)
                    agent = done.agent_state
                    cited.extend(done.sources)
                    continue
                problem = call["name"] in plan.tools and running.runner.argument_errors(
                    call["name"], call["args"]
                )
                if problem:
                    # Nothing runs on arguments the tool's own schema forbids.
                    errors.append(_error(ErrorCode.TOOL_ERROR, problem, turn))
                    refused: JsonObject = {"tool": call["name"], "ok": False, "message": problem}
                    added.append(_result(refused, call["id"] or "", turn))
                    continue
                args: JsonObject = {"text": request.text, **call["args"]}
                args["message_ref"] = turn.turn_id
                step = await running.runner.call(
                    running.thread, entity, call["name"], args, request.now
                )
                outcome = step.outcome or {"tool": call["name"], "ok": False, "message": ""}
                if step.refused:
                    message = str(outcome.get("message", ""))
                    errors.append(_error(ErrorCode.TOOL_REFUSED, message, turn))
                added.append(_result(outcome, call["id"] or "", turn))
        assert answer is not None
        current = await running.runner.current(running.thread)
        workflow = current.workflow if current.active else None  # a finished one is left
        return {
            "messages": [*added, answer],
            "errors": errors,
            "workflow": workflow,
            "agent_state": agent,
            "sources": cited,
        }

    return TurnRoute(ROUTE, drive, lambda state: state.get("workflow") is not None)


def _state_of(step: WorkflowStep) -> str:
    assert step.state is not None  # a running workflow is always in a state
    return step.state


def _choice(plan: StepPlan, rounds: int) -> ToolChoice:
    """The state's tool choice; ``required`` only until a tool ran, or no answer could end."""
    if plan.tool_choice == "required" and rounds > 0:
        return "auto"
    return plan.tool_choice


async def _offline(running: Running, step: WorkflowStep, turn: Turn, entity: str) -> WorkflowStep:
    """The state's message tool on the user's words ("skip" skips), as with no model."""
    request = turn.request
    taken = await running.take_message(entity, request.text, turn.turn_id, request.now)
    return step if taken is None else taken


def _result(outcome: JsonObject, call_id: str, turn: Turn) -> ToolMessage:
    """A tool's outcome as the model (and the claim check) reads it."""
    return ToolMessage(
        content=json.dumps(outcome, default=str),
        tool_call_id=call_id,
        name=str(outcome.get("tool", "")),
        id=f"{turn.turn_id}-tool-{call_id}",
        status="success" if outcome.get("ok") else "error",
    )


def _said(step: WorkflowStep) -> str:
    return "" if step.outcome is None else str(step.outcome.get("message", ""))


def _answer(text: str, message_id: str, via: str) -> AIMessage:
    return AIMessage(content=text, id=message_id, response_metadata={"via": via})


def _error(code: ErrorCode, message: str, turn: Turn) -> AgentError:
    return AgentError(code, message[:300], turn.request.now, recoverable=True, node=ROUTE)
