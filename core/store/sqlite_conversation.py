"""The bot's own tables in SQLite: conversation log, what chats showed, prompt messages,
chat modes.

The conversation log and what the chats showed are append-only (triggers refuse
updates and deletes).
Review items themselves live in the engine's tables; this module only records
which chat message shows an item, who may answer it (the token its buttons
carry is bound to that owner) and what the next plain message in a chat means.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime

from core.domain.chat_records import (
    ChatMessage,
    ChatMode,
    PromptMessage,
    Role,
    ShownKind,
    ShownRecord,
)
from core.domain.ids import new_id
from core.errors import StoreError
from core.store.chat_turns import LEASE_S, Lane, leased
from core.store.companion_protocols import TICK_CLAIMS_KEPT, UPDATE_CLAIMS_KEPT
from core.store.sql_records import SHOWN_COLUMNS, shown_cells, shown_from_row
from core.store.sqlite_rows import SQLiteConnection
from core.store.sqlite_rows import dt as _dt
from core.store.sqlite_rows import opt_dt as _opt_dt
from core.store.sqlite_rows import ts as _ts

_PROMPT_COLUMNS = "item_id, token, chat_id, owner_user_id, message_id, shown_at, closed_at, outcome"
_MESSAGE_COLUMNS = "seq, id, chat_id, message_id, user_id, role, text, at"


class SQLiteConversationStore:
    """ConversationStore over an open SQLiteStore's connection."""

    def __init__(self, store: SQLiteConnection) -> None:
        self._store = store

    async def claim_update(self, bot_id: int, update_id: int, at: datetime) -> bool:
        """True if no process on this file claimed the update before (durably recorded)."""
        async with self._store.transaction() as tx:
            await tx.execute(
                "DELETE FROM telegram_updates WHERE claimed_at < ?",
                (_ts(at - UPDATE_CLAIMS_KEPT),),
            )
            cur = await tx.execute(
                "INSERT INTO telegram_updates (bot_id, update_id, claimed_at) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (bot_id, update_id, _ts(at)),
            )
            return cur.rowcount == 1

    async def claim_tick(self, job: str, chat_id: int, due: datetime, at: datetime) -> bool:
        """True if no process on this file claimed this run of the job before."""
        async with self._store.transaction() as tx:
            await tx.execute(
                "DELETE FROM job_ticks WHERE claimed_at < ?", (_ts(at - TICK_CLAIMS_KEPT),)
            )
            cur = await tx.execute(
                "INSERT INTO job_ticks (job, chat_id, due, claimed_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (job, chat_id, _ts(due), _ts(at)),
            )
            return cur.rowcount == 1

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
        try:
            _, rowid = await self._store.execute_durable(
                "INSERT INTO conversation_messages "
                "(id, chat_id, message_id, user_id, role, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (ident, chat_id, message_id, user_id, role, text, _ts(at)),
            )
            seq = int(rowid or 0)
        except sqlite3.Error as e:
            raise StoreError(f"cannot append to the conversation log: {e}") from e
        return ChatMessage(seq, ident, chat_id, message_id, user_id, role, text, at)

    async def messages(self, chat_id: int, limit: int | None = None) -> list[ChatMessage]:
        """The chat's messages, oldest first (the last ``limit`` if given)."""
        sql = f"SELECT {_MESSAGE_COLUMNS} FROM conversation_messages WHERE chat_id = ?"
        args: list[object] = [chat_id]
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT ?)"
            args.append(int(limit))
        rows = await self._store.db.execute_fetchall(sql + " ORDER BY seq", args)
        return [ChatMessage(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _dt(r[7])) for r in rows]

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
        try:
            _, rowid = await self._store.execute_durable(
                "INSERT INTO chat_shown (chat_id, message_id, kind, text, buttons, photo, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (chat_id, message_id, kind, text, cells, image, _ts(at)),
            )
            seq = int(rowid or 0)
        except sqlite3.Error as e:
            raise StoreError(f"cannot record what the chat showed: {e}") from e
        return ShownRecord(seq, chat_id, message_id, kind, text, at, tuple(buttons), photo)

    async def shown(self, chat_id: int, limit: int | None = None) -> list[ShownRecord]:
        """What the bot showed in the chat, oldest first (the last ``limit`` if given)."""
        sql = f"SELECT {SHOWN_COLUMNS} FROM chat_shown WHERE chat_id = ?"
        args: list[object] = [chat_id]
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT ?)"
            args.append(int(limit))
        rows = await self._store.db.execute_fetchall(sql + " ORDER BY seq", args)
        return [shown_from_row(r, _dt) for r in rows]

    async def prune_shown(self, chat_id: int, keep: int) -> int:
        """Forget the records before ``chat_id``'s last ``keep`` messages sent."""
        cursor, _ = await self._store.execute_durable(
            "DELETE FROM chat_shown WHERE chat_id = ? AND seq < (SELECT seq FROM chat_shown "
            "WHERE chat_id = ? AND kind = 'sent' ORDER BY seq DESC LIMIT 1 OFFSET ?)",
            (chat_id, chat_id, max(int(keep), 1) - 1),
        )
        return cursor

    async def open_prompt(
        self, item_id: str, token: str, chat_id: int, owner_user_id: int, at: datetime
    ) -> PromptMessage:
        """Bind ``item_id`` to a chat, its owner and a token (idempotent per item)."""
        await self._store.execute_durable(
            "INSERT OR IGNORE INTO prompt_messages (item_id, token, chat_id, owner_user_id, "
            "shown_at) VALUES (?, ?, ?, ?, ?)",
            (item_id, token, chat_id, owner_user_id, _ts(at)),
        )
        prompt = await self.prompt_for_item(item_id)
        assert prompt is not None
        return prompt

    async def set_prompt_message(self, item_id: str, message_id: int) -> None:
        await self._store.execute_durable(
            "UPDATE prompt_messages SET message_id = ? WHERE item_id = ?",
            (message_id, item_id),
        )

    async def close_prompt(self, item_id: str, outcome: str, at: datetime) -> bool:
        """Mark the prompt answered; False if it was closed already."""
        rowcount, _ = await self._store.execute_durable(
            "UPDATE prompt_messages SET closed_at = ?, outcome = ? "
            "WHERE item_id = ? AND closed_at IS NULL",
            (_ts(at), outcome, item_id),
        )
        return bool(rowcount)

    async def prompt_by_token(self, token: str) -> PromptMessage | None:
        return await self._one("token = ?", (token,))

    async def prompt_for_item(self, item_id: str) -> PromptMessage | None:
        return await self._one("item_id = ?", (item_id,))

    async def prompt_for_message(self, chat_id: int, message_id: int) -> PromptMessage | None:
        return await self._one("chat_id = ? AND message_id = ?", (chat_id, message_id))

    async def open_prompts(self, chat_id: int | None = None) -> list[PromptMessage]:
        """Prompts shown and not yet answered, oldest first."""
        where = "closed_at IS NULL" + ("" if chat_id is None else " AND chat_id = ?")
        args: tuple[object, ...] = () if chat_id is None else (chat_id,)
        return await self._many(where + " ORDER BY shown_at, rowid", args)

    async def set_mode(self, mode: ChatMode) -> None:
        await self._store.execute_durable(
            "INSERT OR REPLACE INTO chat_modes "
            "(chat_id, mode, item_id, since, value, asked, options) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                mode.chat_id,
                mode.mode,
                mode.item_id,
                _ts(mode.since),
                mode.value,
                mode.asked,
                mode.options,
            ),
        )

    async def mode(self, chat_id: int) -> ChatMode | None:
        rows = list(
            await self._store.db.execute_fetchall(
                "SELECT chat_id, mode, item_id, since, value, asked, options FROM chat_modes "
                "WHERE chat_id = ?",
                (chat_id,),
            )
        )
        if not rows:
            return None
        r = rows[0]
        return ChatMode(r[0], r[1], r[2], _dt(r[3]), r[4], r[5], r[6])

    async def clear_mode(self, chat_id: int) -> None:
        await self._store.execute_durable("DELETE FROM chat_modes WHERE chat_id = ?", (chat_id,))

    def chat_turn(
        self, chat_id: int, lane: Lane = "order", *, waiting: asyncio.Event | None = None
    ) -> AbstractAsyncContextManager[None]:
        """A lease row per chat and lane (``core.store.chat_turns``), on this machine's clock."""

        # A lease need not survive a crash (its holder does not either): committed
        # without waiting for the disk, so a short section costs no fsync.
        async def take(holder: str) -> bool:
            now = time.time()
            rows = await self._store.execute_unsynced(
                "INSERT INTO chat_turns (chat_id, lane, holder, until) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (chat_id, lane) DO UPDATE SET holder = excluded.holder, "
                "until = excluded.until WHERE chat_turns.until < ? RETURNING holder",
                (chat_id, lane, holder, now + LEASE_S, now),
            )
            return bool(rows)

        async def renew(holder: str) -> None:
            await self._store.execute_unsynced(
                "UPDATE chat_turns SET until = ? WHERE chat_id = ? AND lane = ? AND holder = ?",
                (time.time() + LEASE_S, chat_id, lane, holder),
            )

        async def release(holder: str) -> None:
            await self._store.execute_unsynced(
                "DELETE FROM chat_turns WHERE chat_id = ? AND lane = ? AND holder = ?",
                (chat_id, lane, holder),
            )

        return leased(take, renew, release, waiting)

    async def _one(self, where: str, args: Sequence[object]) -> PromptMessage | None:
        found = await self._many(where, args)
        return found[0] if found else None

    async def _many(self, where: str, args: Sequence[object]) -> list[PromptMessage]:
        rows = await self._store.db.execute_fetchall(
            f"SELECT {_PROMPT_COLUMNS} FROM prompt_messages WHERE {where}", tuple(args)
        )
        return [
            PromptMessage(r[0], r[1], r[2], r[3], r[4], _dt(r[5]), _opt_dt(r[6]), r[7])
            for r in rows
        ]
