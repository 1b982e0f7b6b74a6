"""``kind = "ics"``: an iCalendar feed (http(s) URL, file:// URL or a local path).

The feed lists every event in the window on each pass, so an event remembered
inside the window but missing now was deleted (``core.sources.remembered``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Self

from core.signals.rules import Rule
from core.sources.base import (
    COMMON_OPTIONS,
    SECRET_OPTIONS,
    Fetched,
    SecretConfig,
    SourceConfig,
    SourceTable,
)

CALENDAR_OPTIONS = COMMON_OPTIONS | SECRET_OPTIONS | {"url", "past_days", "future_days", "timezone"}


@dataclass(frozen=True, kw_only=True)
class IcsConfig(SecretConfig):
    """A feed; ``username``/``password`` are HTTP basic auth when set."""

    OPTIONS: ClassVar[frozenset[str]] = CALENDAR_OPTIONS
    REQUIRED: ClassVar[tuple[str, ...]] = ("url",)

    url: str
    past_days: int = 7
    future_days: int = 180
    timezone: str = "UTC"
    """The zone of floating times (events without a TZID)."""

    @classmethod
    def calendar(cls, table: SourceTable) -> dict[str, Any]:
        """The options every listed calendar (ICS, CalDAV) reads the same way."""
        return {
            **cls.common(table),
            "url": table.get("url", str, ""),
            "past_days": table.get("past_days", int, 7),
            "future_days": table.get("future_days", int, 180),
            "timezone": table.zone(),
        }

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        return cls(**cls.calendar(table))

    def describe(self) -> str:
        return self.url


async def poll_listed(
    config: IcsConfig,
    list_events: Callable[[Any, datetime], list[dict[str, Any]]],
    cursor: Mapping[str, Any],
    now: datetime,
    rules: Sequence[Rule],
) -> Fetched:
    """A pass of a calendar that lists its whole window: what changed, what vanished."""
    from core.sources.calendars import window
    from core.sources.remembered import reconcile

    events = await asyncio.to_thread(list_events, config, now)
    done = reconcile(
        events,
        cursor.get("known", {}),
        now,
        window=window(config, now),
        keep_days=config.past_days,
        rules=rules,
    )
    return Fetched("calendar_event", done.emit, {"known": done.known})


class IcsSource:
    kind: ClassVar[str] = "ics"
    config_type: ClassVar[type[SourceConfig]] = IcsConfig

    def __init__(self, config: IcsConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        from core.sources.calendars import fetch_ics

        return await poll_listed(self.config, fetch_ics, cursor, now, rules)
