"""The PostgreSQL conversation log (``ConversationStore``): the chat's messages, the
questions shown and their prompts, a chat's mode, update and tick claims, and chat turns.

It behaves as ``sqlite_conversation`` and shares the main store's connection pool; every
write is one transaction of the main store. The log is append-only: a trigger refuses
updates and deletes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta

from core.domain.chat_records import (
    ChatMessage,
    ChatMode,
    PromptMessage,
    Role,
    ShownKind,
    ShownRecord,
)
from core.domain.ids import new_id
from core.store.chat_turns import LEASE_S, Lane, leased
from core.store.companion_protocols import TICK_CLAIMS_KEPT, UPDATE_CLAIMS_KEPT
from core.store.postgres_companions import PoolOwner
from core.store.postgres_records import opt_utc, utc
from core.store.sql_records import SHOWN_COLUMNS, shown_cells, shown_from_row

UNSYNCED = "SET LOCAL synchronous_commit TO OFF"
"""A chat's lease need not survive a crash (its holder does not either): its commit does
not wait for the WAL to reach the disk, so a short section costs no flush."""
_PROMPT_COLUMNS = "item_id, token, chat_id, owner_user_id, message_id, shown_at, closed_at, outcome"
_MESSAGE_COLUMNS = "seq, id, chat_id, message_id, user_id, role, text, at"


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

    async def prompt_for_message(self, chat_id: int, message_id: int) -> PromptMessage | None:
        return await self._one("chat_id = %s AND message_id = %s", (chat_id, message_id))

    async def open_prompts(self, chat_id: int | None = None) -> list[PromptMessage]:
        """Prompts shown and not yet answered, oldest first."""
        where = "closed_at IS NULL" + ("" if chat_id is None else " AND chat_id = %s")
        args: tuple[object, ...] = () if chat_id is None else (chat_id,)
        return await self._many(where + " ORDER BY shown_at, seq", args)

    async def set_mode(self, mode: ChatMode) -> None:
        async with self._store.transaction() as tx:
            await tx.execute(
                "INSERT INTO chat_modes (chat_id, mode, item_id, since, value, asked, options) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (chat_id) DO UPDATE SET mode = EXCLUDED.mode, "
                "item_id = EXCLUDED.item_id, since = EXCLUDED.since, value = EXCLUDED.value, "
                "asked = EXCLUDED.asked, options = EXCLUDED.options",
                (
                    mode.chat_id,
                    mode.mode,
                    mode.item_id,
                    mode.since,
                    mode.value,
                    mode.asked,
                    mode.options,
                ),
            )

    async def mode(self, chat_id: int) -> ChatMode | None:
        rows = await self._store.fetch(
            "SELECT chat_id, mode, item_id, since, value, asked, options FROM chat_modes "
            "WHERE chat_id = %s",
            (chat_id,),
        )
        if not rows:
            return None
        r = rows[0]
        return ChatMode(r[0], r[1], r[2], utc(r[3]), r[4], r[5], r[6])

    async def clear_mode(self, chat_id: int) -> None:
        async with self._store.transaction() as tx:
            await tx.execute("DELETE FROM chat_modes WHERE chat_id = %s", (chat_id,))

    def chat_turn(
        self, chat_id: int, lane: Lane = "order", *, waiting: asyncio.Event | None = None
    ) -> AbstractAsyncContextManager[None]:
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

        return leased(take, renew, release, waiting)

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
