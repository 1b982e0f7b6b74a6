"""Dead letters from the user's side: answered once, retried down the path they failed on.

A stored payload can start to validate when Canon is upgraded (a schema that
learns a new source type): ``older_schema`` runs the first attempt under the
older, stricter schema, and everything after it under the current one.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable, Iterator, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain import validation
from core.domain.timeutil import format_ts
from core.engine.dead_letter_intake import RETRY_DELAYS
from core.engine.deadletters import answer_dead_letter, dlq_slo, retry_due
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, InvalidAnswer
from core.store import DeadLetter, ReviewItem
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(30)

OlderSchema = Callable[[str, str], None]
FLIGHT = {
    "id": "evt-1",
    "summary": "Flight to Lisbon",
    "start": "2026-03-10",
    "end": "2026-03-14",
}


def _signal(source_type: str = "webhook", **payload: Any) -> dict[str, Any]:
    return {
        "event_id": "0b8f3c1e-1d2a-4c3b-9e8f-0123456789ab",
        "event_ts": format_ts(NOW),
        "entity_id": "user:primary",
        "kind": "calendar_event",
        "source": {"type": source_type, "ref": "evt-1"},
        "payload": {**FLIGHT, **payload},
    }


@pytest.fixture
def older_schema(tmp_path: Path) -> Iterator[OlderSchema]:
    """``older_schema(name, source_type)``: until the test body resumes, ``name`` refuses it."""
    real = validation.SCHEMA_DIR

    def use(name: str, source_type: str) -> None:
        old = tmp_path / "old-schemas"
        shutil.copytree(real, old, dirs_exist_ok=True)
        path = old / f"{name}.schema.json"
        schema = json.loads(path.read_text())
        types = schema["properties"]["source"]["properties"]["type"]["enum"]
        types.remove(source_type)
        path.write_text(json.dumps(schema))
        _switch(old)

    def _switch(directory: Path) -> None:
        validation.SCHEMA_DIR = directory  # type: ignore[misc]
        validation.load_schema.cache_clear()
        validation.validator.cache_clear()

    yield use
    _switch(real)


def _upgrade() -> None:
    """Canon is upgraded: the current schemas apply again."""
    validation.SCHEMA_DIR = Path(validation.__file__).resolve().parents[2] / "schemas"  # type: ignore[misc]
    validation.load_schema.cache_clear()
    validation.validator.cache_clear()


async def _escalate(engine: Engine) -> tuple[DeadLetter, ReviewItem]:
    """Run the three retries; the letter is handed to a human."""
    clock = NOW
    for delay in RETRY_DELAYS:
        clock += delay
        await retry_due(engine, clock)
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "permanently_failed"
    (item,) = await engine.store.review_items(["pending"])
    assert item.candidate_value == letter.id
    return letter, item


async def _answer(engine: Engine, item: ReviewItem, action: Any, value: Any = None) -> Any:
    # A deadlock (the engine's lock taken twice) fails here instead of hanging the suite.
    return await asyncio.wait_for(
        answer_review(engine, item.id, action, value, now=NOW + RETRY_DELAYS[-1] * 2), 10
    )


async def test_confirming_a_dead_letter_that_now_validates_ingests_it(
    engine: Engine, older_schema: OlderSchema
) -> None:
    older_schema("state_observation", "calendar")
    payload = make_observation("travel.destination", "Lisbon", source="calendar", intent="planning")
    assert (await engine.ingest(payload, now=NOW)).decision == "invalid"
    clock = NOW
    for delay in RETRY_DELAYS:  # still the older Canon: every retry fails
        clock += delay
        await retry_due(engine, clock)
    _upgrade()
    (item,) = await engine.store.review_items(["pending"])
    result = await _answer(engine, item, "confirm")
    assert result.status == "confirmed"
    assert (await engine.store.review_item(item.id)).status == "confirmed"  # type: ignore[union-attr]
    (resolved,) = await engine.store.dead_letters()
    assert resolved.status == "resolved"
    [event] = await engine.store.events_for("user:primary", "travel.destination")
    assert event.event_id == payload["event_id"]
    # What is open now is the ingested observation's own question, not the letter again.
    open_items = await engine.store.review_items(["pending", "queued"])
    assert [(i.kind, i.field) for i in open_items] == [("change", "travel.destination")]
    with pytest.raises(AlreadyAnswered):
        await _answer(engine, item, "confirm")


async def test_a_dead_letter_signal_is_retried_as_a_signal(
    engine: Engine, older_schema: OlderSchema
) -> None:
    older_schema("signal_event", "webhook")
    signal = _signal()
    assert validation.schema_errors("signal_event", signal)
    await engine.ingest_invalid(
        "signal_event", signal, validation.schema_errors("signal_event", signal), now=NOW
    )
    _upgrade()
    report = await retry_due(engine, NOW + RETRY_DELAYS[0])
    assert (report.retried, report.resolved) == (1, 1)
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "resolved"
    # Mapped to observations again: the calendar's trip, not a StateObservation check.
    values = {
        field: [e.value for e in await engine.store.events_for("user:primary", field)]
        for field in ("travel.destination", "travel.depart_date", "travel.return_date")
    }
    assert values == {
        "travel.destination": ["Lisbon"],
        "travel.depart_date": ["2026-03-10"],
        "travel.return_date": ["2026-03-13"],
    }


@pytest.mark.parametrize(
    ("action", "value", "status", "letter_status"),
    [
        ("reject", None, "discarded", "discarded"),
        ("edit", "corrected", "edited", "resolved"),
    ],
)
async def test_a_dead_letter_is_settled_once_by_the_answer(
    engine: Engine, action: str, value: Any, status: str, letter_status: str
) -> None:
    bad = make_observation("travel.location", "Reno", event_ts="yesterday", domain="travel")
    await engine.ingest(bad, now=NOW)
    _, item = await _escalate(engine)
    corrected = {**bad, "event_ts": format_ts(NOW)} if value else None
    result = await _answer(engine, item, action, json.dumps(corrected) if corrected else None)
    assert result.status == status
    (letter,) = await engine.store.dead_letters()
    assert letter.status == letter_status
    # Later retry passes ask nothing new and raise no second alert.
    await retry_due(engine, NOW + RETRY_DELAYS[-1] * 3)
    assert await engine.store.review_items(["pending", "queued"]) == []
    assert len(await engine.store.alerts()) == 1
    facts = await engine.store.facts()
    assert [f.value for f in facts] == (["Reno"] if action == "edit" else [])


@pytest.mark.parametrize(
    ("action", "value", "expect"),
    [
        ("confirm", None, "still invalid. The field event_ts"),
        ("edit", '{"event_ts": "still wrong"}', "still invalid"),
        ("edit", "not json", "send the corrected payload as JSON"),
    ],
)
async def test_an_answer_that_cannot_fix_the_letter_is_refused_and_asks_nothing_new(
    engine: Engine, action: str, value: Any, expect: str
) -> None:
    await engine.ingest(make_observation(event_ts="bad", domain="travel"), now=NOW)
    _, item = await _escalate(engine)
    with pytest.raises(InvalidAnswer, match=expect.replace("$", r"\$")):
        await _answer(engine, item, action, value)
    # The same question stays open; no new one, no new alert, the letter untouched.
    assert [i.id for i in await engine.store.review_items(["pending", "queued"])] == [item.id]
    assert len(await engine.store.alerts()) == 1
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "permanently_failed"
    result = await _answer(engine, item, "reject")
    assert result.status == "discarded"


async def test_the_dlq_slo_counts_unresolved_letters_older_than_a_day(engine: Engine) -> None:
    await engine.ingest(make_observation(event_ts="bad"), now=NOW)
    letters = await engine.store.dead_letters()

    fresh = dlq_slo(letters, NOW + timedelta(hours=23))
    late = dlq_slo(letters, NOW + timedelta(hours=25))
    assert (fresh.unresolved, fresh.older_than_24h, fresh.holds) == (1, 0, True)
    assert (late.unresolved, late.older_than_24h, late.holds) == (1, 1, False)


class ReadBeforeTheOtherRetried(SQLiteStore):
    """A second process's connection to the same file, whose read of the waiting
    letters happened just before the other process retried them."""

    stale: tuple[DeadLetter, ...] = ()

    async def dead_letters(self, statuses: Sequence[str] | None = None) -> list[DeadLetter]:
        if statuses == ["waiting"] and self.stale:
            stale, self.stale = self.stale, ()
            return list(stale)
        return await super().dead_letters(statuses)


@pytest.mark.parametrize(
    ("earlier_retries", "status", "review_items", "alerts"),
    [
        (0, "waiting", 0, 0),
        (1, "waiting", 0, 0),
        (2, "permanently_failed", 1, 1),
    ],
)
async def test_two_processes_retrying_one_letter_move_it_on_once(
    engine: Engine,
    store: SQLiteStore,
    earlier_retries: int,
    status: str,
    review_items: int,
    alerts: int,
) -> None:
    await engine.ingest(make_observation(event_ts="bad", domain="travel"), now=NOW)
    clock = NOW
    for delay in RETRY_DELAYS[:earlier_retries]:
        clock += delay
        await retry_due(engine, clock)
    clock += RETRY_DELAYS[earlier_retries]
    other = ReadBeforeTheOtherRetried(store.path)
    await other.open()
    try:
        other.stale = tuple(await other.dead_letters(["waiting"]))
        first = await retry_due(engine, clock)
        second = await retry_due(Engine(other, engine.policy), clock)
    finally:
        await other.close()
    assert (first.retried, second.retried) == (1, 0)
    (letter,) = await engine.store.dead_letters()
    assert (letter.status, letter.retry_count) == (status, earlier_retries + 1)
    assert len(await engine.store.review_items(["pending", "queued"])) == review_items
    assert len(await engine.store.alerts()) == alerts


@pytest.mark.parametrize(
    ("action", "value"),
    [
        ("edit", make_observation("travel.location", "Tahoe", domain="travel")),
        ("confirm", None),
        ("reject", None),
    ],
)
async def test_a_second_answer_is_refused_before_it_changes_anything(
    engine: Engine, action: str, value: Any
) -> None:
    bad = make_observation("travel.location", "Reno", event_ts="yesterday", domain="travel")
    await engine.ingest(bad, now=NOW)
    _, item = await _escalate(engine)
    await _answer(engine, item, "edit", json.dumps({**bad, "event_ts": format_ts(NOW)}))
    before = (await engine.store.facts(), await engine.store.dead_letters())
    with pytest.raises(AlreadyAnswered):
        await _answer(engine, item, action, json.dumps(value) if value else None)
    assert (await engine.store.facts(), await engine.store.dead_letters()) == before
    assert len(await engine.store.events_for("user:primary", "travel.location")) == 1


async def test_an_answer_racing_one_that_settled_first_leaves_its_settlement(
    engine: Engine,
) -> None:
    """Both processes read the question open; the one that settles second is refused."""
    await engine.ingest(make_observation(event_ts="bad", domain="travel"), now=NOW)
    _, item = await _escalate(engine)
    await answer_dead_letter(engine, item, "reject", None, NOW, "bot", ())
    with pytest.raises(AlreadyAnswered):
        await answer_dead_letter(engine, item, "reject", None, NOW, "cli", ())
    settled = await engine.store.review_item(item.id)
    assert settled is not None
    assert (settled.status, settled.answer["answered_by"]) == ("discarded", "bot")
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "discarded"
