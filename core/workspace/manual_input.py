"""STATE-INPUT zones in, observations out: the user's hand edits, through the engine.

Each zone is read, normalised and diffed against the entries last accepted
for that file and zone. Added lines become ``manual_markdown`` observations
with ref ``<file>:<zone_id>:<line_hash>``; removed lines become retractions;
unreadable lines go to the dead-letter queue with the parse error (once per
distinct line). Re-reading an unchanged zone ingests nothing. Event ids are
derived from the ref and the line's generation (how often it was added or
removed), so a crash before the accepted entries are saved replays as
recorded duplicates, while a line deleted and later re-added is new evidence.

Static Markdown (lines outside every zone) is read only by ``canon migrate``
and the scenario replay, never by the projection pass: outside zones nothing
changes state.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from core.domain.claims import AGENT_DOUBT
from core.domain.ids import derived_id
from core.domain.principals import SYSTEM, Principal, user_principal
from core.domain.timeutil import format_ts
from core.domain.workspace_records import AcceptedInput
from core.engine.due_before_trip import due_before_the_trip
from core.engine.engine import Engine, Outcome
from core.errors import TooManyQuestions, WorkspaceError
from core.extraction.types import Extractor
from core.projections.manual import Diff, Entry, diff_zone, parse_zone
from core.projections.render import written_by_canon
from core.projections.zones import Zone, find_zones, split_lines, zone_body
from core.signals.intake import markdown_payloads
from core.workspace.files import content_hash, read_text
from core.workspace.projection import file_key, workspace_store
from core.workspace.settings import WorkspaceSettings

INPUT_FILES: Final = ("HEARTBEAT.md", "MEMORY.md", "USER.md")


WORKSPACE_AGENT: Final = "workspace:agent"
"""The principal ref of an assistant's edits of the workspace."""


def editor_principal(settings: WorkspaceSettings) -> Principal:
    """Who a STATE-INPUT edit is taken from: the user the workspace is about when only
    they edit it, else the assistant whose workspace it is (an agent, never the user:
    the file cannot say who wrote a line, and OpenClaw writes MEMORY.md itself)."""
    if settings.editor == "user":
        return user_principal(settings.entity_id)
    return Principal("agent", WORKSPACE_AGENT, "the assistant's workspace")


@dataclass(frozen=True)
class InputReport:
    """What one reading of the workspace's STATE-INPUT zones did."""

    outcomes: tuple[Outcome, ...] = ()
    errors: tuple[str, ...] = ()
    """Files whose zones could not be read (left as they are)."""


async def ingest_manual_inputs(
    engine: Engine,
    workspace: Path,
    now: datetime,
    files: tuple[str, ...] = INPUT_FILES,
    *,
    owner: Principal = SYSTEM,
    speaks_for: str | None = None,
) -> InputReport:
    """Ingest what changed in every STATE-INPUT zone of ``files`` since the last reading,
    as written by ``owner`` (the user whose workspace it is, or its assistant), about
    ``speaks_for``'s own and shared entities (``core.projections.manual.may_name``)."""
    outcomes: list[Outcome] = []
    errors: list[str] = []
    for rel in files:
        try:
            # In a thread: the file is anyone's to write, and parsing a huge one on the
            # event loop would hold up every chat (``projection``).
            found = await asyncio.to_thread(_read_zones, workspace / rel)
            if found is None:
                continue
            text, zones = found
        except WorkspaceError as e:
            errors.append(f"{rel}: {e}")
            continue
        for zone in zones:
            if zone.kind == "STATE-INPUT":
                key = file_key(workspace, rel)
                body = zone_body(text, zone)
                outcomes.extend(
                    await ingest_zone(engine, key, rel, zone.zone_id, body, now, owner, speaks_for)
                )
    return InputReport(tuple(outcomes), tuple(errors))


_PARSED: dict[str, list[Zone]] = {}
"""Zones of texts read lately, by the text's digest: a file read again unchanged (every
change of another file, every watch pass) is not parsed again: parsing takes seconds
for a big one. Few kept (a handful of input files), so the memo stays small."""
PARSED_KEPT: Final = 16


def _read_zones(path: Path) -> tuple[str, list[Zone]] | None:
    text = read_text(path)
    if text is None:
        return None
    digest = content_hash(text)
    zones = _PARSED.get(digest)
    if zones is None:
        zones = find_zones(text)  # raises for a file whose markers do not pair: not kept
        if len(_PARSED) >= PARSED_KEPT:
            _PARSED.clear()
        _PARSED[digest] = zones
    return text, list(zones)


async def ingest_zone(
    engine: Engine,
    key: str,
    rel: str,
    zone_id: str,
    body: str,
    now: datetime,
    owner: Principal = SYSTEM,
    speaks_for: str | None = None,
) -> list[Outcome]:
    """Diff one STATE-INPUT zone body against its last accepted entries and ingest the
    change as ``owner``'s; a line about another user than ``speaks_for`` is a bad line."""
    ws = workspace_store(engine)
    parsed = parse_zone(body, speaks_for)
    previous = await ws.accepted_input(key, zone_id)
    whole = diff_zone(previous.entries, previous.bad, parsed)
    diff = await _still_held(engine, rel, zone_id, whole)
    generations = dict(previous.generations)
    payloads = manual_payloads(rel, zone_id, diff, generations, now)
    if owner.kind == "agent":
        # An assistant's edit is its proposal: asked, never the user's say. It stays a
        # workspace entry (``manual_markdown``, the design's contract); its principal and
        # this doubt are what make it the assistant's, not the source type.
        doubt = AGENT_DOUBT.format(via=f"an edit of {rel}")
        payloads = [{**p, "needs_confirmation": doubt} for p in payloads]
    await _withdraw_questions(engine, rel, zone_id, whole.removed, now)
    try:
        outcomes = await engine.ingest_batch(payloads, now=now, principal=owner)
        waiting: set[str] = set()
    except TooManyQuestions:
        outcomes, waiting = await _as_many_as_fit(engine, payloads, now, owner)
    for bad in diff.new_bad:
        error = f"{rel}:{zone_id} line {bad.number}: {bad.error}"
        letter: dict[str, Any] = {
            "source": {"type": "manual_markdown", "ref": f"{rel}:{zone_id}:{bad.line_hash}"},
            "evidence_text": bad.text[:1000],
        }
        outcomes.append(await engine.ingest_invalid("state_observation", letter, [error], now=now))
    entries = {e.line_hash: (e.entity_id, e.field, e.intent) for e in parsed.entries}
    # A waiting line is read again on a later pass: an added one is not accepted yet, a
    # removed one stays accepted until its retraction is taken.
    entries = {h: v for h, v in entries.items() if h not in waiting}
    entries |= {h: previous.entries[h] for h in waiting if h in previous.entries}
    accepted = AcceptedInput(entries, frozenset(b.line_hash for b in parsed.bad), generations)
    if accepted != previous:
        await ws.save_accepted_input(key, zone_id, accepted, now)
    return outcomes


async def _as_many_as_fit(
    engine: Engine, payloads: list[dict[str, Any]], now: datetime, owner: Principal
) -> tuple[list[Outcome], set[str]]:
    """The zone's lines one at a time, when together they would raise more questions than
    the editor may have open (an assistant's ``max_agent_questions``): those that fit are
    asked, the rest wait, set aside with why, and are read again on a later pass, once the
    user has answered some. Refusing the whole zone stopped the pass (``canon project``,
    ``canon watch``) and every zone after it; and a zone of more lines than the cap could
    never be read. Returns the outcomes and the waiting lines' hashes."""
    outcomes: list[Outcome] = []
    waiting: set[str] = set()
    for payload in payloads:
        try:
            outcomes += await engine.ingest_batch([payload], now=now, principal=owner)
        except TooManyQuestions as e:
            waiting.add(str(payload["source"]["ref"]).rsplit(":", 1)[-1])
            why = f"waits until the user has answered some: {e}"
            outcomes.append(
                Outcome(
                    "tentative_reject",
                    payload["event_id"],
                    payload["entity_id"],
                    payload["field"],
                    payload["candidate_value"],
                    reasons=(why,),
                )
            )
    return outcomes, waiting


async def _still_held(engine: Engine, rel: str, zone_id: str, diff: Diff) -> Diff:
    """``diff`` with only the removed lines whose belief still holds: a line retracts what
    it said, not what has replaced it since (the user's later word in the chat, a calendar):
    deleting a stale line is nobody's say about the newer value. Only a committed fact
    of another source is spared; with no fact the retraction withdraws the line's question."""
    kept = []
    for line_hash, entity, field in diff.removed:
        fact = await engine.store.fact(entity, field)
        if fact is None or fact.source_ref == _ref(rel, zone_id, line_hash):
            kept.append((line_hash, entity, field))
    return replace(diff, removed=tuple(kept))


async def _withdraw_questions(
    engine: Engine,
    rel: str,
    zone_id: str,
    removed: tuple[tuple[str, str, str], ...],
    now: datetime,
) -> None:
    """Close the open questions the removed lines raised: a deleted line no longer says
    what it asked about, whether or not its belief was retracted (a line that disagreed
    with the user's newer word in the chat was asked, and deleting it left "Are you in
    Tahoe?" open). Done before the retractions are decided, so a retraction's own
    question is its own."""
    if not removed:
        return
    refs = {_ref(rel, zone_id, line_hash) for line_hash, _, _ in removed}
    entities = sorted({entity for _, entity, _ in removed})
    for item in await engine.store.open_review_items(entities):
        if item.source_key.partition(":")[2] in refs:
            await engine.withdraw_question(item.id, now)


def _ref(rel: str, zone_id: str, line_hash: str) -> str:
    return f"{rel}:{zone_id}:{line_hash}"[-256:]


def manual_payloads(
    rel: str, zone_id: str, diff: Diff, generations: dict[str, int], now: datetime
) -> list[dict[str, Any]]:
    """Observation payloads for a zone's diff; bumps ``generations`` of the lines used."""
    out = []
    for entry in diff.added:
        out.append(_payload(rel, zone_id, entry.line_hash, entry, generations, now))
    for line_hash, entity, field in diff.removed:
        retraction = Entry(entity, field, None, "retract", None, f"(line {line_hash} removed)")
        out.append(_payload(rel, zone_id, line_hash, retraction, generations, now))
    return out


def _payload(
    rel: str,
    zone_id: str,
    line_hash: str,
    entry: Entry,
    generations: dict[str, int],
    now: datetime,
) -> dict[str, Any]:
    generation = generations.get(line_hash, 0) + 1
    generations[line_hash] = generation
    ref = _ref(rel, zone_id, line_hash)
    payload: dict[str, Any] = {
        "event_id": derived_id("manual_markdown", ref, entry.intent, str(generation)),
        "event_ts": format_ts(now),
        "entity_id": entry.entity_id,
        "domain": entry.field.split(".", 1)[0],
        "field": entry.field,
        "candidate_value": entry.value,
        "intent": entry.intent,
        "source": {"type": "manual_markdown", "ref": ref},
        "extraction_confidence": 1.0,
        "evidence_text": entry.line[:1000],
    }
    if entry.expires is not None:
        payload["valid_until"] = format_ts(entry.expires)
    return payload


def outside_zones(text: str, zones: list[Zone]) -> str:
    """``text`` with every zone's lines (markers included) and every line Canon wrote
    outside them (``render.written_by_canon``: a legacy-mode projection, a line copied
    out of a zone) blanked: what static reading sees, the user's own notes."""
    hidden = {i for z in zones for i in range(z.begin, z.end + 1)}
    return "".join(
        ("" if i in hidden or written_by_canon(line.text) else line.text) + (line.end or "")
        for i, line in enumerate(split_lines(text))
    )


async def ingest_markdown_text(
    engine: Engine,
    rel: str,
    text: str,
    *,
    now: datetime,
    entity_id: str,
    extractor: Extractor,
    key: str | None = None,
    editing: WorkspaceSettings | None = None,
) -> list[Outcome]:
    """A whole Markdown file as input: prose outside zones through the extractor
    (source static_markdown), STATE-INPUT zones as manual edits, both as ``editing``'s
    editor's (``editor_principal``: the assistant's when it keeps the workspace, the
    user's when only they edit it; ``canon migrate``; None, the owner's: a replay),
    STATE zones ignored. The prose is whoever writes the file's: OpenClaw writes
    MEMORY.md itself, so its lines are the assistant's notes, never Canon's own word
    (a question they raise is then the user's alone to settle, not another assistant's).

    Broken zone markers send the text to the dead-letter queue whole.
    """
    try:
        zones = await asyncio.to_thread(find_zones, text)
    except WorkspaceError as e:
        letter = {"source": {"type": "static_markdown", "ref": rel}, "evidence_text": text[:1000]}
        return [await engine.ingest_invalid("state_observation", letter, [f"{rel}: {e}"], now=now)]
    static = markdown_payloads(
        rel, outside_zones(text, zones), at=now, entity_id=entity_id, extractor=extractor
    )
    # "- Sunday: leave for Tahoe" above "- [ ] Return the Amazon order before the trip":
    # the file is one note, so its errand is due by the trip's day, as said in a chat.
    held = {f.field: f.value for f in await engine.store.facts(entity_id)}
    static = due_before_the_trip(static, entity_id, held, now)
    editor = SYSTEM if editing is None else editor_principal(editing)
    outcomes = await _prose(engine, static, now, editor)
    for zone in zones:
        if zone.kind == "STATE-INPUT":
            body = zone_body(text, zone)
            if editing is None:
                outcomes += await ingest_zone(engine, key or rel, rel, zone.zone_id, body, now)
            else:
                outcomes += await ingest_zone(
                    engine, key or rel, rel, zone.zone_id, body, now, editor, editing.entity_id
                )
    return outcomes


async def _prose(
    engine: Engine, static: list[dict[str, Any]], now: datetime, writer: Principal
) -> list[Outcome]:
    """The prose's observations as ``writer``'s; an assistant's past its question cap
    are asked as many as fit, the rest read again on the next run (their event ids come
    from their lines)."""
    if not static:
        return []
    try:
        return await engine.ingest_batch(static, now=now, principal=writer)
    except TooManyQuestions:
        return (await _as_many_as_fit(engine, static, now, writer))[0]
