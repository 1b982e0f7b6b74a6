"""``kind = "caldav"``: a CalDAV calendar, or every calendar of a principal.

Nextcloud, Fastmail, iCloud, Radicale. Listed whole on each pass, like a feed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Self

from core.signals.rules import Rule
from core.sources.base import Fetched, SourceConfig, SourceTable
from core.sources.kinds.ics import CALENDAR_OPTIONS, IcsConfig, poll_listed


@dataclass(frozen=True, kw_only=True)
class CalDavConfig(IcsConfig):
    OPTIONS: ClassVar[frozenset[str]] = CALENDAR_OPTIONS | {"ssl", "calendar_id"}

    ssl: bool = True
    """Refuse plain http."""
    calendar_id: str = "primary"
    """When ``url`` is a principal: the calendar to read (by name or URL); all when primary."""

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        return cls(
            **cls.calendar(table),
            ssl=table.get("ssl", bool, True),
            calendar_id=table.get("calendar_id", str, "primary"),
        )


class CalDavSource:
    kind: ClassVar[str] = "caldav"
    config_type: ClassVar[type[SourceConfig]] = CalDavConfig

    def __init__(self, config: CalDavConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        from core.sources.calendars import fetch_caldav

        return await poll_listed(self.config, fetch_caldav, cursor, now, rules)
