"""A message that is not text, posted to a live `canon serve`, fares as it does in chat
(tests/bot/test_unreadable_text_e2e.py): refused with a clear problem, kept whole in the
dead-letter queue, nothing else written, and the next message read.

Before, a NUL or an ESC in ``POST /v1/messages`` was read (200, nothing extracted) and the
text went into the transcript and the log, where PostgreSQL cannot hold a NUL and a
terminal or a model takes an escape sequence for a command. One check decides for both
ways in (``core.domain.validation.message_text_hazards``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import httpx
import pytest
from live_server import LiveServer, call, unlimited_server

from core.domain.validation import message_text_hazards

pytestmark = pytest.mark.timeout(120)

UNREADABLE = [
    ("I'm in \x00 Reno", "U+0000"),
    ("back home\x1b[2J in Portland", "U+001B"),
    ("\x07", "U+0007"),
    ("Denver\x7f", "U+007F"),
]
READ = ["tab\there", "two\nlines", "crlf\r\nline", "café ☕ 東京"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with unlimited_server(tmp_path_factory.mktemp("unreadable") / "canon.db") as running:
        yield running


@pytest.mark.parametrize(("text", "named"), UNREADABLE)
def test_a_message_with_a_control_character_is_refused_kept_and_changes_nothing(
    server: LiveServer, text: str, named: str
) -> None:
    assert call(server, "POST", "/v1/messages", {"text": "I'm in Tahoe"}).status_code == 200
    state = call(server, "GET", "/v1/state").json()
    letters = len(call(server, "GET", "/v1/dead-letters").json()["dead_letters"])
    message_id = uuid.uuid4().hex

    refused = call(server, "POST", "/v1/messages", {"text": text, "message_id": message_id})

    assert refused.status_code == 422, refused.text
    assert refused.headers["content-type"].startswith("application/problem+json")
    problem = refused.json()
    assert problem["type"].endswith("unreadable-text")
    assert named in problem["detail"]
    assert "not text" in problem["detail"]
    assert call(server, "GET", "/v1/state").json() == state
    after = call(server, "GET", "/v1/dead-letters").json()["dead_letters"]
    assert len(after) == letters + 1
    [letter] = [d for d in after if message_id in (d["payload"] or "")]
    assert letter["schema"] == "message"
    assert json.loads(letter["payload"])["text"] == text  # kept whole
    assert named in letter["errors"][0]
    read = call(server, "POST", "/v1/messages", {"text": "I'm in Reno"})  # reads on
    assert read.status_code == 200


def _post_raw(server: LiveServer, body: str) -> httpx.Response:
    """``body`` as the JSON text sent: httpx's own writer cannot carry a lone surrogate."""
    headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    return httpx.post(
        f"{server.url}/v1/messages", content=body.encode(), headers=headers, timeout=60
    )


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "Reno \\ud83d and \\u0000"])
def test_a_lone_surrogate_is_refused_as_unreadable_and_kept_escaped(
    server: LiveServer, escape: str
) -> None:
    """JSON's ``"\\ud800"`` is a lone surrogate: before, a plain 422 ``invalid-body``
    and nothing kept; now refused as a control character is, and kept (escaped: the
    store holds UTF-8, which has no lone surrogates)."""
    state = call(server, "GET", "/v1/state").json()
    message_id = uuid.uuid4().hex

    refused = _post_raw(server, f'{{"text": "I\'m in {escape}", "message_id": "{message_id}"}}')

    assert refused.status_code == 422, refused.text
    problem = refused.json()
    assert problem["type"].endswith("unreadable-text"), problem
    assert "lone surrogate, which is not Unicode" in problem["detail"]
    assert "lone surrogate is not Unicode" in problem["errors"][0]  # the raw detail
    assert call(server, "GET", "/v1/state").json() == state
    letters = call(server, "GET", "/v1/dead-letters").json()["dead_letters"]
    [letter] = [d for d in letters if message_id in (d["payload"] or "")]
    assert letter["schema"] == "message"
    kept = json.loads(letter["payload"])["text"]
    assert kept == json.loads(f'"I\'m in {escape}"')  # the very text, escapes and all
    assert call(server, "POST", "/v1/messages", {"text": "I'm in Reno"}).status_code == 200


@pytest.mark.parametrize("text", READ)
def test_tabs_newlines_and_any_script_are_text(text: str) -> None:
    assert message_text_hazards(text) == []


@pytest.mark.parametrize(("text", "named"), UNREADABLE)
def test_the_check_names_the_character_and_where_it_is(text: str, named: str) -> None:
    [why] = message_text_hazards(text)
    assert named in why
    assert f"offset {text.index(chr(int(named[2:], 16)))}" in why


LIMIT = 10_000  # MessageRequest.text's maxLength in schemas/http_api.schema.json


@pytest.mark.parametrize(
    ("length", "kept_whole"),
    [(LIMIT + 1, True), (50_000, True), (400_000, False)],
    ids=["one-over", "a-long-paste", "past-what-a-letter-keeps"],
)
def test_a_message_over_the_limit_is_refused_kept_and_changes_nothing(
    server: LiveServer, length: int, kept_whole: bool
) -> None:
    """Before, a message one character over the schema's 10,000 was a plain 422
    ``invalid-body`` and nothing was kept: the words were lost. Now it fares as an
    unreadable one: refused with its size, kept in the dead-letter queue, nothing read."""
    text = ("we're already in Tahoe, got in last night. " * (length // 43 + 1))[:length]
    state = call(server, "GET", "/v1/state").json()
    message_id = uuid.uuid4().hex

    refused = call(server, "POST", "/v1/messages", {"text": text, "message_id": message_id})

    assert refused.status_code == 422, refused.text[:300]
    problem = refused.json()
    assert problem["type"].endswith("text-too-long"), problem
    assert f"{length:,} characters" in problem["detail"]
    assert f"{LIMIT:,}" in problem["detail"]
    assert len(refused.text) < 2_000  # named by its size, never echoed back
    assert call(server, "GET", "/v1/state").json() == state
    letters = call(server, "GET", "/v1/dead-letters").json()["dead_letters"]
    [letter] = [d for d in letters if message_id in (d["payload"] or "")[:300_000]]
    assert letter["schema"] == "message"
    assert any(f"{length:,} characters" in e for e in letter["errors"])
    payload = json.loads(letter["payload"])
    if kept_whole:
        assert payload["text"] == text
    else:  # its start, its size and digest (core.engine.dead_letter_intake)
        assert payload["cut"]["characters"] > length
        assert message_id in payload["start"]
        assert "Tahoe" in payload["start"]
    assert call(server, "POST", "/v1/messages", {"text": "I'm in Reno"}).status_code == 200


def test_a_message_of_exactly_the_limit_is_read(server: LiveServer) -> None:
    text = "I'm in Reno. " + "x" * (LIMIT - 13)
    assert len(text) == LIMIT
    answered = call(server, "POST", "/v1/messages", {"text": text})
    assert answered.status_code == 200, answered.text[:300]


def test_a_long_message_with_another_fault_is_a_malformed_body(server: LiveServer) -> None:
    """Only the words are the handler's: a body that breaks its schema elsewhere too is
    a 422 ``invalid-body`` that names the other fault, whatever the text's length."""
    refused = call(server, "POST", "/v1/messages", {"text": "x" * (LIMIT + 5), "mood": "ok"})
    assert refused.status_code == 422
    problem = refused.json()
    assert problem["type"].endswith("invalid-body"), problem
    assert "mood" in problem["detail"]
