"""``canon migrate`` reads a workspace's prose as whoever writes the workspace.

Before, every line of HEARTBEAT.md and MEMORY.md outside the zones was ingested as
Canon's own (``system``) even where the assistant keeps the files (OpenClaw writes
MEMORY.md itself, the default ``editor = agent``): an assistant's note was Canon's word
(``by``: "Canon"). Now the prose
is the editor's, as the STATE-INPUT zones are (``editor_principal``): the assistant's
notes, or the user's own where only they edit the files. Static notes stay weak either
way (nothing here commits alone), and what it says is still found for the user to keep.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from workspace_fixtures import NOW

from core.engine.engine import Engine
from core.signals.intake import default_extractor
from core.workspace.manual_input import WORKSPACE_AGENT
from core.workspace.migrate import migrate_workspace
from core.workspace.settings import WorkspaceSettings

NOTES = "# Memory\n\n- Moved to Portland last year\n- Sunday: leave for Tahoe\n"


@pytest.mark.parametrize(
    ("editor", "writer"), [("agent", WORKSPACE_AGENT), ("user", "user:primary")]
)
async def test_the_prose_is_the_editors(
    engine: Engine, tmp_path: Path, editor: str, writer: str
) -> None:
    (tmp_path / "MEMORY.md").write_text(NOTES, encoding="utf-8")
    settings = WorkspaceSettings(editor=editor)  # type: ignore[arg-type]
    report = await migrate_workspace(
        engine, tmp_path, NOW, extractor=default_extractor(), settings=settings
    )
    read = [o for o in report.outcomes if o.field is not None]
    assert read, report.outcomes
    events = [
        e
        for o in read
        for e in await engine.store.events_for("user:primary", o.field or "")
        if e.source_type == "static_markdown"
    ]
    assert events
    assert {e.principal for e in events} == {writer}
    assert not any(o.decision == "auto_commit" for o in read)
    assert report.findings  # kept or dropped by the user, as before
