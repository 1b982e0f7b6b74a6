"""/forget and /undo: user-ordered corrections, asked before they happen.

Each is an ordinary review item (kind ``change``) whose source key starts with
``command:``; confirming it goes through ``Engine.answer`` like any other
answer, so it commits through the same path and lands in the audit log:
/forget proposes a retraction (candidate None), /undo proposes the value the
last commit replaced (a retraction if there was none, the old value back if the
last commit was a retraction).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from core.domain.api_tokens import ApiToken
from core.domain.ids import new_id
from core.domain.phrasing import label, show_in
from core.domain.principals import SYSTEM
from core.domain.review_items import CORRECTION_PREFIX, CorrectionKind
from core.domain.review_items import correction_kind as correction_kind
from core.domain.state import Scalar
from core.domain.whose_word import member_of, reader_of, someone_elses
from core.engine.consistency import FOLLOWS_TRIP, FORCED
from core.engine.engine import Engine
from core.engine.household import users_by_name
from core.errors import NotFound, NotYours
from core.store import HistoryEntry, NewReviewItem, ReviewItem


def correction_question(item: ReviewItem, asked_by: str = "you") -> str:
    """How a correction is put to the user: what is true now, and what it would become.

    ``asked_by`` is who ordered it, in the reader's words ("you", "an assistant",
    "another member of the household"): a correction someone else asked for says so,
    so nobody taps Yes to what they take for their own command.
    """
    kind = correction_kind(item)
    what = label(item.field, item.entity_id, item.entity_id)
    if kind == "wrong":  # core.engine.incidents.propose_wrong
        said = "You said" if asked_by == "you" else f"{_capital(asked_by)} says"
        return (
            f"{said} {what} ({show_in(item.field, item.current_value)}) is wrong. What is right? "
            "Send it (Edit), or Yes to forget it, No to keep it."
        )
    if kind == "forget":
        asked = f"Forget {what} ({show_in(item.field, item.current_value)})?"
    else:
        asked = f"Undo: {_undo_part(item)}?"
    return asked if asked_by == "you" else f"{_capital(asked_by)} asks for this. {asked}"


def undo_group_question(items: Sequence[ReviewItem], asked_by: str = "you") -> str:
    """An undo of one answer that changed several things, as one question: what was
    confirmed together is taken back together (an arrival's trip, day and place). A part
    that answer left as it was (before == after) is no change to offer: it is left out
    while anything else changes, never listed as "back from Tahoe to Tahoe"."""
    changed = [i for i in items if not _unchanged(i)] or list(items)
    lines = ["Undo all of this?", *(f"• {_undo_part(i)}" for i in changed)]
    asked = "\n".join(lines)
    return asked if asked_by == "you" else f"{_capital(asked_by)} asks for this. {asked}"


def _unchanged(item: ReviewItem) -> bool:
    return item.current_value is not None and item.current_value == item.candidate_value


def _undo_part(item: ReviewItem) -> str:
    what = label(item.field, item.entity_id, item.entity_id)
    if _unchanged(item):  # said truthfully: taking it back changes nothing
        return f"{what} stays {show_in(item.field, item.current_value)} (it was so before)"
    if item.candidate_value is None:
        return f"forget {what} ({show_in(item.field, item.current_value)}); it had no value before"
    if item.current_value is None:
        return f"bring {what} back to {show_in(item.field, item.candidate_value)}"
    return (
        f"{what} back from {show_in(item.field, item.current_value)} to "
        f"{show_in(item.field, item.candidate_value)}"
    )


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def correction_result(item: ReviewItem, status: str) -> str | None:
    """What is true after a correction was answered; None for other items and outcomes."""
    kind = correction_kind(item)
    what = label(item.field, item.entity_id, item.entity_id)
    if kind is None:
        return None
    if status == "confirmed":
        if item.candidate_value is None:
            return f"✅ Done: I no longer know {what}."
        return f"✅ Done: {what} is {show_in(item.field, item.candidate_value)} again."
    if status == "rejected":
        if item.current_value is None:
            return f"❌ Kept: I still don't know {what}."
        return f"❌ Kept: {what} is still {show_in(item.field, item.current_value)}."
    return None


def undo_group_result(status: str) -> str | None:
    """What is true after an undo of several things was answered."""
    return {
        "confirmed": "✅ Done: all of it is as it was before.",
        "rejected": "❌ Kept: nothing changed.",
    }.get(status)


async def propose_forget(
    engine: Engine,
    entities: Sequence[str],
    field: str,
    now: datetime,
    *,
    principal: str | None = None,
    names: Mapping[str, str] | None = None,
) -> ReviewItem:
    """Ask to retract ``field`` of the first of ``entities`` that has it; ``principal``
    (the ref of who asked) cannot settle it unless it is the user. What another member
    said of the household is theirs to forget (``NotYours``; ``names``: the configured
    names, to say whose)."""
    for entity in entities:
        fact = await engine.store.fact(entity, field)
        if fact is None:
            continue
        return await propose_correction(
            engine,
            "forget",
            entity,
            field,
            None,
            fact.value,
            ("asked to forget it",),
            now,
            principal=principal,
            names=names,
        )
    raise NotFound(f"nothing is known about {field}")


async def propose_undo(
    engine: Engine,
    entities: Sequence[str],
    now: datetime,
    *,
    principal: str | None = None,
    names: Mapping[str, str] | None = None,
) -> ReviewItem:
    """Ask to revert the newest commit to any of ``entities`` (``principal``: as above).

    One answer that changed several fields together (Yes to "Is all of this right?") is
    one act, taken back as one question: undoing only its last field would leave the
    trip under way with nowhere to be, or the user home with the trip still on.

    Undo is each user's own, as in a shared document: anyone else's change (and a field
    whose value is now theirs) is skipped (``_undoable``); when nothing else is left,
    ``NotYours`` says whose the newest change is when it is another member's, else
    ``NotFound`` says it did not come from the asker."""
    tokens = await engine.store.api_tokens.tokens()
    asker = reader_of(principal, tokens)
    run: list[HistoryEntry] = []
    among: list[HistoryEntry] = []
    theirs: HistoryEntry | None = None
    for entity in entities:
        every = await engine.store.history(entity, None)
        entries = _undoable(every, asker, tokens)
        if len(entries) < len(every) and (theirs is None or every[-1].seq > theirs.seq):
            theirs = every[-1]
        if entries and (not run or entries[-1].seq > run[-1].seq):
            run, among = last_moment(entries), entries
    if not run and theirs is not None:
        owner = someone_elses(theirs.entity_id, theirs.principal, asker, tokens)
        what = f"the newest change ({label(theirs.field, theirs.entity_id, theirs.entity_id)})"
        if owner is None:  # a source's or an assistant's for nobody: no member's act
            raise NotFound(
                f"there is no change of yours to undo: {what} did not come from you; "
                "if it is wrong, tell me what is true now"
            )
        raise NotYours(await _not_yours(engine, owner, "undo", what, names))
    if not run:
        raise NotFound("there is no change to undo")
    # One moment may hold two acts where the clock stands still (a replay, a test):
    # the act is also one input, one message or one question's group.
    inputs = [await _input_of(engine, e) for e in run]
    if all(i == FOLLOWED for i in inputs):
        # Only what followed from the act (an errand moved with the trip's day, a fix a
        # Yes forced) was found: it was committed with the act, under another resolution.
        run = same_moment(among, run[-1])
        inputs = [await _input_of(engine, e) for e in run]
    cause = next((i for i in reversed(inputs) if i != FOLLOWED), inputs[-1])
    act = one_per_field([e for e, i in zip(run, inputs, strict=True) if i in (cause, FOLLOWED)])
    group = new_id() if len(act) > 1 else None
    asked = [
        await propose_correction(
            engine,
            "undo",
            entry.entity_id,
            entry.field,
            entry.old_value,
            None if entry.retracted else entry.new_value,
            (f"undo of the change at {entry.committed_at:%Y-%m-%d %H:%M} ({entry.resolution})",),
            now,
            suffix=str(entry.seq),
            principal=principal,
            group_key=group,
            names=names,
        )
        for entry in act
    ]
    return asked[0]


def _undoable(
    entries: Sequence[HistoryEntry], asker: str | None, tokens: Sequence[ApiToken]
) -> list[HistoryEntry]:
    """``entries`` the user ``asker`` may undo: their own changes (their chat, their
    client, their tokens), Canon's and its owner's (``SYSTEM``: an import, a replay, what
    Canon derived) and one older than principals; not another person's or a source's,
    nor one of a field whose newest change is theirs. Another member's, an assistant's
    that acts for nobody or a connected source's change is not the asker's act: right
    after "I'm in Tahoe" Alice's /undo asked to forget the rent a mail had committed
    since. Canon's owner (``asker`` None: the command line) undoes any change (pure)."""

    def others(e: HistoryEntry) -> bool:
        if asker is None or e.principal in (None, SYSTEM.ref, asker):
            return False
        return member_of(e.principal, tokens) != asker

    newest = {e.field: e for e in entries}
    taken = {f for f, e in newest.items() if others(e)}
    return [e for e in entries if e.field not in taken and not others(e)]


async def _not_yours(
    engine: Engine, owner: str | None, verb: str, what: str, names: Mapping[str, str] | None
) -> str:
    """Why a member may not ``verb`` what another member said, naming them if known."""
    known = await users_by_name(engine.store, [owner] if owner else [], names)
    name = known.name_of(owner) if owner else None
    whose = f"{name}'s word" if name else "another member of the household's word"
    return (
        f"{_capital(what)} is {whose}: only {name or 'they'} can {verb} it. "
        "If it has changed, tell me what is true now."
    )


async def check_own_word(
    engine: Engine,
    entity: str,
    field: str,
    principal: str | None,
    verb: str,
    names: Mapping[str, str] | None = None,
) -> None:
    """``NotYours`` when ``field`` of the shared ``entity`` holds another member's word
    (who committed its value: said it, or answered Yes to it) and ``principal`` (the ref
    of who asks) is someone else: nobody erases another member's word by a correction
    (/forget, /undo, /wrong); they may say what is true now, recorded as their own."""
    if entity.startswith("user:") or principal is None:
        return
    fact = await engine.store.fact(entity, field)
    if fact is None:
        return
    tokens = await engine.store.api_tokens.tokens()
    owner = someone_elses(entity, fact.principal, reader_of(principal, tokens), tokens)
    if owner is not None:
        what = f"{label(field, entity, entity)} ({show_in(field, fact.value)})"
        raise NotYours(await _not_yours(engine, owner, verb, what, names))


FOLLOWED: tuple[str, str | None] = ("followed", None)
"""The input of a change that followed from another one committed with it (an errand's
day moved with the trip's, a fix the user's answer forced): part of that act, so /undo
takes it back with its cause, never alone (undoing only the errand left the trip leaving
on the day it had moved to, and its errand "due before you leave" days before it)."""


async def _input_of(engine: Engine, entry: HistoryEntry) -> tuple[str, str | None]:
    """What a commit came from: the message (its source) or, for an answer, the group
    of the question answered (a Yes to "Is all of this right?" is one input); ``FOLLOWED``
    for a change that followed from the act it was committed with."""
    events = await engine.store.events_for(entry.entity_id, entry.field)
    event = next((e for e in events if e.event_id == entry.event_id), None)
    if event is None:
        return ("", entry.event_id)
    if event.source_type == "user_confirmation" and event.source_ref is not None:
        item = await engine.store.review_item(event.source_ref)
        if item is not None and item.reasons and item.reasons[-1] in (FORCED, FOLLOWS_TRIP):
            return FOLLOWED
        if item is not None:
            return ("answer", item.group_key or item.id)
    return (event.source_type, event.source_ref)


def last_act(entries: Sequence[HistoryEntry]) -> list[HistoryEntry]:
    """The newest commits of one entity's ``entries`` (oldest first) made by one act: the
    same moment, resolution and principal; one per field, its newest, with the value the
    field had before the act (pure)."""
    return one_per_field(last_moment(entries))


def last_moment(entries: Sequence[HistoryEntry]) -> list[HistoryEntry]:
    """The newest run of ``entries`` with one moment, resolution and principal."""
    last = entries[-1]
    run: list[HistoryEntry] = []
    for e in reversed(entries):
        if (e.committed_at, e.resolution, e.principal, e.entity_id) != (
            last.committed_at,
            last.resolution,
            last.principal,
            last.entity_id,
        ):
            break
        run.append(e)
    return run[::-1]


def same_moment(entries: Sequence[HistoryEntry], last: HistoryEntry) -> list[HistoryEntry]:
    """``entries`` of ``last``'s moment, principal and entity, whatever their resolution:
    an act and what followed from it (a message's auto-commit and the errand it moved,
    settled as confirmed) (pure)."""
    key = (last.committed_at, last.principal, last.entity_id)
    return [e for e in entries if (e.committed_at, e.principal, e.entity_id) == key]


def one_per_field(run: Sequence[HistoryEntry]) -> list[HistoryEntry]:
    """One entry per field of ``run`` (oldest first): its newest, with its oldest old value."""
    act: dict[str, HistoryEntry] = {}
    for e in reversed(run):
        newest = act.get(e.field, e)
        act[e.field] = replace(newest, old_value=e.old_value)
    return sorted(act.values(), key=lambda e: e.seq)


async def propose_correction(
    engine: Engine,
    kind: CorrectionKind,
    entity: str,
    field: str,
    candidate: Scalar,
    current: Scalar,
    reasons: tuple[str, ...],
    now: datetime,
    suffix: str = "",
    principal: str | None = None,
    group_key: str | None = None,
    names: Mapping[str, str] | None = None,
) -> ReviewItem:
    """Ask the user to confirm a correction of ``field`` (source key ``command:<kind>``,
    with ``suffix`` when given); an open question for the same correction is returned.
    Another member's word on the household is theirs to correct (``check_own_word``)."""
    await check_own_word(engine, entity, field, principal, kind, names)
    source_key = f"{CORRECTION_PREFIX}{kind}:{suffix}" if suffix else f"{CORRECTION_PREFIX}{kind}"
    # Asking twice for the same correction gives the open question back.
    for open_item in await engine.store.open_review_items([entity]):
        if open_item.source_key == source_key and open_item.field == field:
            return open_item
    item = NewReviewItem(
        id=new_id(),
        kind="change",
        event_id=None,
        entity_id=entity,
        field=field,
        candidate_value=candidate,
        current_value=current,
        confidence=1.0,
        reasons=reasons,
        source_key=source_key,
        created_at=now,
        principal=principal,
        group_key=group_key,
    )
    return await engine.ask(item)
