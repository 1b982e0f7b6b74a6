"""Commands over the store: init, ingest, state, pending, answer, why, history, dlq."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import IO, Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from core.cli.common import (
    Context,
    emit_json,
    err,
    is_terminal,
    now_option,
    open_engine,
    out,
    resolve_now,
    run,
)
from core.cli.scope import entity_option, items_of, letters_of
from core.conversation.field_match import known_fields, matching_fields, no_match_text
from core.conversation.provenance import OWNER, by_words
from core.conversation.views import (
    age_phrase,
    dead_letter_view,
    history_view,
    prompt_text,
    review_view,
    state_view,
    why_view,
)
from core.domain.audit import show_value
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import CanonError, NotFound, ReviewError, UnknownPlace
from core.jsonlines import Line, read_jsonl
from core.store import EventRecord, HistoryEntry, ReviewItem
from core.store.factory import redacted

INGEST_BATCH = 256
"""Observations per durable transaction in `canon ingest` (group commit, as `canon bench`)."""

pass_ctx = click.make_pass_decorator(Context)
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-stable JSON output.")


@click.command()
@pass_ctx
@run
async def init(ctx: Context) -> None:
    """Create the store and apply migrations.

    Example: canon --db ~/canon.db init
    """
    async with open_engine(ctx):
        pass
    out().print(f"Canon store ready at {redacted(ctx.settings.store_url)}")


@click.command()
@click.argument("source", type=click.File("rb"), metavar="FILE|-")
@now_option
@json_option
@pass_ctx
@run
async def ingest(ctx: Context, source: IO[bytes], now_text: str | None, as_json: bool) -> None:
    """Feed StateObservations, one JSON object per line.

    Lines that are not valid JSON or fail the schema go to the dead-letter
    queue (see `canon dlq`); the rest are resolved and stored.

    Example: canon ingest observations.jsonl
    """
    now = resolve_now(now_text)
    lines = list(read_jsonl(source, getattr(source, "name", "input")))
    counts: Counter[str] = Counter()
    async with open_engine(ctx) as engine:
        with Progress(
            TextColumn("ingesting"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err(),
            disable=not is_terminal(),
            transient=True,
        ) as progress:
            task = progress.add_task("ingest", total=len(lines))
            async for decision in _ingest_lines(engine, lines, now):
                counts[decision] += 1
                progress.advance(task)
    summary = {
        k: counts.get(k, 0)
        for k in ("auto_commit", "ask_user", "tentative_reject", "duplicate", "invalid")
    }
    if as_json:
        emit_json({"lines": len(lines), **summary})
        return
    table = Table(title=f"Ingested {len(lines)} observation(s)")
    for key in summary:
        table.add_column(key, justify="right")
    table.add_row(*(str(v) for v in summary.values()))
    out().print(table)
    if summary["invalid"]:
        err().print(
            f"{summary['invalid']} invalid line(s) went to the dead-letter queue (canon dlq)"
        )


async def _ingest_lines(engine: Engine, lines: Sequence[Line], now: Any) -> AsyncIterator[str]:
    """Each line's decision, in order. Parsed lines go in one durable transaction per
    run of up to INGEST_BATCH (group commit); a line that could not be read is
    dead-lettered as its raw text, between the runs around it."""
    run: list[Any] = []
    for line in lines:
        if line.error is None:
            run.append(line.value)
            if len(run) < INGEST_BATCH:
                continue
        if run:
            for outcome in await engine.ingest_batch(run, now=now):
                yield outcome.decision
            run = []
        if line.error is not None:
            errors = [f"line {line.number}: {line.error}"]
            letter = await engine.ingest_invalid("state_observation", line.text, errors, now=now)
            yield letter.decision
    if run:
        for outcome in await engine.ingest_batch(run, now=now):
            yield outcome.decision


@click.command()
@entity_option
@json_option
@now_option
@pass_ctx
@run
async def state(ctx: Context, entity: str | None, as_json: bool, now_text: str | None) -> None:
    """What Canon currently believes, per entity and field.

    Example: canon state --entity user:primary --json
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        view = state_view(await engine.store.facts(entity), now)
    if as_json:
        emit_json(view)
        return
    if not view:
        out().print("No committed beliefs yet.")
        return
    table = Table(title="Committed state")
    for col in ("entity", "field", "value", "confidence", "source", "age", "how"):
        table.add_column(col)
    for ent, fields in view.items():
        for name, f in fields.items():
            value = show_value(f["value"]) + (" (stale)" if f["stale"] else "")
            table.add_row(
                ent,
                name,
                value,
                f"{f['confidence']:.2f}",
                f["source"]["type"],
                f["age"],
                f["resolution"],
            )
    out().print(table)


@click.command()
@entity_option
@json_option
@pass_ctx
@run
async def pending(ctx: Context, entity: str | None, as_json: bool) -> None:
    """Questions waiting for your answer (and those queued behind them).

    Example: canon pending --entity user:primary --json
    """
    async with open_engine(ctx) as engine:
        shown = items_of(await engine.store.review_items(["pending"]), entity)
        waiting = items_of(await engine.store.review_items(["queued"]), entity)
    if as_json:
        emit_json(
            {
                "pending": [review_view(r) for r in shown],
                "queued": [review_view(r) for r in waiting],
            }
        )
        return
    if not shown:
        out().print("Nothing to confirm.")
        return
    table = Table(title=f"Pending ({len(shown)}), queued behind them: {len(waiting)}")
    for col in ("id", "entity", "field", "now", "proposed", "confidence", "why"):
        table.add_column(col)
    for r in shown:
        if r.kind != "change":
            # Not one field's change: the question and what it is about, as the bot puts it.
            table.add_row(r.id[:13], r.entity_id, r.kind, "", "", "", "\n".join(r.reasons))
            continue
        table.add_row(
            r.id[:13],
            r.entity_id,
            r.field,
            show_value(r.current_value),
            show_value(r.candidate_value),
            f"{r.confidence:.2f}",
            r.reasons[-1] if r.reasons else "",
        )
    out().print(table)


@click.command()
@click.argument("item_id", metavar="ID")
@click.argument("action", type=click.Choice(["confirm", "reject", "edit"]))
@click.argument("value", required=False)
@click.option(
    "--new-place",
    is_flag=True,
    help="With edit: store a place Canon does not know (neither its gazetteer nor your state).",
)
@entity_option
@now_option
@json_option
@pass_ctx
@run
async def answer(
    ctx: Context,
    item_id: str,
    action: str,
    value: str | None,
    new_place: bool,
    entity: str | None,
    now_text: str | None,
    as_json: bool,
) -> None:
    """Answer a pending question: confirm, reject, or edit VALUE.

    ID may be any unique prefix of the id `canon pending` shows. With --entity,
    a question about another entity is refused and nothing changes. VALUE is read
    by the field's kind, as in the chat: a place Canon does not know is refused
    unless --new-place says to use it anyway.

    Example: canon answer 01a2f3 edit "Mexico City"
    """
    if action == "edit" and value is None:
        raise click.UsageError("edit needs the corrected VALUE")
    if action != "edit" and new_place:
        raise click.UsageError("--new-place goes with edit only")
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        item = await _find_item(engine, item_id, entity)
        try:
            result = await answer_review(
                engine,
                item.id,
                action,  # type: ignore[arg-type]
                value,
                now=now,
                rules=ctx.settings.rules,
                new_place=new_place,
                # The owner's command line knows every place the store does; with
                # --entity, that entity's (and the question's).
                entities=None if entity is None else (entity,),
            )
        except UnknownPlace as e:
            raise UnknownPlace(e.place, "add --new-place to use it anyway") from None
    if as_json:
        emit_json(
            {
                "item": review_view(result.item),
                "status": result.status,
                "committed": result.committed,
                "committed_value": result.committed_value,
                "promoted": [review_view(r) for r in result.promoted],
            }
        )
        return
    verb = {
        "confirmed": "Confirmed",
        "rejected": "Rejected",
        "edited": "Saved",
        "discarded": "Discarded",
    }.get(result.status, result.status)
    target = show_value(result.committed_value if result.committed else item.candidate_value)
    if result.held is not None:  # a part of a grouped question: asked with the rest
        held = show_value(result.held.candidate_value)
        out().print(f"Changed to {held}: asked again with the rest of its question ({item.field})")
    else:
        out().print(f"{verb}: {item.field} = {target}")
    for nxt in result.promoted[:1]:
        out().print("\nNext question:\n" + prompt_text(nxt))


async def _find_item(engine: Engine, prefix: str, entity: str | None) -> ReviewItem:
    exact = await engine.store.review_item(prefix)
    if exact is not None:
        return _in_scope(exact, entity)
    # The scope never changes which question a prefix names: it only refuses it.
    candidates = [
        r for r in await engine.store.review_items(["pending", "queued"]) if r.id.startswith(prefix)
    ]
    if len(candidates) == 1:
        return _in_scope(candidates[0], entity)
    if not candidates:
        raise NotFound(f"no open question with id {prefix!r} (see canon pending)")
    raise CanonError(f"id prefix {prefix!r} is ambiguous: {len(candidates)} questions match")


def _in_scope(item: ReviewItem, entity: str | None) -> ReviewItem:
    if entity is not None and item.entity_id != entity:
        raise ReviewError(
            f"question {item.id[:13]} is about {item.entity_id}, not {entity}; nothing changed"
        )
    return item


@click.command()
@click.argument("field")
@click.option("--entity", "-e", default="user:primary", show_default=True)
@click.option("--all", "show_all", is_flag=True, help="Also show evidence for other values.")
@json_option
@now_option
@pass_ctx
@run
async def why(
    ctx: Context, field: str, entity: str, show_all: bool, as_json: bool, now_text: str | None
) -> None:
    """Why Canon believes what it does about FIELD: evidence, sources, confidences.

    FIELD may be a full field, a domain or a short name (travel, location, rent):
    every matching field gets its own block (with --json, a map by field).

    Example: canon why travel.status
    """
    now = resolve_now(now_text)
    views: dict[str, dict[str, Any]] = {}
    async with open_engine(ctx) as engine:
        known = [f for _e, f in await known_fields(engine.store, [entity])]
        fields = [field] if field in known else matching_fields(field, known)
        if not fields and "." in field:  # a full field with evidence but no commit yet
            fields = [field]
        for name in fields:
            fact = await engine.store.fact(entity, name)
            events = await engine.store.events_for(
                entity, name, None if show_all or fact is None else fact.value
            )
            history = await engine.store.history(entity, name)
            views[name] = why_view(fact, events, history, now)
            if not as_json:
                _print_why(entity, name, fact, events, history, now)
    if as_json:
        emit_json(views[field] if list(views) == [field] else views)
    elif not views:
        out().print(no_match_text(field, known))


def _print_why(
    entity: str,
    field: str,
    fact: CommittedFact | None,
    events: list[EventRecord],
    history: list[HistoryEntry],
    now: datetime,
) -> None:
    console = out()
    if fact is None:
        console.print(f"No committed value for {entity} {field}.")
    else:
        console.print(
            f"{entity} {field} = {show_value(fact.value)} "
            f"(confidence {fact.confidence:.2f}, {fact.resolution}, {age_phrase(fact.evidence_ts, now)}, "
            f"by {by_words(fact.principal, fact.source_type, OWNER)})"
        )
    table = Table(title="Evidence")
    for col in ("when", "by", "source", "intent", "value", "decision", "confidence", "text"):
        table.add_column(col)
    for e in events:
        table.add_row(
            e.event_ts.strftime("%Y-%m-%d %H:%M"),
            by_words(e.principal, e.source_type, OWNER),
            f"{e.source_type}:{e.source_ref or ''}"
            + "".join(f"\n+ {kind}:{ref}" for kind, ref in e.corroborators),
            e.intent,
            show_value(e.value),
            e.decision,
            f"{e.confidence:.2f}",
            (e.evidence_text or "")[:60],
        )
    console.print(table)
    if history:
        console.print(
            "Changes: "
            + "; ".join(
                f"v{h.version} {show_value(h.old_value)} → {'(retracted)' if h.retracted else show_value(h.new_value)} ({h.resolution})"
                for h in history
            )
        )


@click.command()
@click.argument("field", required=False)
@click.option("--entity", "-e", default=None)
@json_option
@pass_ctx
@run
async def history(ctx: Context, field: str | None, entity: str | None, as_json: bool) -> None:
    """Every committed change, oldest first (optionally for FIELD: a field, domain or name).

    Example: canon history travel.location, canon history rent
    """
    async with open_engine(ctx) as engine:
        entries = await engine.store.history(entity, None)
    known = sorted({h.field for h in entries})
    if field is not None:
        wanted = set(matching_fields(field, known))
        entries = [h for h in entries if h.field in wanted]
        if not entries and not as_json:
            out().print(no_match_text(field, known))
            return
    if as_json:
        emit_json([history_view(h) for h in entries])
        return
    if not entries:
        out().print("No changes recorded.")
        return
    table = Table(title="History")
    for col in ("when", "entity", "field", "from", "to", "confidence", "how"):
        table.add_column(col)
    for h in entries:
        table.add_row(
            h.committed_at.strftime("%Y-%m-%d %H:%M"),
            h.entity_id,
            h.field,
            show_value(h.old_value),
            "(retracted)" if h.retracted else show_value(h.new_value),
            f"{h.confidence:.2f}",
            h.resolution,
        )
    out().print(table)


@click.command()
@click.option("--retry", is_flag=True, help="Re-validate the dead letters whose retry is due.")
@entity_option
@json_option
@now_option
@pass_ctx
@run
async def dlq(
    ctx: Context, retry: bool, entity: str | None, as_json: bool, now_text: str | None
) -> None:
    """Payloads that failed validation, with their errors and retry schedule.

    With --entity, only the payloads naming that entity (alerts are not per entity).

    Example: canon dlq --retry
    """
    if retry and entity is not None:
        raise click.UsageError("--retry works on the whole queue; leave out --entity")
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        report = await retry_due(engine, now, rules=ctx.settings.rules) if retry else None
        letters = letters_of(await engine.store.dead_letters(), entity)
        alerts = await engine.store.alerts() if entity is None else []
    alert_views = [
        {"at": format_ts(at), "kind": kind, "domain": domain, "message": message}
        for at, kind, domain, message in alerts
    ]
    if as_json:
        data: dict[str, Any] = {
            "dead_letters": [dead_letter_view(d) for d in letters],
            "alerts": alert_views,
        }
        if report is not None:
            data["retry"] = report.__dict__
        emit_json(data)
        return
    console = out()
    for alert in alert_views:
        console.print(f"[red]alert[/red] {alert['at']} {alert['domain'] or ''}: {alert['message']}")
    if report is not None:
        console.print(
            f"Retried {report.retried}: {report.resolved} now valid, "
            f"{report.permanently_failed} permanently failed, {report.still_waiting} waiting."
        )
    if not letters:
        console.print("The dead-letter queue is empty.")
        return
    table = Table(title="Dead letters")
    for col in ("id", "schema", "status", "retries", "next retry", "first error"):
        table.add_column(col)
    for d in letters:
        table.add_row(
            d.id[:13],
            d.schema,
            d.status,
            str(d.retry_count),
            "-" if d.next_retry_at is None else d.next_retry_at.strftime("%H:%M:%S"),
            d.errors[0][:80] if d.errors else "",
        )
    console.print(table)


COMMANDS = (init, ingest, state, pending, answer, why, history, dlq)
__all__ = ["COMMANDS", "sys"]
