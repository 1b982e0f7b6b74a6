"""Real servers for the source tests, on 127.0.0.1 with free ports (helpers; fixtures in conftest).

- Dovecot (Debian's dovecot-imapd, installed by tests/services/install-dovecot.sh)
  with its own minimal config in a temp dir: plaintext LOGIN on loopback, a
  fresh mailbox user per test, Maildir storage.
- Radicale (a pip dev dependency) with htpasswd auth and a temp storage folder.
- The strict Google Calendar fake (tests/fakes/google_calendar.py).
"""

from __future__ import annotations

import socket
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    for _ in range(200):
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


@dataclass
class Dovecot:
    port: int

    password: str = "app-password-1"

    def add_user(self) -> tuple[str, str]:
        """A fresh mailbox user (its own empty INBOX) and its password.

        Every user shares one password (a static passdb): re-reading a
        passwd-file is cached by Dovecot, while new users must work at once.
        """
        return f"u{uuid.uuid4().hex[:10]}", self.password


_DOVECOT_CONF = """
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
auth_failure_delay = 0
mail_location = maildir:{root}/mail/%u
default_login_user = dovenull
default_internal_user = dovecot
passdb {{
  driver = static
  args = password={password}
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""


@dataclass
class Radicale:
    url: str
    users_file: Path

    def add_user(self, password: str = "cal-password", name: str | None = None) -> tuple[str, str]:
        user = name or f"u{uuid.uuid4().hex[:10]}"
        with self.users_file.open("a") as f:
            f.write(f"{user}:{password}\n")
        return user, password
