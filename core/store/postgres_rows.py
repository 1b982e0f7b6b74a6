"""SQL text of the PostgreSQL backend (kept apart from its control flow).

Parameters are psycopg's ``%s`` placeholders. What goes into them and comes back out of
the rows (Canon's records as rows, JSON as text, timestamps in UTC) is
``core.store.postgres_records``.
"""

from __future__ import annotations

from functools import lru_cache

from core.store.sql_records import dumps

__all__ = ["dumps"]


FACT_COLUMNS = (
    "entity_id, field, value_json, version, source_type, source_ref, confidence, event_id, "
    "evidence_ts, committed_at, resolution, valid_until, principal"
)
REVIEW_COLUMNS = (
    "id, seq, kind, event_id, entity_id, field, candidate_json, current_json, confidence, reasons, "
    "source_key, status, created_at, promoted_at, answered_at, answer, group_key, "
    "shadow_decision, principal"
)
EVENT_COLUMNS = (
    "seq, event_id, entity_id, field, intent, value_json, source_type, source_ref, event_ts, "
    "ingested_at, decision, confidence, margin, reasons, payload, principal"
)
HISTORY_COLUMNS = (
    "seq, entity_id, field, version, old_json, new_json, retracted, event_id, confidence, "
    "resolution, committed_at, principal, source_ref"
)
LETTER_COLUMNS = (
    "id, event_id, prompt_id, schema, payload, errors, domain, first_seen, last_attempt, "
    "retry_count, next_retry_at, status, principal"
)

_EACH_KEY = "FROM unnest(%(e)s::text[], %(f)s::text[]) AS k (entity_id, field) CROSS JOIN LATERAL"
SNAPSHOT = f"""
SELECT 'fact', x.* {_EACH_KEY}
       (SELECT {FACT_COLUMNS} FROM facts
         WHERE entity_id = k.entity_id AND field = k.field OFFSET 0) x
UNION ALL
SELECT 'ver', k.entity_id, k.field, NULL, x.version, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL {_EACH_KEY}
       (SELECT max(version) AS version FROM commits
         WHERE entity_id = k.entity_id AND field = k.field HAVING max(version) IS NOT NULL) x
UNION ALL
SELECT 'agree', k.entity_id, k.field, x.value_key, NULL, x.source_type, NULL, NULL, NULL,
       x.newest, NULL, NULL, NULL, NULL {_EACH_KEY}
       (SELECT value_key, source_type, max(event_ts) AS newest FROM events
         WHERE entity_id = k.entity_id AND field = k.field AND event_ts >= %(since)s
           AND intent IN ('assertive', 'planning')
           AND (strpos(payload, '"needs_confirmation"') = 0
                OR (payload::jsonb ->> 'needs_confirmation') IS NULL)
         GROUP BY value_key, source_type) x
UNION ALL
SELECT 'open', k.entity_id, k.field, x.id, NULL, x.value_key, x.candidate_json, x.confidence, NULL,
       (SELECT event_ts FROM events e WHERE e.event_id = x.event_id), NULL, NULL, NULL,
       x.principal {_EACH_KEY}
       (SELECT id, value_key, candidate_json, confidence, event_id, principal FROM review_items
         WHERE entity_id = k.entity_id AND field = k.field AND status IN ('queued', 'pending')
        OFFSET 0) x
UNION ALL
SELECT 'rej', k.entity_id, k.field, x.value_key, NULL, x.source_key, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, NULL {_EACH_KEY}
       (SELECT value_key, source_key FROM rejections
         WHERE entity_id = k.entity_id AND field = k.field OFFSET 0) x
UNION ALL
SELECT 'dup', x.entity_id, NULL, i.event_id, NULL, x.principal, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL
  FROM unnest(%(ids)s::text[]) AS i (event_id) CROSS JOIN LATERAL
       (SELECT entity_id, principal FROM events WHERE event_id = i.event_id OFFSET 0) x
"""
"""Everything a decision reads of the keys, in one statement (as SQLite's SNAPSHOT_SQL):
rows tagged by kind, each kind's columns where their type is the facts row's. Parameters:
``e`` and ``f`` (the keys as parallel arrays), ``since``, ``ids`` (event ids).

Each branch reads its table once per key (a LATERAL subquery, kept unflattened by
OFFSET 0 or its aggregate), so its plan is an index probe per key whatever the table's
statistics said when the connection prepared it. Written as a join against the key list,
the plan psycopg's prepared statement kept from a small, new store scanned whole tables
(``events`` twice, parsing every payload as JSON) for as long as the connection lived: 3–4 ms a read in ``canon bench``'s
workers figure against 0.2 ms now. An event's payload is parsed as JSON only when its
text holds ``"needs_confirmation"`` at all (``sql_records.dumps`` writes every payload,
its keys unescaped), not for every agreeing event."""
_NULLS = ", ".join(["NULL"] * 7)
DECIDING = f"""{SNAPSHOT}UNION ALL
SELECT 'queue', q.entity_id, NULL, q.id, q.seq, q.group_key, q.status, {_NULLS}
  FROM unnest(%(queue)s::text[]) AS qe (entity_id) CROSS JOIN LATERAL
       (SELECT id, seq, entity_id, group_key, status FROM review_items r
         WHERE r.entity_id = qe.entity_id AND status IN ('queued', 'pending') OFFSET 0) q
UNION ALL
SELECT 'pol', NULL, NULL, NULL, NULL, NULL, NULL, {_NULLS}
 WHERE EXISTS (SELECT 1 FROM policy_events WHERE seq > %(after)s::bigint)
UNION ALL
SELECT 'cnt', NULL, NULL, q.i::text, c.n, NULL, NULL, {_NULLS}
  FROM unnest(%(ce)s::text[], %(clo)s::text[], %(chi)s::text[], %(cs)s::timestamptz[],
              %(cl)s::int[]) WITH ORDINALITY AS q (entity_id, lo, hi, since, lim, i)
       CROSS JOIN LATERAL
       (SELECT count(*) AS n FROM (SELECT 1 FROM commits WHERE resolution <> 'import'
           AND entity_id = q.entity_id AND field >= q.lo AND field < q.hi
           AND committed_at >= q.since LIMIT q.lim) s) c
"""
"""``SNAPSHOT`` and the rest an ingest reads before it decides, in the same statement:
the locked entities' open questions (``queue``: as ``OPEN_QUEUE``), whether the policy
log has events after ``after`` (NULL: not asked; the events themselves are read apart,
rarely), and the rollout's change counts (``sql_records.change_counts``' predicate, one
probe of ``commits_entity_changes`` per query, its index in ``i``). Parameters: those
of ``SNAPSHOT``, ``queue``, ``after``, and the counts as parallel arrays ``ce``,
``clo``, ``chi``, ``cs``, ``cl``."""
OPEN_QUEUE = (
    "SELECT q.* FROM unnest(%s::text[]) AS e (entity_id) CROSS JOIN LATERAL "
    "(SELECT id, seq, entity_id, group_key, status FROM review_items r "
    "WHERE r.entity_id = e.entity_id AND status IN ('queued', 'pending') OFFSET 0) q"
)
"""The open questions of some (distinct) entities, as the pending cap sees them
(``rules.OpenQuestion``), each entity's by an index probe (as ``SNAPSHOT``: written as
``entity_id = ANY(%s)``, the plan a connection keeps scans the whole table while it is
smaller than a few thousand rows, where one probe per entity costs a fifth)."""
LOCK_KEY = "('x' || left(encode(sha256(convert_to({}, 'UTF8')), 'hex'), 16))::bit(64)::bigint"
"""``postgres_tx.entity_lock_key`` of a text expression, in SQL: the first eight bytes of
the SHA-256 of its UTF-8, as a signed 64-bit integer (a test holds the two equal)."""
LOCK_ITEM_OWNERS = (
    "SELECT o.entity_id, pg_advisory_xact_lock(o.key) FROM ("
    f"SELECT DISTINCT r.entity_id, {LOCK_KEY.format('r.entity_id')} AS key "
    "FROM unnest(%s::text[]) AS i (id) CROSS JOIN LATERAL "
    "(SELECT entity_id FROM review_items WHERE id = i.id OFFSET 0) r "
    "ORDER BY key OFFSET 0) o"
)
"""The entities of some review items (by id, each by an index probe, as ``OPEN_QUEUE``),
whose write locks it takes as it reads them, in key order (as ``Tx.lock_reads`` sorts
them: two writers never wait on each other in a circle); the subquery's order is the
order its rows are locked in (ORDER BY and OFFSET keep the planner from merging it into
the outer query, whose projection takes the locks)."""
OWNERS_QUEUE = (
    "SELECT q.* FROM (SELECT DISTINCT r.entity_id FROM unnest(%s::text[]) AS i (id) "
    "CROSS JOIN LATERAL (SELECT entity_id FROM review_items WHERE id = i.id OFFSET 0) r) e "
    "CROSS JOIN LATERAL (SELECT id, seq, entity_id, group_key, status, field, value_key "
    "FROM review_items r WHERE r.entity_id = e.entity_id AND status IN ('queued', 'pending') "
    "OFFSET 0) q"
)
"""The open questions of the entities owning some review items (by id), each entity's by
an index probe (as ``OPEN_QUEUE``, with each question's field and value_key besides: what
a commit's settlement of the field matches on). Sent after ``LOCK_ITEM_OWNERS``, in the
same round trip, it reads the queues under those entities' locks."""
PROMOTE = (
    "UPDATE review_items SET status = 'pending', promoted_at = %s "
    f"WHERE id = ANY(%s::text[]) RETURNING {REVIEW_COLUMNS}"
)

INSERT_EVENT = (
    "INSERT INTO events (event_id, entity_id, field, domain, intent, value_json, value_key, "
    "source_type, source_ref, event_ts, ingested_at, payload, decision, confidence, margin, "
    "reasons, patch, principal) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
# Version and previous value are read inside the transaction, under the entity's lock.
INSERT_COMMIT = (
    "INSERT INTO commits (entity_id, field, version, old_json, new_json, retracted, "
    "source_type, source_ref, confidence, event_id, evidence_ts, committed_at, resolution, "
    "valid_until, audit_line, principal) VALUES (%(e)s, %(f)s, "
    "(SELECT coalesce(max(version), 0) + 1 FROM commits WHERE entity_id = %(e)s AND field = %(f)s), "
    "coalesce((SELECT value_json FROM facts WHERE entity_id = %(e)s AND field = %(f)s), 'null'), "
    "%(new)s, %(retracted)s, %(st)s, %(sr)s, %(conf)s, %(eid)s, %(ets)s, %(cat)s, %(res)s, "
    "%(vu)s, %(line)s, %(pr)s)"
)
_FACT_UPDATE = (
    "ON CONFLICT (entity_id, field) DO UPDATE SET value_json = EXCLUDED.value_json, "
    "version = EXCLUDED.version, source_type = EXCLUDED.source_type, "
    "source_ref = EXCLUDED.source_ref, confidence = EXCLUDED.confidence, "
    "event_id = EXCLUDED.event_id, evidence_ts = EXCLUDED.evidence_ts, "
    "committed_at = EXCLUDED.committed_at, resolution = EXCLUDED.resolution, "
    "valid_until = EXCLUDED.valid_until, principal = EXCLUDED.principal"
)
UPSERT_FACT = (
    f"INSERT INTO facts ({FACT_COLUMNS}) "
    f"VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) {_FACT_UPDATE}"
)
# The fold of one commit into current state (what SQLite's commits_fold_* triggers do), in
# the commit's own statement: the version is the one it appends (RETURNING), and the fact's
# old value the commit records is read from the statement's snapshot, before the fold.
_APPEND = f"c AS ({INSERT_COMMIT} RETURNING version)"
_FOLD = (
    f"INSERT INTO facts ({FACT_COLUMNS}) "
    "SELECT %(e)s, %(f)s, %(new)s, c.version, %(st)s, %(sr)s, %(conf)s, %(eid)s, %(ets)s, "
    f"%(cat)s, %(res)s, %(vu)s, %(pr)s FROM c {_FACT_UPDATE}"
)
_SETTLE = (
    "UPDATE review_items SET status = 'superseded', answered_at = %(cat)s "
    "WHERE entity_id = %(e)s AND field = %(f)s AND status IN ('queued', 'pending') "
    "AND value_key = %(vk)s "
    # ``rules.settled_by_commit``: never another household member's question
    # (``whose_word.commit_settles`` with tokens unread).
    "AND (entity_id LIKE 'user:%%' OR principal IS NULL OR principal = %(pr)s "
    "OR principal = 'mcp:' || %(pr)s OR NOT (principal LIKE 'user:%%' "
    "OR principal LIKE 'mcp:user:%%' OR principal LIKE 'token:%%'))"
)
COMMIT_AND_FOLD = f"WITH {_APPEND} {_FOLD}"
COMMIT_FOLD_AND_SETTLE = f"WITH {_APPEND}, f AS ({_FOLD}) {_SETTLE}"
"""``COMMIT_AND_FOLD`` and ``rules.settled_by_commit`` applied by the statement itself: the
open questions of the field proposing the value just committed (its value_key) are closed.
One statement for what were three (each a bind and an execution for the server, and
psycopg's work here); no other part of it touches review_items."""
_EVENT_WIDTH = INSERT_EVENT.count("%s")
ANSWER_AND_COMMIT = (
    "WITH u AS (UPDATE review_items SET status = %(status)s, answer = %(answer)s, "
    f"answered_at = %(answered_at)s WHERE id = %(item)s RETURNING {REVIEW_COLUMNS}), ev AS ("
    + INSERT_EVENT.replace("%s", "{}").format(*(f"%(ev{i})s" for i in range(_EVENT_WIDTH)))
    + f"), {_APPEND}, f AS ({_FOLD}), s AS ({_SETTLE} AND id <> %(item)s) SELECT * FROM u"
)
"""An answer that commits, in one statement: the item's answer (its row as settled comes
back), the confirming event (``event_args``), the commit, its fold and the other open
questions it settles. One UPDATE of review_items is the item's, the other never touches
it (``id <>``): no row is changed twice by the statement."""
DELETE_FACT = "DELETE FROM facts WHERE entity_id = %s AND field = %s"
INSERT_REVIEW = (
    "INSERT INTO review_items (id, kind, event_id, entity_id, field, candidate_json, "
    "current_json, value_key, confidence, reasons, source_key, status, created_at, group_key, "
    "shadow_decision, principal) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'queued', %s, %s, %s, %s)"
)
ROWS_PER_INSERT = 1000
"""The most rows ``rows_at_once`` puts in one statement (a statement takes at most 65,535
parameters; an event row has 18)."""


@lru_cache(maxsize=64)
def rows_at_once(insert: str, rows: int) -> str:
    """``insert`` (an ``INSERT ... VALUES (...)`` of one row, nothing after its row) with
    ``rows`` rows: a batch's events or questions in one statement, not one each (each a
    bind and an execution for the server, and psycopg's own work for this process).
    VALUES gives its rows in order, so each row's ``seq`` is drawn in the order given."""
    head, values, row = insert.rpartition("VALUES ")
    return head + values + ", ".join([row] * rows)


INSERT_DEAD_LETTER = (
    f"INSERT INTO dead_letters ({LETTER_COLUMNS}) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
UPDATE_DEAD_LETTER = (
    "UPDATE dead_letters SET event_id = %s, prompt_id = %s, schema = %s, payload = %s, "
    "errors = %s, domain = %s, first_seen = %s, last_attempt = %s, retry_count = %s, "
    "next_retry_at = %s, status = %s, principal = %s WHERE id = %s"
)
INSERT_ALERT = "INSERT INTO alerts (created_at, kind, domain, message) VALUES (%s, %s, %s, %s)"


CORROBORATE = (
    "UPDATE facts SET evidence_ts = %s, confidence = %s, valid_until = %s "
    "WHERE entity_id = %s AND field = %s AND version = %s"
)
EVENTS_AT_ONCE = 8
"""The most events whose writes ``event_writes`` puts in one statement: an ingest of one
observation and its trip's companions (a larger batch writes as before)."""


INSERT_REVIEW_SHOWN = (
    INSERT_REVIEW.replace("principal) ", "principal, promoted_at) ")
    .replace("'queued'", "'pending'")
    .replace("%s)", "%s, %s)")
)
"""``INSERT_REVIEW`` of a question shown as it is asked: the row ``PROMOTE`` would leave
(its ``promoted_at`` one parameter more, after the row's own)."""


@lru_cache(maxsize=64)
def event_writes(events: int, reviews: int, corroborated: int, *, shown: bool = False) -> str:
    """One statement writing ``events`` events, ``reviews`` new questions and
    ``corroborated`` refreshed facts, each part as its own statement would (the
    questions and facts as data-modifying CTEs of the events' INSERT): one send and one
    wait instead of up to three. The parts touch different rows, so running them on one
    snapshot changes nothing; parameters go in the order the CTEs and the rows are
    written: each fact's (evidence_ts, confidence, entity, field, version), then the
    questions' rows, then the events' rows. ``shown``: the questions are written shown
    (``INSERT_REVIEW_SHOWN``) and the statement returns them (``REVIEW_COLUMNS``), as
    ``PROMOTE`` after their INSERT would."""
    parts = [f"c{i} AS ({CORROBORATE})" for i in range(corroborated)]
    if shown:
        parts.append(f"r AS ({rows_at_once(INSERT_REVIEW_SHOWN, reviews)} RETURNING *)")
        parts.append(f"e AS ({rows_at_once(INSERT_EVENT, events)})")
        return f"WITH {', '.join(parts)} SELECT {REVIEW_COLUMNS} FROM r"
    if reviews:
        parts.append(f"r AS ({rows_at_once(INSERT_REVIEW, reviews)})")
    head = f"WITH {', '.join(parts)} " if parts else ""
    return head + rows_at_once(INSERT_EVENT, events)
