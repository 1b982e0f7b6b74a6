"""Commands over the questions Canon asks: pending, answer."""

from __future__ import annotations

from datetime import datetime

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
from core.cli.scope import entity_option, items_of
from core.conversation.question_texts import shown_prompt
from core.conversation.said_since import overtaken_refusal
from core.conversation.views import review_view
from core.domain.audit import show_value
from core.domain.state import CommittedFact
from core.domain.timeutil import parse_ts
from core.engine.bootstrap import proposed_findings, thing_of
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import CanonError, NotFound, Overtaken, ReviewError, UnknownPlace
from core.store import ReviewItem


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
    "--seen-since",
    "seen_text",
    metavar="TIME",
    help="With confirm: the time of the newer word you were shown (as a refused Yes names "
    "it); your Yes then stands over that word.",
)
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
    seen_text: str | None,
    new_place: bool,
    entity: str | None,
    now_text: str | None,
    as_json: bool,
) -> None:
    """Answer a pending question: confirm, reject, or edit VALUE.

    ID may be any unique prefix of the id `canon pending` shows. With --entity,
    a question about another entity is refused and nothing changes. VALUE is read
    by the field's kind, as in the chat: a place Canon does not know is refused
    unless --new-place says to use it anyway. A Yes over someone's word said on
    the field since the question was asked is refused, naming whose word and when;
    --seen-since with that time says you know it, and your Yes stands.

    Example: canon answer 01a2f3 edit "Mexico City"
    """
    if action == "edit" and value is None:
        raise click.UsageError("edit needs the corrected VALUE")
    if action != "edit" and new_place:
        raise click.UsageError("--new-place goes with edit only")
    if action != "confirm" and seen_text is not None:
        raise click.UsageError("--seen-since goes with confirm only")
    seen = None if seen_text is None else _seen_since(seen_text)
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
                seen=seen,
            )
        except UnknownPlace as e:
            raise UnknownPlace(e.place, "add --new-place to use it anyway") from None
        except Overtaken as e:
            raise await _overtaken(ctx, engine, item, e.fact) from None
    if as_json:
        emit_json(
            {
                "item": review_view(result.item),
                "status": result.status,
                "committed": result.committed,
                "committed_value": result.committed_value,
                "promoted": [review_view(r) for r in result.promoted],
                "also_settled": [review_view(r) for r in result.implied],
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
    if item.kind == "bootstrap":  # what the files said: kept, dropped, or some dropped
        kept = "Kept" if result.status == "confirmed" else "Dropped"
        dropped = (result.item.answer or {}).get("dropped")
        out().print(f"{kept} what your files say:")
        for found in proposed_findings(item):
            if dropped is None or thing_of(found) in dropped:
                out().print(f"  {found.field} = {show_value(found.value)}")
        if result.held is not None:
            out().print(f"The rest is asked again: {result.held.id}")
    elif result.held is not None:  # a part of a grouped question: asked with the rest
        held = show_value(result.held.candidate_value)
        out().print(f"Changed to {held}: asked again with the rest of its question ({item.field})")
    else:
        out().print(f"{verb}: {item.field} = {target}")
    for fix in result.implied:  # what the answer forced on the trip's other fields
        out().print(f"  and so: {fix.field} = {show_value(fix.candidate_value)} ({fix.reasons[0]})")
    rest = None if result.held is None else result.held.id  # said above: not again
    for nxt in [p for p in result.promoted if p.id != rest][:1]:
        out().print("\nNext question:\n" + shown_prompt(nxt))


def _seen_since(text: str) -> datetime:
    try:
        return parse_ts(text)
    except CanonError:
        raise click.BadParameter(
            "the time a refused Yes named (RFC 3339), e.g. 2026-11-25T14:30:00Z",
            param_hint="--seen-since",
        ) from None


async def _overtaken(
    ctx: Context, engine: Engine, item: ReviewItem, word: CommittedFact
) -> Overtaken:
    """The refusal as the API's 409 says it (whose newer word, when, what), read for the
    one the question was asked of, with the command line's way to answer knowing it."""
    audience = ctx.settings.audience
    asked = item.principal if (item.principal or "").startswith("user:") else item.entity_id
    said, _ = await overtaken_refusal(
        engine.store,
        item,
        word,
        asked or item.entity_id,
        audience.household,
        audience.configured_names(),
        again=f"run canon answer {item.id[:13]} confirm --seen-since {{seen}}",
    )
    return Overtaken(word, said)


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


COMMANDS = (pending, answer)
