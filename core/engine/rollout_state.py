"""The policy in force for a write: the configured policy with each entity's rollout applied.

The engine asks ``RolloutReader.in_force`` before each batch, with the batch's
(entity, domain) pairs. It keeps the policy-change log folded between calls
(reading only events after the last one it saw): one store-wide default (the
events for no entity) and one state per entity that has events of its own. It
remembers each (entity, domain) whose calibration is over (changes are never
undone, so it stays over); the pairs still calibrating, or in a confirmation
run, cost one capped count for the whole batch (``Store.count_changes``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from types import MappingProxyType

from core.domain.policy import Policy
from core.domain.rollout import (
    ChangeCount,
    DomainStatus,
    DomainUsage,
    PolicyEvent,
    RolloutState,
    apply_event,
    autonomy,
    calibration_remaining,
    confirmations_remaining,
    domain_status,
    effective_policy,
    initial_state,
)
from core.store.protocol import RolloutReads, StoreBackend

Pair = tuple[str, str]
"""(entity, domain)"""
MAX_BUILT = 1024
"""Effective policies kept for reuse; past this many the cache starts over."""


@dataclass
class PolicyInForce:
    """The effective policy of each entity of one batch, kept current as its changes land.

    ``policies[entity]`` is exact for the domains the batch was read for; a change
    committed in the batch counts towards that entity's calibration at once
    (``count_change``), so a batch decides as the same observations would one by one.
    """

    base: Policy
    states: dict[str, RolloutState]
    usage: dict[Pair, DomainUsage]
    policies: dict[str, Policy]

    def policy_for(self, entity: str) -> Policy:
        """The policy the resolver is handed for an observation about ``entity``."""
        return self.policies[entity]

    def count_change(self, entity: str, domain: str) -> None:
        """Note one more change committed for ``entity`` in ``domain``."""
        usage = self.usage.get((entity, domain))
        state = self.states.get(entity)
        if usage is None or state is None or domain not in state.domains:
            return
        d = state.domain(domain)
        if not calibration_remaining(self.base, usage) and not confirmations_remaining(d, usage):
            return  # nothing left to count down: the limits cannot change
        usage = DomainUsage(usage.changes + 1, usage.changes_since_confirm + 1)
        self.usage[(entity, domain)] = usage
        policy = self.policies[entity]
        dp = replace(policy.domain(domain), autonomy=autonomy(self.base, state, domain, usage))
        domains = MappingProxyType({**policy.domains, domain: dp})
        self.policies[entity] = replace(policy, domains=domains)


class RolloutReader:
    """Reads what the rollout needs from one store, caching what cannot go back."""

    def __init__(self, store: StoreBackend, policy: Policy) -> None:
        self.store = store
        self.base = policy
        self._default = initial_state(policy)
        self._own: dict[str, RolloutState] = {}
        self._last_seq = 0
        self._calibrated: set[Pair] = set()
        self._built: dict[Hashable, Policy] = {}
        # The log is folded on the event loop (``state``) and, for an ingest, on the
        # store's own thread inside its transaction (``in_force_read``).
        self._folding = threading.Lock()

    async def state(self, entity: str | None = None) -> RolloutState:
        """``entity``'s rollout (the store-wide default when None), folded up to the
        log's newest event."""
        self._fold_all(await self.store.policy_log.policy_events(self._last_seq))
        if entity is None:
            return self._default
        return self._own.get(entity, self._default)

    def _fold_all(self, events: Iterable[PolicyEvent]) -> None:
        with self._folding:
            for event in events:
                if event.seq > self._last_seq:  # a concurrent call may have folded it
                    self._fold(event)

    def _fold(self, event: PolicyEvent) -> None:
        self._last_seq = event.seq
        if event.entity is None:
            self._default = apply_event(self._default, event)
            for name, state in self._own.items():
                self._own[name] = apply_event(state, event)
            return
        # Events are folded in log order, so the default is the entity's state so far.
        state = self._own.get(event.entity, self._default)
        self._own[event.entity] = apply_event(state, event)

    async def usages(
        self,
        wanted: Iterable[tuple[str, str, RolloutState]],
        counted: Mapping[ChangeCount, int] | None = None,
    ) -> dict[Pair, DomainUsage]:
        """How many changes each (entity, domain, its state) has seen, as far as its limits
        need to know: one store read for all of them (none for the ``counted`` ones)."""
        wanted = list(wanted)
        known = counted or {}
        queries = [q for q in self._queries(wanted) if q not in known]
        counts = {
            **known,
            **dict(zip(queries, await self._count(queries), strict=True)),
        }
        return self._usage(wanted, counts)

    def _queries(self, wanted: Iterable[tuple[str, str, RolloutState]]) -> list[ChangeCount]:
        """The counts ``_usage`` needs for ``wanted``."""
        cap = self.base.rollout.calibration_mutations
        queries: list[ChangeCount] = []
        for entity, domain, state in wanted:
            if (entity, domain) not in self._calibrated:
                queries.append(ChangeCount(entity, domain, None, cap))
            d = state.domain(domain)
            if d.confirm_next and d.confirm_since is not None:
                # Changes after the rule fired: the commit that fired it (the same instant,
                # in the same answer) is the correction itself, not one of the next N.
                after = d.confirm_since + timedelta(microseconds=1)
                queries.append(ChangeCount(entity, domain, after, d.confirm_next))
        return queries

    def _usage(
        self, wanted: list[tuple[str, str, RolloutState]], counts: Mapping[ChangeCount, int]
    ) -> dict[Pair, DomainUsage]:
        """Each pair's usage from ``counts``, which has every count ``_queries`` names."""
        cap = self.base.rollout.calibration_mutations
        usage: dict[Pair, DomainUsage] = {}
        for entity, domain, state in wanted:
            pair = (entity, domain)
            changes = cap if pair in self._calibrated else counts[ChangeCount(*pair, None, cap)]
            if changes >= cap:
                self._calibrated.add(pair)
            d = state.domain(domain)
            since_confirm = 0
            if d.confirm_next and d.confirm_since is not None:
                after = d.confirm_since + timedelta(microseconds=1)
                since_confirm = counts[ChangeCount(entity, domain, after, d.confirm_next)]
            usage[pair] = DomainUsage(changes, since_confirm)
        return usage

    async def statuses(self, entity: str | None = None) -> list[DomainStatus]:
        """Every domain's rollout for ``entity`` now, in the policy's domain order; None:
        the store-wide default, as an entity with no changes yet meets it."""
        state = await self.state(entity)
        usage: dict[Pair, DomainUsage] = {}
        if entity is not None:
            usage = await self.usages((entity, name, state) for name in self.base.domains)
        return [
            domain_status(self.base, state, name, usage.get((entity or "", name), DomainUsage()))
            for name in self.base.domains
        ]

    async def policy_for(self, entity: str | None) -> Policy:
        """The effective policy for ``entity`` now (None: the store-wide default, as an
        entity with no changes yet meets it)."""
        if entity is None:
            return effective_policy(self.base, await self.state(), {})
        in_force = await self.in_force((entity, name) for name in self.base.domains)
        return in_force.policy_for(entity)

    async def entities_with_events(self) -> list[str]:
        """The entities whose rollout has events of its own (a rollback, learning, a
        promotion for it alone), sorted."""
        await self.state()
        return sorted(self._own)

    async def _count(self, queries: list[ChangeCount]) -> list[int]:
        return await self.store.count_changes(queries) if queries else []

    async def in_force(self, pairs: Iterable[Pair]) -> PolicyInForce:
        """The effective policy of each entity of a batch touching ``pairs`` (entity, domain)."""
        wanted = sorted(set(pairs))
        # The calibration counts need no rollout state: they are read while the log is,
        # so the two reads cost one wait, not two (the counts of a confirmation run do
        # need the state, and are read after it, as ``usages`` does).
        early = self._early(wanted)
        _, early_counts = await asyncio.gather(self.state(), self._count(early))
        states = {entity: self._own.get(entity, self._default) for entity, _ in wanted}
        usage = await self.usages(
            ((e, d, states[e]) for e, d in wanted if d in states[e].domains),
            dict(zip(early, early_counts, strict=True)),
        )
        return self._in_force(states, usage)

    def _early(self, wanted: Sequence[Pair]) -> list[ChangeCount]:
        cap = self.base.rollout.calibration_mutations
        return [ChangeCount(e, d, None, cap) for e, d in wanted if (e, d) not in self._calibrated]

    def reads_for(self, pairs: Iterable[Pair]) -> RolloutReads:
        """What ``in_force_read`` will need for ``pairs``, to be read in the write
        transaction (``Store.decide_and_write``): the log after the last event folded, and
        every count the rollout as folded so far asks for: ``_early``'s, then those of
        ``_queries`` not among them (one pass over the pairs: this runs for every ingest)."""
        cap = self.base.rollout.calibration_mutations
        calibrated, own, default = self._calibrated, self._own, self._default
        early: list[ChangeCount] = []
        runs: list[ChangeCount] = []
        for entity, domain in sorted(set(pairs)):
            if (entity, domain) not in calibrated:
                early.append(ChangeCount(entity, domain, None, cap))
            d = own.get(entity, default).domains.get(domain)
            if d is not None and d.confirm_next and d.confirm_since is not None:
                after = d.confirm_since + timedelta(microseconds=1)
                runs.append(ChangeCount(entity, domain, after, d.confirm_next))
        return RolloutReads(self._last_seq, list(dict.fromkeys([*early, *runs])) if runs else early)

    def in_force_read(self, pairs: Iterable[Pair], reads: RolloutReads) -> PolicyInForce | None:
        """``in_force`` from ``reads`` as the store answered them (no store call: it runs
        inside the write transaction); None if the log read there asks for a count that
        was not read (a confirmation run that began meanwhile): ask ``in_force`` then.

        With no event read there, no state changed since ``reads_for`` (the log has
        nothing after ``reads.after_seq``, and only logged events are folded), so every
        count ``_queries`` names was asked for and read: the check is skipped."""
        if reads.events:
            self._fold_all(reads.events)
        wanted = sorted(set(pairs))
        own, default = self._own, self._default
        states = {entity: own.get(entity, default) for entity, _ in wanted}
        with_states = [(e, d, states[e]) for e, d in wanted if d in states[e].domains]
        counted = dict(zip(reads.counts, reads.counted, strict=True))
        if reads.events and any(q not in counted for q in self._queries(with_states)):
            return None
        return self._in_force(states, self._usage(with_states, counted))

    def _in_force(
        self, states: dict[str, RolloutState], usage: dict[Pair, DomainUsage]
    ) -> PolicyInForce:
        policies: dict[str, Policy] = {}
        for entity, state in states.items():
            mine = {d: u for (e, d), u in usage.items() if e == entity}
            # Once calibration is over the same few keys recur: reuse the policy built for them.
            key = (
                entity if entity in self._own else None,
                self._last_seq,
                tuple(sorted(mine.items())),
            )
            built = self._built.get(key)
            if built is None:
                if len(self._built) >= MAX_BUILT:
                    self._built.clear()
                built = self._built[key] = effective_policy(self.base, state, mine)
            policies[entity] = built
        return PolicyInForce(self.base, states, usage, policies)
