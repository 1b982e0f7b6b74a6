"""``canon migrate``: bootstrap canonical state from an existing workspace, then add zones.

1. HEARTBEAT.md, MEMORY.md and USER.md (where present) are read as input:
   prose outside zones through the extractor (source static_markdown), any
   STATE-INPUT zones as manual edits, all through validation and the resolver.
2. Each file is backed up (``.canon/backups/``) and the missing zones are
   inserted: right under a legacy heading anchor (``## Active Reminders``...)
   when the file has it, otherwise appended under a new heading. No existing
   text is removed or changed. Missing HEARTBEAT.md / MEMORY.md are created.
3. One projection pass fills the zones.
4. What the prose said but was not believed (static notes alone never outweigh
   anything) is returned as findings for the user to keep or drop (core/bootstrap.py);
   a line whose date is already past is a stale finding, never believed.

Event ids come from the files' lines and zones are only added when missing,
so a second run records duplicates and changes no file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Final

from core.domain.state import value_key
from core.engine.bootstrap import Finding
from core.engine.engine import Engine, Outcome
from core.errors import ZoneError
from core.extraction.types import Extractor
from core.extraction.users_clock import today_where
from core.projections import legacy
from core.projections.render import HEARTBEAT, MEMORY
from core.projections.zones import Line, ZoneKind, find_zones, join_lines, split_lines, zone_block
from core.workspace.files import atomic_write, backup, read_text
from core.workspace.manual_input import INPUT_FILES, ingest_markdown_text
from core.workspace.projection import ProjectionReport, file_key, refresh_projections
from core.workspace.settings import WorkspaceSettings

MANUAL_ZONE: Final = "manual_overrides"
MANUAL_HINT: Final = (
    "<!-- One belief per line, e.g. - [user:primary] travel.status = in_progress "
    "#intent=assertive ; delete a line to retract it. -->\n"
)
# file -> (kind, zone_id, heading used when the zone is appended)
WANTED: Final[dict[str, tuple[tuple[ZoneKind, str, str], ...]]] = {
    HEARTBEAT: (
        ("STATE", "active_reminders", "## Active Reminders"),
        ("STATE", "state_change_log", "## State Change Log"),
    ),
    MEMORY: (
        ("STATE", "current_state", "## Current State"),
        ("STATE-INPUT", MANUAL_ZONE, "## Manual Overrides"),
    ),
}
NEW_FILE_TITLE: Final = {HEARTBEAT: "# Heartbeat\n", MEMORY: "# Memory\n"}


@dataclass(frozen=True)
class MigrationReport:
    outcomes: tuple[Outcome, ...]
    zones_added: tuple[str, ...]
    """'FILE:zone_id' for every zone inserted."""
    backups: tuple[str, ...]
    projection: ProjectionReport
    findings: tuple[Finding, ...] = ()
    """Beliefs read from the prose and not yet believed; stale ones say why."""


async def migrate_workspace(
    engine: Engine,
    workspace: Path,
    now: datetime,
    *,
    extractor: Extractor,
    settings: WorkspaceSettings | None = None,
) -> MigrationReport:
    """Read an existing workspace into canonical state and give its files Canon's zones."""
    settings = settings or WorkspaceSettings()
    outcomes: list[Outcome] = []
    texts: dict[str, str | None] = {}
    for rel in INPUT_FILES:
        text = read_text(workspace / rel)
        texts[rel] = text
        if text is not None:
            find_zones(text)  # refuse (ZoneError) before anything is ingested or written
            outcomes += await ingest_markdown_text(
                engine,
                rel,
                text,
                now=now,
                entity_id=settings.entity_id,
                extractor=extractor,
                key=file_key(workspace, rel),
                editing=settings,
            )
    added: list[str] = []
    backups: list[str] = []
    for rel, wanted in WANTED.items():
        text = texts[rel]
        new_text, inserted = with_zones(text, wanted, rel)
        if not inserted:
            continue
        if text is not None:
            backups.append(str(backup(workspace, workspace / rel, now)))
        if not atomic_write(workspace, workspace / rel, new_text, expected=text):
            raise ZoneError(f"{rel} changed while being migrated; run `canon migrate` again")
        added += [f"{rel}:{z}" for z in inserted]
    projection = await refresh_projections(engine, workspace, now, settings)
    findings = await unbelieved_findings(engine, outcomes, now)
    return MigrationReport(tuple(outcomes), tuple(added), tuple(backups), projection, findings)


async def unbelieved_findings(
    engine: Engine, outcomes: list[Outcome], now: datetime
) -> tuple[Finding, ...]:
    """The prose's readings (this run's or a previous run's) that state does not hold."""
    found: list[Finding] = []
    for o in outcomes:
        if o.decision not in ("ask_user", "tentative_reject", "duplicate") or o.field is None:
            continue
        assert o.entity_id is not None
        fact = await engine.store.fact(o.entity_id, o.field)
        if fact is not None and value_key(fact.value) == value_key(o.candidate_value):
            continue
        events = await engine.store.events_for(o.entity_id, o.field, o.candidate_value)
        event = next((e for e in events if e.event_id == o.event_id), None)
        if (
            event is None
            or event.source_type != "static_markdown"
            or event.source_ref is None
            or event.decision not in ("ask_user", "tentative_reject")
        ):
            continue
        found.append(
            Finding(
                o.entity_id,
                o.field,
                o.candidate_value,
                event.intent,
                o.event_id or "",
                event.source_ref,
            )
        )
    todays = {e: await _users_today(engine, e, found, now) for e in {f.entity_id for f in found}}
    return tuple(_flag_stale(found, todays))


async def _users_today(engine: Engine, entity: str, found: list[Finding], now: datetime) -> date:
    """Today on ``entity``'s calendar: their committed zone or home city's, else the one
    the files themselves say ("Home city: Portland"), since a day written in them is a
    day of that calendar; UTC's while none is known."""
    state = {f.field: f.value for f in found if f.entity_id == entity}
    state.update({f.field: f.value for f in await engine.store.facts(entity)})
    return today_where(state, now)


def _flag_stale(found: list[Finding], todays: Mapping[str, date]) -> list[Finding]:
    # A line stands or falls as a whole: a trip whose departure is past is not being planned.
    stale: dict[str, str] = {}
    for f in found:
        day = _iso_day(f.value) if f.field.endswith("_date") else None
        if day is not None and day < todays[f.entity_id]:
            stale.setdefault(f.line_ref, f"{f.field} {day.isoformat()} is already past")
    flagged = [replace(f, stale=stale.get(f.line_ref)) for f in found]
    # Two lines that say the same thing are one belief to keep or drop (the first one
    # read); a stale line is listed on its own, as the reason it is not believed.
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for f in flagged:
        key = (f.entity_id, f.field, value_key(f.value))
        if f.stale is None and key in seen:
            continue
        if f.stale is None:
            seen.add(key)
        unique.append(f)
    return unique


def _iso_day(value: object) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def with_zones(
    text: str | None, wanted: tuple[tuple[ZoneKind, str, str], ...], rel: str
) -> tuple[str, list[str]]:
    """``text`` with the zones of ``wanted`` it lacks inserted, and their ids."""
    base = text if text is not None else NEW_FILE_TITLE.get(rel, "")
    present = {z.zone_id for z in find_zones(base)}
    missing = [w for w in wanted if w[1] not in present]
    if not missing:
        return base, []
    try:
        spans = legacy.anchored(base, tuple(w[1] for w in missing if w[1] in legacy.ANCHORS))
    except ZoneError:
        spans = {}  # an anchor used twice: append instead of guessing which one
    lines = split_lines(base)
    newline = lines[0].end if lines and lines[0].end else "\n"
    if lines and not lines[-1].end:
        lines[-1] = Line(lines[-1].text, newline)
    # Insert under existing anchors from the bottom up, so line numbers stay valid.
    for kind, zone_id, _ in sorted(
        (w for w in missing if w[1] in spans), key=lambda w: -spans[w[1]].start
    ):
        at = spans[zone_id].start
        block = _block(kind, zone_id)
        lines[at:at] = [Line(t, newline) for t in ["", *block]]
    for kind, zone_id, heading in (w for w in missing if w[1] not in spans):
        block = _block(kind, zone_id)
        lead = [""] if lines and lines[-1].text.strip() else []
        lines += [Line(t, newline) for t in [*lead, heading, "", *block]]
    return join_lines(lines), [w[1] for w in missing]


def _block(kind: ZoneKind, zone_id: str) -> list[str]:
    body = MANUAL_HINT if kind == "STATE-INPUT" else ""
    return zone_block(kind, zone_id, body).rstrip("\n").split("\n")
