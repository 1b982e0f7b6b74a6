"""The model behind the assistant: any OpenAI-compatible chat endpoint, through ``openai``.

``ChatModel`` is what the turn graph's model node needs: messages in, one assistant
message out (text, tool calls, or both). ``OpenAIChatModel`` speaks to a server named by
``CANON_LLM_*``; the bench uses an instant one to time the runtime without the model.
A failure is one ``ModelFailed`` naming why; the graph answers offline then.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, Protocol

import openai
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage

from core.conversation.tool_calls import parse_arguments
from core.errors import CanonError
from core.extraction.llm_config import LLMConfig

ToolChoice = Literal["auto", "required", "none"]


class ModelFailed(CanonError):
    """The model could not be asked, or its answer was unusable."""


class ChatModel(Protocol):
    window: int
    """The model's context window in tokens."""

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        """The model's answer; ``model`` names another model on the same server (a workflow
        state's own), None the configured one."""
        ...

    async def close(self) -> None: ...


def wire_messages(system: Sequence[str], messages: Sequence[AnyMessage]) -> list[dict[str, Any]]:
    """The prompt in the chat-completions shape: system texts first, then the messages."""
    out: list[dict[str, Any]] = [{"role": "system", "content": s} for s in system]
    for m in messages:
        text = m.content if isinstance(m.content, str) else json.dumps(m.content)
        if isinstance(m, HumanMessage):
            out.append({"role": "user", "content": text})
        elif isinstance(m, ToolMessage):
            out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": text})
        elif isinstance(m, AIMessage) and m.tool_calls:
            calls = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": json.dumps(c["args"])},
                }
                for c in m.tool_calls
            ]
            out.append({"role": "assistant", "content": text or None, "tool_calls": calls})
        elif isinstance(m, AIMessage):
            out.append({"role": "assistant", "content": text})
    return out


class OpenAIChatModel:
    """A ``ChatModel`` on an OpenAI-compatible server."""

    def __init__(self, config: LLMConfig, client: openai.AsyncOpenAI | None = None) -> None:
        self.config = config
        self.window = config.window
        self._client = client or openai.AsyncOpenAI(
            base_url=config.base_url,
            api_key=config.api_key,
            timeout=config.timeout_s,
            max_retries=config.max_retries,
        )

    async def close(self) -> None:
        await self._client.close()

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        kwargs: dict[str, Any] = {
            "model": model or self.config.model,
            "messages": wire_messages(system, messages),
        }
        if tools:
            kwargs["tools"] = list(tools)
            if tool_choice != "auto":
                kwargs["tool_choice"] = tool_choice
        try:
            completion = await self._client.chat.completions.create(**kwargs)
        except openai.OpenAIError as e:
            raise ModelFailed(f"{type(e).__name__}: {str(e)[:200]}") from e
        if not completion.choices:
            raise ModelFailed("the answer has no choices")
        message = completion.choices[0].message
        calls = [
            {
                "id": c.id,
                "name": c.function.name,
                "args": parse_arguments(c.function.arguments),
                "type": "tool_call",
            }
            for c in message.tool_calls or []
            if c.type == "function"
        ]
        text = (message.content or "").strip()
        if not calls and not text:
            raise ModelFailed("the answer is empty")
        return AIMessage(content=text, tool_calls=calls)
