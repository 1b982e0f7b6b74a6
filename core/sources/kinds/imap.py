"""``kind = "imap"``: a mailbox read incrementally by UID through imapclient, UIDVALIDITY-aware.

The cursor is ``{"uidvalidity", "last_uid"}``: a pass fetches only UIDs above
``last_uid`` (BODY.PEEK, so nothing is marked read); when the server reports
a different UIDVALIDITY the UIDs mean other messages now and the folder is
read again from the start (Message-ID based event ids make re-reads
duplicates). TLS by default; LOGIN with an (app) password or XOAUTH2.
imapclient loads on the first poll, so reading the config costs nothing.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime
from threading import Event, Timer
from time import monotonic
from typing import Any, ClassVar, Final, Literal, Self, cast

from core.errors import SourceError
from core.signals.rules import Rule
from core.signals.trust import parse_owner_addresses, parse_trusted_senders
from core.sources.base import (
    COMMON_OPTIONS,
    SECRET_OPTIONS,
    Fetched,
    SecretConfig,
    SourceConfig,
    SourceTable,
)
from core.sources.mailparse import Skipped, parse_mail

CHUNK: Final = 50
MAX_SIZE: Final = 10_000_000
"""The largest message read; a larger one is skipped. The server's ``RFC822.SIZE`` skips
most without reading them, but it is the server's word: only the first ``MAX_SIZE + 1``
bytes are asked for, and a server that sends more than it was asked for is not read
further (``_Reading``)."""
MAX_IDLE_BYTES: Final = 1_000_000
"""The most a server may send while Canon waits for mail (IMAP IDLE), all its lines
together: a new message is a line or two (``* 12 EXISTS``), so this is tens of thousands
of them. IDLE answers are lines the server sends whenever it likes, and imapclient reads
them for as long as they come: a server (anyone's, the user was given an account on)
could stream them without end into the poller's memory, and the wait never ended."""
IDLE_GRACE: Final = 2
"""A wait for mail ends within its own time plus this many ``timeout``s (leaving IDLE
included): past it the connection is shut, however slowly the server still drips."""
MAX_LOGIN_BYTES: Final = 100_000
"""The most a server may send from its greeting to the end of LOGIN, its capabilities
included (a few hundred bytes in practice). imaplib reads the greeting, and each reply's
lines until the tagged one, for as long as they come, and any literal whole: a server
(anyone's, the user was given an account on) could send an endless greeting or a
gigabyte LOGIN reply into the poller's memory before a single mail was asked for."""
LOGIN_TIMEOUTS: Final = 3
"""Connecting, the greeting and LOGIN are done within this many ``timeout``s: ``timeout``
bounds each wait only, so a server that drips one byte just inside it held the pass, and
every later one, for ever. Past it the connection is shut."""


@dataclass(frozen=True, kw_only=True)
class ImapConfig(SecretConfig):
    """One IMAP folder; LOGIN with an (app) password, or XOAUTH2 with the secret as token."""

    OPTIONS: ClassVar[frozenset[str]] = (
        COMMON_OPTIONS
        | SECRET_OPTIONS
        | {
            "host",
            "port",
            "ssl",
            "folder",
            "auth",
            "idle",
            "max_messages",
            "trusted_senders",
            "owner_addresses",
        }
    )
    REQUIRED: ClassVar[tuple[str, ...]] = ("host", "username")

    host: str
    port: int | None = None
    ssl: bool = True
    folder: str = "INBOX"
    auth: Literal["password", "oauth2"] = "password"
    idle: bool = False
    """Wake ``canon poll --every`` when mail arrives (IMAP IDLE)."""
    max_messages: int = 500
    owner_addresses: tuple[str, ...] = ()
    """The owner's own addresses besides the login (aliases; all of them when the login is
    no address): recognised as the owner's, so never trusted merely because From names
    one (``core.signals.trust.SenderTrust.own``)."""

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        own = parse_trusted_senders(table.raw.get("trusted_senders"), f"source {table.name!r}")
        return cls(
            **cls.common(table),
            host=table.get("host", str, ""),
            port=table.optional("port", int),
            ssl=table.get("ssl", bool, True),
            folder=table.get("folder", str, "INBOX"),
            auth=cast(
                Literal["password", "oauth2"],
                table.choice("auth", ("password", "oauth2"), "password"),
            ),
            idle=table.get("idle", bool, False),
            max_messages=table.get("max_messages", int, 500),
            trusted_senders=tuple(dict.fromkeys(own + table.trusted_senders)),
            owner_addresses=parse_owner_addresses(
                table.raw.get("owner_addresses"), f"source {table.name!r}"
            ),
        )

    def describe(self) -> str:
        return (
            f"{self.username}@{self.host}:{self.port or (993 if self.ssl else 143)}/{self.folder}"
        )


@dataclass(frozen=True)
class ImapFetch:
    mails: list[dict[str, Any]]
    skipped: list[Skipped] = field(default_factory=list)
    cursor: dict[str, int] = field(default_factory=dict)


def _errors() -> tuple[type[BaseException], ...]:
    """What a failing server or network raises (imapclient's own errors load with it)."""
    from imapclient.exceptions import IMAPClientError  # type: ignore[import-untyped]

    return (IMAPClientError, OSError, ssl.SSLError, socket.timeout)


class _Reading:
    """What the server may send, counted as read (imaplib reads a literal whole into memory,
    however large the server says it is): no literal larger than a message may be, and no
    more for one command than its messages at that size. A server past either is cut
    off: its connection is shut, so nothing more is read from it."""

    def __init__(self, host: str) -> None:
        self.imap: Any = None
        """imaplib's connection, once open (``install``)."""
        self.host = host
        self.left = MAX_LOGIN_BYTES
        self.past = f"more than {MAX_LOGIN_BYTES / 1000:g} kB before logging in"
        """What the server sent when it is cut off for passing ``left``."""
        self.messages = False
        """Whether what comes may be messages (a literal larger than one is cut off)."""
        self.cut: SourceError | None = None
        """Why the server was cut off, once it was (what fails after that says less)."""
        self.expired = Event()
        """Set when the watchdog gave up on the server (``shut``)."""

    def install(self, imap: Any) -> None:
        """Reads what ``imap`` (just connected, before its greeting) receives through this."""
        self.imap = imap
        self._read = imap.read
        self._readline = imap.readline
        imap.read = self.read
        imap.readline = self.readline
        if self.expired.is_set():  # given up on while it was connecting
            self.shut()

    def shut(self) -> None:
        """Gives up on the server: a read waiting on its next byte ends (the watchdog's)."""
        self.expired.set()
        if self.imap is not None:
            with suppress(OSError):
                self.imap.sock.shutdown(socket.SHUT_RDWR)

    def allow(self, messages: int) -> None:
        """The next command may bring ``messages`` messages of at most ``MAX_SIZE + 1``."""
        self.left = max(1, messages) * (MAX_SIZE + 1 + 1024)
        self.past = "more than it was asked for"
        self.messages = True

    def allow_idle(self) -> None:
        """What follows (IDLE's notices, until it ends) may bring ``MAX_IDLE_BYTES``."""
        self.left = MAX_IDLE_BYTES
        self.past = f"more than {MAX_IDLE_BYTES / 1_000_000:g} MB of notices while idle"
        self.messages = False

    def _cut(self, what: str) -> SourceError:
        with suppress(OSError):
            self.imap.shutdown()
        self.cut = SourceError(f"imap: {self.host} sent {what}; not read")
        return self.cut

    def read(self, size: int) -> bytes:
        if self.messages and size > MAX_SIZE + 1:
            mb = f"{size / 1_000_000:.1f} MB"
            raise self._cut(
                f"a message of {mb}, more than the {MAX_SIZE / 1_000_000:g} MB asked for"
            )
        if size > self.left:
            raise self._cut(self.past)
        self.left -= size
        data: bytes = self._read(size)
        return data

    def readline(self) -> bytes:
        line: bytes = self._readline()
        self.left -= len(line)
        if self.left < 0:
            raise self._cut(self.past)
        return line


def _bounded_client(cfg: ImapConfig, reading: _Reading) -> Any:
    """An IMAPClient connected to ``cfg``'s server whose every byte, from the greeting on,
    is read through ``reading`` (imaplib reads the greeting while it connects)."""
    from imapclient import IMAPClient, imap4, tls  # type: ignore[import-untyped]

    class Bounded(IMAPClient):  # type: ignore[misc]
        def _create_IMAP4(self) -> Any:
            base = tls.IMAP4_TLS if self.ssl else imap4.IMAP4WithTimeout

            class Connection(base):  # type: ignore[misc,valid-type]
                def open(self, *args: Any, **kwargs: Any) -> None:
                    super().open(*args, **kwargs)
                    reading.install(self)

            if self.ssl:
                return Connection(self.host, self.port, self.ssl_context, self._timeout.connect)
            return Connection(self.host, self.port, self._timeout.connect)

    context = ssl.create_default_context() if cfg.ssl else None
    port = cfg.port or (993 if cfg.ssl else 143)
    return Bounded(cfg.host, port=port, ssl=cfg.ssl, ssl_context=context, timeout=cfg.timeout)


@contextmanager
def connect(cfg: ImapConfig) -> Iterator[tuple[Any, _Reading]]:
    """A logged-in client (closed afterwards) and what it may read; library errors become
    SourceError. The greeting and LOGIN are bounded (``MAX_LOGIN_BYTES``,
    ``LOGIN_TIMEOUTS``): past either, a SourceError and the connection shut."""
    # A read on a connection shut meanwhile raises ValueError (a closed file).
    errors: tuple[type[BaseException], ...] = (*_errors(), ValueError)
    port = cfg.port or (993 if cfg.ssl else 143)
    reading = _Reading(cfg.host)
    limit = LOGIN_TIMEOUTS * cfg.timeout
    watchdog = Timer(limit, reading.shut)
    watchdog.daemon = True
    watchdog.start()
    client: Any = None
    try:
        try:
            client = _bounded_client(cfg, reading)
            if cfg.auth == "oauth2":
                client.oauth2_login(cfg.username, cfg.secret())
            else:
                client.login(cfg.username, cfg.secret())
        except errors as e:
            if reading.cut is not None:
                raise reading.cut from e
            if reading.expired.is_set():
                raise SourceError(
                    f"imap: {cfg.host} did not greet and log in within {limit:g} s; not read"
                ) from e
            if client is None:
                raise SourceError(f"imap: cannot connect to {cfg.host}:{port}: {e}") from e
            raise SourceError(f"imap: login failed for {cfg.username}: {e}") from e
        finally:
            watchdog.cancel()
        yield client, reading
    finally:
        if client is not None:
            with suppress(*errors):  # the server may have gone; the pass has its answer
                client.logout()


def fetch_mail(cfg: ImapConfig, cursor: dict[str, Any]) -> ImapFetch:
    """New messages since the cursor, parsed; at most ``max_messages`` per pass."""
    with connect(cfg) as (client, reading):
        try:
            reading.allow(1)
            info = client.select_folder(cfg.folder, readonly=True)
            validity = int(info[b"UIDVALIDITY"])
            last = int(cursor.get("last_uid", 0)) if cursor.get("uidvalidity") == validity else 0
            # 'n:*' always matches the newest message, even below n: filter.
            reading.allow(1)
            uids = sorted(u for u in client.search(["UID", f"{last + 1}:*"]) if u > last)
            uids = uids[: cfg.max_messages]
            mails: list[dict[str, Any]] = []
            skipped: list[Skipped] = []
            too_large = f"larger than {MAX_SIZE / 1_000_000:g} MB"
            for i in range(0, len(uids), CHUNK):
                chunk = uids[i : i + CHUNK]
                reading.allow(1)
                sizes = client.fetch(chunk, ["RFC822.SIZE"])
                small = [
                    u for u in chunk if int(sizes.get(u, {}).get(b"RFC822.SIZE", 0)) <= MAX_SIZE
                ]
                skipped += [
                    Skipped(f"{cfg.folder}/{u}", too_large) for u in chunk if u not in small
                ]
                # Only one byte past the limit is asked for: a server that miscounted the
                # size sends no more, and the message is skipped as too large.
                reading.allow(len(small))
                data = client.fetch(small, [f"BODY.PEEK[]<0.{MAX_SIZE + 1}>"]) if small else {}
                for uid in small:
                    got = data.get(uid, {})
                    raw = got.get(b"BODY[]<0>", got.get(b"BODY[]"))
                    ref = f"{cfg.folder}/{validity}/{uid}"
                    if raw is not None and len(raw) > MAX_SIZE:
                        skipped.append(Skipped(ref, too_large))
                        continue
                    parsed = parse_mail(raw or b"", ref)
                    if isinstance(parsed, Skipped):
                        skipped.append(parsed)
                    else:
                        mails.append(parsed)
        except _errors() as e:
            raise SourceError(f"imap: {cfg.folder}: {e}") from e
        except KeyError as e:
            raise SourceError(f"imap: {cfg.folder}: server sent no {e}") from e
    return ImapFetch(mails, skipped, {"uidvalidity": validity, "last_uid": max(uids, default=last)})


def wait_for_mail(cfg: ImapConfig, timeout: float) -> bool:
    """IDLE on the folder for up to ``timeout`` seconds; True when new mail arrived. What
    the server sends meanwhile is bounded (``MAX_IDLE_BYTES``, ``IDLE_GRACE``): past
    either, a SourceError and the connection shut."""
    with connect(cfg) as (client, reading):
        deadline = monotonic() + timeout
        limit = timeout + IDLE_GRACE * cfg.timeout
        expired = Event()

        def expire() -> None:  # unblocks a read waiting on the server's next byte
            expired.set()
            with suppress(OSError):
                client.socket().shutdown(socket.SHUT_RDWR)

        # A read on a connection shut meanwhile raises ValueError (a closed file).
        failing: tuple[type[BaseException], ...] = (*_errors(), ValueError)
        watchdog = Timer(limit, expire)
        watchdog.daemon = True
        watchdog.start()
        try:
            reading.allow(1)
            client.select_folder(cfg.folder, readonly=True)
            reading.allow_idle()
            client.idle()
            arrived = False
            # Notices that are not new mail (a keep-alive, a flag changed) wait on: the
            # wait lasts its time unless mail comes.
            while not arrived and (left := deadline - monotonic()) > 0 and not expired.is_set():
                responses = client.idle_check(timeout=left)
                if not responses and deadline - monotonic() > 0:
                    break  # readable, yet nothing to read: the server hung up
                arrived = any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses)
            client.idle_done()
        except failing as e:
            if reading.cut is not None:
                raise reading.cut from e
            if expired.is_set():
                raise SourceError(
                    f"imap idle: {cfg.host} did not end the wait within {limit:g} s; not read"
                ) from e
            raise SourceError(f"imap idle: {cfg.folder}: {e}") from e
        finally:
            watchdog.cancel()
    return arrived


class ImapSource:
    """New mail since the cursor's UID (re-read from the start when UIDVALIDITY changes)."""

    kind: ClassVar[str] = "imap"
    config_type: ClassVar[type[SourceConfig]] = ImapConfig

    def __init__(self, config: ImapConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        got = await asyncio.to_thread(fetch_mail, self.config, dict(cursor))
        return Fetched("email", got.mails, dict(got.cursor), got.skipped)
