"""A three-day log through the real engine and projection pass, for the metrics that follow a
belief further (core/engine/metrics_more.py). D1 = 19 Feb 2026, UTC; "said" is the message's
own time (event_ts), "in" when Canon logged it.

user:primary
  D1 08:00  HEARTBEAT.md: location Tahoe (static, written D1 05:00)   evidence only      [S0]
  D1 09:00  "I'm in Tahoe" (assertive, said 08:58)        auto-commit location      [P1]  120 s
  D1 09:30  projection pass: MEMORY.md and the audit file written             2 writes [W1]
  D1 09:31  MEMORY.md's zone edited by hand; pass: reverted       1 write, 1 drift [W2]
  D1 10:00  "going to Reno" (planning, asked); Yes at 10:10           destination [P2]  600 s
  D1 10:20  HEARTBEAT.md: destination Reno (static, written D1 06:00)  evidence only [S1]
  D1 11:00  "rent is 2100" (assertive, asked); Edit 2000 at 11:30     wrong reading [P3] 1800 s
  D1 12:00  "back on 1 March" (assertive, asked); No at 12:05        wrong reading [P4]
  D1 13:00  calendar: back on 2 March (asked); Yes at 13:02           not a mention [C1]
  D2 08:00  MEMORY.md: rent 2100 (static, written D2 08:00)    evidence only        [S2]
  D2 09:00  "we're travelling" (assertive, asked); Edit the same value at 09:01     [P5]   60 s
  D2 09:30  projection pass: MEMORY.md and the audit file written             2 writes [W3]
  D2 10:00  /forget location; Yes at 10:00:30: corrects P1, a wrong assertive reading [F1]
  D2 12:00  a rollback rule raises travel's auto threshold 0.90 -> 0.95               [R]
family:home
  D2 12:00  "rent is 2500" (assertive)                    auto-commit               [X]    0 s
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from canon_testing import make_observation

from core.domain.ids import new_id
from core.domain.rollout import PolicyEvent
from core.engine.corrections import propose_forget
from core.engine.engine import Engine
from core.projections.zones import zone_block
from core.workspace import refresh_projections

D1 = datetime(2026, 2, 19, tzinfo=UTC)
SINCE, UNTIL = D1, D1 + timedelta(days=2, hours=12)
"""The window the tests measure: [D1 00:00, D3 12:00]."""
ME, HOME = "user:primary", "family:home"
ASKED = {"extraction_confidence": 0.8}
"""A reading Canon is unsure of: 0.72, between travel's ask and auto thresholds."""


def at(day: int, hour: int, minute: float = 0) -> datetime:
    return D1 + timedelta(days=day - 1, hours=hour, minutes=minute)


def said(field: str, value: object, when: datetime, **extra: object) -> dict[str, object]:
    return make_observation(field, value, at=when, **extra)


def noted(field: str, value: object, written: datetime, file: str) -> dict[str, object]:
    return make_observation(field, value, source="static_markdown", ref=f"{file}:l1", at=written)


async def asked(engine: Engine, payload: dict[str, object], now: datetime) -> str:
    outcome = await engine.ingest(payload, now=now)
    assert outcome.decision == "ask_user", outcome
    assert outcome.review_item_id
    return outcome.review_item_id


async def project(engine: Engine, workspace: Path, now: datetime) -> None:
    report = await refresh_projections(engine, workspace, now)
    assert all(f.status in ("written", "unchanged", "skipped") for f in report.files)


async def build_log(engine: Engine, workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text(
        "# Memory\n\n" + zone_block("STATE", "current_state"), encoding="utf-8"
    )
    s0 = noted("travel.location", "Tahoe", at(1, 5), "HEARTBEAT.md")
    assert (await engine.ingest(s0, now=at(1, 8))).decision == "tentative_reject"
    p1 = said("travel.location", "Tahoe", at(1, 8, 58))
    assert (await engine.ingest(p1, now=at(1, 9))).decision == "auto_commit"

    await project(engine, workspace, at(1, 9, 30))
    memory = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    (workspace / "MEMORY.md").write_text(memory.replace("Tahoe", "Paris"), encoding="utf-8")
    await project(engine, workspace, at(1, 9, 31))

    p2 = await asked(
        engine, said("travel.destination", "Reno", at(1, 10), intent="planning", **ASKED), at(1, 10)
    )
    await engine.answer(p2, "confirm", now=at(1, 10, 10))
    s1 = noted("travel.destination", "Reno", at(1, 6), "HEARTBEAT.md")
    await engine.ingest(s1, now=at(1, 10, 20))
    p3 = await asked(engine, said("financial.rent.amount", 2100, at(1, 11), **ASKED), at(1, 11))
    await engine.answer(p3, "edit", 2000, now=at(1, 11, 30))
    p4 = await asked(
        engine, said("travel.return_date", "2026-03-01", at(1, 12), **ASKED), at(1, 12)
    )
    await engine.answer(p4, "reject", now=at(1, 12, 5))
    c1 = make_observation("travel.return_date", "2026-03-02", source="calendar", at=at(1, 13))
    await engine.answer(await asked(engine, c1, at(1, 13)), "confirm", now=at(1, 13, 2))

    s2 = noted("financial.rent.amount", 2100, at(2, 8), "MEMORY.md")
    await engine.ingest(s2, now=at(2, 8))
    p5 = await asked(engine, said("travel.status", "in_progress", at(2, 9), **ASKED), at(2, 9))
    await engine.answer(p5, "edit", "in_progress", now=at(2, 9, 1))
    await project(engine, workspace, at(2, 9, 30))
    forget = await propose_forget(engine, [ME], "travel.location", at(2, 10))
    await engine.answer(forget.id, "confirm", now=at(2, 10, 0.5))
    raise_auto = PolicyEvent(
        new_id(), at(2, 12), "threshold", "travel", "auto_threshold", 0.90, 0.95,
        "weekly correction rate above 5%", "rollback",
    )  # fmt: skip
    await engine.record_policy_events([raise_auto])
    x = said("financial.rent.amount", 2500, at(2, 12), entity=HOME)
    assert (await engine.ingest(x, now=at(2, 12))).decision == "auto_commit"
