"""The engine: dead letters, the review queue, answers, and atomic writes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.policy import load_policy
from core.domain.validation import validate
from core.engine.deadletters import RETRY_DELAYS, retry_due
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, InvalidAnswer, NotFound, StoreError
from core.store import sqlite_tx as sqlite_tx_module
from core.store.sqlite import SQLiteStore


async def test_an_invalid_payload_goes_to_the_dead_letter_queue_and_changes_nothing(
    engine: Engine,
) -> None:
    bad = make_observation(event_ts="yesterday")
    out = await engine.ingest(bad, now=NOW)
    assert out.decision == "invalid"
    assert any("date-time" in e for e in out.errors)
    assert await engine.store.facts() == []
    assert await engine.store.count_events() == 0
    (letter,) = await engine.store.dead_letters()
    assert letter.event_id == bad["event_id"]
    assert letter.schema == "state_observation"
    assert letter.retry_count == 0
    assert letter.next_retry_at == NOW + timedelta(minutes=1)
    assert '"yesterday"' in letter.payload


async def test_non_json_values_are_kept_whole(engine: Engine) -> None:
    out = await engine.ingest(["not", "an", "object"], now=NOW)
    assert out.decision == "invalid"
    (letter,) = await engine.store.dead_letters()
    assert letter.payload == '["not", "an", "object"]'
    assert letter.event_id is None


async def test_dead_letters_are_retried_at_1_5_and_30_minutes_then_escalated(
    engine: Engine,
) -> None:
    await engine.ingest(make_observation(event_ts="bad", domain="travel"), now=NOW)
    clock = NOW
    expected_counts = [1, 2, 3]
    for delay, count in zip(RETRY_DELAYS, expected_counts, strict=True):
        early = await retry_due(engine, clock + delay - timedelta(seconds=1))
        assert early.retried == 0
        clock += delay
        report = await retry_due(engine, clock)
        assert report.retried == 1
        (letter,) = await engine.store.dead_letters()
        assert letter.retry_count == count
    assert letter.status == "permanently_failed"
    assert report.permanently_failed == 1
    (item,) = await engine.store.review_items(["pending"])
    assert item.kind == "dead_letter"
    assert item.candidate_value == letter.id
    (alert,) = await engine.store.alerts()
    assert alert[1:3] == ("dead_letter_permanent", "travel")


async def test_a_permanent_failure_outside_travel_and_money_raises_no_alert(engine: Engine) -> None:
    await engine.ingest(make_observation("project.x.status", "shipped", event_ts="bad"), now=NOW)
    clock = NOW
    for delay in RETRY_DELAYS:
        clock += delay
        await retry_due(engine, clock)
    assert await engine.store.alerts() == []


async def test_a_human_discards_a_dead_letter(engine: Engine) -> None:
    await engine.ingest(make_observation(event_ts="bad"), now=NOW)
    clock = NOW
    for delay in RETRY_DELAYS:
        clock += delay
        await retry_due(engine, clock)
    (item,) = await engine.store.review_items(["pending"])
    result = await answer_review(engine, item.id, "reject", now=clock)
    assert result.status == "discarded"
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "discarded"


async def test_review_band_changes_queue_up_behind_max_pending(tmp_path: Any) -> None:
    store = SQLiteStore(tmp_path / "flood.db")
    await store.open()
    try:
        engine = Engine(store, load_policy(overrides={"max_pending": 2}))
        outs = [
            await engine.ingest(
                make_observation(f"project.p{i}.status", "shipped", source="calendar"), now=NOW
            )
            for i in range(5)
        ]
        assert [o.decision for o in outs] == ["ask_user"] * 5
        pending = await store.review_items(["pending"])
        queued = await store.review_items(["queued"])
        assert [p.field for p in pending] == ["project.p0.status", "project.p1.status"]
        assert [q.field for q in queued] == [f"project.p{i}.status" for i in (2, 3, 4)]
        result = await engine.answer(pending[0].id, "confirm", now=NOW)
        assert [p.field for p in result.promoted] == ["project.p2.status"]
        assert len(await store.review_items(["pending"])) == 2
    finally:
        await store.close()


async def test_the_same_question_is_not_asked_twice(engine: Engine) -> None:
    first = await engine.ingest(
        make_observation("travel.location", "Reno", source="calendar"), now=NOW
    )
    second = await engine.ingest(
        make_observation("travel.location", "Reno", source="email"), now=NOW
    )
    assert (first.decision, second.decision) == ("ask_user", "ask_user")
    assert second.review_item_id is None
    assert len(await engine.store.review_items(["pending", "queued"])) == 1


async def test_confirm_commits_with_an_audit_line_and_a_valid_user_confirmation(
    engine: Engine,
) -> None:
    out = await engine.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
    assert out.review_item_id is not None
    result = await engine.answer(out.review_item_id, "confirm", now=NOW, answered_by="telegram:42")
    assert result.committed
    fact = await engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert (fact.value, fact.resolution, fact.confidence) == ("Seattle", "user_confirm", 1.0)
    assert result.item.answer is not None
    validate("user_confirmation", result.item.answer)
    assert result.item.answer["answer"]["answered_by"] == "telegram:42"
    (line,) = await engine.store.audit()
    assert (
        "profile.home_city (none) -> Seattle (confidence: 1.00) (resolution: user_confirm)"
        in line.line
    )
    why = await engine.store.events_for("user:primary", "profile.home_city", "Seattle")
    assert [e.source_type for e in why] == ["conversation_assertive", "user_confirmation"]


async def test_edit_commits_the_edited_value_after_checking_it(engine: Engine) -> None:
    out = await engine.ingest(
        make_observation("project.canon.status", "blocked", source="calendar"), now=NOW
    )
    assert out.review_item_id is not None
    with pytest.raises(InvalidAnswer, match="I need one of"):
        await engine.answer(out.review_item_id, "edit", "done-ish", now=NOW)
    result = await engine.answer(out.review_item_id, "edit", "shipped", now=NOW)
    assert result.status == "edited"
    fact = await engine.store.fact("user:primary", "project.canon.status")
    assert fact is not None
    assert fact.value == "shipped"


async def test_edits_of_amounts_become_numbers(engine: Engine) -> None:
    out = await engine.ingest(
        make_observation("financial.rent.amount", 2100, source="email"), now=NOW
    )
    assert out.review_item_id is not None
    with pytest.raises(InvalidAnswer, match="number"):
        await engine.answer(out.review_item_id, "edit", "a lot", now=NOW)
    await engine.answer(out.review_item_id, "edit", "2,150.50", now=NOW)
    fact = await engine.store.fact("user:primary", "financial.rent.amount")
    assert fact is not None
    assert fact.value == 2150.5


async def test_reject_changes_nothing_and_is_remembered(engine: Engine) -> None:
    payload = make_observation("profile.home_city", "Seattle", ref="msg-1")
    out = await engine.ingest(payload, now=NOW)
    assert out.review_item_id is not None
    result = await engine.answer(out.review_item_id, "reject", now=NOW)
    assert not result.committed
    assert await engine.store.facts() == []
    again = await engine.ingest({**payload, "event_id": make_observation()["event_id"]}, now=NOW)
    assert again.decision == "tentative_reject"
    assert any("said no" in r for r in again.reasons)
    elsewhere = await engine.ingest(
        make_observation("profile.home_city", "Seattle", ref="msg-2"), now=NOW
    )
    assert elsewhere.decision == "ask_user"


async def test_an_answer_counts_once(engine: Engine) -> None:
    out = await engine.ingest(make_observation("profile.diet", "vegan"), now=NOW)
    assert out.review_item_id is not None
    await engine.answer(out.review_item_id, "confirm", now=NOW)
    with pytest.raises(AlreadyAnswered):
        await engine.answer(out.review_item_id, "reject", now=NOW)
    with pytest.raises(NotFound):
        await engine.answer("no-such-item", "confirm", now=NOW)
    assert len(await engine.store.audit()) == 1


@pytest.mark.parametrize(
    ("action", "value", "whole_group"),
    [
        ("confirm", None, False),
        ("reject", None, False),
        ("edit", "keto", False),
        ("confirm", None, True),
        ("reject", None, True),
    ],
)
async def test_an_answer_to_a_question_read_settled_begins_no_transaction(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, action: Any, value: Any, whole_group: bool
) -> None:
    """Settled is final: the question read answered is refused at once, with the store's
    own words, and no settling transaction is begun (and rolled back)."""
    out = await engine.ingest(make_observation("profile.diet", "vegan"), now=NOW)
    assert out.review_item_id is not None
    await engine.answer(out.review_item_id, "confirm", now=NOW)
    settled = await engine.store.review_item(out.review_item_id)
    assert settled is not None

    async def no_settling(*_args: Any) -> Any:
        raise AssertionError("a settled question began a transaction")

    monkeypatch.setattr(engine.store, "settle_group", no_settling)
    answering = (
        engine.answer_group(settled.id, action, now=NOW, item=settled)
        if whole_group
        else engine.answer(settled.id, action, value, now=NOW, item=settled)
    )
    with pytest.raises(AlreadyAnswered, match=f"{settled.id} is already confirmed"):
        await answering
    assert len(await engine.store.audit()) == 1


async def test_an_empty_batch_changes_nothing_and_begins_no_transaction(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message without a claim (the bench sends them as they come) is no write: the
    store's write lock is not taken for it, and nothing is logged or asked."""

    async def no_transaction(*_args: Any) -> Any:
        raise AssertionError("an empty batch began a transaction")

    monkeypatch.setattr(engine.store, "decide_and_write", no_transaction)
    assert await engine.ingest_batch([], now=NOW) == []
    assert await engine.store.count_events() == 0
    assert await engine.store.review_items(["pending", "queued"]) == []


async def test_evidence_that_settles_a_question_supersedes_it(engine: Engine) -> None:
    asked = await engine.ingest(
        make_observation("travel.location", "Reno", source="calendar"), now=NOW
    )
    await engine.ingest(make_observation("travel.location", "Reno"), now=NOW)
    item = await engine.store.review_item(asked.review_item_id or "")
    assert item is not None
    assert item.status == "superseded"


async def test_a_crash_mid_write_leaves_all_or_nothing(engine: Engine, monkeypatch: Any) -> None:
    """A failure after some statements of an input ran rolls the whole input back."""
    store = engine.store
    assert isinstance(store, SQLiteStore)

    def failing_commit_row(_commit: Any) -> Any:
        # Called after the event rows were inserted, before the commit rows are.
        raise StoreError("simulated crash")

    monkeypatch.setattr(sqlite_tx_module, "commit_row", failing_commit_row)
    with pytest.raises(StoreError, match="simulated crash"):
        await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
    monkeypatch.undo()
    assert await store.count_events() == 0
    assert await store.facts() == []
    assert await store.audit() == []
    out = await engine.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
    assert out.committed


class AnotherWriterAfterEachRead:
    """The engine's store, with another process's commit to ``field`` landing
    right after every read the engine makes outside a write transaction."""

    def __init__(self, store: SQLiteStore, other: Engine, field: str) -> None:
        self._store = store
        self._other = other
        self._field = field
        self._values = iter(["Portland", "Reno", "Boise", "Austin", "Denver"])

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if name not in ("fact", "facts", "review_item", "snapshots"):
            return attr

        async def read_then_interleave(*args: Any, **kwargs: Any) -> Any:
            result = await attr(*args, **kwargs)
            value = next(self._values)
            observation = make_observation(self._field, value, source="manual_markdown")
            await self._other.ingest(observation, now=NOW)
            return result

        return read_then_interleave


@pytest.mark.parametrize("action", ["confirm", "edit"])
async def test_an_answer_replaces_the_value_current_when_it_is_settled(
    tmp_path: Any, action: str
) -> None:
    """A confirmation's audit line names the value it really replaced, even when
    another writer commits to the field while the answer is being applied."""
    path = tmp_path / "shared.db"
    mine, theirs = SQLiteStore(path), SQLiteStore(path)
    await mine.open()
    await theirs.open()
    try:
        engine = Engine(mine, load_policy())
        out = await engine.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.decision == "ask_user"
        assert out.review_item_id
        other = Engine(theirs, load_policy())
        engine.store = AnotherWriterAfterEachRead(mine, other, "profile.home_city")  # type: ignore[assignment]
        await engine.answer(out.review_item_id, action, "Seattle", now=NOW)
        history = await mine.history("user:primary", "profile.home_city")
        (at,) = [i for i, h in enumerate(history) if h.resolution == f"user_{action}"]
        replaced, answered = history[at - 1], history[at]
        assert replaced.resolution == "auto_commit", "the other writer committed first"
        assert answered.old_value == replaced.new_value
        (line,) = [a.line for a in await mine.audit() if a.seq == answered.seq]
        assert f"profile.home_city {replaced.new_value} -> Seattle" in line
    finally:
        await mine.close()
        await theirs.close()
