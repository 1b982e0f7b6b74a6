"""A strict fake of an OpenAI-compatible server, on 127.0.0.1, for the real ``openai`` client.

It serves ``POST /v1/chat/completions`` and ``GET /v1/models[/{id}]``, checks
the bearer key (401 in OpenAI's error shape) and every request against the
endpoint's rules (``openai_rules``: 400/404 like the real service), then
answers with the next scripted ``Reply`` (as server-sent chunks when the request
streams, as OpenClaw's client does): text, JSON, tool calls, a broken body, an API error (429 with Retry-After, 500, ...), or a delay longer than
the client's timeout. Every request is recorded for assertions.

Async tests ``async with FakeOpenAI() as server``; sync tests use
``fake_openai_in_thread()``, which runs the same server on its own loop in a
background thread. ``server.base_url`` is what the client's ``base_url`` takes.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from fakes.openai_rules import ApiError, check_chat_request

DEFAULT_KEY = "sk-test-canon-0123456789"
DEFAULT_MODEL = "gpt-fake-1"
CLIENT_GONE = 499
"""Recorded status of a request whose client hung up (timed out) before the answer."""
NO_ANSWER = 0
"""Recorded status of a request still waiting for its answer."""


class Reply:
    """One scripted answer of the fake."""


@dataclass(frozen=True)
class Content(Reply):
    """An assistant message with this text (a model's answer, JSON or not)."""

    text: str
    finish_reason: str = "stop"
    refusal: str | None = None


@dataclass(frozen=True)
class JSONContent(Reply):
    """An assistant message whose text is ``json.dumps(value)``."""

    value: Any


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: Mapping[str, Any] | str
    """A mapping is JSON-encoded; a string is sent as is (possibly broken JSON)."""
    id: str | None = None


@dataclass(frozen=True)
class ToolCalls(Reply):
    """An assistant message calling declared tools (finish_reason 'tool_calls')."""

    calls: tuple[ToolCall, ...]
    content: str | None = None
    offered_only: bool = True
    """False: a call may name a tool the request did not offer (real models hallucinate)."""


@dataclass(frozen=True)
class MalformedBody(Reply):
    """HTTP 200 with a body that is not JSON (a proxy or server cut it off)."""

    body: str = '{"id": "chatcmpl-cut", "object": "chat.completion", "choices": [{"ind'


@dataclass(frozen=True)
class ErrorReply(Reply):
    """An API error in OpenAI's shape, with extra headers (e.g. retry-after)."""

    error: ApiError
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Delay(Reply):
    """Answer ``then`` only after ``seconds``: longer than a client timeout, it times out."""

    seconds: float
    then: Reply = Content("late")


@dataclass(frozen=True)
class Held(Reply):
    """Answer ``then`` once the test sets ``gate`` (an event of the server's own loop): a
    slow model whose answer the test lets go when it has seen what it waits for, rather
    than one that takes so many seconds."""

    gate: asyncio.Event
    then: Reply = Content("late")


@dataclass(frozen=True)
class Dynamic(Reply):
    """Decide the reply from the request body (for multi-turn tool flows)."""

    fn: Callable[[dict[str, Any]], Reply]


def rate_limited(retry_after_ms: int = 5) -> ErrorReply:
    """429 as OpenAI sends it, asking to retry after ``retry_after_ms``."""
    return ErrorReply(
        ApiError(
            429,
            "Rate limit reached for requests. Please try again later.",
            "requests",
            None,
            "rate_limit_exceeded",
        ),
        {
            "retry-after": str(max(1, retry_after_ms // 1000)),
            "retry-after-ms": str(retry_after_ms),
            "x-ratelimit-remaining-requests": "0",
        },
    )


def server_error(retry_after_ms: int | None = None) -> ErrorReply:
    """500 as OpenAI sends it; ``retry_after_ms`` only to keep retry tests fast."""
    headers = {} if retry_after_ms is None else {"retry-after-ms": str(retry_after_ms)}
    return ErrorReply(
        ApiError(
            500,
            "The server had an error while processing your request. Sorry about that!",
            "server_error",
        ),
        headers,
    )


@dataclass
class RecordedRequest:
    """A request as received; ``status`` is filled in when the answer is decided."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    status: int = NO_ANSWER


class FakeOpenAI:
    """The fake server; see the module docstring. Thread-safe scripting and records."""

    def __init__(
        self,
        *,
        api_key: str = DEFAULT_KEY,
        models: tuple[str, ...] = (DEFAULT_MODEL,),
        supports_json_schema: bool = True,
    ) -> None:
        self.api_key = api_key
        self.models = models
        self.supports_json_schema = supports_json_schema
        self._script: deque[Reply] = deque()
        self._records: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self._closing: asyncio.Event | None = None
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *replies: Reply) -> None:
        """Queue replies for the next chat completions, in order."""
        with self._lock:
            self._script.extend(replies)

    def reset(self) -> None:
        """Forget queued replies and recorded requests."""
        with self._lock:
            self._script.clear()
            self._records.clear()

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._records)

    def chat_bodies(self) -> list[dict[str, Any]]:
        """The bodies of accepted chat-completion requests, in order."""
        return [
            r.body
            for r in self.requests
            if r.path == "/v1/chat/completions" and r.status not in (400, 401, 404)
        ]

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._script)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        app.router.add_get("/v1/models/{model}", self._model)
        self._closing = asyncio.Event()
        self._runner = web.AppRunner(
            app, access_log=None, handler_cancellation=True, shutdown_timeout=0.5
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def close(self) -> None:
        if self._closing is not None:
            self._closing.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeOpenAI:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- handlers -------------------------------------------------------------

    def _record(self, request: web.Request, body: Any, status: int = NO_ANSWER) -> RecordedRequest:
        record = RecordedRequest(request.method, request.path, dict(request.headers), body, status)
        with self._lock:
            self._records.append(record)
        return record

    def _auth_error(self, request: web.Request) -> ApiError | None:
        header = request.headers.get("Authorization", "")
        if not header.startswith("Bearer ") or not header[7:].strip():
            return ApiError(
                401,
                "You didn't provide an API key. You need to provide your API key in an "
                "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
            )
        given = header[7:].strip()
        if given != self.api_key:
            shown = f"{given[:3]}{'*' * 10}{given[-4:]}" if len(given) > 8 else "*" * len(given)
            return ApiError(
                401,
                f"Incorrect API key provided: {shown}. You can find your API key at "
                "https://platform.openai.com/account/api-keys.",
                "invalid_request_error",
                None,
                "invalid_api_key",
            )
        return None

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        raw = await request.read()
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
        problem = self._auth_error(request) or check_chat_request(
            body if isinstance(body, dict) else None,
            models=self.models,
            supports_json_schema=self.supports_json_schema,
        )
        if problem is not None:
            self._record(request, body, problem.status)
            return _error(problem)
        record = self._record(request, body)
        with self._lock:
            reply = self._script.popleft() if self._script else None
        if reply is None:
            record.status = 500
            return _script_error("no scripted reply left for this request")
        try:
            response = await self._answer(reply, body, request)
        except asyncio.CancelledError:
            record.status = CLIENT_GONE
            raise
        record.status = response.status
        return response

    async def _answer(
        self, reply: Reply, body: dict[str, Any], request: web.Request
    ) -> web.StreamResponse:
        if isinstance(reply, Dynamic):
            return await self._answer(reply.fn(body), body, request)
        if isinstance(reply, Delay):
            assert self._closing is not None
            with suppress(TimeoutError):  # closing the server ends every delay
                await asyncio.wait_for(self._closing.wait(), reply.seconds)
            return await self._answer(reply.then, body, request)
        if isinstance(reply, Held):
            assert self._closing is not None
            waits = {asyncio.ensure_future(e.wait()) for e in (reply.gate, self._closing)}
            try:  # closing the server ends every hold
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for wait in waits:
                    wait.cancel()
            return await self._answer(reply.then, body, request)
        if isinstance(reply, ErrorReply):
            return _error(reply.error, reply.headers)
        if isinstance(reply, MalformedBody):
            return web.Response(status=200, text=reply.body, content_type="application/json")
        if isinstance(reply, JSONContent):
            reply = Content(json.dumps(reply.value))
        if isinstance(reply, Content):
            if body.get("tool_choice") == "required" or isinstance(body.get("tool_choice"), dict):
                return _script_error("tool_choice forces a tool call but a text reply is scripted")
            message = {"role": "assistant", "content": reply.text, "refusal": reply.refusal}
            return await self._respond(
                request, body, self._completion(body, message, reply.finish_reason)
            )
        if isinstance(reply, ToolCalls):
            declared = {t["function"]["name"] for t in body.get("tools", [])}
            if body.get("tool_choice") == "none":
                return _script_error("tool_choice is 'none' but a tool call is scripted")
            calls = []
            for call in reply.calls:
                if call.name not in declared and reply.offered_only:
                    return _script_error(f"tool {call.name!r} is not among the request's tools")
                args = (
                    call.arguments
                    if isinstance(call.arguments, str)
                    else json.dumps(dict(call.arguments))
                )
                calls.append(
                    {
                        "id": call.id or f"call_{next(self._ids):08d}",
                        "type": "function",
                        "function": {"name": call.name, "arguments": args},
                    }
                )
            message = {
                "role": "assistant",
                "content": reply.content,
                "refusal": None,
                "tool_calls": calls,
            }
            return await self._respond(request, body, self._completion(body, message, "tool_calls"))
        raise TypeError(f"unknown reply {reply!r}")

    async def _respond(
        self, request: web.Request, body: dict[str, Any], completion: dict[str, Any]
    ) -> web.StreamResponse:
        """The completion as one JSON body, or as OpenAI's chunks when the request streams."""
        if not body.get("stream"):
            return web.json_response(completion)
        [choice] = completion["choices"]
        message = dict(choice["message"])
        delta: dict[str, Any] = {"role": "assistant", "content": message.get("content") or ""}
        if message.get("tool_calls"):
            delta["tool_calls"] = [{**c, "index": i} for i, c in enumerate(message["tool_calls"])]
        head = {k: completion[k] for k in ("id", "created", "model", "system_fingerprint")}
        chunk = {**head, "object": "chat.completion.chunk"}
        chunks = [
            {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
            {
                **chunk,
                "choices": [{"index": 0, "delta": {}, "finish_reason": choice["finish_reason"]}],
            },
        ]
        if (body.get("stream_options") or {}).get("include_usage"):
            chunks.append({**chunk, "choices": [], "usage": completion["usage"]})
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for c in chunks:
            await response.write(f"data: {json.dumps(c)}\n\n".encode())
        await response.write(b"data: [DONE]\n\n")
        await response.write_eof()
        return response

    def _completion(
        self, body: dict[str, Any], message: dict[str, Any], finish_reason: str
    ) -> dict[str, Any]:
        prompt = sum(len(json.dumps(m)) for m in body["messages"]) // 4
        completion = len(json.dumps(message)) // 4
        return {
            "id": f"chatcmpl-fake{next(self._ids):06d}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body["model"],
            "system_fingerprint": "fp_fake",
            "choices": [
                {
                    "index": 0,
                    "message": {**message, "annotations": []},
                    "logprobs": None,
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        }

    async def _models(self, request: web.Request) -> web.StreamResponse:
        problem = self._auth_error(request)
        self._record(request, None, problem.status if problem else 200)
        if problem:
            return _error(problem)
        return web.json_response({"object": "list", "data": [_model(m) for m in self.models]})

    async def _model(self, request: web.Request) -> web.StreamResponse:
        problem = self._auth_error(request)
        name = request.match_info["model"]
        if problem is None and name not in self.models:
            problem = ApiError(
                404,
                f"The model '{name}' does not exist",
                "invalid_request_error",
                "model",
                "model_not_found",
            )
        self._record(request, None, problem.status if problem else 200)
        return _error(problem) if problem else web.json_response(_model(name))


def _model(name: str) -> dict[str, Any]:
    return {"id": name, "object": "model", "created": 1700000000, "owned_by": "canon-fake"}


def _error(problem: ApiError, headers: Mapping[str, str] | None = None) -> web.Response:
    return web.json_response(problem.body(), status=problem.status, headers=dict(headers or {}))


def _script_error(message: str) -> web.Response:
    # x-should-retry: false keeps the client from retrying a test's own mistake.
    return _error(
        ApiError(500, f"fake script error: {message}", "server_error"),
        {"x-should-retry": "false"},
    )


@contextmanager
def fake_openai_in_thread(**kwargs: Any) -> Iterator[FakeOpenAI]:
    """The fake on its own event loop in a daemon thread, for synchronous clients."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="fake-openai", daemon=True)
    thread.start()
    server = FakeOpenAI(**kwargs)
    try:
        asyncio.run_coroutine_threadsafe(server.start(), loop).result(timeout=10)
        yield server
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        loop.close()
