"""/forget and /undo: user-ordered corrections, asked before they happen.

Each is an ordinary review item (kind ``change``) whose source key starts with
``command:``; confirming it goes through ``Engine.answer`` like any other
answer, so it commits through the same path and lands in the audit log:
/forget proposes a retraction (candidate None), /undo proposes the value the
last commit replaced (a retraction if there was none, the old value back if the
last commit was a retraction).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from core.domain.ids import new_id
from core.domain.phrasing import label, show_in
from core.domain.state import Scalar
from core.engine.engine import Engine
from core.errors import NotFound
from core.store import HistoryEntry, NewReviewItem, ReviewItem

CorrectionKind = Literal["forget", "undo", "wrong"]
_PREFIX = "command:"
_KINDS: dict[str, CorrectionKind] = {"forget": "forget", "undo": "undo", "wrong": "wrong"}


def correction_kind(item: ReviewItem) -> CorrectionKind | None:
    """'forget' or 'undo' for a correction item, None for anything else."""
    if not item.source_key.startswith(_PREFIX):
        return None
    kind = item.source_key[len(_PREFIX) :].split(":", 1)[0]
    return _KINDS.get(kind)


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
    elif item.candidate_value is None:
        asked = f"Undo: forget {what} ({show_in(item.field, item.current_value)}); it had no value before?"
    elif item.current_value is None:
        asked = f"Undo: bring {what} back to {show_in(item.field, item.candidate_value)}?"
    else:
        asked = f"Undo: {what} back from {show_in(item.field, item.current_value)} to {show_in(item.field, item.candidate_value)}?"
    return asked if asked_by == "you" else f"{_capital(asked_by)} asks for this. {asked}"


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


async def propose_forget(
    engine: Engine,
    entities: Sequence[str],
    field: str,
    now: datetime,
    *,
    principal: str | None = None,
) -> ReviewItem:
    """Ask to retract ``field`` of the first of ``entities`` that has it; ``principal``
    (the ref of who asked) cannot settle it unless it is the user."""
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
        )
    raise NotFound(f"nothing is known about {field}")


async def propose_undo(
    engine: Engine, entities: Sequence[str], now: datetime, *, principal: str | None = None
) -> ReviewItem:
    """Ask to revert the newest commit to any of ``entities`` (``principal``: as above)."""
    last: HistoryEntry | None = None
    for entity in entities:
        entries = await engine.store.history(entity, None)
        if entries and (last is None or entries[-1].seq > last.seq):
            last = entries[-1]
    if last is None:
        raise NotFound("there is no change to undo")
    current = None if last.retracted else last.new_value
    reason = f"undo of the change at {last.committed_at:%Y-%m-%d %H:%M} ({last.resolution})"
    return await propose_correction(
        engine,
        "undo",
        last.entity_id,
        last.field,
        last.old_value,
        current,
        (reason,),
        now,
        suffix=str(last.seq),
        principal=principal,
    )


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
) -> ReviewItem:
    """Ask the user to confirm a correction of ``field`` (source key ``command:<kind>``,
    with ``suffix`` when given); an open question for the same correction is returned."""
    source_key = f"{_PREFIX}{kind}:{suffix}" if suffix else f"{_PREFIX}{kind}"
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
    )
    return await engine.ask(item)
