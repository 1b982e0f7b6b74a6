"""Rollback rules (design "Rollout Gates"), applied automatically by ``check_rollout``.

1. A P0 false-state incident in travel or financial while the domain is at
   Stage 2 or 3 drops it to Stage 1 (auto-commit again only at >= 0.98). At
   Stage 1 nothing changes; at Stage 0 nothing auto-commits anyway; at Stage M
   (fixed thresholds, before any promotion) the stage is kept too: the incident
   is logged and blocks the next promotions through their gates.
2. A correction rate above 5% in a domain over the last 7 days (counted from the
   previous such raise, if later; the share of Canon's own auto-commits the user
   corrected, since only those speak of its autonomy) raises its ``auto_threshold`` by 0.05, capped
   at the learning bound (0.99), and asks the next 20 changes; at most once per
   domain per ISO week.
3. Schema validation success below 99.5% in any 24 h window ending at an invalid
   input of the last 7 days (after the owner last changed the rollout) sends
   every domain to Stage M and turns learning off.

Per entity: each rule measures one entity's inputs, commits and dead letters
(a dead letter is the entity's its payload names) and changes that entity's
rollout alone (events naming it), so one entity's corrections, incidents or
invalid inputs never change another's autonomy. Store-wide (events for every
entity) are only rule 1 for a P0 the owner recorded without an entity and rule
3 for dead letters that name no entity (measured over the whole store).

Each change is a ``PolicyEvent`` (actor ``rollback``) with a deterministic id,
so two processes applying the same rule append it once and a second run
changes nothing; each rule that changed something leaves one alert for the
owner, which the bot delivers in Telegram.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from core.domain import phrasing
from core.domain.rollout import (
    PolicyEvent,
    RolloutState,
    applies_to,
    domain_thresholds,
    fold_policy_events,
)
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.engine.rollout_gates import MetricReader, letter_entity

P0_DOMAINS = ("travel", "financial")
CHECK_WINDOW = timedelta(days=7)
SCHEMA_WINDOW = timedelta(hours=24)
SCHEMA_FLOOR = 0.995
CORRECTION_CEILING = 0.05
THRESHOLD_RAISE = 0.05
CONFIRM_NEXT = 20


@dataclass(frozen=True)
class RuleFired:
    """What one rule changed: its events and the alert the owner gets."""

    rule: str
    domain: str | None
    events: tuple[PolicyEvent, ...]
    message: str


def p0_rollbacks(
    state: RolloutState,
    events: Sequence[PolicyEvent],
    now: datetime,
    entity: str | None = None,
) -> list[RuleFired]:
    """Rule 1, pure: a P0 of ``entity`` (None: one the owner recorded for every entity)
    logged after the domain entered Stage 2 or 3 in ``state``, ``entity``'s rollout.
    The stage drops for that entity alone."""
    fired = []
    for domain in P0_DOMAINS:
        if domain not in state.domains or state.domain(domain).stage not in ("2", "3"):
            continue
        entered = max(
            (
                e.seq
                for e in events
                if e.kind == "stage" and e.domain == domain and applies_to(e, entity)
            ),
            default=0,
        )
        p0 = [
            e
            for e in state.domain(domain).incidents
            if e.key == "p0"
            and e.entity == entity
            and e.seq > entered
            and e.at >= now - CHECK_WINDOW
        ]
        if not p0:
            continue
        first = p0[0]
        stage = state.domain(domain).stage
        reason = f"P0 false-state incident in {domain} at {format_ts(first.at)}: {first.reason}"
        event = PolicyEvent(
            f"rollback:p0:{domain}:{first.event_id}", now, "stage", domain, "stage",
            stage, "1", reason, "rollback", entity=entity,
        )  # fmt: skip
        whose = "" if entity is None else f" for {entity}"
        message = (
            # Not "you told me": on a household's entity it may be another member who did.
            f"Rollback: {domain} dropped from Stage {stage} to Stage 1{whose}: "
            f"{_wrong_words(first)} was said to be wrong, and I had set it on my own. I now change "
            f"{domain} on my own only when I'm very sure, and ask you otherwise."
        )
        fired.append(RuleFired("p0", domain, (event,), message))
    return fired


def _wrong_words(incident: PolicyEvent) -> str:
    """'your location (Tahoe)': the value a P0 incident says was wrong, in words (the
    dotted field, its time and how stay in the incident's reason, for `canon why`)."""
    detail = incident.new if isinstance(incident.new, dict) else {}
    field, entity = detail.get("field"), detail.get("entity_id")
    if not isinstance(field, str) or not isinstance(entity, str):
        return "a value"
    return f"{phrasing.label(field, entity, entity)} ({phrasing.show(detail.get('value'))})"


def correction_rollback(
    engine: Engine,
    state: RolloutState,
    domain: str,
    rate: float,
    now: datetime,
    entity: str,
) -> RuleFired:
    """Rule 2, pure given ``entity``'s measured ``rate`` and its rollout ``state``: raise
    its auto_threshold and confirm its next 20 changes."""
    _ask, auto = domain_thresholds(engine.policy, state, domain)
    raised = round(min(auto + THRESHOLD_RAISE, engine.policy.learning.auto_bounds[1]), 6)
    year, week, _ = now.isocalendar()
    base = f"rollback:corrections:{entity}:{domain}:{year}-W{week:02d}"
    reason = f"weekly correction rate {rate:.1%} > {CORRECTION_CEILING:.0%} in {domain}"
    events = (
        PolicyEvent(
            base, now, "threshold", domain, "auto_threshold", auto, raised, reason, "rollback",
            entity=entity,
        ),
        PolicyEvent(
            f"{base}:confirm", now, "confirm_next", domain, "confirm_next",
            state.domain(domain).confirm_next, CONFIRM_NEXT, reason, "rollback", entity=entity,
        ),
    )  # fmt: skip
    # Said without "you": on a household's entity the corrections may be another member's.
    message = (
        f"Rollback: {rate:.0%} of my {domain} changes for {entity} were corrected this week "
        f"(more than {CORRECTION_CEILING:.0%}), so I now change {domain} on my own only when "
        f"I'm at least {raised:.0%} sure (was {auto:.0%}), and I'll ask about the next "
        f"{CONFIRM_NEXT} {domain} changes for {entity}."
    )
    return RuleFired("corrections", domain, events, message)


def schema_rollback(
    state: RolloutState,
    rate: float,
    window_end: datetime,
    now: datetime,
    entity: str | None = None,
) -> RuleFired | None:
    """Rule 3, pure given the measured ``rate``: every domain of ``entity`` (None: every
    entity) to M, learning off."""
    reason = (
        f"schema validation success {rate:.1%} < {SCHEMA_FLOOR:.1%} in the 24 h to "
        f"{format_ts(window_end)}"
    )
    tag = f"rollback:schema:{format_ts(window_end)}"
    if entity is not None:
        tag = f"rollback:schema:{entity}:{format_ts(window_end)}"
    events = [
        PolicyEvent(f"{tag}:{d}", now, "stage", d, "stage", r.stage, "M", reason, "rollback",
                    entity=entity)
        for d, r in state.domains.items()
        if r.stage != "M"
    ]  # fmt: skip
    if state.learning_enabled:
        events.append(
            PolicyEvent(f"{tag}:learning", now, "learning", None, "learning", True, False,
                        reason, "rollback", entity=entity)
        )  # fmt: skip
    if not events:
        return None
    whose = "" if entity is None else f" for {entity}"
    message = (
        f"Rollback: only {rate:.1%} of the updates I received in the 24 hours to "
        f"{window_end.astimezone(UTC):%d %b %H:%M} UTC were valid (I need "
        f"{SCHEMA_FLOOR:.1%}), so every area is back at its first stage (Stage M){whose} "
        "and I stopped learning from your answers."
    )
    return RuleFired("schema", None, tuple(events), message)


async def check_rollout(engine: Engine, now: datetime) -> list[RuleFired]:
    """Apply every rollback rule to the last 7 days; what was newly changed.

    Each entity's rules read its own rollout and measurements and change only its own
    rollout; the owner's incidents and dead letters that name no entity are the
    store-wide default's. Idempotent: an event already logged is not appended again,
    and only a rule whose events were appended leaves an alert.
    """
    events = await engine.store.policy_log.policy_events()
    reader = MetricReader(engine.store)
    await reader.load(now - CHECK_WINDOW - SCHEMA_WINDOW)
    own = {e.entity for e in events if e.entity is not None}
    active = set(reader.entities(now - CHECK_WINDOW - SCHEMA_WINDOW))
    active |= {e for d in reader.letters if (e := letter_entity(d)) is not None}
    candidates: list[RuleFired] = []
    for entity in [None, *sorted(own | active)]:
        state = fold_policy_events(engine.policy, events, entity)
        mine = [e for e in events if applies_to(e, entity)]
        candidates.extend(p0_rollbacks(state, mine, now, entity))
        if entity is not None:
            candidates.extend(_correction_rules(engine, reader, state, mine, now, entity))
        schema = await _schema_rule(engine, reader, state, mine, now, entity)
        if schema is not None:
            candidates.append(schema)
    fired = []
    for rule in candidates:
        appended = await engine.record_policy_events(rule.events)
        if appended:
            await engine.record_alert("rollback", rule.message, now=now, domain=rule.domain)
            fired.append(RuleFired(rule.rule, rule.domain, tuple(appended), rule.message))
    return fired


def _correction_rules(
    engine: Engine,
    reader: MetricReader,
    state: RolloutState,
    events: Sequence[PolicyEvent],
    now: datetime,
    entity: str,
) -> list[RuleFired]:
    """Rule 2 for one entity: its correction rate per domain since its last raise."""
    fired = []
    for domain in state.domains:
        last_raise = max(
            (
                e.at
                for e in events  # a raise for every entity (an old log's) or for this one
                if e.event_id.startswith(
                    (f"rollback:corrections:{domain}:", f"rollback:corrections:{entity}:{domain}:")
                )
            ),
            default=None,
        )
        since = max(now - CHECK_WINDOW, last_raise) if last_raise else now - CHECK_WINDOW
        # What Canon changed on its own and the user then corrected: the rule tightens
        # Canon's autonomy, so a value the user confirmed and later took back (their own
        # mind changed, or a Yes tapped by mistake) says nothing about it.
        precision = reader.metrics(domain, since, now, entity)["auto_commit_precision"].value
        rate = None if precision is None else 1 - precision
        if rate is not None and rate > CORRECTION_CEILING:
            fired.append(correction_rollback(engine, state, domain, rate, now, entity))
    return fired


async def _schema_rule(
    engine: Engine,
    reader: MetricReader,
    state: RolloutState,
    events: Sequence[PolicyEvent],
    now: datetime,
    entity: str | None,
) -> RuleFired | None:
    """The first 24 h window, ending at a recent invalid input of ``entity`` (None: one
    that names no entity, measured over the whole store), below the floor."""
    changed_by_owner = max(
        (e.at for e in events if e.actor == "owner" and e.kind in ("stage", "learning")),
        default=None,
    )
    start = now - CHECK_WINDOW
    if changed_by_owner is not None:
        start = max(start, changed_by_owner)
    ends = sorted(
        letter.first_seen
        for letter in await engine.store.dead_letters()
        if start < letter.first_seen <= now and letter_entity(letter) == entity
    )
    for end in ends:
        metrics = reader.metrics(None, end - SCHEMA_WINDOW, end, entity)
        rate = metrics["schema_validation_success"].value
        if rate is not None and rate < SCHEMA_FLOOR:
            return schema_rollback(state, rate, end, now, entity)
    return None
