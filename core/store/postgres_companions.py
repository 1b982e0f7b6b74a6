"""The PostgreSQL store's companions: conversation log, source states, mail senders, workspace.

Each behaves as its SQLite counterpart (``sqlite_conversation``, ``sqlite_sources``,
``sqlite_workspace``) and shares the main store's connection pool; every write
is one transaction of the main store (library errors become ``StoreError``
there). The conversation log is append-only: a trigger refuses updates and deletes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta
from typing import Any, Protocol

from core.domain.ids import new_id
from core.domain.records import (
    AcceptedInput,
    ChatMessage,
    ChatMode,
    PromptMessage,
    Role,
    ShownKind,
    ShownRecord,
    SourceState,
    WorkspaceEvent,
)
from core.store.chat_turns import LEASE_S, Lane, leased
from core.store.postgres_rows import opt_utc, utc
from core.store.postgres_tx import Tx
from core.store.protocol import TICK_CLAIMS_KEPT, UPDATE_CLAIMS_KEPT
from core.store.sql_records import SHOWN_COLUMNS, shown_cells, shown_from_row


class PoolOwner(Protocol):
    """What a companion needs of the main store (``core.store.postgres.PostgresStore``):
    its transactions and its reads, on the one pool they share."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]: ...

    async def fetch(
        self, sql: str, args: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[tuple[Any, ...]]: ...


UNSYNCED = "SET LOCAL synchronous_commit TO OFF"
"""A chat's lease need not survive a crash (its holder does not either): its commit does
not wait for the WAL to reach the disk, so a short section costs no flush."""
_PROMPT_COLUMNS = "item_id, token, chat_id, owner_user_id, message_id, shown_at, closed_at, outcome"
_MESSAGE_COLUMNS = "seq, id, chat_id, message_id, user_id, role, text, at"
_SOURCE_COLUMNS = (
    "name, kind, cursor, last_attempt, last_success, last_error, failures, weight, signals_total"
)


class PostgresConversationStore:
    """``ConversationStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def claim_update(self, bot_id: int, update_id: int, at: datetime) -> bool:
        """True if no process on this database claimed the update before."""
        async with self._store.transaction() as tx:
            await tx.execute(
                "DELETE FROM telegram_updates WHERE claimed_at < %s", (at - UPDATE_CLAIMS_KEPT,)
            )
            claimed = await tx.execute(
                "INSERT INTO telegram_updates (bot_id, update_id, claimed_at) "
                "VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (bot_id, update_id, at),
            )
            return claimed == 1

    async def claim_tick(self, job: str, chat_id: int, due: datetime, at: datetime) -> bool:
        """True if no process on this database claimed this run of the job before."""
        async with self._store.transaction() as tx:
            await tx.execute(
                "DELETE FROM job_ticks WHERE claimed_at < %s", (at - TICK_CLAIMS_KEPT,)
            )
            claimed = await tx.execute(
                "INSERT INTO job_ticks (job, chat_id, due, claimed_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (job, chat_id, due, at),
            )
            return claimed == 1

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
        """Append one message to the chat's log; its id is new and unique."""
        ident = new_id()
        async with self._store.transaction() as tx:
            [(seq,)] = await tx.fetch(
                "INSERT INTO conversation_messages (id, chat_id, message_id, user_id, role, text, "
                "at) VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING seq",
                (ident, chat_id, message_id, user_id, role, text, at),
            )
        return ChatMessage(int(seq), ident, chat_id, message_id, user_id, role, text, at)

    async def messages(self, chat_id: int, limit: int | None = None) -> list[ChatMessage]:
        """The chat's messages, oldest first (the last ``limit`` if given)."""
        sql = f"SELECT {_MESSAGE_COLUMNS} FROM conversation_messages WHERE chat_id = %s"
        args: list[object] = [chat_id]
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT %s) AS last"
            args.append(int(limit))
        rows = await self._store.fetch(sql + " ORDER BY seq", args)
        return [ChatMessage(r[0], r[1], r[2], r[3], r[4], r[5], r[6], utc(r[7])) for r in rows]

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
        """Append what the bot showed in the chat (a message sent, or an edit of one)."""
        cells, image = shown_cells(buttons, photo)
        async with self._store.transaction() as tx:
            [(seq,)] = await tx.fetch(
                "INSERT INTO chat_shown (chat_id, message_id, kind, text, buttons, photo, at) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING seq",
                (chat_id, message_id, kind, text, cells, image, at),
            )
        return ShownRecord(int(seq), chat_id, message_id, kind, text, at, tuple(buttons), photo)

    async def shown(self, chat_id: int, limit: int | None = None) -> list[ShownRecord]:
        """What the bot showed in the chat, oldest first (the last ``limit`` if given)."""
        sql = f"SELECT {SHOWN_COLUMNS} FROM chat_shown WHERE chat_id = %s"
        args: list[object] = [chat_id]
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT %s) AS last"
            args.append(int(limit))
        return [
            shown_from_row(r, utc) for r in await self._store.fetch(sql + " ORDER BY seq", args)
        ]

    async def prune_shown(self, chat_id: int, keep: int) -> int:
        """Forget the records before ``chat_id``'s last ``keep`` messages sent."""
        async with self._store.transaction() as tx:
            gone = await tx.fetch(
                "DELETE FROM chat_shown WHERE chat_id = %s AND seq < (SELECT seq FROM "
                "chat_shown WHERE chat_id = %s AND kind = 'sent' ORDER BY seq DESC "
                "LIMIT 1 OFFSET %s) RETURNING seq",
                (chat_id, chat_id, max(int(keep), 1) - 1),
            )
        return len(gone)

    async def open_prompt(
        self, item_id: str, token: str, chat_id: int, owner_user_id: int, at: datetime
    ) -> PromptMessage:
        """Bind ``item_id`` to a chat, its owner and a token (idempotent per item)."""
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO prompt_messages (item_id, token, chat_id, owner_user_id, shown_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                (item_id, token, chat_id, owner_user_id, at),
            )
        prompt = await self.prompt_for_item(item_id)
        assert prompt is not None
        return prompt

    async def set_prompt_message(self, item_id: str, message_id: int) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "UPDATE prompt_messages SET message_id = %s WHERE item_id = %s",
                (message_id, item_id),
            )

    async def close_prompt(self, item_id: str, outcome: str, at: datetime) -> bool:
        """Mark the prompt answered; False if it was closed already."""
        async with self._store.transaction() as tx:
            closed = await tx.execute(
                "UPDATE prompt_messages SET closed_at = %s, outcome = %s "
                "WHERE item_id = %s AND closed_at IS NULL",
                (at, outcome, item_id),
            )
        return closed > 0

    async def prompt_by_token(self, token: str) -> PromptMessage | None:
        return await self._one("token = %s", (token,))

    async def prompt_for_item(self, item_id: str) -> PromptMessage | None:
        return await self._one("item_id = %s", (item_id,))

    async def open_prompts(self, chat_id: int | None = None) -> list[PromptMessage]:
        """Prompts shown and not yet answered, oldest first."""
        where = "closed_at IS NULL" + ("" if chat_id is None else " AND chat_id = %s")
        args: tuple[object, ...] = () if chat_id is None else (chat_id,)
        return await self._many(where + " ORDER BY shown_at, seq", args)

    async def set_mode(self, mode: ChatMode) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO chat_modes (chat_id, mode, item_id, since, value, asked) "
                "VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (chat_id) DO UPDATE SET mode = EXCLUDED.mode, "
                "item_id = EXCLUDED.item_id, since = EXCLUDED.since, value = EXCLUDED.value, "
                "asked = EXCLUDED.asked",
                (mode.chat_id, mode.mode, mode.item_id, mode.since, mode.value, mode.asked),
            )

    async def mode(self, chat_id: int) -> ChatMode | None:
        rows = await self._store.fetch(
            "SELECT chat_id, mode, item_id, since, value, asked FROM chat_modes WHERE chat_id = %s",
            (chat_id,),
        )
        if not rows:
            return None
        r = rows[0]
        return ChatMode(r[0], r[1], r[2], utc(r[3]), r[4], r[5])

    async def clear_mode(self, chat_id: int) -> None:
        async with self._store.transaction() as tx:
            await tx.execute("DELETE FROM chat_modes WHERE chat_id = %s", (chat_id,))

    def chat_turn(self, chat_id: int, lane: Lane = "order") -> AbstractAsyncContextManager[None]:
        """A lease row per chat and lane (``core.store.chat_turns``), on the database's clock."""
        lease = timedelta(seconds=LEASE_S)

        async def take(holder: str) -> bool:
            async with self._store.transaction() as tx:
                await tx.execute(UNSYNCED)
                rows = await tx.fetch(
                    "INSERT INTO chat_turns (chat_id, lane, holder, until) "
                    "VALUES (%s, %s, %s, clock_timestamp() + %s) "
                    "ON CONFLICT (chat_id, lane) DO UPDATE SET holder = EXCLUDED.holder, "
                    "until = EXCLUDED.until WHERE chat_turns.until < clock_timestamp() "
                    "RETURNING holder",
                    (chat_id, lane, holder, lease),
                )
            return bool(rows)

        async def renew(holder: str) -> None:
            async with self._store.transaction() as tx:
                await tx.execute(UNSYNCED)
                await tx.execute(
                    "UPDATE chat_turns SET until = clock_timestamp() + %s "
                    "WHERE chat_id = %s AND lane = %s AND holder = %s",
                    (lease, chat_id, lane, holder),
                )

        async def release(holder: str) -> None:
            async with self._store.transaction() as tx:
                await tx.execute(UNSYNCED)
                await tx.execute(
                    "DELETE FROM chat_turns WHERE chat_id = %s AND lane = %s AND holder = %s",
                    (chat_id, lane, holder),
                )

        return leased(take, renew, release)

    async def _one(self, where: str, args: Sequence[object]) -> PromptMessage | None:
        found = await self._many(where, args)
        return found[0] if found else None

    async def _many(self, where: str, args: Sequence[object]) -> list[PromptMessage]:
        rows = await self._store.fetch(
            f"SELECT {_PROMPT_COLUMNS} FROM prompt_messages WHERE {where}", args
        )
        return [
            PromptMessage(r[0], r[1], r[2], r[3], r[4], utc(r[5]), opt_utc(r[6]), r[7])
            for r in rows
        ]


class PostgresSourceStates:
    """``SourceStateStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def source_states(self) -> list[SourceState]:
        rows = await self._store.fetch(f"SELECT {_SOURCE_COLUMNS} FROM source_state ORDER BY name")
        return [_source_state(r) for r in rows]

    async def source_state(self, name: str) -> SourceState | None:
        rows = await self._store.fetch(
            f"SELECT {_SOURCE_COLUMNS} FROM source_state WHERE name = %s", (name,)
        )
        return _source_state(rows[0]) if rows else None

    async def save_source_state(self, state: SourceState) -> None:
        updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in _SOURCE_COLUMNS.split(", ")[1:])
        async with self._store.transaction() as tx:
            await tx.execute(
                f"INSERT INTO source_state ({_SOURCE_COLUMNS}) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
                f"ON CONFLICT (name) DO UPDATE SET {updates}",
                (
                    state.name,
                    state.kind,
                    json.dumps(state.cursor, sort_keys=True),
                    state.last_attempt,
                    state.last_success,
                    state.last_error,
                    state.failures,
                    state.weight,
                    state.signals_total,
                ),
            )


def _source_state(r: Any) -> SourceState:
    return SourceState(
        name=r[0],
        kind=r[1],
        cursor=json.loads(r[2]),
        last_attempt=opt_utc(r[3]),
        last_success=opt_utc(r[4]),
        last_error=r[5],
        failures=int(r[6]),
        weight=float(r[7]),
        signals_total=int(r[8]),
    )


class PostgresMailSenders:
    """``MailSenderStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def note_mail_sender(self, ref: str, address: str) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO mail_sender_refs (ref, address) VALUES (%s, %s) "
                "ON CONFLICT DO NOTHING",
                (ref, address),
            )

    async def mail_sender(self, ref: str) -> str | None:
        rows = await self._store.fetch(
            "SELECT address FROM mail_sender_refs WHERE ref = %s", (ref,)
        )
        return str(rows[0][0]) if rows else None

    async def trust_sender(self, address: str, at: datetime, via_ref: str) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO trusted_mail_senders (address, learned_at, via_ref) "
                "VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                (address, at, via_ref),
            )

    async def trusted_senders(self) -> frozenset[str]:
        rows = await self._store.fetch("SELECT address FROM trusted_mail_senders")
        return frozenset(str(r[0]) for r in rows)


class PostgresWorkspaceStore:
    """``WorkspaceStore`` over a ``PostgresStore``'s pool."""

    def __init__(self, store: PoolOwner) -> None:
        self._store = store

    async def accepted_input(self, file: str, zone_id: str) -> AcceptedInput:
        rows = await self._store.fetch(
            "SELECT entries, bad, generations FROM workspace_inputs "
            "WHERE file = %s AND zone_id = %s",
            (file, zone_id),
        )
        if not rows:
            return AcceptedInput()
        entries, bad, generations = (json.loads(x) for x in rows[0])
        return AcceptedInput(
            {h: (v[0], v[1], v[2]) for h, v in entries.items()},
            frozenset(bad),
            {h: int(n) for h, n in generations.items()},
        )

    async def save_accepted_input(
        self, file: str, zone_id: str, accepted: AcceptedInput, at: datetime
    ) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_inputs (file, zone_id, entries, bad, generations, "
                "updated_at) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (file, zone_id) DO UPDATE "
                "SET entries = EXCLUDED.entries, bad = EXCLUDED.bad, "
                "generations = EXCLUDED.generations, updated_at = EXCLUDED.updated_at",
                (
                    file,
                    zone_id,
                    json.dumps({h: list(v) for h, v in sorted(accepted.entries.items())}),
                    json.dumps(sorted(accepted.bad)),
                    json.dumps(dict(sorted(accepted.generations.items()))),
                    at,
                ),
            )

    async def zone_hashes(self, file: str) -> dict[str, str]:
        rows = await self._store.fetch(
            "SELECT zone_id, content_hash FROM workspace_zones WHERE file = %s", (file,)
        )
        return {r[0]: r[1] for r in rows}

    async def save_zone_hash(
        self, file: str, zone_id: str, content_hash: str, at: datetime
    ) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_zones (file, zone_id, content_hash, written_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (file, zone_id) DO UPDATE "
                "SET content_hash = EXCLUDED.content_hash, written_at = EXCLUDED.written_at",
                (file, zone_id, content_hash, at),
            )

    async def add_event(
        self, at: datetime, kind: str, file: str, zone_id: str | None, detail: str
    ) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO workspace_events (at, kind, file, zone_id, detail) "
                "VALUES (%s, %s, %s, %s, %s)",
                (at, kind, file, zone_id, detail),
            )

    async def events(self, kinds: tuple[str, ...] | None = None) -> list[WorkspaceEvent]:
        sql = "SELECT seq, at, kind, file, zone_id, detail FROM workspace_events"
        args: list[object] = []
        if kinds:
            sql += " WHERE kind = ANY(%s::text[])"
            args.append(list(kinds))
        rows = await self._store.fetch(sql + " ORDER BY seq", args)
        return [WorkspaceEvent(r[0], utc(r[1]), r[2], r[3], r[4], r[5]) for r in rows]
