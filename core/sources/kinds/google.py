"""``kind = "google"``: Google Calendar by syncToken (client in ``core.sources.google_calendar``).

Google sends deleted events as bare cancelled stubs and only what changed, so
a pass remembers what each event was (``core.sources.remembered``); after a
full sync every live event was listed and the rest were deleted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar, Self

from core.signals.rules import Rule
from core.sources.base import COMMON_OPTIONS, Fetched, SourceConfig, SourceTable


@dataclass(frozen=True, kw_only=True)
class GoogleConfig(SourceConfig):
    OPTIONS: ClassVar[frozenset[str]] = COMMON_OPTIONS | {
        "credentials_file",
        "token_file",
        "calendar_id",
        "api_endpoint",
        "token_uri",
        "past_days",
    }
    REQUIRED: ClassVar[tuple[str, ...]] = ("credentials_file",)

    credentials_file: Path
    """An OAuth client secret (installed app) or a service-account key."""
    token_file: Path | None = None
    """Where the user's OAuth token is kept (0600), outside the database."""
    calendar_id: str = "primary"
    api_endpoint: str | None = None
    """Another API root (a test fake); the real one when unset."""
    token_uri: str | None = None
    """Another OAuth token endpoint (a test fake); google-auth's default when unset."""
    past_days: int = 7

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        credentials = table.path("credentials_file")
        assert credentials is not None  # REQUIRED
        token_file = table.path("token_file") or credentials.with_name(f"{table.name}.token.json")
        return cls(
            **cls.common(table),
            credentials_file=credentials,
            token_file=token_file,
            calendar_id=table.get("calendar_id", str, "primary"),
            api_endpoint=table.optional("api_endpoint", str),
            token_uri=table.optional("token_uri", str),
            past_days=table.get("past_days", int, 7),
        )

    def describe(self) -> str:
        return f"calendar {self.calendar_id}"


class GoogleSource:
    kind: ClassVar[str] = "google"
    config_type: ClassVar[type[SourceConfig]] = GoogleConfig

    def __init__(self, config: GoogleConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        from core.sources.google_calendar import GoogleCalendar
        from core.sources.remembered import reconcile

        cfg = self.config
        known = cursor.get("known", {})
        result = await asyncio.to_thread(GoogleCalendar(cfg).fetch, cursor.get("sync_token"), now)
        # After a full sync every live event was listed: the rest were deleted.
        span = (now - timedelta(days=cfg.past_days), datetime.max.replace(tzinfo=now.tzinfo))
        done = reconcile(
            result.events,
            known,
            now,
            window=span if result.full_sync and known else None,
            keep_days=cfg.past_days,
            rules=rules,
        )
        return Fetched(
            "calendar_event", done.emit, {"sync_token": result.sync_token, "known": done.known}
        )
