"""The history of a field as callers read it: each change with whose its old value was
and what its old and new values mean.

A change's ``by`` is who wrote the new value. The value it replaced had its own writer
(another member, an assistant, a stranger's invitation) and a bare word of its own ("a
return: pending"): a reader of ``old_value`` alone could neither tell whose word was
overwritten nor read "pending" as anything but "not done yet". So each change also says
``old_by`` (worded for its reader, as ``by``) and, where the bare word misleads, what the
old and the new value meant then (``core.domain.errands.part_meaning``, read with the
errand's other parts as they stood at that change).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from core.conversation.provenance import OWNER, Viewer, by_words, member_words
from core.domain.errands import errand_part, meaning_fields, part_meaning
from core.domain.state import Scalar
from core.domain.timeutil import format_ts
from core.store import HistoryEntry
from core.store.protocol import StoreBackend


def made_by(entries: Sequence[HistoryEntry]) -> dict[int, HistoryEntry]:
    """Each change's (by ``seq``) previous change of the same field, when that one made the
    value this one replaced: whose the old value was. A value older than the log, or one a
    change the list leaves out made, has none (shown as it is)."""
    last: dict[tuple[str, str], HistoryEntry] = {}
    made: dict[int, HistoryEntry] = {}
    for h in sorted(entries, key=lambda e: e.seq):
        before = last.get((h.entity_id, h.field))
        if before is not None and not before.retracted and before.new_value == h.old_value:
            made[h.seq] = before
        last[(h.entity_id, h.field)] = h
    return made


Acts = Mapping[str, str]
"""The act of an answer's commit, by its source ref (the id of the question it settled):
its group's, so one Yes to a group is one act however many questions it settled."""
_ANSWERS = ("user_confirm", "user_edit", "follows_trip", "follows_answer")


async def answer_acts(store: StoreBackend, entries: Sequence[HistoryEntry]) -> Acts:
    """The act of each answer's commit among ``entries`` that an errand's meaning reads
    (their questions' groups, one read per answer)."""
    acts: dict[str, str] = {}
    for h in entries:
        ref = h.source_ref
        if ref is None or ref in acts or h.resolution not in _ANSWERS or not errand_part(h.field):
            continue
        item = await store.review_item(ref)
        group = None if item is None else item.group_key
        acts[ref] = ref if group is None else f"group:{group}"
    return acts


def _act(h: HistoryEntry, acts: Acts) -> str | None:
    """The act behind ``h``: its input's ref, an answer's group (None: not known)."""
    return None if h.source_ref is None else acts.get(h.source_ref, h.source_ref)


async def related_history(store: StoreBackend, entity: str, field: str) -> list[HistoryEntry]:
    """The changes of the fields ``field``'s meaning reads besides itself (an errand's
    other part): ``why_view``'s ``related``."""
    return [h for f in meaning_fields(field) if f != field for h in await store.history(entity, f)]


def change_meanings(
    entries: Sequence[HistoryEntry], acts: Acts | None = None
) -> dict[int, tuple[str | None, str | None]]:
    """Each change's (by ``seq``) meaning of its old and its new value, each None when the
    value says what it means: the errand's parts replayed in order, so a status reads the
    due day it had then. An errand's parts committed together by one act (one message's
    status and day, one answer's) are read as one write: each old value beside the parts
    before it, each new one beside those after. ``acts``: answers' groups (``answer_acts``;
    without them, each answered question is an act of its own)."""
    told: dict[tuple[str, str], dict[str, Scalar]] = {}
    out: dict[int, tuple[str | None, str | None]] = {}
    for write in _writes(entries, {} if acts is None else acts):
        before = {
            h.seq: part_meaning(
                slug, name, {**told.get((h.entity_id, slug), {}), name: h.old_value}
            )
            for h, slug, name in write
        }
        for h, slug, name in write:
            parts = told.setdefault((h.entity_id, slug), {})
            if h.retracted or h.new_value is None:
                parts.pop(name, None)
            else:
                parts[name] = h.new_value
        for h, slug, name in write:
            after = None if h.retracted else part_meaning(slug, name, told[(h.entity_id, slug)])
            out[h.seq] = (before[h.seq], after)
    return out


def _writes(
    entries: Sequence[HistoryEntry], acts: Acts
) -> list[list[tuple[HistoryEntry, str, str]]]:
    """The errands' changes, oldest first, in writes: a change joins the one before when it
    was committed with it (the next seq, the same moment, the same errand, another part)
    by the same act (its source ref: the same input, or the same answer's group).

    Why neighbours and a ref and not a write id: the log has none to give. A store
    transaction is no write (SQLite's group commit joins several callers' statements in
    one; one ``ingest_batch`` settles a feed's or several messages' inputs together, at
    one moment, in neighbouring commits), so the id would have to be minted per input in
    the engine and carried by every commit path, with a migration on each backend. Every
    commit already keeps its input's ref: two inputs settled in one instant differ there."""
    writes: list[list[tuple[HistoryEntry, str, str]]] = []
    for h in sorted(entries, key=lambda e: e.seq):
        if (part := errand_part(h.field)) is None:
            continue
        last = writes[-1] if writes else []
        prev = last[-1][0] if last else None
        joins = (
            prev is not None
            and h.seq == prev.seq + 1
            and h.committed_at == prev.committed_at
            and (h.entity_id, part[0]) == (prev.entity_id, last[-1][1])
            and _act(h, acts) == _act(prev, acts)
            and part[1] not in {name for _h, _slug, name in last}
        )
        if joins:
            last.append((h, *part))
        else:
            writes.append([(h, *part)])
    return writes


def changes_view(
    entries: Sequence[HistoryEntry],
    viewer: Viewer = OWNER,
    fields: Collection[str] | None = None,
    acts: Acts | None = None,
) -> list[dict[str, Any]]:
    """The changes of ``fields`` (all: None), oldest first, as ``viewer`` may see them.
    ``entries`` may hold more fields than those shown (an errand's other part): they are
    read for whose an old value was and what it meant, not shown. ``acts``: the answers'
    groups (``answer_acts``)."""
    made = made_by(entries)
    means = change_meanings(entries, acts)
    return [
        history_view(h, viewer, made.get(h.seq), means.get(h.seq, (None, None)))
        for h in sorted(entries, key=lambda e: e.seq)
        if fields is None or h.field in fields
    ]


def history_view(
    h: HistoryEntry,
    viewer: Viewer = OWNER,
    before: HistoryEntry | None = None,
    meant: tuple[str | None, str | None] = (None, None),
) -> dict[str, Any]:
    """One change. ``before``: the change that wrote its old value (``made_by``); without
    it an old value is "earlier input". ``meant``: what the old and new values mean."""
    whole = viewer.is_theirs(h.principal, h.entity_id)
    old_by = (
        None
        if h.old_value is None
        else (
            by_words(None, "", viewer)
            if before is None
            else by_words(before.principal, _change_source(before.resolution), viewer)
        )
    )
    view: dict[str, Any] = {
        "entity_id": h.entity_id,
        "field": h.field,
        "version": h.version,
        "old_value": h.old_value,
        "new_value": h.new_value,
        "retracted": h.retracted,
        "by": by_words(h.principal, _change_source(h.resolution), viewer),
        "by_member": member_words(h.principal, viewer),
        "old_by": old_by,
        "event_id": h.event_id if whole else None,
        "confidence": round(h.confidence, 4),
        "resolution": h.resolution,
        "committed_at": format_ts(h.committed_at),
    }
    old_meaning, meaning = meant
    if old_meaning is not None:
        view["old_meaning"] = old_meaning
    if meaning is not None:
        view["meaning"] = meaning
    return view


def _change_source(resolution: str) -> str:
    """The source type a change older than principals is worded by: an answer's is the
    user's confirmation, an import's the import; others are just earlier input."""
    if resolution.startswith("user_"):
        return "user_confirmation"
    return "import" if resolution == "import" else ""
