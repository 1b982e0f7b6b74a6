"""The door of `canon mcp --transport http` (``core.mcp.gate``, ``core.mcp.serve``), in
process: what each request spends, from buckets kept in the store, and what is refused
before the MCP layer sees it. No server is started: a store file and an ASGI call each."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from core.api.limits import RateLimiter, address_bucket
from core.api.tokens import PREFIX, secret_hash
from core.domain.api_tokens import ApiToken
from core.mcp.gate import Knock, McpGate, Refused
from core.mcp.serve import EXCERPT, is_handshake, require_bearer
from core.store.sqlite import SQLiteStore

ALICE = "user:alice"
KEY = "k" * 43
"""The key of this start (``--start-key``)."""
AT = 1_900_000_000.0
SLOW = RateLimiter(0.001, 3)
"""Three at once, then one every thousand seconds: no test waits for a refill."""


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "canon.db")
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


async def _token(store: SQLiteStore, name: str, entity: str = ALICE, role: str = "agent") -> str:
    secret = PREFIX + name * 8
    at = datetime(2026, 1, 1, tzinfo=UTC)
    token = ApiToken(name, name, entity, secret_hash(secret), at, None, role)  # type: ignore[arg-type]
    await store.api_tokens.add_token(token)
    return secret


async def _outcomes(gate: McpGate, knocks: list[Knock]) -> list[str]:
    """Each knock's outcome in turn: "in", or the refusal's status and sentence."""
    said = []
    for knock in knocks:
        refused = await gate.admit(knock, AT)
        said.append("in" if refused is None else f"{refused.status} {refused.error}")
    return said


async def test_guessing_the_start_key_is_limited_per_address(store: SQLiteStore) -> None:
    """Wrong keys from one address spend its bucket; once it is empty even the right key
    from there waits (it is spent before the key is compared, so a refused guess learns
    nothing), while another address is let in. Nothing but the buckets changes."""
    gate = McpGate(ALICE, store.api_tokens, SLOW, KEY)
    guesser = [Knock(f"guess-{n}", "10.0.0.5") for n in range(3)]
    assert await _outcomes(gate, guesser) == ["401 unknown or revoked token"] * 3
    refused = await gate.admit(Knock(KEY, "10.0.0.5"), AT)
    assert refused is not None
    assert refused.status == 429
    assert refused.wait > 0
    assert "without a token from this address" in refused.error
    assert "wrong or unknown key counts too" in refused.error
    assert await gate.admit(Knock(KEY, "10.0.0.6"), AT) is None
    assert await store.api_tokens.tokens() == []


async def test_unknown_tokens_spend_the_address_bucket_too(store: SQLiteStore) -> None:
    gate = McpGate(ALICE, store.api_tokens, SLOW)  # no start key at all
    made_up = [Knock(PREFIX + f"madeup{n}", "10.0.0.7") for n in range(4)]
    assert await _outcomes(gate, made_up) == ["401 unknown or revoked token"] * 3 + [
        "429 too many requests without a token from this address (a wrong or unknown key "
        "counts too); slow down"
    ]


@pytest.mark.parametrize(
    ("one", "other", "shared"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", True),  # one /64
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),  # the next /64
        ("2001:DB8:1:2::1", "2001:db8:1:2:0:0:0:9", True),  # case and spelling
        ("fe80::1%eth0", "fe80::2%eth1", True),  # a link-local zone is no address
        ("::ffff:10.0.0.5", "10.0.0.5", True),  # IPv4-mapped is its IPv4
        ("10.0.0.5", "10.0.0.6", False),  # IPv4: each address its own
        ("unknown", "", True),  # no address: one shared bucket
        ("/tmp/canon.sock", "not an address", True),
    ],
)
def test_addresses_are_grouped_into_buckets(one: str, other: str, shared: bool) -> None:
    assert (address_bucket(one) == address_bucket(other)) is shared


async def test_one_ipv6_64_spends_one_address_bucket(store: SQLiteStore) -> None:
    """An attacker owning a /64 gets no more guesses by changing the host half."""
    gate = McpGate(ALICE, store.api_tokens, SLOW, KEY)
    hosts = [Knock(f"guess-{n}", f"2001:db8:0:7::{n + 1:x}") for n in range(4)]
    assert (await _outcomes(gate, hosts))[-1].startswith("429 ")
    assert await gate.admit(Knock(KEY, "2001:db8:0:8::1"), AT) is None


async def test_the_address_bucket_holds_across_processes(tmp_path: Path) -> None:
    """Two servers on one store (two connections to the file): one bucket per address."""
    other = SQLiteStore(tmp_path / "canon.db")
    first = SQLiteStore(tmp_path / "canon.db")
    await first.open()
    await other.open()
    try:
        one = McpGate(ALICE, first.api_tokens, SLOW, KEY)
        two = McpGate(ALICE, other.api_tokens, SLOW, KEY)
        for gate in (one, two, one):
            assert await gate.admit(Knock("wrong", "10.0.0.9"), AT) is not None
        refused = await two.admit(Knock(KEY, "10.0.0.9"), AT)
        assert refused is not None
        assert refused.status == 429
    finally:
        await other.close()
        await first.close()


async def test_handshakes_do_not_starve_calls_and_a_flood_of_them_is_held(
    store: SQLiteStore,
) -> None:
    """A token opens ``burst`` sessions at once (three handshakes each) without spending a
    call; the next handshake waits, and the calls still go, to their own limit."""
    alices = await _token(store, "alice")
    gate = McpGate(ALICE, store.api_tokens, SLOW)
    handshakes = [Knock(alices, "127.0.0.1", handshake=True)] * 10
    assert await _outcomes(gate, handshakes) == ["in"] * 9 + [
        "429 too many new sessions for this token; slow down"
    ]
    calls = [Knock(alices, "127.0.0.1")] * 4
    assert await _outcomes(gate, calls) == ["in"] * 3 + [
        "429 too many requests for this token; slow down"
    ]


async def test_the_start_keys_handshakes_have_their_own_bucket(store: SQLiteStore) -> None:
    gate = McpGate(ALICE, store.api_tokens, SLOW, KEY)
    opened = [Knock(KEY, "127.0.0.1", handshake=True)] * 9
    assert await _outcomes(gate, opened) == ["in"] * 9
    assert await _outcomes(gate, [Knock(KEY, "127.0.0.1")] * 3) == ["in"] * 3


@pytest.mark.parametrize(
    ("role", "entity", "error"),
    [
        ("agent", "user:bob", "this token is for user:bob, not user:alice"),
        ("signals", ALICE, "a signals token posts observations to the HTTP API, not MCP"),
    ],
)
async def test_a_token_for_another_entity_or_role_is_refused(
    store: SQLiteStore, role: str, entity: str, error: str
) -> None:
    secret = await _token(store, "other", entity, role)
    gate = McpGate(ALICE, store.api_tokens, SLOW)
    assert await gate.admit(Knock(secret, "127.0.0.1"), AT) == Refused(error)


DEEP = b"[" * 100_000


@pytest.mark.parametrize(
    ("method", "body", "handshake"),
    [
        ("GET", b"", True),  # the session's event stream
        ("DELETE", b"", True),  # its end
        ("POST", b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', True),
        ("POST", b'{"jsonrpc":"2.0","method":"notifications/initialized"}', True),
        ("POST", b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}', True),
        ("POST", b'{"jsonrpc":"2.0","id":3,"method":"ping"}', True),
        ("POST", b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{}}', False),
        ("POST", b'{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{}}', False),
        # A batch is a handshake only when every message in it is one.
        ("POST", b'[{"method":"ping","id":1},{"method":"tools/call","id":2}]', False),
        ("POST", b'[{"method":"ping","id":1},{"method":"tools/list","id":2}]', True),
        ("POST", b"[]", False),
        # Whatever is no JSON-RPC is charged as a call; the SDK answers it.
        ("POST", b"not json", False),
        ("POST", DEEP, False),
        ("POST", b'{"method": ["initialize"]}', False),
        ("POST", b'"initialize"', False),
        ("POST", b"\xff\xfe", False),
    ],
)
def test_what_a_handshake_is(method: str, body: bytes, handshake: bool) -> None:
    assert is_handshake(method, body) is handshake


class _Inner:
    """The MCP layer behind the door: records what reaches it."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        message = await receive()
        self.bodies.append(message["body"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})


async def _ask(
    app: Any, body: bytes, *, chunk: int = 1 << 16, authorization: bytes = b"Bearer " + KEY.encode()
) -> tuple[int, dict[str, Any] | None]:
    scope = {
        "type": "http",
        "method": "POST",
        "headers": [(b"authorization", authorization)],
        "client": ("127.0.0.1", 5555),
    }
    parts = [body[i : i + chunk] for i in range(0, len(body), chunk)] or [b""]
    messages = [
        {"type": "http.request", "body": p, "more_body": i < len(parts) - 1}
        for i, p in enumerate(parts)
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    if not sent:
        return 0, None
    answer = json.loads(sent[1]["body"]) if sent[1]["body"] != b"{}" else None
    return sent[0]["status"], answer


async def _let_in(knock: Knock) -> Refused | None:
    return None if knock.secret == KEY else Refused("unknown or revoked token")


async def test_a_body_over_the_limit_is_refused_before_the_mcp_layer_reads_it() -> None:
    """The SDK reads a body whole with no limit: the door stops at ``max_body`` (413),
    whether the length is declared or not, and what it let in reaches the layer intact."""
    inner = _Inner()
    app = require_bearer(inner, _let_in, max_body=1000)
    status, answer = await _ask(app, b"x" * 1001, chunk=100)
    assert (status, answer) == (413, {"error": "the body is larger than 1000 bytes"})
    assert inner.bodies == []
    whole = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"a":"' + b"y" * 900 + b'"}}'
    whole = whole[:1000]
    assert (await _ask(app, whole, chunk=7))[0] == 200
    assert inner.bodies == [whole]


async def test_an_oversize_body_is_kept_as_an_excerpt_only_for_a_bearer_let_in() -> None:
    """A 413 of a caller let in is dead-lettered as theirs: the first bytes, never the
    whole (invalid UTF-8 escaped); a stranger's big body is refused 401 and kept nowhere."""
    inner, kept = _Inner(), []

    async def keep(secret: str, excerpt: str, why: str) -> None:
        kept.append((secret, excerpt, why))

    app = require_bearer(inner, _let_in, max_body=100_000, keep_oversize=keep)
    big = b"\xff\xfe" + b"z" * 200_000
    assert (await _ask(app, big, chunk=4096))[0] == 413
    assert (await _ask(app, big, authorization=b"Bearer nope"))[0] == 401
    [(secret, excerpt, why)] = kept
    assert (secret, why) == (KEY, "POST /mcp: 413 the body is larger than 100000 bytes")
    assert excerpt.startswith("\\xff\\xfezzz")
    assert len(excerpt) <= EXCERPT + 8
    assert inner.bodies == []


async def test_no_bearer_or_a_wrong_one_never_reaches_the_mcp_layer() -> None:
    inner = _Inner()
    app = require_bearer(inner, _let_in)
    status, answer = await _ask(app, b"{}", authorization=b"Basic abc")
    assert status == 401
    assert answer is not None
    assert "bearer token is required" in answer["error"]
    assert (await _ask(app, b"{}", authorization=b"Bearer nope"))[0] == 401
    assert inner.bodies == []
