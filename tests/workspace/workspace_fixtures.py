"""Workspace fixtures: a real folder of Markdown files and an engine over a real store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.workspace.settings import WorkspaceSettings

NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
USER_EDITS = WorkspaceSettings(editor="user")
"""A workspace only the user edits (CANON_WORKSPACE_EDITOR=user): an edit is their say."""

HEARTBEAT_TEXT = (
    "# Heartbeat ✓\r\n"
    "\r\n"
    "Things I check every morning. Ünïcödé stays.\r\n"
    "\r\n"
    "```md\r\n"
    "<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->\r\n"
    "this fence is an example, not a zone\r\n"
    "```\r\n"
    "\r\n"
    "## Active Reminders\r\n"
    "\r\n"
    "- [ ] Sunday 7-8 AM: Leave for Tahoe\r\n"
    "  - nested: pack chains\r\n"
    "\r\n"
    "## Notes\r\n"
    "\r\n"
    "Home city: Portland\r\n"
)
MEMORY_TEXT = "# Memory\n\nI work at Acme.\n\n## Family\n\n- Emma has ski lessons on Saturdays\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    (folder / "HEARTBEAT.md").write_bytes(HEARTBEAT_TEXT.encode("utf-8"))
    (folder / "MEMORY.md").write_bytes(MEMORY_TEXT.encode("utf-8"))
    return folder
