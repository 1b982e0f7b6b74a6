"""The turn graph on its own: compression exactly at the 70% threshold, the offline and the
failed-model summaries, and the prompt's replay of the log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.runtime import Runtime

from core.agent.session import CanonQuestion, ErrorCode, SessionState
from core.conversation.assistant import AssistantGraph
from core.conversation.chat_model import ModelFailed, ToolChoice
from core.conversation.claims import NOTES, Action
from core.conversation.compression import THRESHOLD, prompt_tokens
from core.conversation.context import ContextBlock
from core.conversation.responder import ReplyRequest
from core.conversation.turn_context import Turn, TurnRoute, thread_id
from core.conversation.turn_prompt import SUMMARY_PROMPT, system_texts
from core.domain.chat_records import ChatMessage

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
CHAT = 42


class ScriptedModel:
    """A model that answers at once: a summary for the summary prompt, else "ok"."""

    def __init__(self, window: int, *, summary_fails: bool = False) -> None:
        self.window = window
        self.summary_fails = summary_fails
        self.calls: list[tuple[list[str], list[AnyMessage]]] = []

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        self.calls.append((list(system), list(messages)))
        if list(system) == [SUMMARY_PROMPT]:
            if self.summary_fails:
                raise ModelFailed("APITimeoutError: timed out")
            return AIMessage(content="The user told a long story.")
        return AIMessage(content="ok")

    async def close(self) -> None:
        return None


def request(texts: Sequence[str]) -> ReplyRequest:
    """A turn whose log holds ``texts`` (user and assistant in turn, the user's last)."""
    log = tuple(
        ChatMessage(
            seq=i + 1,
            id=f"m{i}",
            chat_id=CHAT,
            message_id=i + 1,
            user_id=CHAT,
            role="user" if i % 2 == 0 else "assistant",
            text=text,
            at=NOW,
        )
        for i, text in enumerate(texts)
    )
    return ReplyRequest(
        texts[-1],
        NOW,
        ContextBlock("Canon knows: travel.location = Tahoe", 1, 0, 10),
        (),
        (),
        log=log,
        chat_id=CHAT,
        speaker_id=CHAT,
        entities=("user:42",),
        turn_id=f"tg:{CHAT}:{len(texts)}",
    )


TEXTS = [f"{'user' if i % 2 == 0 else 'bot'} line {i}: " + "word " * 40 for i in range(7)]


def prompt_size(texts: Sequence[str]) -> int:
    messages = [
        HumanMessage(content=t) if i % 2 == 0 else AIMessage(content=t) for i, t in enumerate(texts)
    ]
    return prompt_tokens(system_texts(request(texts), None), messages)


def smallest_window_holding(tokens: int) -> int:
    """The smallest window whose 70% a prompt of ``tokens`` does not pass."""
    share, whole = THRESHOLD
    return -(-tokens * whole // share)


async def test_a_prompt_at_70_percent_is_sent_whole() -> None:
    tokens = prompt_size(TEXTS)
    model = ScriptedModel(smallest_window_holding(tokens))
    graph = AssistantGraph(model)
    reply = await graph.reply(request(TEXTS))
    assert reply.text == "ok"
    ((_system, messages),) = model.calls
    assert [m.content for m in messages] == TEXTS  # the log, oldest first
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    assert (session["token_count"], session["history_summary"]) == (tokens, None)


async def test_one_token_past_70_percent_the_older_turns_are_summarised() -> None:
    model = ScriptedModel(smallest_window_holding(prompt_size(TEXTS)) - 1)
    graph = AssistantGraph(model)
    await graph.reply(request(TEXTS))
    (summary_call, (system, messages)) = model.calls
    assert summary_call[0] == [SUMMARY_PROMPT]
    assert "line 0" in str(summary_call[1][0].content)
    assert [m.content for m in messages] == TEXTS[-4:]  # the newest turns, verbatim
    assert "Earlier in this conversation (summary): The user told a long story." in system[1]
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    assert session["history_summary"] == "The user told a long story."
    assert session["scratchpad"]["summarised_through_seq"] == 3

    # The next turn replays the log after what was summarised, not the whole window.
    more = [*TEXTS, "ok", "and one more thing"]
    await graph.reply(request(more))
    _system, messages = model.calls[-1]
    assert [m.content for m in messages] == more[3:]


async def test_a_failed_summary_falls_back_to_the_users_own_words() -> None:
    model = ScriptedModel(smallest_window_holding(prompt_size(TEXTS)) - 1, summary_fails=True)
    graph = AssistantGraph(model)
    reply = await graph.reply(request(TEXTS))
    assert reply.text == "ok"
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    summary = session["history_summary"]
    assert summary is not None
    assert summary.startswith("Earlier the user said: user line 0")
    assert [(e.code, e.node) for e in session["errors"]] == [(ErrorCode.LLM_ERROR, "compress")]


@pytest.mark.parametrize("words", [10, 1_500])
async def test_offline_the_graph_answers_from_state_and_compresses_extractively(
    words: int,
) -> None:
    texts = [f"line {i}: " + "word " * words for i in range(6)] + ["hello"]
    graph = AssistantGraph()
    reply = await graph.reply(request(texts))
    assert reply.text.startswith("Hi!")
    assert reply.via == "offline"
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    if words == 10:
        assert session["history_summary"] is None
    else:  # 6 x 1,500 words pass 70% of the offline window
        assert (session["history_summary"] or "").startswith("Earlier the user said: line 0")


async def test_a_route_takes_the_turn_when_it_wants_it_and_its_answer_is_claim_checked() -> None:
    async def setup_step(state: SessionState, runtime: Runtime[Turn]) -> dict[str, Any]:
        return {"messages": [AIMessage(content="Step 2 of 4. I've saved your calendar.")]}

    route = TurnRoute("setup", setup_step, lambda s: s["scratchpad"].get("in_setup") is True)
    model = ScriptedModel(100_000)
    graph = AssistantGraph(model, routes=[route])
    assert (await graph.reply(request(["hello"]))).text == "ok"  # not in setup: the model
    config: Any = {"configurable": {"thread_id": thread_id("chat", "user:42", CHAT)}}
    await graph.graph.aupdate_state(config, {"scratchpad": {"in_setup": True}})
    reply = await graph.reply(request(["hello", "ok", "next"]))
    assert reply.text == f"Step 2 of 4.\n{NOTES[Action.RECORD]}"
    assert len(model.calls) == 1


async def test_an_open_canon_question_is_the_sessions_pending_approval_and_in_the_prompt() -> None:
    question = CanonQuestion(
        "tok-1", NOW, "Are you in Reno?", "item-1", "user:42", "travel.location"
    )
    model = ScriptedModel(128_000)
    graph = AssistantGraph(model)
    await graph.reply(replace(request(["hi"]), open_question=question))
    (system, _messages) = model.calls[-1]
    assert 'waiting for their answer (Yes / No / Edit buttons): "Are you in Reno?"' in system[1]
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    assert session["pending_approval"] == question

    await graph.reply(request(["hi", "ok", "and now?"]))  # answered since: nothing pending
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    assert session["pending_approval"] is None
    assert "waiting for their answer" not in model.calls[-1][0][1]


async def test_a_plain_turn_is_one_step_with_the_state_of_two() -> None:
    """``prepare`` answers a plain turn in its own step: the session it leaves is the log's
    messages and the answer, once each, and the next turn starts from it."""
    graph = AssistantGraph(ScriptedModel(128_000))
    config: Any = {"configurable": {"thread_id": thread_id("chat", "user:42", CHAT)}}
    steps: list[str] = []
    turn = Turn(request(["hello"]), None, "tg:42:1", "session")
    start: Any = {}
    async for update in graph.graph.astream(start, config, context=turn, stream_mode="updates"):
        steps.extend(update)
    assert steps == ["prepare"]
    second = request(["hello", "ok", "and now?"])
    await graph.reply(second)
    session = await graph.session(thread_id("chat", "user:42", CHAT))
    assert session is not None
    assert [(type(m).__name__, m.content) for m in session["messages"]] == [
        ("HumanMessage", "hello"),
        ("AIMessage", "ok"),
        ("HumanMessage", "and now?"),
        ("AIMessage", "ok"),
    ]
    assert session["errors"] == []


@pytest.mark.parametrize("asked", ["what do you know about me?", "what do u know abt me"])
async def test_canons_own_offline_answer_is_not_claim_checked(asked: str) -> None:
    """The claim check is for a model's words. Canon's own answer with nothing known
    ("Tell me what's going on and I'll remember it") is a promise it keeps: it goes out
    whole, with no "Nothing has been saved yet" after it."""
    reply = await AssistantGraph().reply(request([asked]))
    assert reply.via == "offline"
    assert reply.text.startswith("Nothing yet."), reply.text
    assert "I'll remember it" in reply.text
    assert all(note not in reply.text for note in NOTES.values()), reply.text
