"""Rollout state: how much autonomy each domain has earned, as a fold of policy events.

Every change to a stage, a threshold, a source's reliability or the learning
switch is a ``PolicyEvent`` appended to the policy-change log, with its reason
and who made it (a promotion by the owner, a rollback rule, the daily learning
run). ``fold_policy_events`` replays that log into a ``RolloutState``;
``effective_policy`` turns the configured policy plus that state plus how many
changes each domain has seen into the policy the resolver is handed. All of it
is pure: the resolver stays a function of its inputs, and a policy in force at
any moment can be rebuilt from the log.

Which values apply where:

- Stage (per domain, ``rollout.initial_stage`` until an event moves it):
  M fixed thresholds, 0 shadow, 1 auto-commit only at ``assisted_confidence``,
  2 domain thresholds, 3 adaptive thresholds.
- Thresholds raised by a rollback rule apply in every stage (a safety raise).
  Learned thresholds and reliabilities apply only while learning is on, and
  learned thresholds only in Stage 3.
- Calibration: while an entity has seen fewer than ``calibration_mutations``
  changes in a domain, auto-commit there needs ``calibration_confidence``,
  whatever the stage.
- ``confirm_next``: after a correction spike the next N changes in the domain
  are all asked.

Per entity: every event may name an ``entity``. An event for no entity (every
event of a log written before events had one) is a store-wide default and
applies to every entity; an entity's own event (its rollback, its learning, an
owner's promotion for it) applies to it alone. An entity's rollout is the fold
of the events that apply to it (``applies_to``), in log order, so the latest
one wins; and its calibration counts only its own changes. Nothing one entity
does can change another entity's autonomy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple, cast, get_args

from core.domain.policy import STAGES, Autonomy, DomainPolicy, Policy
from core.errors import ConfigError

Stage = Literal["M", "0", "1", "2", "3"]
PolicyEventKind = Literal[
    "stage",  # domain; new: the stage ("M", "0", "1", "2", "3")
    "threshold",  # domain; key: "ask_threshold" | "auto_threshold"; new: float
    "reliability",  # no domain; key: the source type; new: float
    "learning",  # no domain; new: bool
    "confirm_next",  # domain; new: how many following changes must be asked
    "incident",  # domain; key: "p0" | "data_loss"; new: what happened (an object)
]
Actor = Literal["owner", "rollback", "learning"]
"""Who changed the policy: the owner (a promotion, a switch), a rollback rule,
or the daily learning run."""

POLICY_EVENT_KINDS: Final = frozenset(get_args(PolicyEventKind))
STAGE_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {"M": "MVP core", "0": "shadow", "1": "assisted", "2": "calibrated", "3": "autonomous"}
)


@dataclass(frozen=True)
class PolicyEvent:
    """One change to the policy in force, and why. ``seq`` is given by the store."""

    event_id: str
    at: datetime
    kind: PolicyEventKind
    domain: str | None
    key: str
    old: Any
    new: Any
    reason: str
    actor: Actor
    seq: int = 0
    entity: str | None = None
    """The entity whose rollout this changes; None: every entity (the store-wide default)."""


@dataclass(frozen=True)
class DomainRollout:
    """One domain's rollout, folded from its events."""

    stage: Stage
    stage_since: datetime | None = None
    """When the domain entered its stage; None for the configured initial stage."""
    raised: Mapping[str, float] = field(default_factory=dict)
    """Thresholds a rollback rule raised: key -> value."""
    learned: Mapping[str, float] = field(default_factory=dict)
    """Thresholds the learning run set: key -> value."""
    confirm_next: int = 0
    confirm_since: datetime | None = None
    incidents: tuple[PolicyEvent, ...] = ()


@dataclass(frozen=True)
class RolloutState:
    """Everything the policy-change log says, as of its last event."""

    domains: Mapping[str, DomainRollout]
    learning_enabled: bool
    learned_reliability: Mapping[str, float] = field(default_factory=dict)
    last_seq: int = 0

    def domain(self, name: str) -> DomainRollout:
        return self.domains[name]


class DomainUsage(NamedTuple):
    """How many state changes (commits other than imports) an entity has seen in a domain.

    ``changes`` may be capped at what the policy needs to know (the calibration
    length); ``changes_since_confirm`` counts those since its ``confirm_since``.

    A named tuple, as ``ChangeCount`` is (see there).
    """

    changes: int = 0
    changes_since_confirm: int = 0


class ChangeCount(NamedTuple):
    """A question for the store: how many changes (commits other than imports) did
    ``entity_id`` see in ``domain``, committed at or after ``since`` (ever, when None),
    counted up to ``limit``?

    A named tuple, not a frozen dataclass: every ingest builds a few and keys dicts with
    them (the rollout's reads, in ``core.engine.rollout_state``), and a frozen
    dataclass's ``__init__``, ``__hash__`` and ``__eq__`` run in Python (about 4,000
    instructions to build one, against a tuple's few hundred); the same fields, the same
    hash, immutable alike."""

    entity_id: str
    domain: str
    since: datetime | None
    limit: int


def initial_state(policy: Policy) -> RolloutState:
    """The rollout before any event: every domain at the configured initial stage."""
    stage = _stage(policy.rollout.initial_stage)
    return RolloutState(
        domains=MappingProxyType({name: DomainRollout(stage) for name in policy.domains}),
        learning_enabled=policy.learning.enabled,
    )


def apply_event(state: RolloutState, event: PolicyEvent) -> RolloutState:
    """The state after ``event``; an event for an unknown domain changes nothing."""
    last_seq = max(state.last_seq, event.seq)
    if event.kind == "learning":
        return replace(state, learning_enabled=bool(event.new), last_seq=last_seq)
    if event.kind == "reliability":
        learned = {**state.learned_reliability, event.key: float(event.new)}
        return replace(state, learned_reliability=MappingProxyType(learned), last_seq=last_seq)
    if event.domain is None or event.domain not in state.domains:
        return replace(state, last_seq=last_seq)
    d = state.domains[event.domain]
    if event.kind == "stage":
        d = replace(d, stage=_stage(str(event.new)), stage_since=event.at)
    elif event.kind == "threshold":
        if event.actor == "rollback":
            d = replace(d, raised=MappingProxyType({**d.raised, event.key: float(event.new)}))
        else:
            d = replace(d, learned=MappingProxyType({**d.learned, event.key: float(event.new)}))
    elif event.kind == "confirm_next":
        d = replace(d, confirm_next=int(event.new), confirm_since=event.at)
    elif event.kind == "incident":
        d = replace(d, incidents=(*d.incidents, event))
    domains = {**state.domains, event.domain: d}
    return replace(state, domains=MappingProxyType(domains), last_seq=last_seq)


def applies_to(event: PolicyEvent, entity: str | None) -> bool:
    """Does ``event`` apply to ``entity``'s rollout (None: the store-wide default)?"""
    return event.entity is None or event.entity == entity


def fold_policy_events(
    policy: Policy, events: Iterable[PolicyEvent], entity: str | None = None
) -> RolloutState:
    """Replay the policy-change log (in ``seq`` order) over the initial state: the
    rollout of ``entity``, or the store-wide default when None (see ``applies_to``)."""
    state = initial_state(policy)
    for event in sorted(events, key=lambda e: e.seq):
        if applies_to(event, entity):
            state = apply_event(state, event)
    return state


def calibration_remaining(policy: Policy, usage: DomainUsage) -> int:
    """How many more changes in the domain are asked unless near-certain."""
    return max(0, policy.rollout.calibration_mutations - usage.changes)


def confirmations_remaining(d: DomainRollout, usage: DomainUsage) -> int:
    """How many more changes must be asked after a correction spike."""
    return max(0, d.confirm_next - usage.changes_since_confirm) if d.confirm_next else 0


def domain_thresholds(policy: Policy, state: RolloutState, domain: str) -> tuple[float, float]:
    """The (ask, auto) thresholds in force for ``domain``."""
    base = policy.domain(domain)
    d = state.domain(domain)
    ask, auto = base.ask_threshold, base.auto_threshold
    if state.learning_enabled and d.stage == "3":
        ask = d.learned.get("ask_threshold", ask)
        auto = d.learned.get("auto_threshold", auto)
    ask = max(ask, d.raised.get("ask_threshold", ask))
    auto = max(auto, d.raised.get("auto_threshold", auto))
    return min(ask, auto), auto


def autonomy(policy: Policy, state: RolloutState, domain: str, usage: DomainUsage) -> Autonomy:
    """The limits on auto-commit in ``domain`` now (see ``Autonomy``)."""
    d = state.domain(domain)
    notes: list[str] = []
    floor: float | None = None
    shadow = d.stage == "0"
    if shadow:
        notes.append(f"{domain} is in shadow mode: Canon only suggests, and your answer grades it")
    if d.stage == "1":
        floor = policy.rollout.assisted_confidence
        notes.append(f"{domain} is at stage 1: Canon acts alone only at {floor:.2f} or above")
    left = calibration_remaining(policy, usage)
    if left:
        floor = max(floor or 0.0, policy.rollout.calibration_confidence)
        notes.append(
            f"calibrating {domain}: {left} more change(s) need your confirmation "
            f"unless confidence >= {policy.rollout.calibration_confidence:.2f}"
        )
    must_ask = confirmations_remaining(d, usage)
    if must_ask:
        notes.append(f"after recent corrections, the next {must_ask} {domain} change(s) are asked")
    return Autonomy(shadow=shadow, always_ask=must_ask > 0, confirm_below=floor, notes=tuple(notes))


def effective_policy(
    policy: Policy, state: RolloutState, usage: Mapping[str, DomainUsage]
) -> Policy:
    """``policy`` with the rollout applied: thresholds, reliabilities and autonomy."""
    domains: dict[str, DomainPolicy] = {}
    for name, dp in policy.domains.items():
        ask, auto = domain_thresholds(policy, state, name)
        domains[name] = replace(
            dp,
            ask_threshold=ask,
            auto_threshold=auto,
            autonomy=autonomy(policy, state, name, usage.get(name, DomainUsage())),
        )
    reliability = dict(policy.source_reliability)
    if state.learning_enabled:
        reliability.update(state.learned_reliability)
    return replace(
        policy,
        domains=MappingProxyType(domains),
        source_reliability=MappingProxyType(reliability),
    )


@dataclass(frozen=True)
class DomainStatus:
    """One domain's rollout as the user is shown it (``canon status``, ``/status``)."""

    domain: str
    stage: Stage
    ask_threshold: float
    auto_threshold: float
    calibration_remaining: int
    confirmations_remaining: int
    learning: bool
    limits: Autonomy
    confirm_always: bool = False
    """The domain changes only with the user's confirmation, whatever the stage."""

    @property
    def stage_name(self) -> str:
        return STAGE_NAMES[self.stage]

    def as_json(self) -> dict[str, Any]:
        return {
            "domain": self.domain,
            "stage": self.stage,
            "stage_name": self.stage_name,
            "ask_threshold": self.ask_threshold,
            "auto_threshold": self.auto_threshold,
            "calibration_remaining": self.calibration_remaining,
            "confirmations_remaining": self.confirmations_remaining,
            "learning": self.learning,
            "acts_alone_from": self.acts_alone_from,
        }

    @property
    def acts_alone_from(self) -> float | None:
        """The confidence from which Canon changes this domain alone now (None: never)."""
        if self.limits.shadow or self.limits.always_ask or self.confirm_always:
            return None
        return max(self.auto_threshold, self.limits.confirm_below or 0.0)


def domain_status(
    policy: Policy, state: RolloutState, domain: str, usage: DomainUsage
) -> DomainStatus:
    """What ``domain`` may do alone now, and why, for people."""
    ask, auto = domain_thresholds(policy, state, domain)
    return DomainStatus(
        domain=domain,
        stage=state.domain(domain).stage,
        ask_threshold=ask,
        auto_threshold=auto,
        calibration_remaining=calibration_remaining(policy, usage),
        confirmations_remaining=confirmations_remaining(state.domain(domain), usage),
        learning=state.learning_enabled,
        limits=autonomy(policy, state, domain, usage),
        confirm_always=policy.domain(domain).confirm_always,
    )


def _stage(value: str) -> Stage:
    if value not in STAGES:
        raise ConfigError(f"unknown rollout stage {value!r} (known: {', '.join(STAGES)})")
    return cast(Stage, value)


def threshold_history(
    policy: Policy,
    events: Iterable[PolicyEvent],
    since: datetime,
    now: datetime,
    entity: str | None = None,
) -> list[tuple[datetime, str, float, float]]:
    """(from, domain, ask, auto): every domain's thresholds in force at ``since``, then
    one row each time a policy event up to ``now`` changed a domain's thresholds; for
    ``entity``, or the store-wide defaults when None."""
    state = initial_state(policy)
    ordered = sorted((e for e in events if applies_to(e, entity)), key=lambda e: e.seq)
    before = [e for e in ordered if e.at <= since]
    for event in before:
        state = apply_event(state, event)
    current = {name: domain_thresholds(policy, state, name) for name in sorted(policy.domains)}
    rows = [(since, name, ask, auto) for name, (ask, auto) in current.items()]
    for event in ordered[len(before) :]:
        if event.at > now:
            break
        state = apply_event(state, event)
        for name in current:
            in_force = domain_thresholds(policy, state, name)
            if in_force != current[name]:
                current[name] = in_force
                rows.append((event.at, name, *in_force))
    return rows
