"""A mail server that says a message is small and then sends far more is cut off by what
is actually read, through a small IMAP server on loopback that lies (Dovecot never does)
and the poller: the source says why, nothing is read from it, and the bot's process
holds no more than the limit; a server that merely miscounts (says 1 KB, keeps to the
part it was asked for) has the message skipped as too large, and the rest is read.

Before, ``RFC822.SIZE`` decided alone: a message the server called 1 KB was fetched
whole, however many megabytes it then sent, into the poller's (the bot's) memory.
"""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sources_helpers import config_with, imap_source, mail

from core.engine.engine import Engine
from core.sources.kinds import imap
from core.sources.kinds.imap import fetch_mail
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
LIMIT = 200_000
"""The largest message in these tests (the real one, 10 MB, reads the same way)."""
SENT = 50 * LIMIT
"""What the lying server sends for the message it called ``SAID`` bytes."""
SAID = 1_000
RECEIPT = mail("Your receipt from Bookshop", "You paid $5.00", message_id="ok@b")


class _Server:
    """One folder of two messages, UIDs 1 (said ``SAID`` bytes, truly ``SENT``) and 2 (the
    receipt). ``keeps_to_part``: a FETCH of ``BODY.PEEK[]<0.n>`` is answered with at most
    n bytes (a server that miscounts); otherwise with the whole message (one that lies)."""

    def __init__(self, keeps_to_part: bool) -> None:
        self.keeps_to_part = keeps_to_part
        self.big = mail("Huge", "x" * SENT, message_id="big@x")
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sent = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _fetch(self, uids: str, what: str) -> bytes:
        out = b""
        for uid in sorted(int(u) for u in re.findall(r"\d+", uids.replace(":", ","))):
            body = self.big if uid == 1 else RECEIPT
            if "RFC822.SIZE" in what:
                size = SAID if uid == 1 else len(body)
                out += b"* %d FETCH (UID %d RFC822.SIZE %d)\r\n" % (uid, uid, size)
                continue
            part = re.search(r"<0\.(\d+)>", what)
            if part and self.keeps_to_part:
                body = body[: int(part.group(1))]
            key = b"BODY[]<0>" if part else b"BODY[]"
            out += b"* %d FETCH (UID %d %s {%d}\r\n%s)\r\n" % (uid, uid, key, len(body), body)
        return out

    def _session(self, conn: socket.socket) -> None:
        with conn, conn.makefile("rb") as lines:
            try:
                conn.sendall(b"* OK [CAPABILITY IMAP4rev1] ready\r\n")
                for line in lines:
                    tag, command = line.decode().rstrip("\r\n").split(" ", 1)
                    verb = command.split(" ")[0].upper()
                    if verb == "UID" and command.upper().startswith("UID FETCH"):
                        _, _, uids, what = command.split(" ", 3)
                        answer = self._fetch(uids, what.upper())
                    elif verb == "UID":
                        answer = b"* SEARCH 1 2\r\n"
                    elif verb in ("SELECT", "EXAMINE"):
                        answer = b"* 2 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n"
                    elif verb == "CAPABILITY":
                        answer = b"* CAPABILITY IMAP4rev1\r\n"
                    elif verb == "LOGOUT":
                        answer = b"* BYE\r\n"
                    else:
                        answer = b""
                    conn.sendall(answer + tag.encode() + b" OK done\r\n")
                    self.sent += len(answer)
                    if verb == "LOGOUT":
                        return
            except OSError:
                pass  # the reader gave up, as it should

    def close(self) -> None:
        self.listener.close()


@pytest.fixture(params=[False, True], ids=["lies", "miscounts"])
def server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[_Server]:
    monkeypatch.setattr(imap, "MAX_SIZE", LIMIT)
    running = _Server(keeps_to_part=request.param)
    yield running
    running.close()


async def test_a_message_larger_than_the_server_said_is_cut_off_by_what_is_read(
    tmp_path: Path, server: _Server, engine: Engine
) -> None:
    source = imap_source(tmp_path, server.port, "me", "secret")

    report = (await poll_once(engine, config_with(tmp_path, source), NOW)).sources[0]

    if server.keeps_to_part:  # skipped, and the receipt after it read
        assert report.ok, report.error
        assert report.signals == 1
        assert any("larger than" in s for s in report.skipped), report.skipped
        assert fetch_mail(source, {}).cursor["last_uid"] == 2  # ...so it is not asked again
    else:  # the server is not read further
        assert not report.ok
        assert "more than" in (report.error or ""), report.error
        assert await engine.store.facts() == []
        assert await engine.store.review_items(["pending", "queued"]) == []
