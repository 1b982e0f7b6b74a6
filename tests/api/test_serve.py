"""`canon serve` as a real process: it starts on a free port, answers, and stops cleanly;
schemathesis then runs the OpenAPI document against it (no 5xx, every response conforms).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from budgets import budget
from hypothesis import HealthCheck, given, settings
from live_server import LiveServer, environment, live_server
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from core.api.openapi import openapi_document
from core.api.routes import ROUTES
from core.client_tls import client_tls

CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    content_type_conformance,
    status_code_conformance,
]


def _children(pid: int) -> set[int]:
    return {
        int(child)
        for children in Path(f"/proc/{pid}/task").glob("*/children")
        for child in children.read_text().split()
    }


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("reader", ["process", None], ids=["process", "thread (the default)"])
def test_serve_starts_on_a_free_port_reads_where_canon_reader_says_and_stops_cleanly(
    tmp_path: Path, reader: str | None
) -> None:
    """A server answers on the free port it names, reads messages in a reader process or
    a thread of its own (CANON_READER, unset: a thread), and stops cleanly, leaving no
    reader behind (the start, the reader and the stop were once two tests: a server
    start is seconds of CPU)."""
    db = tmp_path / "canon.db"
    env = environment(db) if reader is None else environment(db, CANON_READER=reader)
    with live_server(db, env=env) as server:
        health = httpx.get(f"{server.url}/v1/health")
        assert health.json()["status"] == "ok"
        auth = {"Authorization": f"Bearer {server.token}"}
        state = httpx.get(f"{server.url}/v1/state", headers=auth)
        assert state.json() == {"entities": {}, "said_of_you": []}
        said = httpx.post(
            f"{server.url}/v1/messages",
            json={"text": "paid rent, $2,100", "message_id": "m-1"},
            headers=auth,
            timeout=60,
        )
        assert said.status_code == 200
        assert said.json()["observations"] >= 1
        children = _children(server.process.pid)  # with spawn, multiprocessing's tracker too
        readers = [p for p in children if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert len(readers) == (1 if reader == "process" else 0)
        assert server.stop() == 0
    assert server.stderr[-1] == "canon: stopped"
    assert not any("Traceback" in line for line in server.stderr)
    assert not [pid for pid in readers if _running(pid)]  # joined before the server exits
    # multiprocessing's resource tracker stops once it reads the end of its pipe.
    deadline = time.monotonic() + budget(12.0)
    while any(_running(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in children if _running(pid)]


def _running(pid: int) -> bool:
    """Alive and not a zombie (an exited child whose parent died is reaped by init, which
    in a container may never do it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("serve") / "canon.db"
    with live_server(db, "--rate", "100000", "--burst", "100000") as running:
        yield running


SCHEMA = schemathesis.openapi.from_dict(openapi_document())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
TAKES_INPUT = {f"{r.method} {r.path}" for r in ROUTES if r.request or r.query}
"""Operations with a body or query to get wrong (the others have no negative case)."""
CASES = [
    pytest.param(op, mode, id=f"{op.label} {mode.value}")
    for op in OPERATIONS
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode is GenerationMode.POSITIVE or op.label in TAKES_INPUT
]


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_every_operation_answers_within_its_schema(
    server: LiveServer, operation: Any, mode: GenerationMode
) -> None:
    """Valid and invalid requests alike: never a 5xx, always the documented shape."""
    auth = {"Authorization": f"Bearer {server.token}"}

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=20, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def check(case: Any) -> None:
        sent = case.as_transport_kwargs(base_url=server.url, headers=auth)
        response = httpx.request(
            sent["method"],
            sent["url"],
            headers=sent["headers"],
            params=sent.get("params"),
            json=sent.get("json"),
            content=sent.get("data"),
            cookies=sent.get("cookies"),
            timeout=60,
            verify=client_tls(),  # a new TLS context each request was 20 ms of CPU
        )
        case.validate_response(response, checks=CHECKS)

    check()
