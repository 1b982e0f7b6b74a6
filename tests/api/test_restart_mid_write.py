"""``canon serve`` killed (SIGKILL) while the user's messages are being written, started
again on the same store (a SQLite file, a PostgreSQL database), and every message sent
again with its own ``message_id`` (as a client that never heard back does): the store
ends as if each message had been read once, in order, on a server that never stopped:
the same facts, the same open questions, no message read twice or half.

Wherever the kill lands (a random moment each round, each round's server started on
what the kill before it left), a message is either wholly in the store or not at all,
and a message already in it is not read again."""

from __future__ import annotations

import contextlib
import random
import signal
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_server import call_as, environment, live_server
from services.postgres import PostgresCluster

pytestmark = pytest.mark.timeout(600)
ROUNDS = 3
START = datetime.now(UTC) - timedelta(days=2)
MESSAGES = [
    "I'm flying to Denver on Friday",
    "We're in Denver now",
    "my employer is Acme",
    "I moved to Portland last month",
    "Lily is sick today",
    "we're back home",
    "I'm in Tahoe for the weekend",
    "my timezone is America/Los_Angeles",
]


def _send(url: str, token: str, index: int) -> httpx.Response:
    at = START + timedelta(minutes=10 * index)
    body = {"text": MESSAGES[index], "message_id": f"m{index}", "at": at.isoformat()}
    return call_as(url, token, "POST", "/v1/messages", body)


def _store_as_read(url: str, token: str) -> tuple[Any, ...]:
    state = call_as(url, token, "GET", "/v1/state").json()
    facts = {
        (entity, field): fact["value"]
        for entity, fields in state["entities"].items()
        for field, fact in fields.items()
    }
    asked = call_as(url, token, "GET", "/v1/questions").json()["questions"]
    changes = call_as(url, token, "GET", "/v1/history").json()["changes"]
    return (
        facts,
        sorted((q["field"], str(q["candidate_value"]), q["question"]) for q in asked),
        sorted((c["entity_id"], c["field"], str(c["new_value"])) for c in changes),
    )


@pytest.fixture(scope="module")
def serially(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, ...]:
    """The store as read after every message, once each, on a server that never stopped."""
    with live_server(tmp_path_factory.mktemp("serial") / "canon.db") as served:
        for index in range(len(MESSAGES)):
            assert _send(served.url, served.token, index).status_code == 200
        return _store_as_read(served.url, served.token)


def _send_quietly(url: str, token: str, index: int) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server was killed under it
        _send(url, token, index)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a ``canon serve`` on a new store of each backend."""
    db = tmp_path / "canon.db"
    if request.param == "sqlite":
        yield environment(db)
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    url = cluster.create_database()
    try:
        yield environment(db, CANON_DB=url)
    finally:
        cluster.drop_database(url)


def test_a_server_killed_mid_write_leaves_each_message_read_once(
    tmp_path: Path, serially: tuple[Any, ...], store_env: dict[str, str]
) -> None:
    # One store through every round: each round's server is started on what the kill
    # before it left (a server start is seconds of CPU: a fresh store per round took
    # twice the starts), and sends again what its client never heard back about.
    db = tmp_path / "canon.db"
    token = None
    for round_ in range(ROUNDS):
        chance = random.Random(round_)
        written = round_ % len(MESSAGES)
        with live_server(db, env=store_env) as served:
            token = token or served.token
            for index in range(written):
                assert _send(served.url, token, index).status_code == 200
            # the next message on its way, the server killed at some moment while it is read
            sender = threading.Thread(target=_send_quietly, args=(served.url, token, written))
            sender.start()
            sender.join(timeout=chance.uniform(0.0, 0.3))
            served.process.send_signal(signal.SIGKILL)
            served.process.wait(timeout=60)
            sender.join()
    assert token is not None
    with live_server(db, env=store_env) as again:
        for index in range(len(MESSAGES)):
            assert _send(again.url, token, index).status_code == 200
        assert _store_as_read(again.url, token) == serially
