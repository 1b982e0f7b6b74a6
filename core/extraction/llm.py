"""The optional LLM extractor: an OpenAI-compatible model, checked and backed by the rules.

Configured by ``CANON_LLM_BASE_URL``, ``CANON_LLM_MODEL`` and ``CANON_LLM_API_KEY``
(any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio), which
``core.settings`` reads into an ``LLMConfig``.
Each text is sent with few-shot examples for its domains and the answer
schema as ``response_format`` (``json_schema``; servers that refuse it get
``json_object`` and the schema in the prompt). The model is the primary
reader; the offline (linguistic) extractor reads every text too. Its reading
is returned whenever the model cannot be reached, is rate limited, times out,
or answers with anything that is not valid JSON for the schema and the field
catalogue; otherwise it checks the model's reading and may only downgrade it,
to hypothetical or historical or to asking the user (``reconcile.reconcile``).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, cast

import openai
from openai.types.chat import ChatCompletion

from core.errors import LLMUnusable
from core.extraction.llm_answer import model_extraction, parse_answer
from core.extraction.llm_config import LLMConfig, ResponseFormat
from core.extraction.offline import extract_offline
from core.extraction.prompts import SCHEMA_NAME, build_messages, wire_schema
from core.extraction.reconcile import reconcile
from core.extraction.types import Extraction, Extractor, ReadRequest, SourceKind, read_text

log = logging.getLogger(__name__)

FallbackKind = Literal[
    "timeout",
    "network",
    "rate_limited",
    "server_error",
    "auth",
    "http_error",
    "malformed_response",
    "refused",
    "truncated",
    "empty",
    "malformed_json",
    "schema_invalid",
    "invalid_field",
    "low_confidence",
]
_MAX_TEXT = 4000


@dataclass(frozen=True)
class LLMReport:
    """Which reading was used for one text, and why the model's was not."""

    used: Literal["llm", "offline"]
    fallback: FallbackKind | None = None
    detail: str = ""
    response_format: ResponseFormat | None = None


@dataclass(frozen=True)
class LLMResult:
    extraction: Extraction
    report: LLMReport


def request_kwargs(
    config: LLMConfig, fmt: ResponseFormat, request: ReadRequest, hinted: tuple[str, ...]
) -> dict[str, Any]:
    """The chat-completions arguments for one text (pure; both clients send these)."""
    response_format: dict[str, Any]
    if fmt == "json_schema":
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "schema": wire_schema(), "strict": True},
        }
    else:
        response_format = {"type": "json_object"}
    text, at, source = request.text[:_MAX_TEXT], request.at, request.source
    return {
        "model": config.model,
        "messages": build_messages(text, at, source, hinted, request.writer),
        "response_format": response_format,
        "temperature": 0,
    }


def answer_content(completion: ChatCompletion) -> str:
    """The text of the first choice, or ``LLMUnusable`` if there is none to read."""
    if not completion.choices:
        raise LLMUnusable("empty", "no choices in the completion")
    choice = completion.choices[0]
    message = choice.message
    if getattr(message, "refusal", None):
        raise LLMUnusable("refused", str(message.refusal)[:200])
    if choice.finish_reason == "length":
        raise LLMUnusable("truncated", "the answer was cut at the token limit")
    if not message.content:
        raise LLMUnusable("empty", "the answer has no content")
    return message.content


def translate(e: Exception) -> LLMUnusable:
    """A client error as the reason the offline reading is used."""
    if isinstance(e, openai.APITimeoutError):
        return LLMUnusable("timeout", "the model did not answer in time")
    if isinstance(e, openai.APIConnectionError):
        return LLMUnusable("network", str(e)[:200])
    if isinstance(e, openai.RateLimitError):
        return LLMUnusable("rate_limited", f"429 after retries: {_message(e)}")
    if isinstance(e, openai.AuthenticationError | openai.PermissionDeniedError):
        return LLMUnusable("auth", f"{e.status_code}: {_message(e)}")
    if isinstance(e, openai.APIStatusError):
        kind: FallbackKind = "server_error" if e.status_code >= 500 else "http_error"
        return LLMUnusable(kind, f"{e.status_code}: {_message(e)}")
    # APIResponseValidationError, or a body that is not JSON at all
    return LLMUnusable("malformed_response", f"{type(e).__name__}: {str(e)[:200]}")


def _message(e: openai.APIStatusError) -> str:
    body = e.body
    if isinstance(body, dict) and isinstance(body.get("message"), str):
        return str(body["message"])[:200]
    return str(e)[:200]


def _format_refused(e: Exception) -> bool:
    # vLLM, llama.cpp and older servers answer 400/422 to a json_schema response_format.
    return (
        isinstance(e, openai.BadRequestError | openai.UnprocessableEntityError)
        and "response_format" in str(e).lower()
    )


@dataclass(frozen=True)
class _Text:
    """One text to read, with the linguistic reading of it (the fallback and the check)."""

    request: ReadRequest
    offline: Extraction

    @property
    def hinted(self) -> tuple[str, ...]:
        return tuple(sorted({o.domain for o in self.offline.observations}))

    def chat_request(self, config: LLMConfig, fmt: ResponseFormat) -> dict[str, Any]:
        return request_kwargs(config, fmt, self.request, self.hinted)


def _conclude(
    t: _Text, completion: ChatCompletion, config: LLMConfig, fmt: ResponseFormat
) -> LLMResult:
    content = answer_content(completion)
    r = t.request
    answer = parse_answer(content, text=r.text, at=r.at, entity_id=r.entity_id)
    model = model_extraction(answer, t.offline.text, config.min_confidence)
    return LLMResult(reconcile(model, t.offline), LLMReport("llm", response_format=fmt))


def _fallen_back(t: _Text, e: Exception, fmt: ResponseFormat) -> LLMResult:
    reason = e if isinstance(e, LLMUnusable) else translate(e)
    # INFO, not WARNING: falling back is a designed path; the report carries the reason.
    log.info(
        "LLM extraction unusable (%s), using the offline reading: %s", reason.kind, reason.detail
    )
    kind = cast(FallbackKind, reason.kind)
    return LLMResult(t.offline, LLMReport("offline", kind, reason.detail, fmt))


_UNUSABLE = (LLMUnusable, openai.OpenAIError, ValueError)
"""Everything that makes the offline reading stand in (ValueError: a body that is not JSON)."""


class LLMExtractor:
    """An ``Extractor`` that reads with a model, checked by and falling back to ``fallback``.

    Thread-safe; the response format downgrades once, for good, if the server
    refuses ``json_schema``.
    """

    def __init__(
        self,
        config: LLMConfig,
        *,
        fallback: Extractor = extract_offline,
        client: openai.OpenAI | None = None,
    ) -> None:
        self.config = config
        self._fallback = fallback
        self._client = client or openai.OpenAI(
            base_url=config.base_url,
            api_key=config.api_key,
            timeout=config.timeout_s,
            max_retries=config.max_retries,
        )
        self._format: ResponseFormat = config.response_format
        self._lock = threading.Lock()

    def __call__(
        self,
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction:
        """The user's own ``text`` read (``read`` reads another writer's)."""
        request = ReadRequest(text, at, entity_id, source, known_people, recent_subject)
        return self.extract(request).extraction

    def read(self, request: ReadRequest) -> Extraction:
        return self.extract(request).extraction

    def extract(self, request: ReadRequest) -> LLMResult:
        """The extraction of ``request`` and a report of which reading it is: the prompt
        names its writer (the user, a household member, an assistant); the offline check
        reads the known people's names in lower case too, and a pronoun opening the text
        as the recent subject."""
        t = _Text(request, read_text(self._fallback, request))
        fmt = self._format
        try:
            try:
                completion = self._create(t, fmt)
            except openai.OpenAIError as e:
                if fmt != "json_schema" or not _format_refused(e):
                    raise
                log.info("model server refused json_schema; using json_object from now on")
                with self._lock:
                    self._format = fmt = "json_object"
                completion = self._create(t, fmt)
            return _conclude(t, completion, self.config, fmt)
        except _UNUSABLE as e:
            return _fallen_back(t, e, fmt)

    def _create(self, t: _Text, fmt: ResponseFormat) -> ChatCompletion:
        completion: ChatCompletion = self._client.chat.completions.create(
            **t.chat_request(self.config, fmt)
        )
        return completion

    def close(self) -> None:
        self._client.close()
