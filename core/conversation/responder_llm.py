"""The model's reply: system prompt + context block + the last 20 messages, with tools.

Uses the ``openai`` client against any OpenAI-compatible server (configured by
``CANON_LLM_*``, see core.extraction.llm). The model may call ``get_state``,
``get_pending`` and ``propose_observation``; proposals become ``agent``
evidence that the user confirms. Any failure of the model (timeout, 429 after
retries, a broken answer) falls back to the offline responder, so the user
always gets an answer.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import openai

from core.conversation.responder import (
    HISTORY_MESSAGES,
    OfflineResponder,
    Reply,
    ReplyRequest,
    StateTools,
)
from core.errors import CanonError
from core.extraction.llm_config import LLMConfig

log = logging.getLogger(__name__)
MAX_TOOL_ROUNDS = 3

SYSTEM_PROMPT = (
    "You are the user's personal assistant. The block below, from Canon, is the "
    "canonical state of the user's world: trust it over anything older in the "
    "conversation, never state a pending or expired item as fact, and if the user "
    "tells you something changed, call propose_observation so they can confirm it. "
    "Reply briefly and plainly."
)

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_state",
            "description": "Committed facts about the user, optionally for one domain.",
            "parameters": {
                "type": "object",
                "properties": {
                    "domain": {
                        "type": "string",
                        "enum": ["travel", "family", "project", "financial", "profile"],
                    }
                },
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "get_pending",
            "description": "Changes waiting for the user's confirmation.",
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "propose_observation",
            "description": (
                "Propose a change to a field (e.g. travel.location = 'Tahoe'); "
                "the user is asked to confirm it, nothing changes before that."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "field": {"type": "string"},
                    "value": {"type": ["string", "number", "boolean"]},
                    "reason": {"type": "string"},
                },
                "required": ["field", "value"],
                "additionalProperties": False,
            },
        },
    },
]


class LLMResponder:
    """A ``Responder`` backed by an OpenAI-compatible chat model."""

    def __init__(self, config: LLMConfig, client: openai.AsyncOpenAI | None = None) -> None:
        self.config = config
        self._client = client or openai.AsyncOpenAI(
            base_url=config.base_url,
            api_key=config.api_key,
            timeout=config.timeout_s,
            max_retries=config.max_retries,
        )
        self._offline = OfflineResponder()

    async def close(self) -> None:
        await self._client.close()

    async def reply(self, request: ReplyRequest, tools: StateTools | None = None) -> Reply:
        messages = build_messages(request)
        try:
            for _ in range(MAX_TOOL_ROUNDS + 1):
                kwargs: dict[str, Any] = {"model": self.config.model, "messages": messages}
                if tools is not None:
                    kwargs["tools"] = TOOLS
                completion = await self._client.chat.completions.create(**kwargs)
                if not completion.choices:
                    raise ValueError("the answer has no choices")
                message = completion.choices[0].message
                calls = message.tool_calls or []
                if not calls or tools is None:
                    text = (message.content or "").strip()
                    if not text:
                        raise ValueError("the answer is empty")
                    proposals = tuple(tools.proposals) if tools else ()
                    return Reply(text, proposals, via="llm")
                messages.append(
                    {
                        "role": "assistant",
                        "content": message.content,
                        "tool_calls": [
                            {
                                "id": c.id,
                                "type": "function",
                                "function": {
                                    "name": c.function.name,
                                    "arguments": c.function.arguments,
                                },
                            }
                            for c in calls
                        ],
                    }
                )
                for call in calls:
                    result = await _run_tool(tools, call.function.name, call.function.arguments)
                    messages.append(
                        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)}
                    )
            raise ValueError("the model kept calling tools")
        except (openai.OpenAIError, ValueError) as e:
            log.warning("model reply failed, answering offline: %s", e)
            fallback = await self._offline.reply(request)
            proposals = tuple(tools.proposals) if tools else ()
            return Reply(fallback.text, proposals, via=f"offline ({type(e).__name__})")


def build_messages(request: ReplyRequest) -> list[dict[str, Any]]:
    """System prompt, context block, then the last messages in chronological order."""
    history = list(request.history[-HISTORY_MESSAGES:])
    if not history or history[-1] != ("user", request.text):
        history = [*history[-(HISTORY_MESSAGES - 1) :], ("user", request.text)]
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "system", "content": request.context.text},
        *({"role": role, "content": text} for role, text in history),
    ]


async def _run_tool(tools: StateTools, name: str, arguments: str) -> Any:
    """Run one tool call; a bad call is answered with an error the model can read."""
    try:
        args = json.loads(arguments or "{}")
        if not isinstance(args, dict):
            raise ValueError("arguments must be an object")
        if name == "get_state":
            return await tools.get_state(args.get("domain"))
        if name == "get_pending":
            return await tools.get_pending()
        if name == "propose_observation":
            value = args.get("value")
            if not isinstance(value, str | int | float | bool):
                raise ValueError("value must be text, a number or true/false")
            return await tools.propose_observation(
                str(args["field"]), value, reason=str(args.get("reason", ""))
            )
        return {"ok": False, "error": f"no tool {name!r}"}
    except (ValueError, KeyError, TypeError, CanonError) as e:
        return {"ok": False, "error": str(e)[:200]}
