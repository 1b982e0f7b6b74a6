"""An assistant's Markdown after the user's own word (attack28, held): who wrote the files
decides what they may claim, and Canon's own rendering read back is no new evidence.

Alice said in the chat that she is back home (committed). Her assistant then writes
"Sunday: leave for Tahoe" into HEARTBEAT.md's prose and a trip under way into MEMORY.md's
STATE-INPUT zone, copies the value of an open question from a mail into it, and the
passes of ``canon project`` and a second ``canon migrate`` run read the files again.
Nothing regresses her committed state, the assistant's lines are asked as its own, its
copy of the mail's value adds no weight to the mail's question, and a pass over files
Canon itself just rendered ingests nothing (no loop that corroborates itself).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from canon_testing import make_observation
from test_workspace_flow import edit_inputs, migrated
from workspace_fixtures import NOW

from core.engine.engine import Engine
from core.signals.intake import default_extractor
from core.workspace import workspace_pass
from core.workspace.manual_input import WORKSPACE_AGENT
from core.workspace.migrate import migrate_workspace

BACK_HOME = {"travel.status": "completed", "travel.location": "Portland"}


async def _held(engine: Engine) -> dict[str, object]:
    return {f.field: f.value for f in await engine.store.facts("user:primary")}


async def test_an_assistants_markdown_never_regresses_or_echoes(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    for field, value in BACK_HOME.items():
        await engine.ingest(make_observation(field, value, at=NOW), now=NOW)
    mail = make_observation(
        "family.emma.school", "Lincoln", at=NOW, source="email", ref="email:x@school.example <m1>"
    )
    mails = await engine.ingest(mail, now=NOW)
    assert mails.review_item_id is not None
    [before] = [
        r for r in await engine.store.review_items(["pending"]) if r.id == mails.review_item_id
    ]

    heartbeat = workspace / "HEARTBEAT.md"
    heartbeat.write_text(
        heartbeat.read_text() + "\n- Sunday: leave for Tahoe\n- We're in Tahoe till sunday\n"
    )
    edit_inputs(
        workspace,
        [
            "- travel.status = in_progress",
            "- travel.location = Tahoe",
            "- family.emma.school = Lincoln",
        ],
    )
    t1 = NOW + timedelta(minutes=1)
    report = await workspace_pass(engine, workspace, t1)
    assert {o.field: o.decision for o in report.inputs.outcomes} == {
        "travel.status": "ask_user",
        "travel.location": "ask_user",
        "family.emma.school": "ask_user",
    }
    assert BACK_HOME.items() <= (await _held(engine)).items()
    asked = await engine.store.review_items(["pending", "queued"])
    assert {(r.field, r.principal) for r in asked if r.field.startswith("travel.")} == {
        ("travel.status", WORKSPACE_AGENT),
        ("travel.location", WORKSPACE_AGENT),
    }
    # The copy of the mail's value adds nothing to the mail's question.
    [after] = [r for r in asked if r.id == mails.review_item_id]
    assert (after.status, after.confidence) == (before.status, before.confidence)

    # canon migrate again over the assistant's prose, then passes over Canon's own files.
    again = await migrate_workspace(engine, workspace, t1, extractor=default_extractor())
    assert {o.decision for o in again.outcomes} <= {"tentative_reject", "duplicate", "ask_user"}
    for minutes in (2, 3):
        echo = await workspace_pass(engine, workspace, NOW + timedelta(minutes=minutes))
        assert echo.inputs.outcomes == ()
    assert BACK_HOME.items() <= (await _held(engine)).items()
    events = await engine.store.events_for("user:primary", "travel.location")
    assert "user_confirmation" not in {e.source_type for e in events}
