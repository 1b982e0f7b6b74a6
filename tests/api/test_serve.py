"""`canon serve` as a real process: it starts on a free port, answers, and stops cleanly;
schemathesis then runs the OpenAPI document against it (no 5xx, every response conforms).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from live_server import LiveServer, live_server
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from core.api.openapi import openapi_document
from core.api.routes import ROUTES

CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    content_type_conformance,
    status_code_conformance,
]


def test_serve_starts_on_a_free_port_answers_and_stops_cleanly(tmp_path: Path) -> None:
    with live_server(tmp_path / "canon.db") as server:
        health = httpx.get(f"{server.url}/v1/health")
        assert health.json()["status"] == "ok"
        auth = {"Authorization": f"Bearer {server.token}"}
        state = httpx.get(f"{server.url}/v1/state", headers=auth)
        assert state.json() == {"entities": {}}
        assert server.stop() == 0
    assert server.stderr[-1] == "canon: stopped"
    assert not any("Traceback" in line for line in server.stderr)


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
        )
        case.validate_response(response, checks=CHECKS)

    check()
