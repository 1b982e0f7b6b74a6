"""The dead letters: payloads that failed validation (`canon dlq`)."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table
from rich.text import Text

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
from core.cli.scope import entity_option, letters_of
from core.conversation.views import (
    dead_letter_view,
)
from core.domain.timeutil import format_ts
from core.engine.deadletters import retry_due


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
        console.print(
            Text.assemble(
                ("alert", "red"), f" {alert['at']} {alert['domain'] or ''}: {alert['message']}"
            )
        )
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


COMMANDS = (dlq,)
