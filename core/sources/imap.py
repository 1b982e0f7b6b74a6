"""IMAP mailboxes through imapclient: incremental by UID, UIDVALIDITY-aware.

The cursor is ``{"uidvalidity", "last_uid"}``: a pass fetches only UIDs above
``last_uid`` (BODY.PEEK, so nothing is marked read); when the server reports
a different UIDVALIDITY the UIDs mean other messages now and the folder is
read again from the start (Message-ID based event ids make re-reads
duplicates). TLS by default; LOGIN with an (app) password or XOAUTH2.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, Final

from imapclient import IMAPClient  # type: ignore[import-untyped]
from imapclient.exceptions import IMAPClientError  # type: ignore[import-untyped]

from core.errors import SourceError
from core.sources.kinds.imap import ImapConfig
from core.sources.mailparse import Skipped, parse_mail

CHUNK: Final = 50
MAX_SIZE: Final = 10_000_000
_ERRORS = (IMAPClientError, OSError, ssl.SSLError, socket.timeout)


@dataclass(frozen=True)
class ImapFetch:
    mails: list[dict[str, Any]]
    skipped: list[Skipped] = field(default_factory=list)
    cursor: dict[str, int] = field(default_factory=dict)


@contextmanager
def connect(cfg: ImapConfig) -> Iterator[Any]:
    """A logged-in client (closed afterwards); library errors become SourceError."""
    port = cfg.port or (993 if cfg.ssl else 143)
    try:
        context = ssl.create_default_context() if cfg.ssl else None
        client = IMAPClient(
            cfg.host, port=port, ssl=cfg.ssl, ssl_context=context, timeout=cfg.timeout
        )
    except _ERRORS as e:
        raise SourceError(f"imap: cannot connect to {cfg.host}:{port}: {e}") from e
    try:
        try:
            if cfg.auth == "oauth2":
                client.oauth2_login(cfg.username, cfg.secret())
            else:
                client.login(cfg.username, cfg.secret())
        except _ERRORS as e:
            raise SourceError(f"imap: login failed for {cfg.username}: {e}") from e
        yield client
    finally:
        with suppress(*_ERRORS):  # the server may have gone; the pass has its answer
            client.logout()


def fetch_mail(cfg: ImapConfig, cursor: dict[str, Any]) -> ImapFetch:
    """New messages since the cursor, parsed; at most ``max_messages`` per pass."""
    with connect(cfg) as client:
        try:
            info = client.select_folder(cfg.folder, readonly=True)
            validity = int(info[b"UIDVALIDITY"])
            last = int(cursor.get("last_uid", 0)) if cursor.get("uidvalidity") == validity else 0
            # 'n:*' always matches the newest message, even below n: filter.
            uids = sorted(u for u in client.search(["UID", f"{last + 1}:*"]) if u > last)
            uids = uids[: cfg.max_messages]
            mails: list[dict[str, Any]] = []
            skipped: list[Skipped] = []
            for i in range(0, len(uids), CHUNK):
                chunk = uids[i : i + CHUNK]
                sizes = client.fetch(chunk, ["RFC822.SIZE"])
                small = [
                    u for u in chunk if int(sizes.get(u, {}).get(b"RFC822.SIZE", 0)) <= MAX_SIZE
                ]
                skipped += [
                    Skipped(f"{cfg.folder}/{u}", "larger than 10 MB")
                    for u in chunk
                    if u not in small
                ]
                data = client.fetch(small, ["BODY.PEEK[]"]) if small else {}
                for uid in small:
                    raw = data.get(uid, {}).get(b"BODY[]")
                    ref = f"{cfg.folder}/{validity}/{uid}"
                    parsed = parse_mail(raw or b"", ref)
                    if isinstance(parsed, Skipped):
                        skipped.append(parsed)
                    else:
                        mails.append(parsed)
        except _ERRORS as e:
            raise SourceError(f"imap: {cfg.folder}: {e}") from e
        except KeyError as e:
            raise SourceError(f"imap: {cfg.folder}: server sent no {e}") from e
    return ImapFetch(mails, skipped, {"uidvalidity": validity, "last_uid": max(uids, default=last)})


def wait_for_mail(cfg: ImapConfig, timeout: float) -> bool:
    """IDLE on the folder for up to ``timeout`` seconds; True when new mail arrived."""
    with connect(cfg) as client:
        try:
            client.select_folder(cfg.folder, readonly=True)
            client.idle()
            try:
                responses = client.idle_check(timeout=timeout)
            finally:
                client.idle_done()
        except _ERRORS as e:
            raise SourceError(f"imap idle: {cfg.folder}: {e}") from e
    return any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses)
