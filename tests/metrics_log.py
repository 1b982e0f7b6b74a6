"""A three-day log built through the real engine, for the metrics over time and the report.

D1 14:30  "I'm in Tahoe" (conversation, user:primary)   auto-commit travel.location  [A1]
D1 14:31  calendar: trip in progress                     asked; Yes at 14:33 (120 s)  [C1]
D2 10:00  /forget travel.location                        asked; Yes at 10:00:30 (30 s) [F1]
D2 12:00  "rent is 2100" (conversation, family:home)     auto-commit financial        [X]
D2 12:10  an unreadable payload                          a dead letter
D3        nothing
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from canon_testing import make_observation

from core.engine.corrections import propose_forget
from core.engine.engine import Engine

D1 = datetime(2026, 2, 19, tzinfo=UTC)
SINCE, UNTIL = D1, D1 + timedelta(days=2, hours=12)
"""The window the tests measure: [D1 00:00, D3 12:00]."""
ME, HOME = "user:primary", "family:home"


def at(day: int, hour: int, minute: float = 0) -> datetime:
    return D1 + timedelta(days=day - 1, hours=hour, minutes=minute)


async def build_log(engine: Engine) -> None:
    told = make_observation("travel.location", "Tahoe", at=at(1, 14, 30))
    assert (await engine.ingest(told, now=at(1, 14, 30))).decision == "auto_commit"
    calendar = make_observation("travel.status", "in_progress", source="calendar", at=at(1, 14, 31))
    asked = await engine.ingest(calendar, now=at(1, 14, 31))
    assert asked.review_item_id
    await engine.answer(asked.review_item_id, "confirm", now=at(1, 14, 33))
    forget = await propose_forget(engine, [ME], "travel.location", at(2, 10))
    await engine.answer(forget.id, "confirm", now=at(2, 10, 0.5))
    rent = make_observation("financial.rent.amount", 2100, entity=HOME, at=at(2, 12))
    assert (await engine.ingest(rent, now=at(2, 12))).decision == "auto_commit"
    assert (await engine.ingest({"entity_id": HOME}, now=at(2, 12, 10))).decision == "invalid"
