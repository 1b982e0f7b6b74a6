"""Adaptive learning (seed section 5): thresholds and reliabilities from the day's outcomes.

Runs once a day (``canon rollout learn``, the bot's daily job) for the last
complete UTC day, and only while learning is on. The day's outcomes, read from
the commit history:

- *corrected*: an auto-commit the user corrected that day (their answer to a
  /wrong, /undo or /forget replaced it within the 7-day correction window; see
  ``core.engine.metrics``);
- *held*: an auto-commit made that day that no one had corrected by its end.

Per domain at Stage 3, ``auto_threshold`` moves by exponential moving average
toward a target within ``auto_bounds``: a day with a correction pulls it toward
the upper bound with weight ``ema_alpha``; a clean day with held auto-commits
lowers it toward the lower bound at a tenth of that weight (trust is lost fast
and earned slowly), but never below the policy's own threshold: an uncorrected
auto-commit may be one nobody read (a feed writing fields the user never looks
at), so silence only gives back what corrections took; a day without
auto-commits leaves it. ``ask_threshold`` moves
the same way from the day's answers to the questions evidence raised (not the
user's own /forget, /undo or /wrong, nor a conflict Canon found): questions the
user turned down (No, or an Edit to another value) pull it toward the upper bound
of ``ask_bounds`` (ask less about evidence that is usually wrong), a day whose
questions were all confirmed lowers it slowly (weaker evidence is worth asking
about). It never rises above ``auto_threshold``. Per source type behind those
auto-commits (the named source and corroborators), the reliability moves the
same way within ``reliability_bounds``: corrected -> toward the lower bound;
confirmed (the user said Yes to a question its evidence raised: she saw it and let
it stand) -> toward the upper one, slowly; only held (silence) -> the same, but
never above the policy's own reliability for it. Silence restores; only the user
earns a source more trust than it started with.

Each change is a ``PolicyEvent`` (actor ``learning``) whose id names the day,
so a run is deterministic and replayable: the same log gives the same events,
and running a day twice appends them once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import get_args

from core.domain.event_log import HistoryEntry
from core.domain.fields import domain_of
from core.domain.policy import Policy
from core.domain.review_items import ReviewItem, ReviewStatus
from core.domain.rollout import PolicyEvent, RolloutState, fold_policy_events
from core.engine.consistency import SOURCE_PREFIX as CONFLICT_PREFIX
from core.engine.engine import Engine
from core.engine.metrics_corrections import CORRECTION_WINDOW, correcting_commits, correction_of
from core.engine.rollout_gates import MetricReader, read_rollout

SLOW = 0.1
"""Lowering a threshold or raising a reliability moves at this fraction of ema_alpha."""
STAGE1_DAYS = 7


@dataclass(frozen=True)
class DayOutcomes:
    """What happened to auto-commits on one day, per domain and per source type."""

    held: Mapping[str, int] = field(default_factory=dict)
    corrected: Mapping[str, int] = field(default_factory=dict)
    source_held: Mapping[str, int] = field(default_factory=dict)
    source_corrected: Mapping[str, int] = field(default_factory=dict)
    asked_confirmed: Mapping[str, int] = field(default_factory=dict)
    """Per domain: questions raised by evidence that the user confirmed that day."""
    asked_turned_down: Mapping[str, int] = field(default_factory=dict)
    """Per domain: such questions the user said No to, or edited to another value."""
    source_confirmed: Mapping[str, int] = field(default_factory=dict)
    """Per source type: questions its evidence raised that the user confirmed that day."""


def silent_step(current: float, corrected: int, held: int, seen: int, prior: float,
                bounds: tuple[float, float], alpha: float, *,
                up_when_corrected: bool) -> float:  # fmt: skip
    """``ema_step`` where ``held`` (silence) may move a value back to ``prior`` but never
    past it toward trust; ``seen`` (what the user saw and let stand) may."""
    new = ema_step(current, corrected, held + seen, bounds, alpha,
                   up_when_corrected=up_when_corrected)  # fmt: skip
    if corrected or seen:
        return new
    if up_when_corrected:  # a threshold: trust lowers it
        return max(new, min(current, prior))
    return min(new, max(current, prior))


def ema_step(current: float, corrected: int, held: int, bounds: tuple[float, float],
             alpha: float, *, up_when_corrected: bool) -> float:  # fmt: skip
    """One day's moving-average step, clamped to ``bounds``; rounded to 4 places."""
    low, high = bounds
    if corrected:
        target, weight = (high if up_when_corrected else low), alpha
    elif held:
        target, weight = (low if up_when_corrected else high), alpha * SLOW
    else:
        return current
    return round(min(high, max(low, current + weight * (target - current))), 4)


def learning_events(
    policy: Policy,
    state: RolloutState,
    outcomes: DayOutcomes,
    day: date,
    at: datetime,
    entity: str | None = None,
) -> list[PolicyEvent]:
    """The day's threshold and reliability changes; pure (nothing when learning is off).
    ``state`` and ``outcomes`` are ``entity``'s, and so are the events (None: every
    entity's, as a log from before learning per entity had them)."""
    if not state.learning_enabled:
        return []
    cfg = policy.learning
    tag = f"learning:{day}" if entity is None else f"learning:{day}:{entity}"
    events = []
    for domain, rollout in state.domains.items():
        if rollout.stage != "3":
            continue
        bad, good = outcomes.corrected.get(domain, 0), outcomes.held.get(domain, 0)
        prior = policy.domain(domain).auto_threshold
        old = rollout.learned.get("auto_threshold", prior)
        new = silent_step(old, bad, good, 0, prior, cfg.auto_bounds, cfg.ema_alpha,
                          up_when_corrected=True)  # fmt: skip
        if new != old:
            reason = (
                f"{day}: {bad} corrected and {good} held auto-commit(s) in {domain}; "
                f"EMA (alpha {cfg.ema_alpha}) {old:.4f} -> {new:.4f} within {cfg.auto_bounds}"
            )
            events.append(
                PolicyEvent(f"{tag}:{domain}:auto_threshold", at, "threshold",
                            domain, "auto_threshold", old, new, reason, "learning", entity=entity)
            )  # fmt: skip
        ask = _ask_event(policy, state, outcomes, domain, new, day, at)
        events.extend(
            replace(e, event_id=f"{tag}:{domain}:ask_threshold", entity=entity) for e in ask
        )
    sources = sorted(
        set(outcomes.source_held) | set(outcomes.source_corrected) | set(outcomes.source_confirmed)
    )
    for source in sources:
        if source not in policy.source_reliability:
            continue
        bad, good = outcomes.source_corrected.get(source, 0), outcomes.source_held.get(source, 0)
        seen = outcomes.source_confirmed.get(source, 0)
        prior = policy.source_reliability[source]
        old = state.learned_reliability.get(source, prior)
        new = silent_step(old, bad, good, seen, prior, cfg.reliability_bounds, cfg.ema_alpha,
                          up_when_corrected=False)  # fmt: skip
        if new != old:
            reason = (
                f"{day}: {source} was behind {bad} corrected and {good} held auto-commit(s) "
                f"and {seen} confirmed question(s); EMA (alpha {cfg.ema_alpha}) "
                f"{old:.4f} -> {new:.4f} within {cfg.reliability_bounds}"
                + ("" if bad or seen else f", silence no higher than {prior:.4f}")
            )
            events.append(
                PolicyEvent(f"{tag}:reliability:{source}", at, "reliability", None,
                            source, old, new, reason, "learning", entity=entity)
            )  # fmt: skip
    return events


def _ask_event(
    policy: Policy,
    state: RolloutState,
    outcomes: DayOutcomes,
    domain: str,
    auto: float,
    day: date,
    at: datetime,
) -> list[PolicyEvent]:
    """The day's ask_threshold step for ``domain`` (at Stage 3), kept at or below ``auto``."""
    cfg = policy.learning
    down = outcomes.asked_turned_down.get(domain, 0)
    up = outcomes.asked_confirmed.get(domain, 0)
    old = state.domain(domain).learned.get("ask_threshold", policy.domain(domain).ask_threshold)
    low, high = cfg.ask_bounds
    new = min(ema_step(old, down, up, cfg.ask_bounds, cfg.ema_alpha, up_when_corrected=True), auto)
    new = max(low, min(high, new))
    if new == old:
        return []
    reason = (
        f"{day}: {down} question(s) turned down and {up} confirmed in {domain}; "
        f"EMA (alpha {cfg.ema_alpha}) {old:.4f} -> {new:.4f} within {cfg.ask_bounds}"
    )
    return [
        PolicyEvent(f"learning:{day}:{domain}:ask_threshold", at, "threshold",
                    domain, "ask_threshold", old, new, reason, "learning")
    ]  # fmt: skip


def asked_outcomes(
    reviews: Sequence[ReviewItem], start: datetime, end: datetime
) -> tuple[dict[str, int], dict[str, int]]:
    """Per domain, the questions raised by evidence answered in [start, end): (confirmed,
    turned down). The user's own corrections and Canon's conflict questions do not count."""
    confirmed: Counter[str] = Counter()
    turned_down: Counter[str] = Counter()
    for r in reviews:
        if r.kind != "change" or r.answered_at is None or not start <= r.answered_at < end:
            continue
        if r.source_key.startswith(("command:", CONFLICT_PREFIX)):
            continue
        if r.status == "confirmed":
            confirmed[domain_of(r.field)] += 1
        elif r.status in ("rejected", "edited"):
            turned_down[domain_of(r.field)] += 1
    return dict(confirmed), dict(turned_down)


def day_outcomes(
    history: Sequence[HistoryEntry],
    sources: Mapping[int, frozenset[str]],
    start: datetime,
    end: datetime,
    correcting: frozenset[str] = frozenset(),
) -> DayOutcomes:
    """Held and corrected auto-commits of [start, end); ``sources``: commit seq -> source
    types; ``correcting``: the user's commits that answered a /wrong, /undo or /forget (a
    correction as ``core.engine.metrics`` counts it)."""
    by_field: dict[tuple[str, str], list[HistoryEntry]] = {}
    for entry in sorted(history, key=lambda h: h.seq):
        by_field.setdefault((entry.entity_id, entry.field), []).append(entry)
    held: Counter[str] = Counter()
    corrected: Counter[str] = Counter()
    src_held: Counter[str] = Counter()
    src_corrected: Counter[str] = Counter()
    for entries in by_field.values():
        for i, auto in enumerate(entries):
            if auto.resolution != "auto_commit":
                continue
            fix = correction_of(auto, entries[i + 1 :], correcting)
            types = sources.get(auto.seq, frozenset())
            if fix is not None and start <= fix.committed_at < end:
                corrected[domain_of(auto.field)] += 1
                src_corrected.update(types)
            elif start <= auto.committed_at < end and (fix is None or fix.committed_at >= end):
                held[domain_of(auto.field)] += 1
                src_held.update(types)
    return DayOutcomes(held, corrected, src_held, src_corrected)


def day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(), tzinfo=UTC)
    return start, start + timedelta(days=1)


async def learn_day(engine: Engine, day: date, at: datetime) -> list[PolicyEvent]:
    """Learn from ``day`` (UTC) and log the changes; what was newly appended.

    Per entity: each entity with a commit or an answered question that day learns from
    its own outcomes, into its own rollout (events naming it), so one entity's
    corrections or confirmations never move another's thresholds or reliabilities.
    """
    events = await engine.store.policy_log.policy_events()
    start, end = day_bounds(day)
    history = await engine.store.history(None, None)
    reviews = await engine.store.review_items(get_args(ReviewStatus))
    entities = {h.entity_id for h in history if start - CORRECTION_WINDOW <= h.committed_at < end}
    entities |= {r.entity_id for r in reviews if r.answered_at and start <= r.answered_at < end}
    log = await engine.store.log_since(start - CORRECTION_WINDOW)
    correcting = correcting_commits(log.events, reviews)
    learned: list[PolicyEvent] = []
    for entity in sorted(entities):
        state = fold_policy_events(engine.policy, events, entity)
        if not state.learning_enabled:
            continue
        mine = [h for h in history if h.entity_id == entity]
        sources = await _sources(engine, mine, start, end)
        outcomes = day_outcomes(mine, sources, start, end, correcting)
        confirmed, turned_down = asked_outcomes(
            [r for r in reviews if r.entity_id == entity], start, end
        )
        seen = await _confirmed_sources(engine, reviews, entity, start, end)
        outcomes = replace(
            outcomes,
            asked_confirmed=confirmed,
            asked_turned_down=turned_down,
            source_confirmed=seen,
        )
        changes = learning_events(engine.policy, state, outcomes, day, at, entity)
        learned.extend(await engine.record_policy_events(changes))
    return learned


async def _sources(
    engine: Engine, history: Sequence[HistoryEntry], start: datetime, end: datetime
) -> dict[int, frozenset[str]]:
    """Commit seq -> the source types behind each auto-commit that may count that day."""
    sources: dict[int, frozenset[str]] = {}
    for h in history:
        if h.resolution == "auto_commit" and start - CORRECTION_WINDOW <= h.committed_at < end:
            found = await engine.store.events_for(h.entity_id, h.field, h.new_value)
            found = [e for e in found if e.ingested_at <= h.committed_at]
            sources[h.seq] = frozenset(
                {e.source_type for e in found} | {t for e in found for t, _ in e.corroborators}
            )
    return sources


async def _confirmed_sources(
    engine: Engine, reviews: Sequence[ReviewItem], entity: str, start: datetime, end: datetime
) -> dict[str, int]:
    """Per source type: the questions its evidence raised for ``entity`` that the user
    confirmed in [start, end) (her own corrections and conflict questions not counted)."""
    seen: Counter[str] = Counter()
    for r in reviews:
        if r.entity_id != entity or r.kind != "change" or r.status != "confirmed":
            continue
        if r.answered_at is None or not start <= r.answered_at < end:
            continue
        if r.event_id is None or r.source_key.startswith(("command:", CONFLICT_PREFIX)):
            continue
        found = await engine.store.events_for(r.entity_id, r.field, r.candidate_value)
        seen.update({e.source_type for e in found if e.event_id == r.event_id})
    return dict(seen)


async def stage1_failures(engine: Engine, today: date) -> list[str]:
    """Stage 1's criteria (correction rate <= 5%, no P0) on each of the 7 days before
    ``today``, all domains together; one line per day that failed (empty: all passed)."""
    state, _ = await read_rollout(engine)
    first, _ = day_bounds(today - timedelta(days=STAGE1_DAYS))
    reader = MetricReader(engine.store)
    await reader.load(first)
    p0 = [e for d in state.domains.values() for e in d.incidents if e.key == "p0"]
    failed = []
    for back in range(STAGE1_DAYS, 0, -1):
        day = today - timedelta(days=back)
        start, end = day_bounds(day)
        rate = reader.metrics(None, start, end - timedelta(microseconds=1))["correction_rate"]
        incidents = sum(1 for e in p0 if start <= e.at < end)
        if rate.value is None:
            failed.append(f"{day}: correction rate not measured ({rate.reason})")
        elif rate.value > 0.05:
            failed.append(f"{day}: correction rate {rate.value:.1%} > 5%")
        if incidents:
            failed.append(f"{day}: {incidents} P0 incident(s)")
    return failed
