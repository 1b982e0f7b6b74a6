"""The companion stores (conversation log, source states, mail senders, workspace) behave
the same on every backend: each check runs on SQLite, on PostgreSQL and in memory (where
nothing but the store can reach its tables, so the append-only triggers have no twin)."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from canon_testing import NOW

from core.store.memory import MemoryStore
from core.store.postgres import PostgresStore
from core.store.sqlite import SQLiteStore
from core.store.sqlite_conversation import ChatMode, SQLiteConversationStore
from core.store.sqlite_sources import SourceState, SQLiteMailSenders, SQLiteSourceStates
from core.store.sqlite_workspace import AcceptedInput, SQLiteWorkspaceStore


@dataclass
class Companions:
    conversation: Any
    source_states: Any
    mail_senders: Any
    workspace: Any
    run_sql: Callable[[str], Awaitable[None]] | None
    """Runs one statement straight on the database, past the store (None: no database)."""


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
async def companions(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_store_file: Path
) -> AsyncIterator[Companions]:
    if request.param == "memory":
        memory = MemoryStore()
        await memory.open()
        yield Companions(
            memory.conversation, memory.source_states, memory.mail_senders, memory.workspace, None
        )
        await memory.close()
        return
    if request.param == "sqlite":
        shutil.copyfile(migrated_store_file, tmp_path / "companions.db")
        sqlite = SQLiteStore(tmp_path / "companions.db")
        await sqlite.open()

        async def run_sqlite(sql: str) -> None:
            await sqlite.db.execute(sql)

        try:
            yield Companions(
                SQLiteConversationStore(sqlite),
                SQLiteSourceStates(sqlite),
                SQLiteMailSenders(sqlite),
                SQLiteWorkspaceStore(sqlite),
                run_sqlite,
            )
        finally:
            await sqlite.close()
        return
    url = request.getfixturevalue("migrated_postgres_url")
    pg = PostgresStore(url)
    await pg.open()

    async def run_pg(sql: str) -> None:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as db:
            await db.execute(sql)

    try:
        yield Companions(pg.conversation, pg.source_states, pg.mail_senders, pg.workspace, run_pg)
    finally:
        await pg.close()


async def test_the_conversation_log_is_append_only_and_chronological(
    companions: Companions,
) -> None:
    c = companions
    for i, text in enumerate(["one", "two", "three"]):
        role = "user" if i % 2 == 0 else "assistant"
        said = await c.conversation.append_message(
            7, role, text, NOW + timedelta(seconds=i), message_id=100 + i, user_id=5
        )
        assert (said.chat_id, said.role, said.text, said.message_id) == (7, role, text, 100 + i)
    await c.conversation.append_message(8, "user", "elsewhere", NOW)
    log = await c.conversation.messages(7)
    assert [m.text for m in log] == ["one", "two", "three"]
    assert [m.at for m in log] == [NOW + timedelta(seconds=i) for i in range(3)]
    assert [m.seq for m in log] == sorted(m.seq for m in log)
    assert len({m.id for m in log}) == 3
    assert [m.text for m in await c.conversation.messages(7, limit=2)] == ["two", "three"]
    await c.conversation.record_shown(7, 101, "sent", "two", NOW)
    for statement in (
        "UPDATE conversation_messages SET text = 'x'",
        "DELETE FROM conversation_messages",
        "UPDATE chat_shown SET text = 'x'",  # pruned from the front (prune_shown), never edited
    ):
        if c.run_sql is None:
            break
        with pytest.raises(Exception, match="append-only"):
            await c.run_sql(statement)
    assert [m.text for m in await c.conversation.messages(7)] == ["one", "two", "three"]
    assert [s.text for s in await c.conversation.shown(7)] == ["two"]


async def test_a_prompt_is_bound_once_and_closed_once(companions: Companions) -> None:
    c = companions
    first = await c.conversation.open_prompt("item-1", "tok-1", 7, 5, NOW)
    again = await c.conversation.open_prompt("item-1", "tok-other", 7, 6, NOW)
    assert again == first
    assert (first.token, first.owner_user_id, first.message_id, first.closed_at) == (
        "tok-1",
        5,
        None,
        None,
    )
    await c.conversation.open_prompt("item-2", "tok-2", 8, 5, NOW + timedelta(seconds=1))
    await c.conversation.open_prompt("item-3", "tok-3", 7, 5, NOW + timedelta(seconds=2))
    await c.conversation.set_prompt_message("item-1", 4242)
    shown = await c.conversation.prompt_by_token("tok-1")
    assert shown is not None
    assert (shown.item_id, shown.message_id) == ("item-1", 4242)
    assert await c.conversation.prompt_by_token("nope") is None
    assert [p.item_id for p in await c.conversation.open_prompts()] == [
        "item-1",
        "item-2",
        "item-3",
    ]
    assert [p.item_id for p in await c.conversation.open_prompts(7)] == ["item-1", "item-3"]
    assert await c.conversation.close_prompt("item-1", "confirmed", NOW) is True
    assert await c.conversation.close_prompt("item-1", "rejected", NOW) is False
    closed = await c.conversation.prompt_for_item("item-1")
    assert closed is not None
    assert (closed.outcome, closed.closed_at) == ("confirmed", NOW)
    assert [p.item_id for p in await c.conversation.open_prompts(7)] == ["item-3"]
    # A reply names its message: the prompt it showed, closed or open, in that chat only.
    assert await c.conversation.prompt_for_message(7, 4242) == closed
    assert await c.conversation.prompt_for_message(8, 4242) is None
    assert await c.conversation.prompt_for_message(7, 4243) is None


async def test_a_chat_mode_is_set_replaced_and_cleared(companions: Companions) -> None:
    c = companions
    assert await c.conversation.mode(7) is None
    await c.conversation.set_mode(ChatMode(7, "edit", "item-1", NOW))
    await c.conversation.set_mode(ChatMode(7, "edit", "item-2", NOW + timedelta(minutes=1)))
    assert await c.conversation.mode(7) == ChatMode(7, "edit", "item-2", NOW + timedelta(minutes=1))
    await c.conversation.clear_mode(7)
    assert await c.conversation.mode(7) is None


async def test_a_source_state_is_saved_replaced_and_listed_by_name(companions: Companions) -> None:
    c = companions
    assert await c.source_states.source_state("mail") is None
    failed = SourceState("mail", "imap", {"uidvalidity": 3, "last_uid": 9}, NOW, None, "down", 2)
    await c.source_states.save_source_state(failed)
    assert await c.source_states.source_state("mail") == failed
    recovered = SourceState(
        "mail", "imap", {"uidvalidity": 3, "last_uid": 12}, NOW, NOW, None, 0, 0.75, 4
    )
    await c.source_states.save_source_state(recovered)
    await c.source_states.save_source_state(SourceState("calendar", "google"))
    assert await c.source_states.source_states() == [SourceState("calendar", "google"), recovered]


async def test_mail_senders_are_noted_once_and_trusted_once(companions: Companions) -> None:
    c = companions
    assert await c.mail_senders.mail_sender("ref-1") is None
    await c.mail_senders.note_mail_sender("ref-1", "shop@example.com")
    await c.mail_senders.note_mail_sender("ref-1", "other@example.com")
    assert await c.mail_senders.mail_sender("ref-1") == "shop@example.com"
    assert await c.mail_senders.trusted_senders() == frozenset()
    await c.mail_senders.trust_sender("shop@example.com", NOW, "ref-1")
    await c.mail_senders.trust_sender("shop@example.com", NOW, "ref-2")
    await c.mail_senders.trust_sender("bank@example.com", NOW, "ref-3")
    assert await c.mail_senders.trusted_senders() == {"shop@example.com", "bank@example.com"}


async def test_the_workspace_remembers_inputs_zone_hashes_and_events(
    companions: Companions,
) -> None:
    c = companions
    assert await c.workspace.accepted_input("MEMORY.md", "z1") == AcceptedInput()
    accepted = AcceptedInput(
        {"h1": ("user:primary", "travel.location", "assertive")}, frozenset({"bad1"}), {"h1": 2}
    )
    await c.workspace.save_accepted_input("MEMORY.md", "z1", AcceptedInput(), NOW)
    await c.workspace.save_accepted_input("MEMORY.md", "z1", accepted, NOW)
    assert await c.workspace.accepted_input("MEMORY.md", "z1") == accepted
    assert await c.workspace.accepted_input("MEMORY.md", "z2") == AcceptedInput()
    await c.workspace.save_zone_hash("MEMORY.md", "z1", "old", NOW)
    await c.workspace.save_zone_hash("MEMORY.md", "z1", "new", NOW)
    await c.workspace.save_zone_hash("MEMORY.md", "z2", "two", NOW)
    await c.workspace.save_zone_hash("USER.md", "z1", "elsewhere", NOW)
    assert await c.workspace.zone_hashes("MEMORY.md") == {"z1": "new", "z2": "two"}
    await c.workspace.add_event(NOW, "drift_reverted", "MEMORY.md", "z1", "edited by hand")
    await c.workspace.add_event(NOW, "backup", "MEMORY.md", None, "MEMORY.md.bak")
    events = await c.workspace.events()
    assert [(e.kind, e.zone_id, e.detail, e.at) for e in events] == [
        ("drift_reverted", "z1", "edited by hand", NOW),
        ("backup", None, "MEMORY.md.bak", NOW),
    ]
    assert [e.kind for e in await c.workspace.events(("backup",))] == ["backup"]
