"""The in-memory backend's companion stores: conversation, sources, mail senders, workspace,
policy log.

Each lives beside a ``MemoryStore`` and writes through its transaction (one
writer at a time, undone on failure), as the SQLite companions share their
store's connection. They behave as the SQLite ones do: the companion contract
tests run on both.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Protocol

from core.domain.chat_records import (
    ChatMessage,
    ChatMode,
    PromptMessage,
    Role,
    ShownKind,
    ShownRecord,
)
from core.domain.ids import new_id
from core.domain.rollout import PolicyEvent
from core.domain.source_state import SourceState
from core.domain.workspace_records import AcceptedInput, WorkspaceEvent
from core.errors import StoreError
from core.store.chat_turns import ChatLocks, Lane
from core.store.companion_protocols import TICK_CLAIMS_KEPT, UPDATE_CLAIMS_KEPT
from core.store.memory_tables import Journal


class MemoryStore(Protocol):
    """What a companion needs of ``core.store.memory.MemoryStore`` (which creates the
    companions, so they cannot import it): its transactions and row numbers."""

    def check_open(self) -> None: ...

    def next_seq(self, j: Journal, table: str) -> int: ...

    def transaction(self) -> AbstractAsyncContextManager[Journal]: ...


def _utc(at: datetime) -> datetime:
    return at.astimezone(UTC)


def _opt_utc(at: datetime | None) -> datetime | None:
    return None if at is None else _utc(at)


class MemoryConversationStore:
    """``ConversationStore`` in memory: the log is append-only, prompts one per item."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._messages: list[ChatMessage] = []
        self._shown: list[ShownRecord] = []
        self._prompts: dict[str, PromptMessage] = {}
        self._modes: dict[int, ChatMode] = {}
        self._turns = ChatLocks()
        self._updates: dict[tuple[int, int], datetime] = {}
        self._ticks: dict[tuple[str, int, datetime], datetime] = {}

    async def claim_update(self, bot_id: int, update_id: int, at: datetime) -> bool:
        async with self._store.transaction() as j:
            for key, claimed_at in list(self._updates.items()):
                if claimed_at < at - UPDATE_CLAIMS_KEPT:
                    j.delete(self._updates, key)
            if (bot_id, update_id) in self._updates:
                return False
            j.set(self._updates, (bot_id, update_id), at)
            return True

    async def claim_tick(self, job: str, chat_id: int, due: datetime, at: datetime) -> bool:
        async with self._store.transaction() as j:
            for key, claimed_at in list(self._ticks.items()):
                if claimed_at < at - TICK_CLAIMS_KEPT:
                    j.delete(self._ticks, key)
            if (job, chat_id, due) in self._ticks:
                return False
            j.set(self._ticks, (job, chat_id, due), at)
            return True

    async def append_message(
        self,
        chat_id: int,
        role: Role,
        text: str,
        at: datetime,
        *,
        message_id: int | None = None,
        user_id: int | None = None,
    ) -> ChatMessage:
        async with self._store.transaction() as j:
            seq = self._store.next_seq(j, "conversation")
            stored = ChatMessage(seq, new_id(), chat_id, message_id, user_id, role, text, _utc(at))
            j.append(self._messages, stored)
        return ChatMessage(seq, stored.id, chat_id, message_id, user_id, role, text, at)

    async def messages(self, chat_id: int, limit: int | None = None) -> list[ChatMessage]:
        self._store.check_open()
        mine = [m for m in self._messages if m.chat_id == chat_id]
        return mine if limit is None else mine[max(0, len(mine) - int(limit)) :]

    async def record_shown(
        self,
        chat_id: int,
        message_id: int,
        kind: ShownKind,
        text: str,
        at: datetime,
        *,
        buttons: Sequence[tuple[str, str]] = (),
        photo: bytes | None = None,
    ) -> ShownRecord:
        async with self._store.transaction() as j:
            seq = self._store.next_seq(j, "chat_shown")
            # Copies of the caller's buttons and bytes: later changes to them change nothing.
            image = None if photo is None else bytes(photo)
            stored = ShownRecord(
                seq, chat_id, message_id, kind, text, _utc(at), tuple(buttons), image
            )
            j.append(self._shown, stored)
        return replace(stored, at=at)

    async def shown(self, chat_id: int, limit: int | None = None) -> list[ShownRecord]:
        self._store.check_open()
        mine = [s for s in self._shown if s.chat_id == chat_id]
        return mine if limit is None else mine[max(0, len(mine) - int(limit)) :]

    async def prune_shown(self, chat_id: int, keep: int) -> int:
        async with self._store.transaction() as j:
            sent = [s.seq for s in self._shown if s.chat_id == chat_id and s.kind == "sent"]
            if len(sent) < max(keep, 1):
                return 0
            first = sent[-max(keep, 1)]
            kept = [s for s in self._shown if s.chat_id != chat_id or s.seq >= first]
            gone = len(self._shown) - len(kept)
            old = list(self._shown)
            self._shown[:] = kept
            j.undo(lambda: self._shown.__setitem__(slice(None), old))
        return gone

    async def open_prompt(
        self, item_id: str, token: str, chat_id: int, owner_user_id: int, at: datetime
    ) -> PromptMessage:
        """Bind ``item_id`` to a chat, its owner and a token (idempotent per item)."""
        async with self._store.transaction() as j:
            taken = any(p.token == token for p in self._prompts.values())
            if item_id not in self._prompts and not taken:
                prompt = PromptMessage(
                    item_id, token, chat_id, owner_user_id, None, _utc(at), None, None
                )
                j.set(self._prompts, item_id, prompt)
        found = self._prompts.get(item_id)
        if found is None:
            raise StoreError(f"token {token} already shows another item")
        return found

    async def set_prompt_message(self, item_id: str, message_id: int) -> None:
        async with self._store.transaction() as j:
            prompt = self._prompts.get(item_id)
            if prompt is not None:
                j.set(self._prompts, item_id, replace(prompt, message_id=message_id))

    async def close_prompt(self, item_id: str, outcome: str, at: datetime) -> bool:
        async with self._store.transaction() as j:
            prompt = self._prompts.get(item_id)
            if prompt is None or prompt.closed_at is not None:
                return False
            closed = replace(prompt, closed_at=_utc(at), outcome=outcome)
            j.set(self._prompts, item_id, closed)
            return True

    async def prompt_by_token(self, token: str) -> PromptMessage | None:
        self._store.check_open()
        return next((p for p in self._prompts.values() if p.token == token), None)

    async def prompt_for_item(self, item_id: str) -> PromptMessage | None:
        self._store.check_open()
        return self._prompts.get(item_id)

    async def prompt_for_message(self, chat_id: int, message_id: int) -> PromptMessage | None:
        self._store.check_open()
        shown = (chat_id, message_id)
        return next((p for p in self._prompts.values() if (p.chat_id, p.message_id) == shown), None)

    async def open_prompts(self, chat_id: int | None = None) -> list[PromptMessage]:
        """Prompts shown and not yet answered, oldest first."""
        self._store.check_open()
        open_ = [
            p
            for p in self._prompts.values()
            if p.closed_at is None and (chat_id is None or p.chat_id == chat_id)
        ]
        return sorted(open_, key=lambda p: p.shown_at)  # stable: ties keep the order shown

    async def set_mode(self, mode: ChatMode) -> None:
        async with self._store.transaction() as j:
            j.set(
                self._modes,
                mode.chat_id,
                replace(mode, since=_utc(mode.since)),
            )

    async def mode(self, chat_id: int) -> ChatMode | None:
        self._store.check_open()
        return self._modes.get(chat_id)

    async def clear_mode(self, chat_id: int) -> None:
        async with self._store.transaction() as j:
            if chat_id in self._modes:
                j.delete(self._modes, chat_id)

    def chat_turn(
        self, chat_id: int, lane: Lane = "order", *, waiting: asyncio.Event | None = None
    ) -> AbstractAsyncContextManager[None]:
        """One process holds the store: a lock per chat and lane."""
        return self._turns.hold((chat_id, lane), waiting)


class MemorySourceStates:
    """``SourceStateStore`` in memory: one state per source name."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._states: dict[str, SourceState] = {}

    async def source_states(self) -> list[SourceState]:
        self._store.check_open()
        return [self._states[name] for name in sorted(self._states)]

    async def source_state(self, name: str) -> SourceState | None:
        self._store.check_open()
        return self._states.get(name)

    async def save_source_state(self, state: SourceState) -> None:
        async with self._store.transaction() as j:
            j.set(self._states, state.name, _stored(state))

    async def change_source_state(
        self, name: str, kind: str, change: Callable[[SourceState], SourceState]
    ) -> SourceState:
        async with self._store.transaction() as j:  # the one writer from the read on
            old = self._states.get(name) or SourceState(name, kind)
            new = _stored(change(old))
            if new != old:
                j.set(self._states, name, new)
        return new


def _stored(state: SourceState) -> SourceState:
    """``state`` as a store gives it back: its cursor a copy through JSON, times in UTC."""
    return SourceState(
        name=state.name,
        kind=state.kind,
        cursor=json.loads(json.dumps(state.cursor, sort_keys=True)),
        last_attempt=_opt_utc(state.last_attempt),
        last_success=_opt_utc(state.last_success),
        last_error=state.last_error,
        failures=state.failures,
        weight=state.weight,
        signals_total=state.signals_total,
    )


class MemoryMailSenders:
    """``MailSenderStore`` in memory: the first sender noted for a ref, and trusted addresses."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._refs: dict[str, str] = {}
        self._trusted: dict[str, tuple[datetime, str]] = {}

    async def note_mail_sender(self, ref: str, address: str) -> None:
        async with self._store.transaction() as j:
            if ref not in self._refs:
                j.set(self._refs, ref, address)

    async def mail_sender(self, ref: str) -> str | None:
        self._store.check_open()
        return self._refs.get(ref)

    async def trust_sender(self, address: str, at: datetime, via_ref: str) -> None:
        async with self._store.transaction() as j:
            if address not in self._trusted:
                j.set(self._trusted, address, (_utc(at), via_ref))

    async def trusted_senders(self) -> frozenset[str]:
        self._store.check_open()
        return frozenset(self._trusted)


class MemoryWorkspaceStore:
    """``WorkspaceStore`` in memory: accepted inputs and zone hashes per (file, zone), events."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._inputs: dict[tuple[str, str], AcceptedInput] = {}
        self._zones: dict[tuple[str, str], str] = {}
        self._events: list[WorkspaceEvent] = []

    async def accepted_input(self, file: str, zone_id: str) -> AcceptedInput:
        self._store.check_open()
        return _copy_input(self._inputs.get((file, zone_id), AcceptedInput()))

    async def save_accepted_input(
        self, file: str, zone_id: str, accepted: AcceptedInput, at: datetime
    ) -> None:
        async with self._store.transaction() as j:
            j.set(self._inputs, (file, zone_id), _copy_input(accepted))

    async def zone_hashes(self, file: str) -> dict[str, str]:
        self._store.check_open()
        return {zone: h for (f, zone), h in self._zones.items() if f == file}

    async def save_zone_hash(
        self, file: str, zone_id: str, content_hash: str, at: datetime
    ) -> None:
        async with self._store.transaction() as j:
            j.set(self._zones, (file, zone_id), content_hash)

    async def add_event(
        self, at: datetime, kind: str, file: str, zone_id: str | None, detail: str
    ) -> None:
        async with self._store.transaction() as j:
            seq = self._store.next_seq(j, "workspace_events")
            j.append(self._events, WorkspaceEvent(seq, _utc(at), kind, file, zone_id, detail))

    async def events(self, kinds: tuple[str, ...] | None = None) -> list[WorkspaceEvent]:
        self._store.check_open()
        return [e for e in self._events if not kinds or e.kind in kinds]


class MemoryPolicyLog:
    """``PolicyLog`` in memory: append-only, one event per id."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._events: list[PolicyEvent] = []
        self._ids: dict[str, int] = {}

    async def append_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        appended: list[PolicyEvent] = []
        async with self._store.transaction() as j:
            for event in events:
                if event.event_id in self._ids:
                    continue
                seq = self._store.next_seq(j, "policy_events")
                # Stored as the SQL backends would: JSON values, times in UTC.
                stored = replace(
                    event,
                    seq=seq,
                    at=_utc(event.at),
                    old=json.loads(json.dumps(event.old)),
                    new=json.loads(json.dumps(event.new)),
                )
                j.set(self._ids, event.event_id, seq)
                j.append(self._events, stored)
                appended.append(stored)
        return appended

    async def policy_events(self, after_seq: int = 0) -> list[PolicyEvent]:
        self._store.check_open()
        return self.events_after(after_seq)

    def events_after(self, after_seq: int) -> list[PolicyEvent]:
        """The events after ``after_seq``, in order (the store checked it is open)."""
        return [e for e in self._events if e.seq > after_seq]


def _copy_input(accepted: AcceptedInput) -> AcceptedInput:
    """The stored reading apart from the caller's (its maps are mutable)."""
    return AcceptedInput(
        {h: (v[0], v[1], v[2]) for h, v in accepted.entries.items()},
        frozenset(accepted.bad),
        {h: int(n) for h, n in accepted.generations.items()},
    )
