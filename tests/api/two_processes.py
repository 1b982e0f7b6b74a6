"""Two ``canon serve`` processes on one store, shared by the files that race them (the
fixture ``two_processes``, made a fixture of tests/api by its conftest.py).

A server start is seconds of CPU, and the race files (household members, corrections,
a question group answered twice, a question answered on another worker) each started a
pair of their own per store. They play on one pair per store instead: every test is on
entities of its own (a user per round, a household's children each a field of their
own), so no test reads what another wrote.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from live_server import LiveServer, environment, live_server
from services.postgres import PostgresCluster

FAMILY = "family:smith"
"""The household the household race's members share (``CANON_FAMILY_ENTITY``)."""


@dataclass(frozen=True)
class TwoProcesses:
    """Two ``canon serve`` processes on one store; its URL (SQLite path or PostgreSQL URL),
    the environment both run in (tokens are made with it) and the path tokens are made at."""

    one: LiveServer
    two: LiveServer
    url: str
    env: dict[str, str]
    db: Path


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def two_processes(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TwoProcesses]:
    """The pair for a store of each backend (a test that needs one backend only names it:
    ``pytest.mark.parametrize("two_processes", ["sqlite"], indirect=True)``). Both must be
    running at the end, having logged no unexpected error (every 500 is logged as one)."""
    db = tmp_path_factory.mktemp("two-processes") / "canon.db"
    cluster: PostgresCluster | None = None
    if request.param == "postgresql":
        cluster = request.getfixturevalue("postgres_cluster")
        url = cluster.create_database()
    else:
        url = str(db)
    env = environment(db, CANON_DB=url, CANON_FAMILY_ENTITY=FAMILY)
    # The races are about order, not limits: a quick machine plays them faster than a
    # token's default 5 a second (429s that depend on the machine's speed).
    limits = ("--rate", "1000", "--burst", "1000")
    try:
        with live_server(db, *limits, env=env) as one, live_server(db, *limits, env=env) as two:
            yield TwoProcesses(one, two, url, env, db)
            assert one.process.poll() is None
            assert two.process.poll() is None
        assert not [line for line in one.stderr + two.stderr if "unexpected error" in line]
    finally:
        if cluster is not None:
            cluster.drop_database(url)
