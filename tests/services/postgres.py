"""A throwaway PostgreSQL cluster for the tests (a pytest plugin, registered in tests/conftest.py).

Debian's server binaries (tests/services/install-postgresql.sh, run by `make test`)
start one cluster per test session: a temp directory owned by an unprivileged
user (initdb refuses to run as root, which the tests are in CI), trust
authentication, listening on 127.0.0.1 only on a free port with its socket in
the temp directory (in /dev/shm where there is one), no fsync (nothing here needs to
survive a crash). It is stopped and removed when the session ends, failed or not. Each
test that asks for ``postgres_url`` gets a fresh, empty database of its own, dropped
when the test ends; ``migrated_postgres_url`` one copied from a database already migrated.
"""

from __future__ import annotations

import asyncio
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from core.store.postgres import PostgresStore

SUPERUSER = "postgres"
"""The cluster's superuser name (initdb -U), whichever OS account runs it."""


@dataclass(frozen=True)
class PostgresCluster:
    host: str
    port: int

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def create_database(self, template: str | None = None) -> str:
        """A new database, empty or a copy of ``template`` (a database name); its URL."""
        name = f"canon_{uuid.uuid4().hex[:12]}"
        copy_of = f' TEMPLATE "{template}"' if template else ""
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"{copy_of}')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop the database at ``url`` (made by ``create_database``), closing any
        connection a test left open to it."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin directory, or None if there is none."""
    found = sorted(
        (Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/pg_ctl")),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1]
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_cluster_owner(root: Path) -> list[str]:
    """The command prefix that runs a server binary as the directory's owner.

    As root (CI) that is the unprivileged ``postgres`` account the Debian package
    creates; a developer's own account runs the binaries directly.
    """
    if os.geteuid() != 0:
        return []
    owner = pwd.getpwnam(SUPERUSER)
    os.chown(root, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", SUPERUSER, "--"]


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed ({done.returncode}): {done.stderr.strip()}")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    bin_dir = server_binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (tests/services/install-postgresql.sh)")
    # In memory where there is a tmpfs: a test database is about 13 MB of files, and on a
    # slow disk creating and deleting a few hundred of them cost a minute and a half.
    shm = Path("/dev/shm")
    root = Path(tempfile.mkdtemp(prefix="canon-postgres-", dir=shm if shm.is_dir() else None))
    data = root / "data"
    prefix = _as_cluster_owner(root)
    port = _free_port()
    options = (
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={root} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
        # shared memory segments in the data directory, removed with it (an immediate stop
        # leaves posix ones behind in /dev/shm)
        "-c dynamic_shared_memory_type=mmap"
    )
    started = False
    try:
        _run(
            [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", SUPERUSER],
            "initdb",
        )
        _run(
            [
                *prefix,
                str(bin_dir / "pg_ctl"),
                "start",
                "-D",
                str(data),
                "-w",
                "-l",
                str(root / "server.log"),
                "-o",
                options,
            ],
            "pg_ctl start",
        )
        started = True
        yield PostgresCluster("127.0.0.1", port)
    finally:
        if started:
            subprocess.run(
                # immediate: no shutdown checkpoint, the cluster is deleted next anyway
                [*prefix, str(bin_dir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate"],
                capture_output=True,
                check=False,
            )
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """The URL of a fresh, empty database in the session's cluster, dropped after the test
    (so the cluster holds only the databases of the tests running)."""
    url = postgres_cluster.create_database()
    yield url
    postgres_cluster.drop_database(url)


@pytest.fixture(scope="session")
def migrated_postgres_template(postgres_cluster: PostgresCluster) -> str:
    """The name of a database that Canon's store has opened once (every migration applied)
    and closed: the template of ``migrated_postgres_url``."""
    url = postgres_cluster.create_database()

    async def migrate() -> None:
        store = PostgresStore(url)
        await store.open()
        await store.close()

    # On a thread of its own: the first test to ask may be inside a running event loop (an
    # async fixture calling ``request.getfixturevalue``), where asyncio.run refuses.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, migrate()).result()
    return url.rsplit("/", 1)[1]


@pytest.fixture
def migrated_postgres_url(
    postgres_cluster: PostgresCluster, migrated_postgres_template: str
) -> Iterator[str]:
    """Like ``postgres_url``, but the database starts as a copy of one the store has already
    migrated: for tests of what a store does once open, not of how it migrates (each
    database migrated anew cost a few hundred tests a fifth of a second each). Opening it
    finds every migration recorded and applies none."""
    url = postgres_cluster.create_database(template=migrated_postgres_template)
    yield url
    postgres_cluster.drop_database(url)
