"""The workspace folder (HEARTBEAT.md, MEMORY.md, memory/state-changes.md) and Canon.

- ``refresh_projections(engine, workspace, now)``: render canonical state into
  the files' zones (only when something changed; drift reverted and recorded);
- ``ingest_manual_inputs(engine, workspace, now)``: the user's STATE-INPUT edits in;
- ``workspace_pass``: both, in that order (``canon project``, each ``canon watch`` step);
- ``migrate_workspace``: bootstrap state from an existing workspace and add zones;
- ``watch_workspace``: a pass on every change of a workspace file.
"""

from __future__ import annotations

from core.workspace.manual_input import (
    InputReport,
    ingest_manual_inputs,
    ingest_markdown_text,
)
from core.workspace.migrate import MigrationReport, migrate_workspace
from core.workspace.projection import (
    Drift,
    FileResult,
    ProjectionReport,
    refresh_projections,
    workspace_store,
)
from core.workspace.settings import WorkspaceSettings
from core.workspace.watch import PassReport, watch_workspace, workspace_pass

__all__ = [
    "Drift",
    "FileResult",
    "InputReport",
    "MigrationReport",
    "PassReport",
    "ProjectionReport",
    "WorkspaceSettings",
    "ingest_manual_inputs",
    "ingest_markdown_text",
    "migrate_workspace",
    "refresh_projections",
    "watch_workspace",
    "workspace_pass",
    "workspace_store",
]
