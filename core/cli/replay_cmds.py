"""Scenario replay and the demo: Canon's behaviour, step by step."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from core.cli.common import emit_json, out, run
from core.conversation.context_read import load_context
from core.conversation.question_texts import shown_prompt
from core.domain.audit import show_value
from core.domain.tense import has_ended
from core.engine.engine import Engine, Outcome
from core.scenario import Step, load_scenario, replay

DEMO_SCENARIO = Path(__file__).resolve().parent.parent / "defaults" / "demo_tahoe.json"
_VERDICT = {
    "auto_commit": "committed",
    "ask_user": "asks you",
    "tentative_reject": "kept tentative",
    "duplicate": "duplicate, ignored",
    "invalid": "invalid → dead-letter queue",
}


@click.command(name="replay")
@click.argument("scenario", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the contract's JSON object.")
@run
async def replay_command(scenario: Path, as_json: bool) -> None:
    """Replay a scenario (JSON or YAML) on a fresh temporary store.

    Example: canon replay tests/scenarios/tahoe_incident.json --json
    """
    data = load_scenario(scenario)
    if as_json:
        emit_json(await replay(data))
        return
    console = out()
    transcript = _Transcript(console)
    result = await replay(data, on_step=transcript)
    _final(console, result, transcript.audit, transcript.ended)


@click.command()
@run
async def demo() -> None:
    """The Tahoe incident, replayed and explained: why Canon exists.

    Example: canon demo
    """
    data = load_scenario(DEMO_SCENARIO)
    console = out()
    console.print(Text(f"Canon demo: {data.get('name', 'Tahoe')}", style="bold"))
    for line in data.get("story", []):
        console.print(Text(line, style="dim"))
    console.print()
    transcript = _Transcript(console)
    result = await replay(data, on_step=transcript)
    _final(console, result, transcript.audit, transcript.ended)
    _payoff(console, result, transcript.context)
    console.print(
        Text.assemble(
            "\nTry it yourself: ",
            ("canon ingest", "bold"),
            ", ",
            ("canon pending", "bold"),
            ", ",
            ("canon why travel.status", "bold"),
            ", or ",
            ("canon replay FILE", "bold"),
            ".",
        )
    )


class _Transcript:
    """Prints each step, what Canon decided and why, and what the user would see."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.audit: list[str] = []
        self.context = ""  # the context block as of the last step: what the assistant reads
        self.ended: dict[tuple[str, str], datetime] = {}
        """(entity, field) -> its end, of the facts whose end came by the last step."""

    async def __call__(self, step: Step, outcomes: list[Outcome], engine: Engine) -> None:
        self.audit = [a.line for a in await engine.store.audit()]
        block = await load_context(engine.store, engine.policy, None, step.at)
        self.context = block.text
        self.ended = {
            (f.entity_id, f.field): f.valid_until
            for f in await engine.store.facts()
            if f.valid_until is not None and has_ended(f, step.at)
        }
        c = self.console
        when = step.at.strftime("%a %Y-%m-%d %H:%M %Z")
        if step.note:
            c.print(Text(f"\n{step.note}", style="italic"))
        c.print(Text.assemble((when, "bold cyan"), f"  {_describe(step)}"))
        if step.kind == "markdown":
            for line in step.body["text"].splitlines():
                if line.strip():
                    c.print(Text(f"   │ {line}", style="dim"))
        if step.kind == "answer":
            latest = await engine.store.audit(limit=1)
            if latest and latest[0].at == step.at:
                c.print(Text.assemble("   ", ("Canon records:", "green"), f" {latest[0].line}"))
            return
        if not outcomes:
            c.print(Text("   no claim about your world: nothing to resolve", style="dim"))
        for o in outcomes:
            conf = "" if o.confidence is None else f" ({o.confidence:.2f})"
            colour = {"auto_commit": "green", "ask_user": "yellow"}.get(o.decision, "dim")
            if o.corroborated:
                c.print(
                    Text.assemble(
                        f"   → {o.field} = {show_value(o.candidate_value)}: ",
                        (f"agrees with what Canon already believes{conf}", "green"),
                    )
                )
                continue
            c.print(
                Text.assemble(
                    f"   → {o.field} = {show_value(o.candidate_value)}: ",
                    (f"{_VERDICT[o.decision]}{conf}", colour),
                )
            )
            if o.decision in ("tentative_reject", "ask_user") and o.reasons:
                c.print(Text(f"     because: {_main_reason(o)}", style="dim"))
            if o.decision == "invalid" and o.errors:
                c.print(Text(f"     {o.errors[0]}", style="dim"))
        for item in (o.promoted[0] for o in outcomes if o.promoted):
            c.print(Text("   Canon asks:", style="yellow"))
            for line in shown_prompt(item).splitlines():
                c.print(f"     {line}")
            break


def _describe(step: Step) -> str:
    if step.kind == "message":
        return f'You: "{step.body}"'
    if step.kind == "markdown":
        return f"{step.body['file']} is read:"
    if step.kind == "calendar":
        return f"Calendar: {step.body.get('summary', '')!r} {step.body.get('start', '')}"
    if step.kind == "email":
        return f"Mail: {step.body.get('subject', '')!r}"
    if step.kind == "answer":
        body = step.body
        return "You tap " + (
            "Edit → " + str(body["edit"])
            if isinstance(body, dict)
            else {"confirm": "Yes", "reject": "No"}[body]
        )
    return f"Observation: {step.body.get('field') if isinstance(step.body, dict) else step.body!r}"


def _main_reason(o: Outcome) -> str:
    # Rules and caps say the most; then the threshold; the factor product last.
    rules = [r for r in o.reasons if not any(s in r for s in ("× recency", "below", ">="))]
    thresholds = [r for r in o.reasons if "below" in r]
    return (rules or thresholds or list(o.reasons))[0]


def _final(
    console: Console,
    result: dict[str, Any],
    audit: list[str],
    ended: Mapping[tuple[str, str], datetime] | None = None,
) -> None:
    """The state after the last step; a fact whose end came by then (``ended``: a lesson
    that took place, a stay that is over) is marked so, never shown as current."""
    console.print()
    table = Table(title="What Canon believes now")
    for col in ("entity", "field", "value"):
        table.add_column(col)
    for entity, fields in result["state"].items():
        for name, value in sorted(fields.items()):
            end = (ended or {}).get((entity, name))
            shown = show_value(value)
            if end is not None:
                shown += f" (ended {end:%Y-%m-%d})"
            table.add_row(entity, name, shown)
    console.print(table)
    if audit:
        console.print(Text("\nAudit log", style="bold"))
        for line in audit:
            console.print(f"  {line}")
    if result["pending"]:
        console.print(f"Still waiting for your answer: {len(result['pending'])} question(s).")
    if result["dlq"]:
        console.print(f"Dead-letter queue: {result['dlq']} invalid payload(s), state untouched.")


def _payoff(console: Console, result: dict[str, Any], context: str) -> None:
    """The incident, resolved: the return falls after the trip, and what the assistant reads."""
    state = result["state"].get("user:primary", {})
    due, left = state.get("financial.amazon_return.due_date"), state.get("travel.depart_date")
    back = state.get("travel.location")
    console.print(Text("\nThe Amazon return, resolved", style="bold"))
    if due and left and str(due) > str(left) and state.get("travel.status") == "completed":
        console.print(
            f"  Return the Amazon package on {due}: after the Tahoe trip "
            f"(departed {left}, back in {back}), not before it."
        )
    console.print(
        Text("\nThe context block your assistant receives before every reply", style="bold")
    )
    for line in context.splitlines():
        console.print(f"  {line}")


COMMANDS = (replay_command, demo)
