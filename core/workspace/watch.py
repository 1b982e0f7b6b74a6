"""``canon watch``: one workspace pass whenever a workspace file changes.

A pass ingests what changed in the STATE-INPUT zones, then refreshes the
projections (which also reverts drift). File events come from watchfiles
(Rust ``notify``; polling on request); Canon's own writes trigger a pass too,
which finds nothing to do, so the loop settles by itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from watchfiles import Change, awatch

from core.engine.engine import Engine
from core.projections.render import AUDIT_FILE
from core.workspace.manual_input import (
    INPUT_FILES,
    InputReport,
    editor_principal,
    ingest_manual_inputs,
)
from core.workspace.projection import ProjectionReport, refresh_projections
from core.workspace.settings import WorkspaceSettings

WATCHED = frozenset({*INPUT_FILES, AUDIT_FILE})


@dataclass(frozen=True)
class PassReport:
    """One pass over the workspace: what the STATE-INPUT zones fed in, what was projected."""

    inputs: InputReport
    projection: ProjectionReport


async def workspace_pass(
    engine: Engine, workspace: Path, now: datetime, settings: WorkspaceSettings | None = None
) -> PassReport:
    """Ingest STATE-INPUT edits (as its editor's: ``editor_principal``), then refresh
    every projection."""
    chosen = settings or WorkspaceSettings()
    inputs = await ingest_manual_inputs(
        engine, workspace, now, owner=editor_principal(chosen), speaks_for=chosen.entity_id
    )
    projection = await refresh_projections(engine, workspace, now, settings)
    return PassReport(inputs, projection)


def relevant(workspace: Path) -> Callable[[Change, str], bool]:
    """The watch filter: only the workspace files Canon reads or writes."""
    root = workspace.resolve()

    def accept(_change: Change, path: str) -> bool:
        try:
            rel = Path(path).resolve().relative_to(root).as_posix()
        except ValueError:
            return False
        return rel in WATCHED

    return accept


async def watch_workspace(
    engine: Engine,
    workspace: Path,
    *,
    clock: Callable[[], datetime],
    settings: WorkspaceSettings | None = None,
    stop: asyncio.Event | None = None,
    on_pass: Callable[[PassReport], Awaitable[None]] | None = None,
    force_polling: bool = False,
    debounce_ms: int = 200,
) -> None:
    """Run a pass now and after every batch of changes, until ``stop`` is set."""
    report = await workspace_pass(engine, workspace, clock(), settings)
    if on_pass is not None:
        await on_pass(report)
    async for _changes in awatch(
        workspace,
        watch_filter=relevant(workspace),
        stop_event=stop,
        debounce=debounce_ms,
        force_polling=force_polling,
        poll_delay_ms=100,
    ):
        report = await workspace_pass(engine, workspace, clock(), settings)
        if on_pass is not None:
            await on_pass(report)
