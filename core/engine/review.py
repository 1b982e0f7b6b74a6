"""Answering any review item: one entry point for the bot, the CLI and scenarios.

A field change is the engine's to settle (``Engine.answer``). The other kinds
sit above the engine because answering them may ingest through it, which must
not happen while the engine holds the entity's lock: a dead letter is retried or
discarded by ``core.engine.deadletters``, and what Canon found or did in the files
(``bootstrap``, ``drift``) by ``core.engine.bootstrap`` and ``core.engine.notices``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from core.domain.claims import answer_refusal, answered_by_for
from core.domain.principals import SYSTEM, Principal
from core.domain.provenance import source_type_of
from core.domain.whose_word import tokens_needed, whose_question
from core.engine.bootstrap import answer_bootstrap
from core.engine.corrections import correction_kind
from core.engine.deadletters import answer_dead_letter
from core.engine.edit_values import edit_value
from core.engine.engine import AnswerAction, AnswerResult, Engine
from core.engine.incidents import auto_commit_behind, is_correction, record_p0
from core.engine.notices import acknowledge
from core.engine.rollback import check_rollout
from core.errors import ClaimRefused, NotFound, NotYours
from core.signals.rules import Rule
from core.store import ReviewItem


async def _check_whose(engine: Engine, item: ReviewItem, principal: Principal) -> None:
    """A question another member's words raised on the household is theirs to answer, in
    the chat, over the API or over MCP alike (``NotYours``); Canon's owner (the command
    line) answers anything."""
    answerer = principal.ref if principal.is_user else principal.acting_for
    if answerer is None or item.entity_id.startswith("user:"):
        return
    tokens = await engine.store.api_tokens.tokens() if tokens_needed([item]) else ()
    owner = whose_question(item, tokens)
    if owner is not None and owner != answerer:
        raise NotYours(
            "this question was raised by another member's words: only they can answer it"
        )


async def answer_review(
    engine: Engine,
    item_id: str,
    action: AnswerAction,
    value: Any = None,
    *,
    now: datetime,
    answered_by: str | None = None,
    rules: Sequence[Rule] = (),
    whole_group: bool = False,
    principal: Principal = SYSTEM,
    new_place: bool = False,
    entities: Iterable[str] | None = (),
    item: ReviewItem | None = None,
    others: Sequence[ReviewItem] | None = None,
    ends: Mapping[str, datetime] | None = None,
    seen: datetime | None = None,
) -> AnswerResult:
    """Apply the user's confirm, reject or edit(value) to review item ``item_id``.

    Answers belong to the person asked (``core.domain.claims.answer_refusal``): an agent
    answers only as a delegate acting for the user, never a question its own evidence
    raised, and the stored answer names it; otherwise ``ClaimRefused``, nothing changed.
    ``principal`` defaults to Canon's owner (the chat, the command line).

    With ``whole_group`` a confirm or reject answers every open item of the item's
    group (the related changes one message raised, asked as one question) in one
    transaction; an edit always answers the one item (a part whose group is still open
    is asked again with the rest, not committed: ``Engine.answer``). What a field
    change commits is recorded as ``principal``'s: who answered. An edited place is
    known when any of ``entities`` (the asker's; None: every entity) holds or held it.

    ``item``: review item ``item_id`` as the caller has just read it (the HTTP API reads
    it to check the token reaches it), not read again here or by the engine. What is
    taken from it never changes once the item exists (its kind, entity, field, group,
    candidate, principal); whether it is still open is checked where it is settled,
    in the store's transaction, as for an item read here. ``others``: the rest of its
    group read with it (``Store.question_and_group``), for a whole group's answer, and
    ``ends`` the ends their words gave, read with them.

    ``seen``: when the newer word the answerer was shown with the question was committed
    ("Since then, Alice said Noah is well"): a Yes over a person's word newer than the
    question and not shown is ``Overtaken`` (``core.domain.overtaken``), nothing changed,
    on every door alike (the chat, the API, MCP, the command line).
    """
    if item is None or item.id != item_id:
        item = await engine.store.review_item(item_id)
    if item is None:
        raise NotFound(f"no review item {item_id}")
    refusal = answer_refusal(
        principal, item.principal, source_type_of(item.source_key), item.reasons
    )
    if refusal is not None:
        raise ClaimRefused(refusal)
    await _check_whose(engine, item, principal)
    answered_by = answered_by_for(principal, answered_by)
    if item.kind == "dead_letter":
        return await answer_dead_letter(
            engine, item, action, value, now, answered_by, rules, principal
        )
    if item.kind == "bootstrap":
        return await answer_bootstrap(
            engine, item, action, value, now=now, principal=principal, answered_by=answered_by
        )
    if item.kind == "drift":
        return await acknowledge(engine, item, action, now=now, answered_by=answered_by)
    if action == "edit" and item.status in ("pending", "queued"):  # else: AlreadyAnswered
        value = await edit_value(
            engine.store, item, value, at=now, new_place=new_place, entities=entities
        )
    # Only a correction the user asked for (/wrong, /undo, /forget) sets Canon's value
    # aside; answering a question raised by newer evidence is the world moving on.
    kind = correction_kind(item)
    auto = (
        await auto_commit_behind(engine, item.entity_id, item.field, now)
        if kind is not None
        else None
    )
    if whole_group and action != "edit":
        result = await engine.answer_group(
            item_id,
            action,
            now=now,
            answered_by=answered_by,
            principal=principal,
            item=item,
            others=others if item.id == item_id else None,
            ends=ends if item.id == item_id else None,
            seen=seen,
        )
    else:
        result = await engine.answer(
            item_id,
            action,
            value,
            now=now,
            answered_by=answered_by,
            principal=principal,
            item=item,
            seen=seen,
        )
    if is_correction(auto, result.committed, result.committed_value):
        assert auto is not None
        if kind == "wrong":  # the user replaced what Canon committed alone: a P0
            await record_p0(engine, auto, "/wrong", now, result.committed_value)
        else:  # a correction counts toward the weekly correction rate
            await check_rollout(engine, now)
    return result
