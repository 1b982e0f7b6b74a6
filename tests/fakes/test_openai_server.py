"""The fake OpenAI server is as strict as the real one, driven through the real ``openai`` client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import openai
import pytest

from fakes.openai_server import (
    CLIENT_GONE,
    DEFAULT_KEY,
    DEFAULT_MODEL,
    NO_ANSWER,
    Content,
    Delay,
    Dynamic,
    FakeOpenAI,
    JSONContent,
    MalformedBody,
    Reply,
    ToolCall,
    ToolCalls,
    fake_openai_in_thread,
    rate_limited,
    server_error,
)

pytestmark = pytest.mark.timeout(30)

USER = {"role": "user", "content": "Reply in json please"}
WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Weather for a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
            "additionalProperties": False,
        },
        "strict": True,
    },
}


@pytest.fixture(scope="module")
def running() -> Iterator[FakeOpenAI]:
    with fake_openai_in_thread() as server:
        yield server


@pytest.fixture
def server(running: FakeOpenAI) -> FakeOpenAI:
    running.reset()
    return running


@pytest.fixture
def client(server: FakeOpenAI) -> Iterator[openai.OpenAI]:
    c = openai.OpenAI(base_url=server.base_url, api_key=DEFAULT_KEY, timeout=2, max_retries=2)
    yield c
    c.close()


def create(client: openai.OpenAI, **overrides: Any) -> Any:
    kwargs: dict[str, Any] = {"model": DEFAULT_MODEL, "messages": [USER], **overrides}
    return client.chat.completions.create(**kwargs)


# -- requests the real service refuses ---------------------------------------------------

REFUSED: list[tuple[str, dict[str, Any], str | None]] = [
    ("unknown role", {"messages": [{"role": "robot", "content": "x"}]}, "messages[0].role"),
    ("empty messages", {"messages": []}, "messages"),
    ("user without content", {"messages": [{"role": "user"}]}, "messages[0].content"),
    (
        "content part of an unknown type",
        {"messages": [{"role": "system", "content": [{"type": "image_url", "image_url": {}}]}]},
        "messages[0].content[0]",
    ),
    (
        "tool answer without a tool call before it",
        {"messages": [USER, {"role": "tool", "tool_call_id": "call_1", "content": "18C"}]},
        "messages[1].role",
    ),
    (
        "tool call left unanswered",
        {
            "messages": [
                USER,
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "get_weather", "arguments": "{}"},
                        }
                    ],
                },
                USER,
            ],
            "tools": [WEATHER_TOOL],
        },
        "messages[2]",
    ),
    (
        "json_object without the word json",
        {
            "messages": [{"role": "user", "content": "hello"}],
            "response_format": {"type": "json_object"},
        },
        "messages",
    ),
    (
        "strict schema with an optional property",
        {
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": "answer",
                    "strict": True,
                    "schema": {
                        "type": "object",
                        "properties": {"a": {"type": "string"}},
                        "additionalProperties": False,
                    },
                },
            }
        },
        "response_format",
    ),
    (
        "schema whose root is not an object",
        {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "answer", "schema": {"type": "array"}},
            }
        },
        "response_format",
    ),
    (
        "schema name with spaces",
        {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "my answer", "schema": {"type": "object"}},
            }
        },
        "response_format.json_schema.name",
    ),
    ("unknown response_format type", {"response_format": {"type": "yaml"}}, "response_format.type"),
    ("tool_choice without tools", {"tool_choice": "auto"}, "tool_choice"),
    (
        "tool_choice naming an undeclared tool",
        {
            "tools": [WEATHER_TOOL],
            "tool_choice": {"type": "function", "function": {"name": "send_email"}},
        },
        "tool_choice",
    ),
    (
        "tool name with a dot",
        {"tools": [{"type": "function", "function": {"name": "get.weather"}}]},
        "tools[0].function.name",
    ),
    ("temperature above 2", {"temperature": 3}, "temperature"),
    (
        "stream options without streaming",
        {"stream_options": {"include_usage": True}},
        "stream_options",
    ),
]


@pytest.mark.parametrize(
    ("overrides", "param"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED]
)
def test_invalid_requests_get_400_in_openai_error_shape(
    client: openai.OpenAI, server: FakeOpenAI, overrides: dict[str, Any], param: str | None
) -> None:
    server.script(Content("never sent"))
    with pytest.raises(openai.BadRequestError) as info:
        create(client, **overrides)
    assert info.value.status_code == 400
    assert isinstance(info.value.body, dict)
    assert set(info.value.body) == {"message", "type", "param", "code"}
    assert info.value.body["type"] == "invalid_request_error"
    assert info.value.body["param"] == param
    assert server.pending == 1, "a refused request consumes no scripted reply"


def test_a_streamed_request_gets_the_reply_in_chunks(
    client: openai.OpenAI, server: FakeOpenAI
) -> None:
    server.script(
        Content("streamed hello"), ToolCalls((ToolCall("get_state", {"domain": "travel"}),))
    )
    chunks = list(
        client.chat.completions.create(
            model=DEFAULT_MODEL,
            messages=[{"role": "user", "content": "hi"}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == (
        "streamed hello"
    )
    assert chunks[-1].usage is not None
    assert chunks[-1].usage.total_tokens > 0
    params = {"type": "object", "properties": {}}
    tools = [{"type": "function", "function": {"name": "get_state", "parameters": params}}]
    stream = client.chat.completions.create(
        model=DEFAULT_MODEL, messages=[{"role": "user", "content": "hi"}], stream=True, tools=tools
    )
    [call] = [t for c in stream if c.choices for t in c.choices[0].delta.tool_calls or ()]
    assert call.function is not None
    assert call.function.name == "get_state"
    assert json.loads(call.function.arguments or "") == {"domain": "travel"}


def test_unknown_arguments_are_refused(client: openai.OpenAI, server: FakeOpenAI) -> None:
    with pytest.raises(openai.BadRequestError, match="Unrecognized request argument supplied: foo"):
        create(client, extra_body={"foo": 1})


def test_unknown_model_is_404_model_not_found(client: openai.OpenAI) -> None:
    with pytest.raises(openai.NotFoundError) as info:
        create(client, model="gpt-nope")
    assert isinstance(info.value.body, dict)
    assert info.value.body["code"] == "model_not_found"


def test_wrong_key_is_401_invalid_api_key(server: FakeOpenAI) -> None:
    wrong = openai.OpenAI(base_url=server.base_url, api_key="sk-not-the-key", max_retries=0)
    with pytest.raises(openai.AuthenticationError) as info:
        create(wrong)
    assert isinstance(info.value.body, dict)
    assert info.value.body["code"] == "invalid_api_key"
    assert "sk-not-the-key" not in info.value.body["message"], "the key is masked"


def test_missing_key_is_401_in_openai_error_shape(server: FakeOpenAI) -> None:
    r = httpx.post(
        f"{server.base_url}/chat/completions", json={"model": DEFAULT_MODEL, "messages": [USER]}
    )
    assert r.status_code == 401
    assert r.json()["error"]["message"].startswith("You didn't provide an API key")
    assert set(r.json()["error"]) == {"message", "type", "param", "code"}


def test_a_body_that_is_not_json_is_400(server: FakeOpenAI) -> None:
    r = httpx.post(
        f"{server.base_url}/chat/completions",
        content=b"{not json",
        headers={"Authorization": f"Bearer {DEFAULT_KEY}", "Content-Type": "application/json"},
    )
    assert r.status_code == 400
    assert "could not parse the JSON body" in r.json()["error"]["message"]


# -- scripted answers ----------------------------------------------------------------------


def test_scripted_json_content_and_the_request_is_recorded(
    client: openai.OpenAI, server: FakeOpenAI
) -> None:
    server.script(JSONContent({"answer": 42}))
    fmt = {"type": "json_object"}
    completion = create(client, response_format=fmt, temperature=0)
    assert json.loads(completion.choices[0].message.content) == {"answer": 42}
    assert completion.choices[0].finish_reason == "stop"
    assert completion.usage is not None
    (body,) = server.chat_bodies()
    assert body["response_format"] == fmt
    assert body["messages"] == [USER]
    assert server.requests[0].headers["Authorization"] == f"Bearer {DEFAULT_KEY}"


def test_tool_call_round_trip(client: openai.OpenAI, server: FakeOpenAI) -> None:
    def final(body: dict[str, Any]) -> Reply:
        return Content(f"It is {body['messages'][-1]['content']} in Lisbon")

    server.script(ToolCalls((ToolCall("get_weather", {"city": "Lisbon"}),)), Dynamic(final))
    first = create(client, tools=[WEATHER_TOOL], tool_choice="auto")
    assert first.choices[0].finish_reason == "tool_calls"
    (call,) = first.choices[0].message.tool_calls
    assert json.loads(call.function.arguments) == {"city": "Lisbon"}
    history = [
        USER,
        first.choices[0].message.model_dump(exclude_none=True, exclude={"annotations"}),
        {"role": "tool", "tool_call_id": call.id, "content": "18C"},
    ]
    second = create(client, messages=history, tools=[WEATHER_TOOL])
    assert second.choices[0].message.content == "It is 18C in Lisbon"


def test_a_scripted_call_to_an_undeclared_tool_is_a_script_error_not_retried(
    client: openai.OpenAI, server: FakeOpenAI
) -> None:
    server.script(ToolCalls((ToolCall("send_email", {}),)))
    with pytest.raises(openai.InternalServerError, match="fake script error"):
        create(client, tools=[WEATHER_TOOL])
    assert len(server.requests) == 1


def test_an_empty_script_is_an_error_not_a_silent_answer(
    client: openai.OpenAI, server: FakeOpenAI
) -> None:
    with pytest.raises(openai.InternalServerError, match="no scripted reply"):
        create(client)
    assert len(server.requests) == 1


def test_429_is_retried_after_retry_after_then_succeeds(
    client: openai.OpenAI, server: FakeOpenAI
) -> None:
    server.script(rate_limited(), rate_limited(), Content("finally"))
    assert create(client).choices[0].message.content == "finally"
    assert [r.status for r in server.requests] == [429, 429, 200]
    retries = [r.headers.get("x-stainless-retry-count") for r in server.requests]
    assert retries == ["0", "1", "2"]


def test_429_storm_exhausts_the_retries(client: openai.OpenAI, server: FakeOpenAI) -> None:
    server.script(*[rate_limited()] * 3)
    with pytest.raises(openai.RateLimitError) as info:
        create(client)
    assert isinstance(info.value.body, dict)
    assert info.value.body["code"] == "rate_limit_exceeded"
    assert info.value.response.headers["retry-after-ms"] == "5"


def test_500_is_an_internal_server_error(client: openai.OpenAI, server: FakeOpenAI) -> None:
    server.script(*[server_error(retry_after_ms=5)] * 3)
    with pytest.raises(openai.InternalServerError):
        create(client)
    assert [r.status for r in server.requests] == [500, 500, 500]


def test_malformed_body_breaks_the_client_parse(client: openai.OpenAI, server: FakeOpenAI) -> None:
    server.script(MalformedBody())
    with pytest.raises(ValueError, match="Unterminated"):
        create(client)


def test_a_delay_beyond_the_timeout_times_out(server: FakeOpenAI) -> None:
    impatient = openai.OpenAI(
        base_url=server.base_url, api_key=DEFAULT_KEY, timeout=0.2, max_retries=0
    )
    server.script(Delay(5))
    with pytest.raises(openai.APITimeoutError):
        create(impatient)
    (request,) = server.requests
    assert request.status in (NO_ANSWER, CLIENT_GONE), "the request arrived, no answer left"


def test_models_are_listed(client: openai.OpenAI) -> None:
    assert [m.id for m in client.models.list()] == [DEFAULT_MODEL]
    assert client.models.retrieve(DEFAULT_MODEL).owned_by == "canon-fake"


def test_a_server_without_json_schema_support_says_so() -> None:
    with fake_openai_in_thread(supports_json_schema=False) as server:
        c = openai.OpenAI(base_url=server.base_url, api_key=DEFAULT_KEY, max_retries=0)
        fmt = {"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "object"}}}
        with pytest.raises(openai.BadRequestError, match="response_format"):
            create(c, response_format=fmt)


# -- the same server under an event loop ------------------------------------------------------


@pytest.fixture
async def async_server() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI(api_key="sk-async-key-000") as server:
        yield server


async def test_async_client_against_the_async_fixture(async_server: FakeOpenAI) -> None:
    async_server.script(Content("hello"), rate_limited(), Content("again"))
    async with openai.AsyncOpenAI(
        base_url=async_server.base_url, api_key="sk-async-key-000", max_retries=1
    ) as client:
        first = await client.chat.completions.create(model=DEFAULT_MODEL, messages=[USER])
        second = await client.chat.completions.create(model=DEFAULT_MODEL, messages=[USER])
    assert [first.choices[0].message.content, second.choices[0].message.content] == [
        "hello",
        "again",
    ]
    assert [r.status for r in async_server.requests] == [200, 429, 200]
