"""One resolved date in a text (``TimeRef``): the day, the preposition before it, where it
stands, and the span it names when it names more than a day.

It is what every time expression resolves to and what clauses and field rules read, so it
lives below the resolver (``timeexpr``) that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta


@dataclass(frozen=True)
class TimeRef:
    """One resolved date in a text."""

    day: date
    prep: str
    """The preposition just before it ("from", "until", "since", ...), or ""."""
    start: int
    end: int
    clock: time | None = None
    end_day: date | None = None
    """Last day of a range written as one expression ("May 3-7", "this weekend")."""
    past: bool = False
    """The expression itself points backwards ("last Tuesday", "yesterday")."""
    unit: str = "day"
    """What the expression names: "day", or a whole "week", "weekend", "month" or "year"
    running from ``day`` to ``end_day``."""

    @property
    def coarse(self) -> bool:
        """A whole month or year rather than a day or a week."""
        return self.unit in ("month", "year")

    def begun_span(self, today: date) -> bool:
        """A week, month or year already under way ("this year"): it names no plan's day.

        Its ``day`` is today, which is no departure or due day; one still ahead ("next
        month") keeps its first day as the earliest date it can mean.
        """
        return self.unit in ("week", "month", "year") and self.first_day <= today

    @property
    def first_day(self) -> date:
        """The first day of the span named ("this year" -> 1 January), or ``day`` itself."""
        if self.unit == "year":
            return self.day.replace(month=1, day=1)
        if self.unit == "month":
            return self.day.replace(day=1)
        if self.unit == "week":
            return self.day - timedelta(days=self.day.weekday())
        return self.day

    def span_iso(self) -> str:
        """ISO text of what was said: "2026", "2026-03", "2026-03-07/2026-03-08" or one date."""
        if self.unit == "year":
            return f"{self.day.year:04d}"
        if self.unit == "month":
            return f"{self.day.year:04d}-{self.day.month:02d}"
        if self.end_day is not None:
            return f"{self.first_day.isoformat()}/{self.end_day.isoformat()}"
        return self.day.isoformat()

    def iso(self, tz_source: datetime) -> str:
        """ISO date, or date-time with the message's offset when a clock time was given."""
        if self.clock is None:
            return self.day.isoformat()
        return datetime.combine(self.day, self.clock, tzinfo=tz_source.tzinfo).isoformat()
