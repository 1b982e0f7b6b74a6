"""Where the language model is and how far to trust it: plain data, no client library.

``core.settings`` reads it from CANON_LLM_*; importing it does not import ``openai``,
so commands that never ask a model start fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ResponseFormat = Literal["json_schema", "json_object"]
SummariseMode = Literal["off", "tool_turns", "every_turn"]
"""Which turns the end-of-turn summariser reads (``core.conversation.turn_summary``)."""
NO_KEY = "canon-no-key"
"""Local servers (Ollama, llama.cpp) want no key, but the client insists on one."""


@dataclass(frozen=True)
class LLMConfig:
    """An OpenAI-compatible model's address, key and limits."""

    base_url: str
    model: str
    api_key: str = field(default=NO_KEY, repr=False)
    timeout_s: float = 20.0
    min_confidence: float = 0.6
    """Model observations less sure than this are dropped; if that is all of them, the
    offline reading is used instead."""
    max_retries: int = 2
    """Retries on 408/409/429/5xx and timeouts, honouring Retry-After."""
    response_format: ResponseFormat = "json_schema"
    context_window: int | None = None
    """Tokens the model reads at most (CANON_LLM_CONTEXT_WINDOW); None: by the model's name."""
    summarise: SummariseMode = "tool_turns"
    """Which turns the model reconciles the agent state after (CANON_LLM_SUMMARISE): one
    more call per such turn, after the reply is sent."""

    @property
    def window(self) -> int:
        """The context window: configured, else known for the model's name, else 8,192."""
        if self.context_window is not None:
            return self.context_window
        name = self.model.lower()
        for prefix, tokens in KNOWN_CONTEXT_WINDOWS:
            if name.startswith(prefix):
                return tokens
        return DEFAULT_CONTEXT_WINDOW


DEFAULT_CONTEXT_WINDOW = 8_192
"""A small model's window: compressing too early costs a summary, too late costs the answer."""
KNOWN_CONTEXT_WINDOWS: tuple[tuple[str, int], ...] = (
    ("gpt-4.1", 1_047_576),
    ("gpt-4o", 128_000),
    ("gpt-4-turbo", 128_000),
    ("gpt-5", 400_000),
    ("o3", 200_000),
    ("o4", 200_000),
    ("gpt-3.5-turbo", 16_385),
    ("claude", 200_000),
    ("llama3.1", 128_000),
    ("llama3", 8_192),
    ("qwen2.5", 32_768),
    ("mistral", 32_768),
)
"""Context windows by model-name prefix, most specific first (first match wins)."""
