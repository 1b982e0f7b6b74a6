"""Records to and from the rows of a SQL backend: one mapping for SQLite and PostgreSQL.

The backends store the same columns in the same order; they differ in how a
timestamp comes back (SQLite: fixed-width UTC text; PostgreSQL: a datetime), so
each passes its own ``when``.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, get_args

from core.domain.chat_records import ShownRecord
from core.domain.dead_letters import DeadLetter
from core.domain.event_log import EventRecord, HistoryEntry, payload_end
from core.domain.json_text import loads, one_encoder
from core.domain.review_items import NewReviewItem, ReviewItem, ReviewStatus
from core.domain.rollout import ChangeCount
from core.domain.source_types import canonical_source_key, canonical_source_type
from core.domain.state import CommittedFact, value_key
from core.domain.write_batch import Accepted

_encode = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every row: json.dumps with options builds a new one per call."""


ANY_STATUS = "status IN ({})".format(", ".join(f"'{s}'" for s in get_args(ReviewStatus)))
"""A review item of any status, as a condition both backends read: their one index on
``review_items`` besides its ids leads with the status (``review_items_by_status``:
status, entity, seq), so an entity's items whatever their status are found by one probe
a status, not by reading every row."""


def dumps(value: Any) -> str:
    """JSON text as both SQL backends store it, so values read back identically."""
    return _encode(value)


When = Callable[[Any], datetime]
"""A stored timestamp as an aware UTC datetime."""
Stamp = Callable[[datetime], Any]
"""An aware datetime as the backend stores it."""


def _optional(value: Any, when: When) -> datetime | None:
    return None if value is None else when(value)


def _optional_stamp(value: datetime | None, stamp: Stamp) -> Any:
    return None if value is None else stamp(value)


def fact_from_row(r: Any, when: When) -> CommittedFact:
    """The fact of a row of ``FACT_COLUMNS``, whose order is ``CommittedFact``'s: passed
    by position (13 keywords cost a third more than the fact's own fields' reads: about
    6 K instructions a fact, 1.4 facts an observation's snapshot; perf29a)."""
    valid_until = r[11]
    return CommittedFact(
        r[0],  # entity_id
        r[1],  # field
        loads(r[2]),  # value
        r[3],  # version
        canonical_source_type(r[4]),
        r[5],  # source_ref
        r[6],  # confidence
        r[7],  # event_id
        when(r[8]),  # evidence_ts
        when(r[9]),  # committed_at
        r[10],  # resolution
        None if valid_until is None else when(valid_until),
        r[12],  # principal
    )


def review_from_row(r: Any, when: When) -> ReviewItem:
    return ReviewItem(
        id=r[0],
        seq=r[1],
        kind=r[2],
        event_id=r[3],
        entity_id=r[4],
        field=r[5],
        candidate_value=loads(r[6]),
        current_value=loads(r[7]),
        confidence=r[8],
        reasons=tuple(loads(r[9])),
        source_key=canonical_source_key(r[10]),
        status=r[11],
        created_at=when(r[12]),
        promoted_at=_optional(r[13], when),
        answered_at=_optional(r[14], when),
        answer=None if r[15] is None else loads(r[15]),
        group_key=r[16],
        shadow_decision=r[17],
        principal=r[18],
    )


def event_from_row(r: Any, when: When) -> EventRecord:
    payload = loads(r[14])
    return EventRecord(
        seq=r[0],
        event_id=r[1],
        entity_id=r[2],
        field=r[3],
        intent=r[4],
        value=loads(r[5]),
        source_type=canonical_source_type(r[6]),
        source_ref=r[7],
        event_ts=when(r[8]),
        ingested_at=when(r[9]),
        decision=r[10],
        confidence=r[11],
        margin=r[12],
        reasons=tuple(loads(r[13])),
        evidence_text=payload.get("evidence_text"),
        corroborators=tuple(
            (canonical_source_type(c["type"]), c["ref"]) for c in payload.get("corroborators", ())
        ),
        principal=r[15],
        valid_until=payload_end(payload),
    )


def payload_rest(a: Accepted) -> dict[str, Any]:
    """What of ``a``'s payload no column of its event row holds: each key its row stores in
    a column of its own (the ids, domain, intent, value and source) is left out when the
    column holds the same. Its event time stays as received (the column is UTC), and so
    does everything the readers take from it (``evidence_text``, ``corroborators``,
    ``needs_confirmation``). Events logged before kept their whole payload; the readers
    read both alike. A bench message's event row was about 840 bytes, 344 of them its whole
    payload; the rest is 114."""
    columns = {
        "event_id": a.event_id,
        "entity_id": a.entity_id,
        "field": a.field,
        "domain": a.domain,
        "intent": a.intent,
        "source": {"type": a.source_type, "ref": a.source_ref},
    }
    return {
        k: v
        for k, v in a.payload.items()
        if k != "candidate_value" and (k not in columns or columns[k] != v)
    }


def event_row(a: Accepted, stamp: Stamp) -> tuple[Any, ...]:
    return (
        a.event_id,
        a.entity_id,
        a.field,
        a.domain,
        a.intent,
        dumps(a.payload.get("candidate_value")),
        a.value_key,
        a.source_type,
        a.source_ref,
        stamp(a.event_ts),
        stamp(a.decided_at),
        dumps(payload_rest(a)),
        a.decision,
        a.confidence,
        a.margin,
        dumps(list(a.reasons)),
        dumps(list(a.patch)),
        a.principal,
    )


def review_row(
    r: NewReviewItem,
    stamp: Stamp,
    encoded: tuple[str, str, str | None] | None = None,
) -> tuple[Any, ...]:
    """``encoded``: the question's candidate as JSON, its value key and its reasons as
    JSON (None: encode them here), when its observation's event row has them already."""
    candidate, key, reasons = encoded or (
        dumps(r.candidate_value),
        value_key(r.candidate_value),
        None,
    )
    return (
        r.id,
        r.kind,
        r.event_id,
        r.entity_id,
        r.field,
        candidate,
        dumps(r.current_value),
        key,
        r.confidence,
        dumps(list(r.reasons)) if reasons is None else reasons,
        r.source_key,
        stamp(r.created_at),
        r.group_key,
        r.shadow_decision,
        r.principal,
    )


def batch_rows(
    accepted: Sequence[Accepted], stamp: Stamp
) -> tuple[list[tuple[Any, ...]], list[NewReviewItem], list[tuple[Any, ...]]]:
    """The event rows of ``accepted``, the questions they raise and those questions' rows,
    in order. A question asks about its observation's own value, so its value's JSON and
    key are taken from the event row, and its reasons' JSON too when they are the
    decision's own (``reason_summary`` cut none): each encoded once an observation."""
    events: list[tuple[Any, ...]] = []
    reviews: list[NewReviewItem] = []
    rows: list[tuple[Any, ...]] = []
    for a in accepted:
        event = event_row(a, stamp)
        events.append(event)
        r = a.review
        if r is None:
            continue
        reviews.append(r)
        # The event's value key is its payload's candidate's (``Accepted.value_key``).
        if r.candidate_value is a.payload.get("candidate_value"):
            encoded = (event[5], event[6], event[15] if r.reasons == a.reasons else None)
            rows.append(review_row(r, stamp, encoded))
        else:
            rows.append(review_row(r, stamp))
    return events, reviews, rows


def letter_row(d: DeadLetter, stamp: Stamp) -> tuple[Any, ...]:
    return (
        d.id,
        d.event_id,
        d.prompt_id,
        d.schema,
        d.payload,
        dumps(list(d.errors)),
        d.domain,
        stamp(d.first_seen),
        stamp(d.last_attempt),
        d.retry_count,
        _optional_stamp(d.next_retry_at, stamp),
        d.status,
        d.principal,
    )


SHOWN_COLUMNS = "seq, chat_id, message_id, kind, text, buttons, photo, at"
"""``chat_shown``'s columns, in the order ``shown_from_row`` reads them."""


def shown_cells(buttons: Sequence[tuple[str, str]], photo: bytes | None) -> tuple[str, str | None]:
    """A shown message's buttons and photo as stored: JSON, and base64 (portable rows are text)."""
    cells = _encode([[label, data] for label, data in buttons])
    return cells, None if photo is None else base64.b64encode(photo).decode("ascii")


def shown_from_row(r: Any, when: When) -> ShownRecord:
    buttons = tuple((str(label), str(data)) for label, data in json.loads(r[5]))
    photo = None if r[6] is None else base64.b64decode(r[6])
    return ShownRecord(r[0], r[1], r[2], r[3], r[4], when(r[7]), buttons, photo)


def history_from_row(r: Any, when: When) -> HistoryEntry:
    """A commit row (seq, entity_id, field, version, old_json, new_json, retracted,
    event_id, confidence, resolution, committed_at, principal, source_ref) as a history
    entry."""
    return HistoryEntry(
        r[0],
        r[1],
        r[2],
        r[3],
        json.loads(r[4]),
        json.loads(r[5]),
        bool(r[6]),
        r[7],
        r[8],
        r[9],
        when(r[10]),
        r[11],
        r[12],
    )


def letter_from_row(r: Any, when: When) -> DeadLetter:
    """A dead-letter row (id, event_id, prompt_id, schema, payload, errors, domain,
    first_seen, last_attempt, retry_count, next_retry_at, status, principal) as a record."""
    return DeadLetter(
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        tuple(json.loads(r[5])),
        r[6],
        when(r[7]),
        when(r[8]),
        r[9],
        _optional(r[10], when),
        r[11],
        r[12],
    )


def domain_field_range(domain: str) -> tuple[str, str]:
    """[low, high) bounds of the field names in ``domain`` ("travel." <= f < "travel/"):
    a range an index on ``field`` can serve, unlike LIKE with its escaping rules."""
    return f"{domain}.", f"{domain}/"


CHANGE_COUNTS_PER_READ = 100
"""Queries per statement of ``count_changes`` (6 parameters each: within SQLite's cap)."""
EVER = datetime.min.replace(tzinfo=UTC)
"""The start of every change count that has none of its own."""


def chunks(items: Sequence[ChangeCount], size: int) -> Iterator[Sequence[ChangeCount]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def change_counts(queries: Sequence[ChangeCount], mark: str, stamp: Stamp) -> tuple[str, list[Any]]:
    """One statement counting each query's changes: rows (query's index, count).

    Each part has the predicate of the partial index ``commits_entity_changes``
    (entity, field range, time; imports left out) and stops at the query's limit.
    """
    return change_counts_text(len(queries), mark), change_count_args(queries, stamp)


def change_counts_text(count: int, mark: str) -> str:
    """``change_counts``' statement for ``count`` queries (the text depends on nothing else)."""
    return " UNION ALL ".join(
        f"SELECT {mark}, count(*) FROM (SELECT 1 FROM commits WHERE resolution <> 'import' "
        f"AND entity_id = {mark} AND field >= {mark} AND field < {mark} "
        f"AND committed_at >= {mark} LIMIT {mark}) AS changes_{i}"
        for i in range(count)
    )


def change_count_args(queries: Sequence[ChangeCount], stamp: Stamp) -> list[Any]:
    """The parameters of ``change_counts``' statement (whose text depends only on how
    many queries there are)."""
    args: list[Any] = []
    for i, q in enumerate(queries):
        low, high = domain_field_range(q.domain)
        args.extend([i, q.entity_id, low, high, stamp(q.since or EVER), q.limit])
    return args
