"""Related changes from one message are one question: grouped, and answered together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from canon_testing import NOW

from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.extraction.offline import extract_offline
from core.signals.intake import message_payloads
from core.store import sqlite as sqlite_store
from core.store import sqlite_tx
from core.store.protocol import DecideSettlement
from core.store.sqlite import SQLiteStore

RENT = {
    "financial.rent.status": "paid",
    "financial.rent.amount": 2100,
    "financial.rent.currency": "USD",
}


def _said(text: str, message: str = "tg:7:1") -> list[dict[str, Any]]:
    return message_payloads(
        text, at=NOW, entity_id="user:primary", message_ref=message, extractor=extract_offline
    )


async def _ask_rent(engine: Engine) -> list[str]:
    outcomes = await engine.ingest_batch(_said("I paid $2,100 rent"), now=NOW)
    assert [o.decision for o in outcomes] == ["ask_user"] * 3
    return [o.review_item_id for o in outcomes if o.review_item_id]


async def test_one_message_raises_one_group(engine: Engine) -> None:
    await _ask_rent(engine)
    items = await engine.store.review_items(["pending"])
    assert {i.field: i.candidate_value for i in items} == RENT
    assert len({i.group_key for i in items}) == 1
    assert items[0].group_key is not None


async def test_the_same_words_in_another_message_are_another_group(engine: Engine) -> None:
    await engine.ingest_batch(_said("I paid $2,100 rent", "tg:7:1"), now=NOW)
    await engine.ingest_batch(_said("I paid $900 rent", "tg:7:2"), now=NOW)
    items = await engine.store.review_items(["pending"])
    assert len({i.group_key for i in items}) == 2


async def test_the_same_ref_from_another_principal_is_another_group(engine: Engine) -> None:
    """Bob naming Alice's message ref cannot have his claim confirmed by her one answer."""
    said = _said("I paid $2,100 rent", "tg:7:1")
    await engine.ingest_batch(said, now=NOW, principal=user_principal("user:primary"))
    planted = [{**p, "event_id": new_id(), "candidate_value": v} for p, v in zip(
        said, ("unpaid", 9999, "EUR"), strict=True
    )]  # fmt: skip
    await engine.ingest_batch(planted, now=NOW, principal=user_principal("user:bob"))
    items = await engine.store.review_items(["pending", "queued"])
    assert len({i.group_key for i in items}) == 2


@pytest.mark.parametrize(
    ("action", "status", "facts"),
    [("confirm", "confirmed", RENT), ("reject", "rejected", {})],
)
async def test_one_answer_settles_the_whole_group(
    engine: Engine, action: Any, status: str, facts: dict[str, Any]
) -> None:
    first, *_ = await _ask_rent(engine)
    result = await answer_review(engine, first, action, now=NOW, whole_group=True)
    assert [m.status for m in result.group] == [status] * 3
    assert {f.field: f.value for f in await engine.store.facts("user:primary")} == facts
    assert await engine.store.review_items(["pending", "queued"]) == []


async def test_answering_one_part_alone_leaves_the_rest_open(engine: Engine) -> None:
    """`canon answer ID confirm` answers that item only."""
    first, *rest = await _ask_rent(engine)
    await answer_review(engine, first, "confirm", now=NOW)
    assert [i.id for i in await engine.store.review_items(["pending"])] == rest


def _disk_gives_out_on_the_second(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SQLite store's disk gives out while settling the second item of a group."""
    settled = 0

    async def settle_one(tx: aiosqlite.Connection, item_id: str, decide: DecideSettlement) -> Any:
        nonlocal settled
        settled += 1
        if settled == 2:
            raise OSError("disk gone")
        return await sqlite_tx.settle_one(tx, item_id, decide)

    monkeypatch.setattr(sqlite_store, "settle_one", settle_one)


async def test_a_group_answer_is_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _disk_gives_out_on_the_second(monkeypatch)
    store = SQLiteStore(tmp_path / "canon.db")
    await store.open()
    try:
        engine = Engine(store, default_policy())
        first, *_ = await _ask_rent(engine)
        with pytest.raises(OSError, match="disk gone"):
            await engine.answer_group(first, "confirm", now=NOW)
        assert await store.facts() == []
        assert [i.status for i in await store.review_items(["pending"])] == ["pending"] * 3
        # The store carries on: the same answer, tried again, commits all three.
        monkeypatch.undo()
        await engine.answer_group(first, "confirm", now=NOW)
        assert {f.field: f.value for f in await store.facts()} == RENT
    finally:
        await store.close()
