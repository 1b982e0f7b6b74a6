"""`canon extract` and `canon eval intents`: the offline extractor from the command line.

The main CLI registers ``extract_command`` and ``eval_group``. The current time
is read here, at the edge, and only when ``--at`` is not given; everything
below works from the ``at`` passed in.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import IO

import click

from core.cli.common import Context
from core.errors import ConfigError, InputError
from core.extraction.batch import primed
from core.extraction.evaluation import (
    EvalReport,
    LabelledRecord,
    evaluate,
    load_jsonl,
    render_text,
)
from core.extraction.offline import extract_offline
from core.extraction.types import Extraction, Extractor, ReadRequest, SourceKind
from core.jsonlines import read_jsonl

EVAL_DEFAULT_AT = "2026-03-04T09:00:00-08:00"
"""Message time for labelled records without their own ``at`` (a Wednesday)."""


class _BadInput(click.ClickException):
    """One clear line on stderr, exit status 2, no traceback."""

    exit_code = 2


def parse_at(raw: str | None) -> datetime:
    """``--at`` as an aware datetime; now (UTC) when absent. Naive times are refused."""
    if raw is None:
        return datetime.now(UTC)
    try:
        at = datetime.fromisoformat(raw.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise _BadInput(f"--at {raw!r} is not an RFC 3339 date-time") from None
    if at.tzinfo is None or at.utcoffset() is None:
        raise _BadInput(f"--at {raw!r} has no UTC offset; add one, e.g. {raw}+00:00")
    return at


def _table(ex: Extraction) -> str:
    lines = [f"intent: {ex.intent}"]
    if not ex.observations:
        lines.append("(no observations)")
    for o in ex.observations:
        until = f"  until {o.valid_until.isoformat()}" if o.valid_until else ""
        ask = f"  ask: {o.needs_confirmation}" if o.needs_confirmation else ""
        lines.append(
            f"  {o.field:<34} {o.candidate_value!s:<24} {o.intent:<12} "
            f"{o.extraction_confidence:.2f}{until}{ask}"
        )
    return "\n".join(lines)


def _batch_records(stream: IO[bytes], default_at: datetime) -> Iterator[tuple[str, datetime] | str]:
    """Each line's text and time, or the one-line error a bad line gets instead."""
    try:
        for line in read_jsonl(stream, getattr(stream, "name", "input")):
            if line.error is not None:
                yield f"line {line.number}: {line.error}"
                continue
            obj = line.value
            if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
                yield f"line {line.number}: expected an object with a string 'text'"
                continue
            at = default_at
            if obj.get("at") is not None:
                try:
                    at = parse_at(str(obj["at"]))
                except _BadInput as exc:
                    yield f"line {line.number}: {exc.message.replace('--at', 'at')}"
                    continue
            yield obj["text"], at
    except InputError as e:
        raise _BadInput(str(e)) from None


_OPTION_LIKE = re.compile(r"--?[A-Za-z][\w-]*(?:=.*)?", re.S)


class _TextCommand(click.Command):
    """A command whose TEXT may start with "-" ("- [ ] Pay rent", "-5 and snowing").

    click takes any argument starting with "-" for an option. One that cannot be an
    option (no option name follows the dashes) is moved behind ``--`` here, so it
    reaches TEXT; ``--`` itself works as usual for text that does look like an option.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        cut = args.index("--") if "--" in args else len(args)
        head, tail = args[:cut], args[cut + 1 :]
        texts = [
            a
            for a in head
            if a.startswith("-") and a not in ("-", "--") and not _OPTION_LIKE.fullmatch(a)
        ]
        if texts:
            args = [a for a in head if a not in texts] + ["--", *texts, *tail]
        return super().parse_args(ctx, args)


@click.command("extract", cls=_TextCommand)
@click.argument("text", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the extraction as JSON.")
@click.option("--at", "at_raw", metavar="RFC3339", help="Message time (default: now, UTC).")
@click.option(
    "--batch",
    type=click.File("rb"),
    metavar="FILE",
    help="JSON Lines with 'text' (and optional 'at'); '-' reads stdin.",
)
@click.option("--markdown", is_flag=True, help="Read TEXT as a line of a Markdown note.")
@click.option(
    "--llm",
    is_flag=True,
    help="Ask the model configured by CANON_LLM_* (rules stand in if it fails).",
)
def extract_command(
    text: str | None,
    as_json: bool,
    at_raw: str | None,
    batch: IO[bytes] | None,
    markdown: bool,
    llm: bool,
) -> None:
    """Show the intent and observations the offline extractor (or --llm) finds in TEXT.

    TEXT may start with a dash, as Markdown list items do; "--" ends the options
    for text that looks like one:

    \b
      canon extract --markdown "- [ ] Return Amazon package"
      canon extract --markdown --at 2026-02-18T20:00:00-08:00 -- "- [x] Pay rent"
      canon extract -- "--verbose is not an option here"
      CANON_LLM_BASE_URL=http://127.0.0.1:11434/v1 CANON_LLM_MODEL=llama3.1 canon extract --llm "Hi"
    """
    extractor = _llm_extractor() if llm else extract_offline
    at = parse_at(at_raw)
    source: SourceKind = "static_markdown" if markdown else "conversation_assertive"
    if batch is not None:
        if text is not None:
            raise _BadInput("give either TEXT or --batch, not both")
        bad = 0
        records = primed(
            _batch_records(batch, at),
            lambda record: None if isinstance(record, str) else (record[0], source),
        )
        for record in records:
            if isinstance(record, str):  # reported, and the next lines still go through
                click.echo(f"Error: {record}", err=True)
                bad += 1
                continue
            ex = extractor(record[0], at=record[1], source=source)
            click.echo(json.dumps(ex.as_dict(), ensure_ascii=False))
        if bad:
            click.get_current_context().exit(_BadInput.exit_code)
        return
    if text is None:
        raise _BadInput("missing TEXT (or --batch FILE)")
    ex = extractor(text, at=at, source=source)
    click.echo(json.dumps(ex.as_dict(), ensure_ascii=False) if as_json else _table(ex))


def _llm_extractor() -> Extractor:
    from core.extraction.llm import LLMExtractor

    try:
        config = click.get_current_context().ensure_object(Context).settings.llm
    except ConfigError as e:
        raise _BadInput(str(e)) from None
    if config is None:
        raise _BadInput("--llm needs CANON_LLM_BASE_URL and CANON_LLM_MODEL")
    model = LLMExtractor(config)

    def extract(
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction:
        request = ReadRequest(text, at, entity_id, source, known_people, recent_subject)
        result = model.extract(request)
        if result.report.used == "offline":
            click.echo(
                f"model not used ({result.report.fallback}: {result.report.detail}); rules used",
                err=True,
            )
        return result.extraction

    return extract


@click.group("eval")
def eval_group() -> None:
    """Measure extractors against labelled messages."""


@eval_group.command("intents")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--at",
    "at_raw",
    default=EVAL_DEFAULT_AT,
    show_default=True,
    metavar="RFC3339",
    help="Message time of records without their own 'at'.",
)
def eval_intents(file: IO[str], as_json: bool, at_raw: str) -> None:
    """Score the offline extractor on FILE (JSON Lines: text, intent, expect...)."""
    at = parse_at(at_raw)
    try:
        records = load_jsonl(file)
    except ValueError as exc:
        raise _BadInput(f"{getattr(file, 'name', 'input')}: {exc}") from None
    except RecursionError:
        raise _BadInput(f"{getattr(file, 'name', 'input')}: nested too deeply") from None
    report: EvalReport = evaluate(
        primed(records, lambda rec: (rec.text, _eval_source(rec))), extract_offline, default_at=at
    )
    if as_json:
        click.echo(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(report))


def _eval_source(rec: LabelledRecord) -> SourceKind:
    # As ``evaluate`` reads it: a record tagged markdown is a line of a note.
    return "static_markdown" if "markdown" in rec.tags else "conversation_assertive"


def main() -> None:  # pragma: no cover - convenience entry for `python -m core.cli.extraction_cmds`
    extract_command.main(sys.argv[1:])


COMMANDS = (extract_command, eval_group)
