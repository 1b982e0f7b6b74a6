"""Fixtures for the source tests: Dovecot, Radicale and the Google fake (see servers.py)."""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes.google_calendar import FakeGoogleCalendar
from source_servers import _DOVECOT_CONF, Dovecot, Radicale, _stop, free_port, wait_for_port


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    binary = shutil.which("dovecot") or "/usr/sbin/dovecot"
    if not os.path.exists(binary):
        pytest.fail("dovecot is not installed: run tests/services/install-dovecot.sh (make test)")
    root = Path(tempfile.mkdtemp(prefix="canon-dovecot-"))
    os.chmod(root, 0o755)  # the mail processes run as the unprivileged 'dovecot' user
    uid, gid = pwd.getpwnam("dovecot").pw_uid, grp.getgrnam("dovecot").gr_gid
    for sub in ("run", "state", "mail"):
        (root / sub).mkdir()
    os.chown(root / "mail", uid, gid)
    port = free_port()
    conf = root / "dovecot.conf"
    password = "app-password-1"
    conf.write_text(_DOVECOT_CONF.format(root=root, uid=uid, gid=gid, port=port, password=password))
    proc = subprocess.Popen([binary, "-F", "-c", str(conf)])
    try:
        wait_for_port(port, proc, "dovecot")
        yield Dovecot(port, password)
    finally:
        _stop(proc)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def radicale() -> Iterator[Radicale]:
    root = Path(tempfile.mkdtemp(prefix="canon-radicale-"))
    users = root / "users"
    users.write_text("")
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "radicale",
            "--server-hosts",
            f"127.0.0.1:{port}",
            "--storage-filesystem-folder",
            str(root / "collections"),
            "--auth-type",
            "htpasswd",
            "--auth-htpasswd-filename",
            str(users),
            "--auth-htpasswd-encryption",
            "plain",
            # Radicale sleeps this long on every request it answers 401 (a client's first,
            # without its login, and every wrong password): a second a request, dead time.
            "--auth-delay",
            "0",
            "--logging-level",
            "error",
        ]
    )
    try:
        wait_for_port(port, proc, "radicale")
        yield Radicale(f"http://127.0.0.1:{port}/", users)
    finally:
        _stop(proc)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def google() -> Iterator[FakeGoogleCalendar]:
    with FakeGoogleCalendar() as fake:
        yield fake
