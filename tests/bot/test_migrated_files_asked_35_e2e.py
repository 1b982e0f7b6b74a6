"""The first chat after ``canon migrate``, as a person sees it (round 35).

The question of what her files said listed a line per field ("The water bill currency
is USD", "The Amazon return due date is …" far below "The Amazon return is due"), had
only Yes and No (one wrong finding dropped them all), and /pending showed it as
"• family.dentist.event_status = scheduled". Now it reads a line per thing, her Edit
drops the thing she taps and asks again about the rest, and /pending asks it as asked.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.engine.bootstrap import propose
from core.engine.engine import Engine
from core.signals.intake import default_extractor
from core.workspace.migrate import migrate_workspace

pytestmark = pytest.mark.timeout(150)

WEDNESDAY_MORNING = datetime(2026, 12, 2, 17, 0, tzinfo=UTC)
"""Wednesday 2 December 2026, 9 am in Portland."""

HEARTBEAT = (
    "# Heartbeat\n\n## This week\n- Thu: dentist 3pm\n- Sunday: leave for Tahoe w/ the kids\n"
    "- Return the Amazon order (boots) before we leave for Tahoe\n"
    "- Pay the water bill, $64, due Dec 10\n"
)
MEMORY = "# Memory\n\n- Home city: Portland\n- Prefers texts over calls\n"

ASKED = [
    "Things I found in your files (5): keep them?",
    "• Dentist on Thursday, December 3 at 15:00",
    "• Trip to Tahoe planned, leaving Sunday, December 6",
    "• The Amazon return is due Sunday, December 6, before you leave",
    "• The water bill ($64) is due Thursday, December 10",
    "• You live in Portland",
    "Yes keeps them all, No drops them all, Edit drops some and keeps the rest.",
]


async def test_her_files_are_asked_a_thing_a_line_and_she_drops_one(
    tg: FakeTelegram, start_bot: StartBot, engine: Engine, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "HEARTBEAT.md").write_text(HEARTBEAT, encoding="utf-8")
    (ws / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    report = await migrate_workspace(engine, ws, WEDNESDAY_MORNING, extractor=default_extractor())
    assert await propose(engine, report.findings, "user:primary", WEDNESDAY_MORNING) is not None

    story = Story(tg, now=WEDNESDAY_MORNING)
    await story.start(start_bot)
    pending = await story.hears("/pending", "waiting for you")
    assert f"• {ASKED[0]}" in pending.text, pending.text
    assert "family.dentist" not in pending.text
    said = await story.hears("what's pending?", "Things I found")
    assert ASKED[0] in said.text, said.text
    assert "family.dentist" not in said.text

    asked = await tg.prompt(ALICE, "Things I found in your files")
    assert asked.text.splitlines() == ASKED
    assert [b["text"] for row in asked.buttons for b in row] == ["Yes", "No", "Edit"]

    await tg.tap(ALICE, asked, "Edit")
    which = await tg.prompt(ALICE, "Which of these is wrong?")
    labels = [b["text"] for row in which.buttons for b in row]
    assert labels[-1] == "Cancel", labels
    assert len(labels) == 6, labels
    await tg.tap(ALICE, which, next(label for label in labels if "water bill" in label))
    await tg.settled(asked)
    assert "✏️ Dropped: The water bill ($64) is due Thursday, December 10" in asked.text

    again = await tg.prompt(ALICE, "Things I found in your files (4)")
    assert "water bill" not in again.text, again.text
    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    assert again.text.endswith("✅ Kept them all"), again.text

    state = await story.hears("/state", "Portland")
    for kept in (  # a thing a line, as it was asked
        "• Dentist on Thursday, December 3 at 15:00 — ",
        "• Trip to Tahoe planned, leaving Sunday, December 6 — ",
        "• The Amazon return is due Sunday, December 6, before you leave — ",
        "• You live in Portland — ",
    ):
        assert kept in state.text, state.text
    assert "water bill" not in state.text.lower()
    assert await story.held("financial.water_bill.status") is None
    assert await story.held("financial.water_bill.amount") is None
    assert await story.held("financial.amazon_return.due_date") == "2026-12-06"
    owed = await story.hears("what do i owe?", "")
    assert "water" not in owed.text.lower(), owed.text
    block = await story.block()  # what her assistant is told
    assert "Tahoe" in block
    assert "water" not in block.lower(), block
