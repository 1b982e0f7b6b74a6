"""Where the language model is and how far to trust it: plain data, no client library.

``core.settings`` reads it from CANON_LLM_*; importing it does not import ``openai``,
so commands that never ask a model start fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ResponseFormat = Literal["json_schema", "json_object"]
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
