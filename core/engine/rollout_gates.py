"""Promotion gates (design "Rollout Gates"): when a domain has earned the next stage.

The table, exactly as the design lists it; each gate is measured over the
domain's current stage (from when it entered it to ``now``):

    M -> 0   >= 7 days in M, schema validation success >= 99.9%, no data-loss incident
    0 -> 1   >= 3 days in 0, human agreement >= 95%
    1 -> 2   >= 7 days in 1, correction rate <= 5%, no P0 false-state incident
    2 -> 3   >= 14 days in 2, auto-commit precision >= 97%, review burden <= 40%
    3        ongoing: 30-day rolling correction rate <= 2%, P0 incidents = 0

A gate whose metric has no sample FAILS, with the metric's reason: nothing
measured is not a pass. Incidents are ``incident`` policy events of the domain
(``core.domain.rollout``), counted when they happened in the window:

- ``p0`` (a P0 false-state incident): the user said a value Canon committed on
  its own (an auto-commit) was wrong: ``/wrong`` on it, or an Edit that replaced
  it within the correction window (``core.engine.incidents``).
- ``data_loss``: a value Canon had committed was lost or changed without a
  commit saying so (recorded by the owner with ``canon rollout incident``).

``evaluate_promotion`` is pure; ``rollout_report`` reads the store once for all
domains.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal, get_args

from core.domain.dead_letters import DeadLetter
from core.domain.event_log import LogWindow
from core.domain.fields import domain_of
from core.domain.review_items import ReviewStatus
from core.domain.rollout import STAGE_NAMES, PolicyEvent, RolloutState, Stage, fold_policy_events
from core.engine.engine import Engine
from core.engine.metrics import compute_metrics
from core.engine.metrics_report import Metric
from core.errors import ConfigError
from core.store import Store

NEXT_STAGE: Mapping[Stage, Stage] = {"M": "0", "0": "1", "1": "2", "2": "3"}
ROLLING_WINDOW = timedelta(days=30)
"""Stage 3's ongoing check looks back this far."""
NOT_MEASURED_YET = "not measured yet"

Op = Literal[">=", "<=", "=="]


@dataclass(frozen=True)
class GateSpec:
    """One row's condition: ``metric`` (a metric name, ``days_in_stage`` or an
    ``incidents:<key>`` count) compared with ``threshold``."""

    metric: str
    op: Op
    threshold: float


@dataclass(frozen=True)
class Gate:
    """A gate as measured: its value (None when there is no sample) and whether it passed."""

    name: str
    op: Op
    threshold: float
    value: float | None
    passed: bool
    reason: str | None = None

    def line(self) -> str:
        """One line: the gate, its value, its threshold, pass or why not."""
        shown = "no data" if self.value is None else _show(self.name, self.value)
        verdict = "pass" if self.passed else "FAIL"
        why = f" ({self.reason})" if self.reason and not self.passed else ""
        limit = _show(self.name, self.threshold)
        return f"{self.name} {shown} (needs {self.op} {limit}): {verdict}{why}"


@dataclass(frozen=True)
class Promotion:
    """The gates between a domain's stage and the next (``to`` None: Stage 3's ongoing check)."""

    domain: str
    stage: Stage
    to: Stage | None
    since: datetime | None
    window_start: datetime
    gates: tuple[Gate, ...]

    @property
    def passed(self) -> bool:
        return all(g.passed for g in self.gates)

    def failing(self) -> list[Gate]:
        return [g for g in self.gates if not g.passed]


GATES: Mapping[Stage, tuple[GateSpec, ...]] = {
    "M": (
        GateSpec("days_in_stage", ">=", 7),
        GateSpec("schema_validation_success", ">=", 0.999),
        GateSpec("incidents:data_loss", "==", 0),
    ),
    "0": (GateSpec("days_in_stage", ">=", 3), GateSpec("human_agreement", ">=", 0.95)),
    "1": (
        GateSpec("days_in_stage", ">=", 7),
        GateSpec("correction_rate", "<=", 0.05),
        GateSpec("incidents:p0", "==", 0),
    ),
    "2": (
        GateSpec("days_in_stage", ">=", 14),
        GateSpec("auto_commit_precision", ">=", 0.97),
        GateSpec("review_burden", "<=", 0.40),
    ),
    "3": (GateSpec("correction_rate", "<=", 0.02), GateSpec("incidents:p0", "==", 0)),
}


def stage_window(
    stage: Stage, since: datetime | None, started: datetime | None, now: datetime
) -> datetime:
    """Where a stage's measurements start: Stage 3 rolls over 30 days; other stages
    from when the domain entered them (the first logged input for the initial stage)."""
    begun = since or started or now
    if stage == "3":
        return max(begun, now - ROLLING_WINDOW)
    return begun


def evaluate_promotion(
    domain: str,
    stage: Stage,
    since: datetime | None,
    started: datetime | None,
    metrics: Mapping[str, Metric],
    incidents: Sequence[PolicyEvent],
    now: datetime,
) -> Promotion:
    """Measure each gate of ``stage``'s row; pure.

    ``since`` is when the domain entered ``stage`` (None: the configured initial
    stage, which counts from ``started``, the first logged input, if any).
    ``metrics`` hold the domain's and the system's metrics over the stage's
    window (see ``stage_window``); ``incidents`` are the domain's incident events.
    """
    start = stage_window(stage, since, started, now)
    gates = []
    for spec in GATES[stage]:
        value, reason = _measured(spec.metric, start, since or started, metrics, incidents, now)
        passed = value is not None and _holds(value, spec.op, spec.threshold)
        gates.append(Gate(spec.metric, spec.op, spec.threshold, value, passed, reason))
    return Promotion(domain, stage, NEXT_STAGE.get(stage), since, start, tuple(gates))


def _measured(
    name: str,
    start: datetime,
    entered: datetime | None,
    metrics: Mapping[str, Metric],
    incidents: Sequence[PolicyEvent],
    now: datetime,
) -> tuple[float | None, str | None]:
    if name == "days_in_stage":
        if entered is None:
            return None, "nothing logged yet"
        return (now - entered).total_seconds() / 86400, None
    if name.startswith("incidents:"):
        key = name.split(":", 1)[1]
        return float(sum(1 for e in incidents if e.key == key and start <= e.at <= now)), None
    metric = metrics.get(name)
    if metric is None:
        return None, NOT_MEASURED_YET
    return metric.value, metric.reason


def _holds(value: float, op: Op, threshold: float) -> bool:
    if op == ">=":
        return value >= threshold - 1e-12
    if op == "<=":
        return value <= threshold + 1e-12
    return value == threshold


def _show(name: str, value: float) -> str:
    if name == "days_in_stage":
        return f"{value:.1f} days"
    if name.startswith("incidents:"):
        return str(int(value))
    return f"{value:.1%}"


# -- reading the store ------------------------------------------------------------------


async def read_rollout(
    engine: Engine, entity: str | None = None
) -> tuple[RolloutState, list[PolicyEvent]]:
    """The policy-change log and ``entity``'s rollout it folds into (None: the store-wide
    default)."""
    events = await engine.store.policy_log.policy_events()
    return fold_policy_events(engine.policy, events, entity), events


def letter_entity(letter: DeadLetter) -> str | None:
    """The entity a dead letter's payload names, if it names one."""
    try:
        payload = json.loads(letter.payload)
    except (ValueError, RecursionError):
        return None
    entity = payload.get("entity_id") if isinstance(payload, dict) else None
    return entity if isinstance(entity, str) else None


async def first_input_at(store: Store) -> datetime | None:
    """When the first input was logged: the start of the configured initial stage."""
    log = await store.log_since(datetime.min.replace(tzinfo=UTC))
    return min((e.ingested_at for e in log.events), default=None)


class MetricReader:
    """Reads the store once, then computes per-domain and system metrics over any window."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._loaded = False

    async def load(self, since: datetime) -> None:
        self.log = await self.store.log_since(since)
        self.history = await self.store.history(None, None)
        self.reviews = await self.store.review_items(get_args(ReviewStatus))
        self.letters = await self.store.dead_letters()
        self._loaded = True

    def entities(self, since: datetime) -> list[str]:
        """The entities with an input logged, or a commit, at or after ``since``, sorted."""
        assert self._loaded, "load() first"
        logged = {e.entity_id for e in self.log.events if e.ingested_at >= since}
        changed = {h.entity_id for h in self.history if h.committed_at >= since}
        return sorted(logged | changed)

    def metrics(
        self, domain: str | None, since: datetime, now: datetime, entity: str | None = None
    ) -> dict[str, Metric]:
        """``domain``'s metrics (all domains when None) and the system's, over [since, now];
        only ``entity``'s inputs, commits, questions and dead letters when given (a dead
        letter is an entity's when its payload names it)."""
        assert self._loaded, "load() first"

        def whose(entity_id: str | None) -> bool:
            return entity is None or entity_id == entity

        def mine(field: str, entity_id: str) -> bool:
            return (domain is None or domain_of(field) == domain) and whose(entity_id)

        events = [e for e in self.log.events if e.ingested_at >= since and whose(e.entity_id)]
        log = LogWindow(
            tuple(e for e in events if mine(e.field, e.entity_id)),
            tuple((eid, at) for eid, at in self.log.duplicates if at >= since),
        )
        letters = [d for d in self.letters if whose(letter_entity(d))]
        # No gate or rule uses validation coverage, so its evidence is not read.
        report = compute_metrics(
            log=log,
            history=[h for h in self.history if mine(h.field, h.entity_id)],
            reviews=[r for r in self.reviews if mine(r.field, r.entity_id)],
            letters=letters,
            evidence={},
            since=since,
            now=now,
        )
        if domain is not None:  # the system metrics are the whole pipeline's
            system_log = LogWindow(tuple(events), log.duplicates)
            system = compute_metrics(
                log=system_log,
                history=[],
                reviews=[],
                letters=letters,
                evidence={},
                since=since,
                now=now,
            ).system
        else:
            system = report.system
        return {**report.overall.metrics, **system}


async def rollout_report(
    engine: Engine, now: datetime, entity: str | None = None
) -> tuple[RolloutState, list[Promotion]]:
    """Every domain's stage and the gates of its next promotion (or Stage 3's check), for
    ``entity`` (its rollout, measured over its own inputs and incidents) or, when None,
    for the store-wide default (measured over the whole store and every incident)."""
    state, events = await read_rollout(engine, entity)
    started = await first_input_at(engine.store)
    domains = list(state.domains)
    starts = {
        d: stage_window(state.domain(d).stage, state.domain(d).stage_since, started, now)
        for d in domains
    }
    reader = MetricReader(engine.store)
    await reader.load(min(starts.values(), default=now))
    promotions = []
    for d in domains:
        rollout = state.domain(d)
        incidents = rollout.incidents
        if entity is None:  # a promotion for everyone answers for everyone's incidents
            incidents = tuple(e for e in events if e.kind == "incident" and e.domain == d)
        promotions.append(
            evaluate_promotion(
                d,
                rollout.stage,
                rollout.stage_since,
                started,
                reader.metrics(d, starts[d], now, entity),
                incidents,
                now,
            )
        )
    return state, promotions


async def promote(
    engine: Engine, domain: str, now: datetime, entity: str | None = None
) -> tuple[Promotion, bool]:
    """Move ``domain`` to its next stage if every gate passes (a stage event by the owner,
    for ``entity`` alone or, when None, the store-wide default); the gates as measured,
    and whether it moved. An unknown domain, or one at Stage 3, is a ConfigError."""
    state, promotions = await rollout_report(engine, now, entity)
    found = [p for p in promotions if p.domain == domain]
    if not found:
        raise ConfigError(f"unknown domain {domain!r} (known: {', '.join(state.domains)})")
    p = found[0]
    if p.to is None:
        raise ConfigError(f"{domain} is at Stage 3, the last stage")
    if not p.passed:
        return p, False
    reason = "promoted by the owner; gates: " + "; ".join(g.line() for g in p.gates)
    scope = "" if entity is None else f"{entity}:"
    event = PolicyEvent(
        f"promote:{scope}{domain}:{p.stage}->{p.to}:{state.last_seq}",
        now, "stage", domain, "stage", p.stage, p.to, reason, "owner", entity=entity,
    )  # fmt: skip
    await engine.record_policy_events([event])
    return p, True


def stage_label(stage: Stage) -> str:
    return f"{stage} ({STAGE_NAMES[stage]})"
