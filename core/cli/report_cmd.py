"""``canon report``: the success metrics over time as one self-contained HTML file."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from core.cli.common import Context, now_option, open_engine, out, pass_ctx, resolve_now, run
from core.cli.metrics_cmd import parse_since
from core.cli.scope import entity_option
from core.engine.metrics_timeline import MetricsTimeline, measure_timeline
from core.errors import ConfigError
from core.private_files import write_private

if TYPE_CHECKING:
    from core.report.charts import ThresholdPoint


@click.command()
@click.option(
    "--out",
    "out_path",
    required=True,
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the HTML file.",
)
@click.option(
    "--since",
    "since_text",
    default="30d",
    show_default=True,
    metavar="RFC3339|SPAN",
    help="Start of the window: a time, or a span back from now (90m, 24h, 7d, 2w).",
)
@entity_option
@now_option
@pass_ctx
def report(
    ctx: Context, out_path: Path, since_text: str, entity: str | None, now_text: str | None
) -> None:
    """Write an HTML report: each metric per day and over a rolling week, overall and
    per domain; the review burden; the thresholds over time; a summary table.

    The file needs nothing else to open (charts are embedded PNGs, no network).

    Example: canon report --out report.html --since 30d
    """
    now = resolve_now(now_text)
    since = parse_since(since_text, now)
    timeline, thresholds = _measure(ctx, since, now, entity)
    # matplotlib is imported only by the command that draws.
    from core.report.html import render_report

    page = render_report(timeline, thresholds, entity=entity, generated=now)
    try:
        # It charts the user's life: 0600. The folder is the user's to make.
        write_private(out_path, page.encode("utf-8"), make_folder=False)
    except OSError as e:
        raise ConfigError(f"cannot write {out_path}: {e.strerror or e}") from e
    what = "nothing to chart yet" if timeline.empty else f"{len(timeline.days)} day(s) charted"
    out().print(f"Wrote {out_path} ({what}).")


@run
async def _measure(
    ctx: Context, since: datetime, now: datetime, entity: str | None
) -> tuple[MetricsTimeline, list[ThresholdPoint]]:
    from core.domain.rollout import threshold_history
    from core.report.charts import ThresholdPoint

    async with open_engine(ctx) as engine:
        timeline = await measure_timeline(
            engine.store,
            since=since,
            now=now,
            entities=None if entity is None else [entity],
            policy=engine.policy,
        )
        events = await engine.store.policy_log.policy_events()
        rows = threshold_history(engine.policy, events, since, now)
        return timeline, [ThresholdPoint(*row) for row in rows]


COMMANDS = (report,)
