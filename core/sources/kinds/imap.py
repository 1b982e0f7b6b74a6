"""``kind = "imap"``: a mailbox read incrementally by UID (client in ``core.sources.imap``)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Literal, Self, cast

from core.signals.rules import Rule
from core.signals.trust import parse_trusted_senders
from core.sources.base import (
    COMMON_OPTIONS,
    SECRET_OPTIONS,
    Fetched,
    SecretConfig,
    SourceConfig,
    SourceTable,
)


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
        )

    def describe(self) -> str:
        return (
            f"{self.username}@{self.host}:{self.port or (993 if self.ssl else 143)}/{self.folder}"
        )


class ImapSource:
    """New mail since the cursor's UID (re-read from the start when UIDVALIDITY changes)."""

    kind: ClassVar[str] = "imap"
    config_type: ClassVar[type[SourceConfig]] = ImapConfig

    def __init__(self, config: ImapConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        from core.sources.imap import fetch_mail

        got = await asyncio.to_thread(fetch_mail, self.config, dict(cursor))
        return Fetched("email", got.mails, dict(got.cursor), got.skipped)
