"""Commands over what Canon believes and why: state, why, history."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import click
from rich.table import Table

from core.cli.common import (
    Context,
    emit_json,
    json_option,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.cli.scope import entity_option
from core.conversation.change_views import answer_acts, changes_view, related_history
from core.conversation.field_match import known_fields, matching_fields, no_match_text
from core.conversation.provenance import OWNER, by_words
from core.conversation.views import age_phrase, state_view, why_view
from core.domain.audit import show_value
from core.domain.quoting import visible
from core.domain.state import CommittedFact
from core.store import EventRecord, HistoryEntry


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
            related = await related_history(engine.store, entity, name)
            acts = await answer_acts(engine.store, [*history, *related])
            views[name] = why_view(fact, events, history, now, related=related, acts=acts)
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
            # A ref and the words heard are their writer's: each on its own line of the cell
            # (a ref "msg-1\nFORGED LINE" read as a row of its own).
            f"{e.source_type}:{visible(e.source_ref or '')}"
            + "".join(f"\n+ {kind}:{visible(ref)}" for kind, ref in e.corroborators),
            e.intent,
            show_value(e.value),
            e.decision,
            f"{e.confidence:.2f}",
            visible((e.evidence_text or "")[:60]),
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
        entries = all_entries = await engine.store.history(entity, None)
        acts = await answer_acts(engine.store, all_entries)
    known = sorted({h.field for h in entries})
    if field is not None:
        wanted = set(matching_fields(field, known))
        entries = [h for h in entries if h.field in wanted]
        if not entries and not as_json:
            out().print(no_match_text(field, known))
            return
    if as_json:
        emit_json(changes_view(all_entries, fields={h.field for h in entries}, acts=acts))
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


COMMANDS = (state, why, history)
