"""Preparing an end-to-end run and reading back what happened in it.

A run belongs to an entity of its own (``user:e2e-<name>``) that the person's
Telegram user id is mapped to (CANON_ENTITY_MAP), so a real chat can be tested
without touching the person's real beliefs. ``prepare_run`` marks the run's
start with one observation through the engine (``profile.e2e_run``, the start
time, from the user's own hand): the start is then in the append-only event
log whatever the policy decides about it, and every later run of the same
entity has a later one. ``read_run`` gathers what ``check_run`` judges.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from core.conversation.audience import Audience
from core.conversation.e2e_steps import RunEvidence
from core.domain.ids import new_id
from core.domain.timeutil import format_ts
from core.engine.engine import Engine, Outcome
from core.errors import ConfigError, NotFound, ReviewError
from core.store.protocol import StoreBackend

RUN_FIELD: Final = "profile.e2e_run"
START_REF: Final = "canon-e2e:start"
RESET_REF: Final = "canon-e2e:reset"
PREFIX: Final = "user:e2e-"
_RESET_ROUNDS: Final = 20
"""Open questions are rejected a page at a time (queued ones are promoted as others close)."""


@dataclass(frozen=True)
class Prepared:
    entity_id: str
    chat_id: int
    started_at: datetime
    seed: Outcome
    """What the engine did with the start mark (asked, under a policy that asks everything)."""
    rejected: int = 0
    """Open questions about the entity answered No by ``--reset``."""
    retracted: int = 0
    """Facts of the entity forgotten by ``--reset``."""


def owner_chat(audience: Audience, entity_id: str) -> int:
    """The private chat (the Telegram user id) whose messages are the entity's."""
    if not entity_id.startswith(PREFIX) or len(entity_id) == len(PREFIX):
        raise ConfigError(
            f"an e2e run needs an entity of its own, named {PREFIX}<name>, not {entity_id!r}"
        )
    owner = audience.owner_of(entity_id)
    if owner is None:
        raise ConfigError(
            f"no allowed Telegram user is {entity_id}: set CANON_ALLOWED_USER_IDS to your "
            f"user id and CANON_ENTITY_MAP=<your user id>={entity_id}"
        )
    return owner


async def prepare_run(
    engine: Engine, audience: Audience, entity_id: str, *, now: datetime, reset: bool
) -> Prepared:
    """Start a run on a fresh entity; with ``reset``, first clear the state it has."""
    chat_id = owner_chat(audience, entity_id)
    rejected = retracted = 0
    if await _has_state(engine.store, entity_id):
        if not reset:
            raise ConfigError(
                f"{entity_id} already has state; pick a new name, or add --reset to clear it"
            )
        rejected = await _reject_open_questions(engine, entity_id, now)
        retracted = await _retract_facts(engine, entity_id, now)
        if await _has_state(engine.store, entity_id):
            raise ConfigError(
                f"{entity_id} still has state: the policy asks before forgetting; answer "
                "the questions in the chat (Yes) or pick a new name"
            )
    seed = await engine.ingest(_observation(entity_id, format_ts(now), START_REF, now), now=now)
    return Prepared(entity_id, chat_id, now, seed, rejected, retracted)


async def read_run(store: StoreBackend, audience: Audience, entity_id: str) -> RunEvidence:
    """Everything ``check_run`` needs about the entity's latest run."""
    chat_id = owner_chat(audience, entity_id)
    marks = [e for e in await store.events_for(entity_id, RUN_FIELD) if e.source_ref == START_REF]
    if not marks:
        raise NotFound(
            f"no e2e run for {entity_id}: start one with canon e2e prepare --entity {entity_id}"
        )
    start = marks[-1].event_ts
    # Telegram dates messages to the second: a message typed in the second the run
    # started is the run's.
    from_second = start.replace(microsecond=0)
    said = [
        m
        for m in await store.conversation.messages(chat_id)
        if m.role == "user" and m.at >= from_second
    ]
    location = await store.fact(entity_id, "travel.location")
    return RunEvidence(
        entity_id=entity_id,
        chat_id=chat_id,
        started_at=start,
        history=[h for h in await store.history(entity_id, None) if h.committed_at >= start],
        answered=[
            r
            for r in await store.review_items_from(entity_id, "")
            if r.answered_at is not None and r.answered_at >= start
        ],
        said=said,
        location=None if location is None else location.value,
    )


async def _has_state(store: StoreBackend, entity_id: str) -> bool:
    return bool(await store.facts(entity_id)) or bool(await store.open_review_items([entity_id]))


async def _reject_open_questions(engine: Engine, entity_id: str, now: datetime) -> int:
    rejected = 0
    for _ in range(_RESET_ROUNDS):
        items = [i for i in await engine.store.open_review_items([entity_id]) if i.kind == "change"]
        if not items:
            break
        for item in items:
            try:
                await engine.answer(item.id, "reject", now=now, answered_by="canon-e2e")
            except ReviewError:
                continue  # settled meanwhile, with another
            rejected += 1
    return rejected


async def _retract_facts(engine: Engine, entity_id: str, now: datetime) -> int:
    facts = await engine.store.facts(entity_id)
    outcomes = await engine.ingest_batch(
        [_observation(entity_id, None, RESET_REF, now, field=f.field) for f in facts], now=now
    )
    return sum(1 for o in outcomes if o.committed)


def _observation(
    entity_id: str, value: str | None, ref: str, now: datetime, *, field: str = RUN_FIELD
) -> dict[str, object]:
    """The person's own word, given at the terminal: a user_confirmation."""
    return {
        "event_id": new_id(),
        "event_ts": format_ts(now),
        "entity_id": entity_id,
        "domain": field.split(".", 1)[0],
        "field": field,
        "candidate_value": value,
        "intent": "retract" if value is None else "assertive",
        "source": {"type": "user_confirmation", "ref": ref},
    }
