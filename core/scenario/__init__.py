"""Scenario replay: a contract other tools rely on.

``replay(scenario)`` runs the steps on a fresh temporary store with the
default policy (plus the scenario's ``config`` overrides) and the scenario's
simulated clock, and returns::

    {"state": {entity_id: {field: value}},
     "pending": [{"id", "entity_id", "field", "candidate_value", "confidence"}],
     "queued": [same],
     "decisions": [{"step", "event_id", "entity_id", "field", "candidate_value",
                    "decision", "confidence"}],
     "dlq": count,
     "rollout": [{"step", "domains": {domain: {"stage", "ask_threshold",
                  "auto_threshold", "calibration_remaining", "confirmations_remaining",
                  "learning"}}, and for a rollout step what it did: "promotion" |
                  "wrong" | "fired"}]}

The ``rollout`` list has one entry per step: the rollout the next input meets
(``core.scenario.rollout``), so a scenario can say what the stages and thresholds
must be after any step.

A scenario's ``trusted_senders`` (like the config's) names the mail senders
whose receipts are transaction evidence; every other mail is asked about.

``step`` is the 0-based index of the step in ``steps``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

import yaml

from core.domain.ids import derived_id
from core.domain.models import Source
from core.domain.policy import default_policy, with_overrides
from core.domain.timeutil import format_ts, parse_ts
from core.domain.validation import schema_errors
from core.engine.engine import Engine, Outcome
from core.engine.review import answer_review
from core.engine.signal_ingest import entity_zone
from core.errors import CanonError, ScenarioError
from core.extraction.types import Extractor
from core.jsonlines import parse_json
from core.scenario.rollout import (
    ROLLOUT_STEP_KINDS,
    check_rollout_step,
    rollout_now,
    run_rollout_step,
)
from core.signals.intake import (
    calendar_payloads,
    default_extractor,
    email_payloads,
    message_payloads,
)
from core.signals.trust import NOBODY, SenderTrust, parse_trusted_senders
from core.store.sqlite import SQLiteStore
from core.workspace.manual_input import ingest_markdown_text

STEP_KINDS: Final = (
    "message",
    "observation",
    "markdown",
    "calendar",
    "email",
    "answer",
    *ROLLOUT_STEP_KINDS,
)
MARKDOWN_FILES: Final = ("HEARTBEAT.md", "MEMORY.md")
MAX_SCENARIO_BYTES: Final = 16 << 20


@dataclass(frozen=True)
class Step:
    index: int
    at: datetime
    kind: str
    body: Any
    note: str | None = None
    """Free text for people (the demo prints it); replay ignores it."""


def load_scenario(path: Path) -> dict[str, Any]:
    """Read a scenario file (JSON, or YAML by extension or when JSON fails)."""
    kind = "JSON" if path.suffix.lower() == ".json" else "YAML"
    try:
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise ScenarioError(f"{path} is over the {MAX_SCENARIO_BYTES} byte limit of a scenario")
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"cannot read scenario {path}: {e.strerror or e}") from e
    except UnicodeDecodeError as e:
        raise ScenarioError(f"{path} is not UTF-8 text (byte {e.start}); is it a scenario?") from e
    try:
        if kind == "JSON":
            data, error = parse_json(text)  # no NaN, no absurd nesting
            if error is not None:
                raise ScenarioError(f"{path} is {error}")
        else:
            data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ScenarioError(f"{path} is not valid YAML: {e}") from e
    except RecursionError as e:
        raise ScenarioError(f"{path} is nested too deeply to be a scenario") from e
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is an object with 'steps'")
    return data


def parse_steps(scenario: Mapping[str, Any]) -> list[Step]:
    steps = scenario.get("steps")
    if not isinstance(steps, list):
        raise ScenarioError("a scenario needs a 'steps' list")
    out = []
    for i, raw in enumerate(steps):
        if not isinstance(raw, dict):
            raise ScenarioError(f"step {i}: must be an object")
        if "at" not in raw or not isinstance(raw["at"], str):
            raise ScenarioError(f"step {i}: 'at' (RFC 3339) is required")
        try:
            at = parse_ts(raw["at"])
        except CanonError as e:
            raise ScenarioError(f"step {i}: {e}") from e
        kinds = [k for k in STEP_KINDS if k in raw]
        if len(kinds) != 1:
            raise ScenarioError(
                f"step {i}: needs exactly one of {', '.join(STEP_KINDS)}; got {kinds or 'none'}"
            )
        kind = kinds[0]
        _check_step(i, kind, raw[kind])
        note = raw.get("note")
        out.append(Step(i, at, kind, raw[kind], note if isinstance(note, str) else None))
    return out


def _check_step(i: int, kind: str, body: Any) -> None:
    if kind in ROLLOUT_STEP_KINDS:
        check_rollout_step(i, kind, body)
    if kind == "message" and not isinstance(body, str):
        raise ScenarioError(f"step {i}: 'message' is the text the user sent")
    if kind == "markdown" and (
        not isinstance(body, dict)
        or body.get("file") not in MARKDOWN_FILES
        or not isinstance(body.get("text"), str)
    ):
        raise ScenarioError(f"step {i}: 'markdown' is {{'file': HEARTBEAT.md|MEMORY.md, 'text'}}")
    if kind in ("calendar", "email") and not isinstance(body, dict):
        raise ScenarioError(f"step {i}: {kind!r} must be an object")
    if (
        kind == "answer"
        and body not in ("confirm", "reject")
        and not (
            isinstance(body, dict)
            and set(body) in ({"edit"}, {"edit", "new_place"})
            and isinstance(body.get("new_place", False), bool)
        )
    ):
        raise ScenarioError(
            f"step {i}: 'answer' is 'confirm', 'reject' or {{'edit': value}}"
            " (with 'new_place': true for a place Canon does not know)"
        )


StepHook = Callable[[Step, list[Outcome], Engine], Awaitable[None]]


async def replay(
    scenario: Mapping[str, Any],
    *,
    extractor: Extractor | None = None,
    db_dir: Path | None = None,
    on_step: StepHook | None = None,
) -> dict[str, Any]:
    """Run a scenario on a fresh temporary store; return the contract's JSON object."""
    steps = parse_steps(scenario)
    entity = scenario.get("entity", "user:primary")
    if not isinstance(entity, str):
        raise ScenarioError("'entity' must be a string like 'user:primary'")
    config = scenario.get("config") or {}
    if not isinstance(config, dict):
        raise ScenarioError("'config' must be an object of policy overrides")
    policy = with_overrides(default_policy(), config)
    trust = SenderTrust(parse_trusted_senders(scenario.get("trusted_senders"), "scenario"))
    extract = extractor or default_extractor()
    with tempfile.TemporaryDirectory(prefix="canon-replay-", dir=db_dir) as tmp:
        store = SQLiteStore(Path(tmp) / "replay.db", synchronous="OFF")
        await store.open()
        try:
            engine = Engine(store, policy)
            decisions: list[dict[str, Any]] = []
            rollout: list[dict[str, Any]] = []
            for step in steps:
                if step.kind in ROLLOUT_STEP_KINDS:
                    outcomes: list[Outcome] = []
                    did = await run_rollout_step(engine, step.kind, step.body, entity, step.at)
                else:
                    outcomes = await run_step(engine, step, entity, extract, trust)
                    did = {}
                decisions.extend(_decision(step.index, o) for o in outcomes)
                rollout.append(
                    {"step": step.index, **did, "domains": await rollout_now(engine, entity)}
                )
                if on_step is not None:
                    await on_step(step, outcomes, engine)
            return {**await snapshot(engine, decisions), "rollout": rollout}
        finally:
            await store.close()


async def run_step(
    engine: Engine,
    step: Step,
    entity: str,
    extract: Extractor,
    trust: SenderTrust = NOBODY,
) -> list[Outcome]:
    """Apply one step at its simulated time; the outcomes of what it ingested."""
    now = step.at
    if step.kind == "answer":
        pending = await engine.store.review_items(["pending"])
        if pending:
            body = step.body
            if isinstance(body, dict):
                await answer_review(
                    engine,
                    pending[0].id,
                    "edit",
                    body["edit"],
                    now=now,
                    new_place=body.get("new_place", False),
                )
            else:
                await answer_review(engine, pending[0].id, body, now=now)
        return []
    payloads: list[Any]
    if step.kind == "observation":
        payloads = [step.body]
    elif step.kind == "message":
        ref = f"scenario-step-{step.index}"
        payloads = message_payloads(
            step.body, at=now, entity_id=entity, message_ref=ref, extractor=extract
        )
    elif step.kind == "markdown":
        # Prose outside zones goes through the extractor (static_markdown);
        # STATE-INPUT zones are manual edits, diffed against this file's last step.
        return await ingest_markdown_text(
            engine,
            step.body["file"],
            step.body["text"],
            now=now,
            entity_id=entity,
            extractor=extract,
        )
    else:
        signal = _signal(step, entity)
        errors = schema_errors("signal_event", signal)
        if errors:
            return [await engine.ingest_invalid("signal_event", signal, errors, now=now)]
        # The days a signal names are the user's, on their clock as the live poller reads
        # it (``entity_zone``: their profile.timezone, else their home city's).
        zone = await entity_zone(engine, entity)
        if step.kind == "calendar":
            payloads = calendar_payloads(step.body, at=now, entity_id=entity, zone=zone)
        else:
            trusted = trust.trusts(step.body)
            payloads = email_payloads(
                step.body, at=now, entity_id=entity, trusted=trusted, zone=zone
            )
    return [await engine.ingest(p, now=now) for p in payloads]


def _signal(step: Step, entity: str) -> dict[str, Any]:
    ident = str(step.body.get("id", step.index))
    return {
        "event_id": derived_id("signal", step.kind, ident, format_ts(step.at)),
        "event_ts": format_ts(step.at),
        "entity_id": entity,
        "kind": "calendar_event" if step.kind == "calendar" else "email",
        "source": {
            "type": "calendar" if step.kind == "calendar" else "email",
            "ref": ident[:256] or "-",
        },
        "payload": step.body,
    }


def _decision(step: int, o: Outcome) -> dict[str, Any]:
    return {
        "step": step,
        "event_id": o.event_id,
        "entity_id": o.entity_id,
        "field": o.field,
        "candidate_value": o.candidate_value,
        "decision": o.decision,
        "confidence": o.confidence,
    }


async def snapshot(engine: Engine, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    state: dict[str, dict[str, Any]] = {}
    for fact in await engine.store.facts():
        state.setdefault(fact.entity_id, {})[fact.field] = fact.value

    def item(r: Any) -> dict[str, Any]:
        return {
            "id": r.id,
            "entity_id": r.entity_id,
            "field": r.field,
            "candidate_value": r.candidate_value,
            "confidence": r.confidence,
        }

    return {
        "state": state,
        "pending": [item(r) for r in await engine.store.review_items(["pending"])],
        "queued": [item(r) for r in await engine.store.review_items(["queued"])],
        "decisions": decisions,
        "dlq": len(await engine.store.dead_letters()),
    }


__all__ = ["Source", "load_scenario", "parse_steps", "replay", "run_step", "snapshot"]
