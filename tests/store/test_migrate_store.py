"""`canon migrate-store` copies a store to another backend without losing anything.

A SQLite store with every kind of record (commits and their history, open,
answered and rejected questions, a dead letter, an alert, a chat with a prompt
and an edit mode, a source's state, learned mail senders) goes to a real
PostgreSQL and back to a new SQLite file. Each copy reports the same counts
and checksum, reads back the same through the ordinary store API, and keeps
working: new events follow the copied ones.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran, spawn
from canon_cli import canon as in_process
from canon_testing import NOW, calibrated_policy, make_observation

from core.domain.api_tokens import ApiToken
from core.domain.rollout import PolicyEvent
from core.engine.engine import Engine
from core.store.postgres import PostgresStore
from core.store.protocol import Store
from core.store.sqlite import SQLiteStore
from core.store.sqlite_conversation import ChatMode, SQLiteConversationStore
from core.store.sqlite_sources import SourceState, SQLiteMailSenders, SQLiteSourceStates


def canon(*args: str, process: bool = False) -> Ran:
    """``canon *args`` with none of the caller's Canon settings; a new process (with no
    environment but PATH and HOME) if ``process``."""
    if process:
        env: dict[str, str | None] = {name: None for name in os.environ}
        env |= {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}
        return spawn(*args, env=env)
    unset: dict[str, str | None] = {n: None for n in os.environ if n.startswith("CANON_")}
    return in_process(*args, env={**unset, "HOME": "/nonexistent"})


async def build_sqlite_store(path: Path) -> None:
    """A store with something in every table the copy must carry."""
    store = SQLiteStore(path)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        await engine.ingest(make_observation("travel.status", "planning", at=NOW), now=NOW)
        later = NOW + timedelta(hours=1)
        await engine.ingest(make_observation("travel.status", "in_progress", at=later), now=later)
        await engine.ingest(make_observation("travel.location", "Tahoe", at=later), now=later)
        asked = await engine.ingest(
            make_observation("profile.home_city", "Oakland", at=later), now=later
        )
        assert asked.review_item_id is not None
        other = await engine.ingest(
            make_observation("profile.employer", "Acme", at=later, entity="user:bob"), now=later
        )
        assert other.review_item_id is not None
        await engine.answer(other.review_item_id, "reject", now=later)
        # Family in shadow mode: a question that remembers what Canon would have done.
        await engine.record_policy_events(
            [PolicyEvent("p-1", later, "stage", "family", "stage", "M", "0", "try it", "owner")]
        )
        shadow = await engine.ingest(
            make_observation("family.emma.status", "sick", at=later), now=later
        )
        assert shadow.decision == "ask_user"
        duplicate = make_observation("project.x.status", "blocked", at=later)
        await engine.ingest(duplicate, now=later)
        await engine.ingest(duplicate, now=later)
        await engine.ingest({"entity_id": "user:primary", "field": 3}, now=later)
        await store.add_alert(later, "source_failed", "travel", "school calendar: timed out")
        chat = SQLiteConversationStore(store)
        await chat.append_message(101, "user", "we're in Tahoe 🏔️", later, message_id=7, user_id=1)
        await chat.append_message(101, "assistant", "Noted.", later)
        chart = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
        await chat.record_shown(101, 8, "sent", "Your week", later, photo=chart)
        await chat.record_shown(101, 9, "sent", "Home?", later, buttons=[("✅ Yes", "c:tok-1")])
        await chat.record_shown(101, 9, "edited", "✅ Confirmed", later)
        await chat.open_prompt(asked.review_item_id, "tok-1", 101, 1, later)
        await chat.set_mode(ChatMode(101, "edit", asked.review_item_id, later))
        await SQLiteSourceStates(store).save_source_state(
            SourceState("school", "ics", {"etag": "x"}, later, later, None, 0, 0.9, 4)
        )
        senders = SQLiteMailSenders(store)
        await senders.note_mail_sender("mail:1", "bills@power.example")
        await senders.trust_sender("bills@power.example", later, "mail:1")
        await engine.add_api_token(ApiToken("t-1", "laptop", "user:alice", "a" * 64, NOW))
        await engine.add_api_token(ApiToken("t-2", "", "user:bob", "b" * 64, NOW))
        await engine.revoke_api_token("t-2", later)
    finally:
        await store.close()


async def everything(store: Store) -> dict[str, Any]:
    """What a user can read back, through the store API (not the tables)."""
    statuses = ["queued", "pending", "confirmed", "rejected", "edited", "superseded"]
    return {
        "facts": [asdict(f) for f in await store.facts()],
        "history": [asdict(h) for h in await store.history(None, None)],
        "audit": [asdict(a) for a in await store.audit()],
        "review": [asdict(r) for r in await store.review_items(statuses)],  # type: ignore[arg-type]
        "dead_letters": [asdict(d) for d in await store.dead_letters()],
        "alerts": await store.alerts(),
        "events": [
            asdict(e)
            for f in await store.facts()
            for e in await store.events_for(f.entity_id, f.field)
        ],
    }


def report_of(result: Ran) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


async def test_a_store_goes_to_postgresql_and_back_unchanged(
    tmp_path: Path, postgres_url: str
) -> None:
    first = tmp_path / "first.db"
    await build_sqlite_store(first)

    there = report_of(
        canon("migrate-store", f"sqlite:///{first}", postgres_url, "--json", process=True)
    )
    back = tmp_path / "back.db"
    again = report_of(
        canon("migrate-store", postgres_url, f"sqlite:///{back}", "--json", process=True)
    )

    assert there["sha256"] == again["sha256"]
    assert there["tables"] == again["tables"]
    rows = {name: t["rows"] for name, t in there["tables"].items()}
    for table in (
        "events", "duplicates", "commits", "facts", "review_items", "rejections",
        "dead_letters", "alerts", "conversation_messages", "chat_shown", "prompt_messages",
        "chat_modes", "source_state", "mail_sender_refs", "trusted_mail_senders",
        "api_tokens",
        "policy_events",
    ):  # fmt: skip
        assert rows[table] > 0, table

    sqlite, postgres, copy = SQLiteStore(first), PostgresStore(postgres_url), SQLiteStore(back)
    for store in (sqlite, postgres, copy):
        await store.open()
    try:
        original = await everything(sqlite)
        assert [r["shadow_decision"] for r in original["review"] if r["shadow_decision"]] == [
            "auto_commit"
        ]
        assert await everything(postgres) == original
        assert await everything(copy) == original
        messages = await SQLiteConversationStore(copy).messages(101)
        assert [m.text for m in messages] == ["we're in Tahoe 🏔️", "Noted."]
        shown = await SQLiteConversationStore(sqlite).shown(101)
        assert [s.kind for s in shown] == ["sent", "sent", "edited"]
        assert shown[0].photo == b"\x89PNG\r\n\x1a\n" + bytes(range(256))
        assert await postgres.conversation.shown(101) == shown
        assert await SQLiteConversationStore(copy).shown(101) == shown
        tokens = await sqlite.api_tokens.tokens()
        assert [t.revoked_at is None for t in tokens] == [True, False]
        assert await postgres.api_tokens.tokens() == tokens
        assert await copy.api_tokens.tokens() == tokens
        # The copy keeps working: its sequences continue after the copied rows.
        engine = Engine(postgres, calibrated_policy())
        later = NOW + timedelta(hours=2)
        new = await engine.ingest(make_observation("project.y.status", "done", at=later), now=later)
        assert new.committed
        (entry,) = await postgres.history("user:primary", "project.y.status")
        assert entry.seq > max(h["seq"] for h in original["history"])
    finally:
        for store in (sqlite, postgres, copy):
            await store.close()


async def test_a_destination_that_holds_anything_is_refused_and_left_alone(
    tmp_path: Path, postgres_url: str
) -> None:
    first = tmp_path / "first.db"
    await build_sqlite_store(first)
    copied = report_of(canon("migrate-store", f"sqlite:///{first}", postgres_url, "--json"))

    refused = canon("migrate-store", f"sqlite:///{first}", postgres_url)

    assert refused.returncode == 2
    assert refused.stderr.startswith("canon: error: the destination store is not empty")
    assert refused.stderr.count("\n") == 1
    back = tmp_path / "back.db"
    assert report_of(canon("migrate-store", postgres_url, str(back), "--json")) == {
        **copied,
        "source": postgres_url,
        "destination": str(back),
    }


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("sqlite:///{tmp}/missing.db", "sqlite:///{tmp}/b.db"), "no store at {tmp}/missing.db"),
        (
            ("{tmp}/a.db", "sqlite:///{tmp}/a.db"),
            "the source and the destination are the same store",
        ),
        (
            ("{tmp}/a.db", "mysql://db/canon"),
            "store URL 'mysql://db/canon': unknown scheme 'mysql'; "
            "use sqlite:///path, a file path, memory:// or postgresql://...",
        ),
    ],
)
async def test_bad_arguments_are_one_line(
    tmp_path: Path, args: tuple[str, str], error: str
) -> None:
    await build_sqlite_store(tmp_path / "a.db")
    result = canon("migrate-store", *(a.format(tmp=tmp_path) for a in args))
    assert result.returncode == 2
    assert result.stderr == f"canon: error: {error.format(tmp=tmp_path)}\n"
    assert not (tmp_path / "b.db").exists()
