"""The tools of ``/setup`` (``definitions/setup.yaml``): every step writes through Canon's
review loop.

- ``record_profile``: the user's words go through the extractor and the engine like any
  chat message, so a new name, home city or timezone becomes a Yes / No / Edit question
  (profile changes always need the user's confirmation); it succeeds when the words held
  at least one profile fact.
- ``check_calendar`` / ``check_mail``: sources live in the CANON_CONFIG file (secrets in the
  environment, never in the chat); the tool reads the file again and polls each calendar or
  mailbox once, through the engine, so what it finds is resolved and asked about as usual.
  Nothing the chat shows names a secret or a URL: only the source's name and kind.
- ``skip``: go on without this step.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Sequence

from core.agent.session import JsonObject
from core.domain import phrasing
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.message_ids import message_key
from core.errors import ConfigError
from core.extraction.types import Extractor
from core.signals.intake import message_payloads
from core.signals.rules import Rule
from core.sources.base import SourceConfig
from core.sources.poller import poll_source
from core.workflows.graph import ToolOutcome, WorkflowContext, WorkflowTool

SourcesReader = Callable[[], Sequence[SourceConfig]]
"""The sources configured now (the CANON_CONFIG file read again); ConfigError if it is bad."""

KINDS = {"calendar": ("ics", "caldav", "google"), "mail": ("imap",)}
"""Which ``[[sources]]`` kinds each step checks."""

EXAMPLE = "for example: My name is Ada, I live in Lisbon, my timezone is Europe/Lisbon"

_NO_ARGS: JsonObject = {"type": "object", "properties": {}, "additionalProperties": False}
SETUP_TOOL_SPECS: dict[str, JsonObject] = {
    "record_profile": {
        "description": (
            "Record what the user said about themselves (name, home city, timezone); "
            "each new fact is put to the user as a Yes / No / Edit question."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "text": {
                    "type": "string",
                    "description": "The user's words about their name, city or timezone; "
                    "omit to use their message as it is.",
                }
            },
            "additionalProperties": False,
        },
    },
    "check_calendar": {
        "description": "Read the calendars configured in the user's CANON_CONFIG file once.",
        "parameters": _NO_ARGS,
    },
    "check_mail": {
        "description": "Read the mailboxes configured in the user's CANON_CONFIG file once.",
        "parameters": _NO_ARGS,
    },
    "skip": {"description": "Go on to the next step without this one.", "parameters": _NO_ARGS},
}
"""The tools' OpenAI function specs (description and JSON-schema parameters), by name."""


def setup_tools(
    engine: Engine,
    extractor: Extractor,
    read_sources: SourcesReader,
    rules: Sequence[Rule] = (),
) -> dict[str, WorkflowTool]:
    """The tools ``setup.yaml`` names, bound to one engine."""

    async def record_profile(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
        text = str(args.get("text", ""))
        ref = str(args.get("message_ref") or f"setup:{ctx.entity_id}:{ctx.at.isoformat()}")
        key = await message_key(engine.store)

        def extract() -> list[JsonObject]:
            return message_payloads(
                text,
                at=ctx.at,
                entity_id=ctx.entity_id,
                message_ref=ref,
                extractor=extractor,
                id_key=key,
            )

        # A model-backed extractor blocks on the network: keep the loop free.
        payloads = extract() if inspect.isfunction(extractor) else await asyncio.to_thread(extract)
        fields = [
            str(p["field"]) for p in payloads if str(p.get("field", "")).startswith("profile.")
        ]
        if not fields:
            return ToolOutcome(
                False, f"I didn't find your name, city or timezone there ({EXAMPLE})."
            )
        # The user's own words in their own chat: theirs.
        outcomes = await engine.ingest_batch(
            payloads, now=ctx.at, principal=user_principal(ctx.entity_id)
        )
        asked = sorted({o.review_item_id for o in outcomes if o.review_item_id is not None})
        named = ", ".join(phrasing.label(f, ctx.entity_id, ctx.entity_id) for f in fields)
        said = f"Got it: {named}."
        if asked:
            said += " Please confirm below."
        known = list(ctx.data.get("profile_fields", []))
        data: JsonObject = {"profile_fields": sorted({*known, *fields}), "profile_questions": asked}
        return ToolOutcome(True, said, data)

    def checker(step: str) -> WorkflowTool:
        kinds = KINDS[step]

        async def check(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
            try:
                configured = [s for s in read_sources() if s.kind in kinds]
            except ConfigError as e:
                return ToolOutcome(False, f"Your config file has a problem: {e}")
            if not configured:
                return ToolOutcome(
                    False,
                    f"No {step} source is configured yet ({' / '.join(kinds)} in [[sources]]). "
                    'Add one and say "check", or say "skip".',
                )
            lines, read = [], []
            for cfg in configured:
                report = await poll_source(engine, engine.store.source_states, cfg, ctx.at, rules)
                if report.ok:
                    read.append(cfg.name)
                    lines.append(f"Read {cfg.name} ({cfg.kind}): {report.signals} new items.")
                else:  # the error may quote a URL with a token in it: not in the chat
                    lines.append(f"Could not read {cfg.name} ({cfg.kind}); canon sources says why.")
            data: JsonObject = {f"{step}_sources": read}
            return ToolOutcome(bool(read), " ".join(lines), data)

        return check

    async def skip(args: JsonObject, ctx: WorkflowContext) -> ToolOutcome:
        return ToolOutcome(True, f"Skipped {ctx.state}.", {f"{ctx.state}_skipped": True})

    return {
        "record_profile": record_profile,
        "check_calendar": checker("calendar"),
        "check_mail": checker("mail"),
        "skip": skip,
    }
