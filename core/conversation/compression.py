"""History compression: when the prompt would pass 70% of the model's window, older turns
are summarised into the session's history summary and dropped from the PROMPT.

The append-only conversation log keeps every message; only what the model is shown
shrinks. Sizes are estimated (four characters a token, plus a little per message),
which is what a budget needs: the same text always gives the same count. Pure.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.messages import AnyMessage, HumanMessage

from core.conversation.context import estimate_tokens

THRESHOLD = (7, 10)
"""Compress when the prompt would exceed this share of the context window (70%), kept as a
fraction so the comparison is exact in integers."""
KEEP_RECENT = 4
"""Messages never summarised: the newest turns stay verbatim (the current one among them)."""
PER_MESSAGE_TOKENS = 4
"""A message's framing (role, separators) in tokens."""
NO_CALLS_TOKENS = estimate_tokens("[]")
"""What an empty list of tool calls counts (the estimate counts its JSON, ``[]``)."""
SUMMARY_CHARS = 1_200
"""An extractive summary keeps at most this much text."""
LINE_CHARS = 160
"""Each thing the user said is kept to this much of its beginning."""


def message_tokens(message: AnyMessage) -> int:
    """A message's estimated size, its tool calls included."""
    content = message.content if isinstance(message.content, str) else json.dumps(message.content)
    calls = getattr(message, "tool_calls", None) or []
    # Most messages have no tool calls: "[]" is one token, without a json.dumps per message.
    written = estimate_tokens(json.dumps(calls)) if calls else NO_CALLS_TOKENS
    return PER_MESSAGE_TOKENS + estimate_tokens(content) + written


def prompt_tokens(system: Sequence[str], messages: Sequence[AnyMessage]) -> int:
    """The estimated size of a prompt: its system texts and its messages."""
    return sum(PER_MESSAGE_TOKENS + estimate_tokens(s) for s in system) + sum(
        message_tokens(m) for m in messages
    )


def over_threshold(tokens: int, window: int) -> bool:
    """Whether a prompt of ``tokens`` passes 70% of a ``window``-token context."""
    share, whole = THRESHOLD
    return tokens * whole > window * share


@dataclass(frozen=True)
class Split:
    """The prompt's messages cut in two: what is summarised, and what stays verbatim."""

    older: tuple[AnyMessage, ...]
    recent: tuple[AnyMessage, ...]


def split_for_summary(messages: Sequence[AnyMessage], keep: int = KEEP_RECENT) -> Split:
    """All but the newest ``keep`` messages are summarised; nothing when that is nothing."""
    if len(messages) <= keep:
        return Split((), tuple(messages))
    return Split(tuple(messages[:-keep]), tuple(messages[-keep:]))


def transcript(messages: Sequence[AnyMessage]) -> str:
    """Messages as "User: ..." / "Assistant: ..." lines, for a summary to be made from."""
    lines = []
    for m in messages:
        who = "User" if isinstance(m, HumanMessage) else "Assistant"
        text = m.content if isinstance(m.content, str) else json.dumps(m.content)
        lines.append(f"{who}: {' '.join(text.split())}")
    return "\n".join(lines)


def extractive_summary(previous: str | None, messages: Sequence[AnyMessage]) -> str:
    """The offline summary: the earlier summary, then what the user said, newest kept first
    when the length runs out (the user's words are what later turns refer back to)."""
    said = [
        _clip(" ".join(m.content.split()))
        for m in messages
        if isinstance(m, HumanMessage) and isinstance(m.content, str) and m.content.strip()
    ]
    head = f"{previous.strip()}\n" if previous and previous.strip() else ""
    budget = max(0, SUMMARY_CHARS - len(head) - len("Earlier the user said: "))
    kept: list[str] = []
    for line in reversed(said):
        if len(line) + 3 > budget:
            break
        kept.insert(0, line)
        budget -= len(line) + 3
    if not kept:
        return head.strip() or "Earlier turns were about nothing Canon recorded."
    return f"{head}Earlier the user said: " + " | ".join(kept)


def _clip(line: str) -> str:
    return line if len(line) <= LINE_CHARS else line[: LINE_CHARS - 1].rstrip() + "…"
