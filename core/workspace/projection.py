"""The projection pass: canonical state rendered into the workspace's zones.

``refresh_projections(engine, workspace, now)`` reads committed facts,
pending questions and the audit log, renders every zone (a pure function),
and splices each file's zones. A file is written only when its text changes,
atomically, and never outside its zones. A zone whose text is not what Canon
last wrote there was edited by hand: that is drift, recorded as a
``drift`` workspace event and reverted, never applied to state. Each file
written is a ``projection_write`` event (at the same moment as its drift).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal

from core.engine.engine import Engine
from core.engine.notices import note_drift
from core.errors import WorkspaceError, ZoneError
from core.projections import legacy
from core.projections.render import AUDIT_FILE, HEARTBEAT, MEMORY, Projection, render
from core.projections.zones import (
    Zone,
    find_zones,
    marked_zone_ids,
    splice_zones,
    split_lines,
    zone_block,
    zone_body,
    zone_copies,
)
from core.store.companion_protocols import WorkspaceStore
from core.workspace.files import atomic_write, backup, content_hash, read_text
from core.workspace.settings import WorkspaceSettings

FileStatus = Literal["written", "unchanged", "skipped", "error"]
ATTEMPTS = 3
AUDIT_HEADER = "# State changes\n\nEvery change Canon committed, oldest first.\n\n"
LEGACY_FILES = (HEARTBEAT, MEMORY)


@dataclass(frozen=True)
class FileResult:
    file: str
    status: FileStatus
    detail: str = ""


@dataclass(frozen=True)
class Drift:
    """A hand edit found inside a Canon zone (reverted)."""

    file: str
    zone_id: str
    found: str


@dataclass(frozen=True)
class ProjectionReport:
    files: tuple[FileResult, ...] = ()
    drift: tuple[Drift, ...] = ()
    warnings: tuple[str, ...] = field(default=())

    @property
    def written(self) -> tuple[str, ...]:
        return tuple(f.file for f in self.files if f.status == "written")


def workspace_store(engine: Engine) -> WorkspaceStore:
    """The workspace tables of the engine's store."""
    return engine.store.workspace


def file_key(workspace: Path, rel: str) -> str:
    """How a workspace file is named in the store: its absolute path."""
    return str((workspace / rel).resolve())


async def current_projection(
    engine: Engine, settings: WorkspaceSettings, now: datetime
) -> Projection:
    store = engine.store
    facts = await store.facts()
    pending = await store.review_items(["pending"])
    audit = await store.audit()
    return render(facts, pending, audit, settings.render, now)


async def refresh_projections(
    engine: Engine,
    workspace: Path,
    now: datetime,
    settings: WorkspaceSettings | None = None,
) -> ProjectionReport:
    """Bring every projected zone of ``workspace`` up to date with canonical state.

    Safe to call after any state change (the bot and the pollers do): files
    whose zones already match are not touched. Problems with one file (broken
    markers, a missing anchor, an unreadable file) are reported in its
    FileResult and leave that file exactly as it was.
    """
    settings = settings or WorkspaceSettings()
    projection = await current_projection(engine, settings, now)
    ws = workspace_store(engine)
    results: list[FileResult] = []
    drift: list[Drift] = []
    warnings: list[str] = []
    for rel, bodies in projection.items():
        for _ in range(ATTEMPTS):
            try:
                outcome = await _project_file(ws, workspace, rel, bodies, settings, now)
            except WorkspaceError as e:
                results.append(FileResult(rel, "error", str(e)))
                break
            if outcome is None:
                continue  # edited while we worked: read it again
            result, found, warned = outcome
            results.append(result)
            if result.status == "written":  # the denominator of the projection drift rate
                await ws.add_event(
                    now, "projection_write", file_key(workspace, rel), None, result.detail
                )
            drift.extend(found)
            warnings.extend(warned)
            break
        else:
            results.append(FileResult(rel, "skipped", "kept changing while being projected"))
    for rel in dict.fromkeys(d.file for d in drift):
        await note_drift(engine, rel, settings.entity_id, now)
    return ProjectionReport(tuple(results), tuple(drift), tuple(warnings))


async def _project_file(
    ws: WorkspaceStore,
    workspace: Path,
    rel: str,
    bodies: dict[str, str],
    settings: WorkspaceSettings,
    now: datetime,
) -> tuple[FileResult, list[Drift], list[str]] | None:
    path = workspace / rel
    key = file_key(workspace, rel)
    # The file's reading, parsing and writing run in a thread: the workspace is anyone's to
    # write, and a MEMORY.md of 8 MB takes markdown-it a minute to parse, which on the event
    # loop would hold up every chat (after every change, the bot projects).
    text = await asyncio.to_thread(read_text, path)
    if text is None:
        if rel != AUDIT_FILE:
            return FileResult(rel, "skipped", "missing (run `canon migrate` to create it)"), [], []
        base = AUDIT_HEADER + "".join(zone_block("STATE", z) for z in bodies)
    else:
        base = text
    copies, warnings = await asyncio.to_thread(_canons_zones, base, rel, bodies)
    zones = {z.zone_id: z for z in copies}
    ours = {z: zones[z] for z in bodies if z in zones}
    warnings += [
        f"{rel}: unknown STATE zone {z!r} left as is" for z in sorted(set(zones) - set(bodies))
    ]
    if not ours:
        if settings.mode == "legacy_string" and rel in LEGACY_FILES:
            return await _project_legacy(ws, workspace, rel, text, bodies, now, warnings)
        return (
            FileResult(
                rel, "skipped", "no Canon zones (run `canon migrate`, or use legacy_string)"
            ),
            [],
            warnings,
        )
    hashes = await ws.zone_hashes(key)
    written = [zone for zone in copies if zone.zone_id in ours]
    found = [
        Drift(rel, zone.zone_id, zone_body(base, zone))
        for zone in written
        if _drifted(zone_body(base, zone), bodies[zone.zone_id], hashes.get(zone.zone_id))
    ]
    new_text = await asyncio.to_thread(splice_zones, base, written, bodies)
    if new_text != text and not await asyncio.to_thread(
        atomic_write, workspace, path, new_text, expected=text
    ):
        return None
    await _remember(ws, key, rel, {z: bodies[z] for z in ours}, hashes, found, now)
    status: FileStatus = "written" if new_text != text else "unchanged"
    return FileResult(rel, status), found, warnings


def _canons_zones(text: str, rel: str, bodies: Mapping[str, str]) -> tuple[list[Zone], list[str]]:
    """The STATE zones of ``text`` Canon writes, every complete copy of each, and a warning
    when its markers do not pair up (``zones.zone_copies``): a stray marker or a forged copy
    written outside Canon's zones (by the assistant, or a stranger's words it copied) never
    stops Canon writing them, and every copy is written with Canon's body, so none stands
    as Canon's but Canon's. A zone of Canon's with no complete copy left (a marker deleted
    by hand) still leaves the file as is, with why."""
    try:
        return [z for z in find_zones(text) if z.kind == "STATE"], []
    except ZoneError as e:
        copies = [z for z in zone_copies(text) if z.kind == "STATE"]
        lost = marked_zone_ids(text, "STATE") & set(bodies)
        if lost - {z.zone_id for z in copies}:
            raise ZoneError(f"{rel}: {e}; file left as is") from e
        named = sorted({z.zone_id for z in copies} & set(bodies))
        if not named:
            return copies, [f"{rel}: {e}"]
        return copies, [
            f"{rel}: {e}; Canon's zones ({', '.join(named)}) written anyway, every copy of "
            "them with Canon's own lines, and the markers that pair with nothing left as text"
        ]


def _drifted(found: str, wanted: str, last_written: str | None) -> bool:
    # Text Canon never wrote there is drift; a zone never written before is not
    # (it is being initialised), nor is one that already says the right thing.
    return last_written is not None and found != wanted and content_hash(found) != last_written


async def _remember(
    ws: WorkspaceStore,
    key: str,
    rel: str,
    written: dict[str, str],
    hashes: dict[str, str],
    found: list[Drift],
    now: datetime,
) -> None:
    for z, body in written.items():
        digest = content_hash(body)
        if hashes.get(z) != digest:
            await ws.save_zone_hash(key, z, digest, now)
    for d in found:
        await ws.add_event(now, "drift", key, d.zone_id, d.found[:4000])


async def _project_legacy(
    ws: WorkspaceStore,
    workspace: Path,
    rel: str,
    text: str | None,
    bodies: dict[str, str],
    now: datetime,
    warnings: list[str],
) -> tuple[FileResult, list[Drift], list[str]] | None:
    assert text is not None
    path = workspace / rel
    key = file_key(workspace, rel)
    spans = await asyncio.to_thread(legacy.anchored, text, tuple(bodies))
    wanted = set(bodies) if rel == HEARTBEAT else set(spans)
    missing = sorted(wanted - set(spans))
    if missing:
        raise ZoneError(
            f"{rel}: heading {legacy.ANCHORS[missing[0]]!r} not found; "
            "legacy mode needs it exactly once (file left as is)"
        )
    if not wanted:
        return FileResult(rel, "skipped", "no legacy heading anchors"), [], warnings
    n_lines = len(split_lines(text))
    as_sections = {
        z: legacy.legacy_body(bodies[z], spans[z].stop == n_lines) for z in sorted(wanted)
    }
    hashes = await ws.zone_hashes(key)
    found = [
        Drift(rel, z, legacy.section_body(text, spans[z]))
        for z in as_sections
        if _drifted(legacy.section_body(text, spans[z]), as_sections[z], hashes.get(z))
    ]
    new_text = await asyncio.to_thread(legacy.legacy_splice, text, {z: bodies[z] for z in wanted})
    if new_text == text:
        await _remember(ws, key, rel, as_sections, hashes, found, now)
        return FileResult(rel, "unchanged"), found, warnings
    saved = await asyncio.to_thread(backup, workspace, path, now)
    if not await asyncio.to_thread(atomic_write, workspace, path, new_text, expected=text):
        return None
    await _remember(ws, key, rel, as_sections, hashes, found, now)
    detail = f"wrote under heading anchors; backup {saved.name}"
    await ws.add_event(now, "legacy_string_projection_used", key, None, detail)
    warnings.append(f"legacy_string_projection_used: {rel} ({detail})")
    return FileResult(rel, "written", "legacy_string"), found, warnings
