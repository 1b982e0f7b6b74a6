"""An event row stores its observation once: the columns, and in ``payload`` the rest.

``sql_records.payload_rest`` leaves out of the stored payload each key a column of the
row holds the same; the row's columns and that rest give the observation back, and the
store reads the evidence, the corroborators and ``needs_confirmation`` from it as from a
whole payload (an event logged before kept one).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.policy import default_policy
from core.domain.review_items import NewReviewItem
from core.domain.state import value_key
from core.domain.write_batch import Accepted
from core.engine.engine import Engine
from core.store.sql_records import batch_rows, event_row, payload_rest, review_row
from core.store.sqlite import SQLiteStore


def _accepted(payload: dict[str, Any], **columns: Any) -> Accepted:
    fields: dict[str, Any] = {
        "event_id": payload["event_id"],
        "entity_id": payload["entity_id"],
        "field": payload["field"],
        "domain": payload["domain"],
        "intent": payload["intent"],
        "source_type": payload["source"]["type"],
        "source_ref": payload["source"]["ref"],
        "reasons": ("test",),
    }
    fields.update(columns)
    return Accepted(
        payload=payload,
        value_key=value_key(payload["candidate_value"]),
        event_ts=NOW,
        decided_at=NOW,
        decision="ask_user",
        confidence=0.5,
        margin=0.5,
        patch=(),
        **fields,
    )


def _whole(a: Accepted) -> dict[str, Any]:
    """The observation from ``a``'s event row as stored: its columns and its payload text."""
    row = event_row(a, lambda at: at.isoformat())
    (event_id, entity, field, domain, intent, value, _, source, ref, *_rest) = row
    return {
        "candidate_value": json.loads(value),
        "source": {"type": source, "ref": ref},
        "event_id": event_id,
        "entity_id": entity,
        "field": field,
        "domain": domain,
        "intent": intent,
    } | json.loads(row[11])


EXTRAS: list[dict[str, Any]] = [
    {},
    {"evidence_text": "we're in Tahoe now", "extraction_confidence": 0.81},
    {"needs_confirmation": "Canon said it of you", "valid_until": "2026-02-21T00:00:00Z"},
    {"corroborators": [{"type": "calendar", "ref": "cal-1"}], "evidence_text": "x"},
]


@pytest.mark.parametrize("extra", EXTRAS)
def test_the_columns_and_the_stored_rest_are_the_observation(extra: dict[str, Any]) -> None:
    payload = make_observation("travel.location", "Tahoe", ref="msg-1", **extra)
    a = _accepted(payload)
    rest = payload_rest(a)
    assert set(rest) == {"event_ts", *extra}  # the time as received, and what no column holds
    assert _whole(a) == payload


@pytest.mark.parametrize(
    ("column", "stored"),
    [
        ("entity_id", "user:bob"),
        ("source_type", "conversation_assertive"),
        ("source_ref", None),
        ("intent", "planning"),
    ],
)
def test_a_key_its_column_does_not_hold_the_same_is_kept(column: str, stored: Any) -> None:
    payload = make_observation("travel.location", "Tahoe", source="agent", ref="msg-1")
    a = _accepted(payload, **{column: stored})
    rest = payload_rest(a)
    key = "source" if column.startswith("source") else column
    assert rest[key] == payload[key]
    assert _whole(a) == payload


async def test_a_stored_event_reads_back_what_it_said(tmp_path: Path) -> None:
    """End to end on SQLite: the row's payload text holds the rest only, and the event log
    reads the same evidence and corroborators as an event with its whole payload (one
    written as before, straight into the table)."""
    store = SQLiteStore(tmp_path / "s.db")
    await store.open()
    try:
        engine = Engine(store, default_policy())
        said = make_observation(
            "travel.location",
            "Tahoe",
            ref="msg-1",
            evidence_text="we're in Tahoe now",
            corroborators=[{"type": "calendar", "ref": "cal-1"}],
        )
        await engine.ingest(said, now=NOW)
        old = make_observation("travel.location", "Reno", ref="msg-0", evidence_text="in Reno")
        await store.db.execute(
            "INSERT INTO events (event_id, entity_id, field, domain, intent, value_json, "
            "value_key, source_type, source_ref, event_ts, ingested_at, payload, decision, "
            "confidence, margin, reasons, patch) VALUES (?, 'user:primary', 'travel.location', "
            "'travel', 'assertive', '\"Reno\"', 'reno', 'conversation_assertive', 'msg-0', "
            "'2026-02-19T12:00:00.000000Z', '2026-02-19T12:00:00.000000Z', ?, 'ask_user', 0.5, "
            "0.5, '[]', '[]')",
            (old["event_id"], json.dumps(old)),
        )
        events = {e.event_id: e for e in await store.events_for("user:primary", "travel.location")}
    finally:
        await store.close()
    assert events[said["event_id"]].evidence_text == "we're in Tahoe now"
    assert events[said["event_id"]].corroborators == (("calendar", "cal-1"),)
    assert events[said["event_id"]].value == "Tahoe"
    assert events[old["event_id"]].evidence_text == "in Reno"
    with sqlite3.connect(tmp_path / "s.db") as db:
        (text,) = db.execute(
            "SELECT payload FROM events WHERE event_id = ?", (said["event_id"],)
        ).fetchone()
    assert set(json.loads(text)) == {"event_ts", "evidence_text", "corroborators"}


def _question(payload: dict[str, Any], **changes: Any) -> NewReviewItem:
    fields: dict[str, Any] = {
        "id": f"q-{payload['event_id']}",
        "kind": "change",
        "event_id": payload["event_id"],
        "entity_id": payload["entity_id"],
        "field": payload["field"],
        "candidate_value": payload.get("candidate_value"),
        "current_value": "Seattle",
        "confidence": 0.5,
        "reasons": ("test",),
        "source_key": "conversation_assertive:msg-1",
        "created_at": NOW,
    }
    return NewReviewItem(**(fields | changes))


LONG = "x" * 400


@pytest.mark.parametrize(
    ("candidate", "reasons", "question"),
    [
        # A question on its observation's own value, with the decision's own reasons.
        ("Tahoe", ("a", "b × c"), {}),
        (2100, ("a",), {}),
        (None, ("retract",), {}),
        # Reasons cut for the question (``reason_summary``): encoded apart.
        ("Tahoe", (LONG, "b"), {"reasons": (LONG[:159] + "…", "b")}),
        ("Tahoe", tuple("abcdef"), {"reasons": tuple("abcde")}),
        # A question on another value than its payload's (its own candidate, key and JSON).
        (" Tahoe ", ("a",), {"candidate_value": "Reno"}),
        ("Tahoe", ("a",), {"candidate_value": "tahoe"}),
    ],
)
def test_a_batch_writes_the_rows_each_record_writes_alone(
    candidate: Any, reasons: tuple[str, ...], question: dict[str, Any]
) -> None:
    """``batch_rows`` takes a question's value, key and reasons text from its observation's
    event row where they are the same: the rows are those ``event_row`` and ``review_row``
    write for each record alone, in order."""
    stamp = lambda at: at.isoformat()  # noqa: E731
    payloads = [make_observation("travel.location", candidate, ref=f"msg-{i}") for i in range(3)]
    batch = [
        _accepted(payloads[0], reasons=reasons, review=_question(payloads[0], **question)),
        _accepted(payloads[1]),  # no question
        _accepted(payloads[2], review=_question(payloads[2])),
    ]
    events, reviews, rows = batch_rows(batch, stamp)
    assert events == [event_row(a, stamp) for a in batch]
    assert reviews == [a.review for a in batch if a.review is not None]
    assert rows == [review_row(r, stamp) for r in reviews]
