"""Several `canon serve` workers on one store behave as one server: a token's rate limit
is one bucket whichever worker a request reaches, and a question answered on one worker
is gone on every other. As real processes, on PostgreSQL (the rate limit on a SQLite
file as well; the supervisor's own failure handling on SQLite).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_server import LiveServer, call_as, create_token, environment, live_server
from two_processes import TwoProcesses

pytestmark = pytest.mark.timeout(120)

SLOW = ("--rate", "0.01", "--burst", "3")
"""Three requests at once per token, then one every 100 s: the test never sees a refill."""


@pytest.fixture(params=["sqlite", "postgresql"])
def store_env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of workers sharing one store of the given backend."""
    db = tmp_path / "canon.db"
    if request.param == "sqlite":
        yield environment(db)
    else:
        yield environment(db, CANON_DB=request.getfixturevalue("postgres_url"))


def _auth(server: LiveServer) -> dict[str, str]:
    return {"Authorization": f"Bearer {server.token}"}


def test_two_workers_spend_one_bucket_per_token(store_env: dict[str, str], tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    with live_server(db, *SLOW, env=store_env) as one, live_server(db, *SLOW, env=store_env) as two:
        auth = _auth(one)
        statuses = [httpx.get(f"{one.url}/v1/state", headers=auth).status_code for _ in range(3)]
        assert statuses == [200, 200, 200]
        refused = httpx.get(f"{two.url}/v1/state", headers=auth)
        assert refused.status_code == 429, "the other worker knows the bucket is empty"
        assert int(refused.headers["Retry-After"]) >= 90
        assert httpx.get(f"{one.url}/v1/state", headers=auth).status_code == 429
        # The second server's token (made when it started) has a bucket of its own.
        assert httpx.get(f"{one.url}/v1/state", headers=_auth(two)).status_code == 200


@pytest.mark.parametrize("two_processes", ["postgresql"], indirect=True)
def test_a_question_answered_on_one_worker_is_gone_on_the_other(
    two_processes: TwoProcesses,
) -> None:
    # The pair of servers the race files share (conftest.py), as a user of this test's own.
    one, two, env = two_processes.one, two_processes.two, two_processes.env
    secret = create_token(two_processes.db, "user:worker", env=env, household=False)
    # Every call may wait a minute (``call_as``): on a busy machine httpx's default 5 s
    # timed out here on a server of the test's own (the first message loads the language
    # pipeline, and a fresh server's first requests are slow).
    said = call_as(one.url, secret, "POST", "/v1/messages", {"text": "I moved to Oakland"})
    [question] = said.json()["questions"]
    seen = call_as(two.url, secret, "GET", "/v1/questions").json()["questions"]
    assert [q["id"] for q in seen] == [question["id"]]
    path = f"/v1/questions/{question['id']}/answer"
    answered = call_as(two.url, secret, "POST", path, {"answer": "yes"})
    assert answered.status_code == 200
    assert call_as(one.url, secret, "GET", "/v1/questions").json() == {"questions": []}
    again = call_as(one.url, secret, "POST", path, {"answer": "no"})
    assert again.status_code == 409
    state = call_as(one.url, secret, "GET", "/v1/state").json()
    assert "Oakland" in str(state)


def test_serve_with_two_workers_shares_its_port_and_stops_them_all(
    postgres_url: str, tmp_path: Path
) -> None:
    db = tmp_path / "canon.db"
    store_env = environment(db, CANON_DB=postgres_url)
    with live_server(db, "--workers", "2", *SLOW, env=store_env) as served:
        assert served.stderr[-1].endswith("/v1 (2 workers)")
        workers = _children(served.process.pid)
        assert len(workers) == 2
        # Each request on a connection of its own: the kernel spreads them over both.
        statuses = [
            httpx.get(f"{served.url}/v1/state", headers=_auth(served)).status_code for _ in range(5)
        ]
        assert statuses == [200, 200, 200, 429, 429]
        assert served.stop() == 0
    assert served.stderr[-1] == "canon: stopped"
    assert not any("Traceback" in line for line in served.stderr), served.stderr
    assert [pid for pid in workers if _running(pid)] == []


def test_connections_are_split_evenly_over_the_workers_and_one_that_dies_stops_the_rest(
    tmp_path: Path,
) -> None:
    """Kept-alive clients stay with the worker that took their connection: eight opened
    at once are four a worker (the kernel's SO_REUSEPORT hash split them 4/4 about one
    time in four), each served there. Then a worker killed stops the rest (the same
    server: a start of a supervisor and its workers is seconds of CPU)."""
    db = tmp_path / "canon.db"
    with live_server(db, "--workers", "2") as served:
        workers = _children(served.process.pid)
        port = int(served.url.rsplit(":", 1)[1])
        clients = [httpx.Client(base_url=served.url, headers=_auth(served)) for _ in range(8)]
        try:
            for client in clients:
                client.get("/v1/openapi.json").raise_for_status()
            assert [_connections_to(pid, port) for pid in workers] == [4, 4]
        finally:
            for client in clients:
                client.close()

        first, second = workers
        os.kill(first, signal.SIGKILL)
        assert served.process.wait(timeout=60) == 1
        assert served.process.stderr is not None
        rest = served.process.stderr.read()
        assert f"worker {first} stopped" in rest
        assert not _running(second)


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def _connections_to(pid: int, port: int) -> int:
    """The process's connections established on its side of ``port`` (from /proc)."""
    listed = Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]
    here = {
        f.split()[9]
        for f in listed
        if f.split()[3] == "01" and f.split()[1].endswith(f":{port:04X}")
    }
    held = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):  # closed since it was listed
            held.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
    return sum(f"socket:[{inode}]" in held for inode in here)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False
