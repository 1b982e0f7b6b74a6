"""Hostile input against a live `canon mcp --transport http` (issue 23, finding 7): deep
nesting and numbers out of range are JSON-RPC parse errors, out-of-range dates and
evidence from the future are tool errors with the observation dead-lettered; never
a 500, and the same process answers a ping afterwards."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_mcp_server import http_server, seed, token

from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(240)

DEEP = "[" * 100_000
MANY = "{" + ",".join(f'"k{i}":1' for i in range(10_000)) + "}"


def _call(arguments: str) -> str:
    return (
        '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": '
        '{"name": "propose_observation", "arguments": ' + arguments + "}}"
    )


def _result(response: httpx.Response) -> dict[str, Any]:
    """The JSON-RPC message of a response sent as JSON or as one server-sent event."""
    text = response.text
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        text = next(line[5:] for line in text.splitlines() if line.startswith("data:"))
    message: dict[str, Any] = json.loads(text)
    return message


TABLE = [
    ("100k [", DEEP, "parse", "recursion limit"),
    ("deep object", '{"a":' * 50_000 + "1" + "}" * 50_000, "parse", "recursion limit"),
    ("5000-digit id", '{"jsonrpc":"2.0","id":' + "9" * 5000 + ',"method":"ping"}', "parse", ""),
    (
        "5000-digit value",
        _call('{"field":"travel.location","value":' + "9" * 5000 + "}"),
        "parse",
        "",
    ),
    (
        "10**400 value",
        _call('{"field":"travel.location","value":1' + "0" * 400 + "}"),
        "tool",
        "out of range",
    ),
    ("1e400 value", _call('{"field":"travel.location","value":1e400}'), "tool", "NaN and Infinity"),
    (
        "valid_until year 10000 UTC",
        _call(
            '{"field":"travel.location","value":"Rome","valid_until":"9999-12-31T23:59:59-05:00"}'
        ),
        "tool",
        "outside the range a UTC timestamp can hold",
    ),
    (
        "valid_until year 0",
        _call('{"field":"travel.location","value":"Rome","valid_until":"0000-01-01T00:00:00Z"}'),
        "tool",
        "is not a 'date-time'",
    ),
    (
        "valid_until 5000 digits",
        _call('{"field":"travel.location","value":"Rome","valid_until":"' + "9" * 5000 + '"}'),
        "tool",
        "dead-letter queue",
    ),
    ("deep value", _call('{"field":"travel.location","value":' + DEEP + "}"), "parse", "recursion"),
    # 10,000 unknown arguments: named by the first few and a count, not echoed whole; a
    # call its schema refuses runs nothing, so nothing is dead-lettered ("call") (trust20)
    (
        "10,000 arguments",
        _call(MANY),
        "call",
        "'k0', 'k1', 'k10', 'k100', 'k1000' and 9995 more were unexpected",
    ),
    ("a lone surrogate", _call('{"field":"travel.location","value":"Re\\ud800"}'), "parse", ""),
]
ERROR_CHARS = 1_000
"""A tool error is one line to read: it never echoes a hostile argument whole."""


async def test_hostile_requests_are_json_rpc_or_tool_errors_and_the_server_lives(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    await seed(db)
    secret = await token(db)
    async with http_server(tmp_path, db) as url, httpx.AsyncClient(timeout=60) as http:
        headers = {
            "Authorization": f"Bearer {secret}",
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
        }
        hello = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "hostile", "version": "1"},
            },
        }
        started = await http.post(url, json=hello, headers=headers)
        assert started.status_code == 200
        headers["mcp-session-id"] = started.headers["mcp-session-id"]
        ready = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        assert (await http.post(url, json=ready, headers=headers)).status_code == 202

        for name, body, kind, words in TABLE:
            response = await http.post(url, content=body.encode(), headers=headers)
            assert response.status_code < 500, (name, response.text[:300])
            message = _result(response)
            if kind == "parse":
                assert response.status_code == 400, name
                assert message["error"]["code"] == -32700, name
                assert words in message["error"]["message"], name
            else:  # "tool" or "call": a tool error
                result = message["result"]
                assert result["isError"], name
                assert words in result["content"][0]["text"], (name, result)
                assert len(result["content"][0]["text"]) < ERROR_CHARS, name

        # Evidence from the future: the agent's proposal is stamped now by the server, so
        # its only caller-given time is valid_until, which may lie ahead.
        ahead = (datetime.now(UTC) + timedelta(days=3650)).isoformat()
        arguments = {"field": "travel.destination", "value": "Oslo", "valid_until": ahead}
        plan = await http.post(url, content=_call(json.dumps(arguments)).encode(), headers=headers)
        assert not _result(plan)["result"].get("isError"), plan.text[:300]

        ping = await http.post(
            url, json={"jsonrpc": "2.0", "id": 9, "method": "ping"}, headers=headers
        )
        assert _result(ping) == {"jsonrpc": "2.0", "id": 9, "result": {}}

    store = SQLiteStore(db)
    await store.open()
    try:
        letters = await store.dead_letters()
    finally:
        await store.close()
    tool_errors = [row for row in TABLE if row[2] == "tool"]
    assert len(letters) == len(tool_errors)  # each refused proposal is kept
