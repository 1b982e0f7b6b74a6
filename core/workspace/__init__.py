"""The workspace folder (HEARTBEAT.md, MEMORY.md, memory/state-changes.md) and Canon.

- ``refresh_projections(engine, workspace, now)``: render canonical state into
  the files' zones (only when something changed; drift reverted and recorded);
- ``ingest_manual_inputs(engine, workspace, now)``: the user's STATE-INPUT edits in;
- ``workspace_pass``: both, in that order (``canon project``, each ``canon watch`` step);
- ``migrate_workspace``: bootstrap state from an existing workspace and add zones;
- ``watch_workspace``: a pass on every change of a workspace file.

Each name loads its module on first use: ``core.settings`` imports
``core.workspace.settings``, and a package that imported everything would hand every
command that reads settings the engine and the extraction rules with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES = {
    "InputReport": "manual_input",
    "ingest_manual_inputs": "manual_input",
    "ingest_markdown_text": "manual_input",
    "MigrationReport": "migrate",
    "migrate_workspace": "migrate",
    "Drift": "projection",
    "FileResult": "projection",
    "ProjectionReport": "projection",
    "refresh_projections": "projection",
    "workspace_store": "projection",
    "WorkspaceSettings": "settings",
    "PassReport": "watch",
    "watch_workspace": "watch",
    "workspace_pass": "watch",
}
"""Which module of the package defines each public name."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


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
