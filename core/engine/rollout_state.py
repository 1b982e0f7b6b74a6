"""The policy in force for a write: the configured policy with the rollout applied.

The engine asks ``RolloutReader.in_force`` before each batch. It keeps the
policy-change log folded between calls (reading only events after the last
one it saw) and remembers each domain whose calibration is over (changes are
never undone, so it stays over); only a domain still calibrating, or in a
confirmation run, costs a capped count per batch.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from types import MappingProxyType

from core.domain.policy import Policy
from core.domain.rollout import (
    DomainStatus,
    DomainUsage,
    RolloutState,
    apply_event,
    autonomy,
    calibration_remaining,
    confirmations_remaining,
    domain_status,
    effective_policy,
    initial_state,
)
from core.store.protocol import StoreBackend


@dataclass
class PolicyInForce:
    """The effective policy for one batch, kept current as the batch's own changes land.

    ``policy`` is exact for the domains the batch was read for; a change committed
    in the batch counts towards calibration at once (``count_change``), so a batch
    decides as the same observations would one by one.
    """

    base: Policy
    state: RolloutState
    usage: dict[str, DomainUsage]
    policy: Policy

    def count_change(self, domain: str) -> None:
        """Note one more change committed in ``domain``."""
        usage = self.usage.get(domain)
        if usage is None or domain not in self.state.domains:
            return
        d = self.state.domain(domain)
        if not calibration_remaining(self.base, usage) and not confirmations_remaining(d, usage):
            return  # nothing left to count down: the limits cannot change
        usage = DomainUsage(usage.changes + 1, usage.changes_since_confirm + 1)
        self.usage[domain] = usage
        dp = replace(
            self.policy.domain(domain), autonomy=autonomy(self.base, self.state, domain, usage)
        )
        domains = MappingProxyType({**self.policy.domains, domain: dp})
        self.policy = replace(self.policy, domains=domains)


class RolloutReader:
    """Reads what the rollout needs from one store, caching what cannot go back."""

    def __init__(self, store: StoreBackend, policy: Policy) -> None:
        self.store = store
        self.base = policy
        self._state = initial_state(policy)
        self._calibrated: set[str] = set()
        self._built: tuple[Hashable, Policy] | None = None

    async def state(self) -> RolloutState:
        """The policy-change log folded up to its newest event."""
        for event in await self.store.policy_log.policy_events(self._state.last_seq):
            if event.seq > self._state.last_seq:  # a concurrent call may have folded it
                self._state = apply_event(self._state, event)
        return self._state

    async def usage(self, state: RolloutState, domain: str) -> DomainUsage:
        """How many changes ``domain`` has seen, as far as its limits need to know."""
        cap = self.base.rollout.calibration_mutations
        if domain in self._calibrated:
            changes = cap
        else:
            changes = await self.store.count_changes(domain, None, cap)
            if changes >= cap:
                self._calibrated.add(domain)
        d = state.domain(domain)
        since_confirm = 0
        if d.confirm_next:
            since_confirm = await self.store.count_changes(domain, d.confirm_since, d.confirm_next)
        return DomainUsage(changes, since_confirm)

    async def statuses(self) -> list[DomainStatus]:
        """Every domain's rollout now, in the policy's domain order."""
        state = await self.state()
        return [
            domain_status(self.base, state, name, await self.usage(state, name))
            for name in self.base.domains
        ]

    async def in_force(self, domains: Iterable[str]) -> PolicyInForce:
        """The effective policy for a batch touching ``domains``."""
        state = await self.state()
        usage = {d: await self.usage(state, d) for d in set(domains) if d in state.domains}
        # Once calibration is over the same few keys recur: reuse the policy built for them.
        key = (state.last_seq, tuple(sorted(usage.items())))
        if self._built is None or self._built[0] != key:
            self._built = (key, effective_policy(self.base, state, usage))
        return PolicyInForce(self.base, state, usage, self._built[1])
