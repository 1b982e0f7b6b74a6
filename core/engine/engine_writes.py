"""The engine's writes on behalf of the services above it.

Dead letters, corrections, notices, sources and bootstrap decide what to record; the
engine writes it, so it stays the only writer whatever the backend (``Engine`` is made
of this, ``core.engine.engine_answers`` and the ingest path in ``core.engine.engine``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import datetime
from typing import Any

from core.domain.api_tokens import ApiToken
from core.domain.dead_letters import Escalation
from core.domain.policy import Policy
from core.domain.principals import SYSTEM, Principal
from core.domain.rollout import PolicyEvent
from core.domain.source_state import SourceState
from core.engine.dead_letter_intake import dead_letter_for
from core.engine.outcomes import Outcome, invalid_outcome
from core.engine.superseded import supersede
from core.errors import NotFound
from core.store import DeadLetter, NewReviewItem, ReviewItem
from core.store.protocol import DecideSettlement, StoreBackend


class ServiceWrites:
    """What the services above the engine have it record, one store call each."""

    store: StoreBackend
    policy: Policy

    async def ingest_invalid(
        self,
        schema: str,
        payload: Any,
        errors: list[str],
        *,
        now: datetime,
        principal: Principal = SYSTEM,
    ) -> Outcome:
        """Send ``principal``'s payload that failed ``schema`` to the dead-letter queue;
        state is untouched."""
        letter = dead_letter_for(schema, payload, errors, now, principal.ref)
        await self.store.add_dead_letter(letter)
        return invalid_outcome(payload, letter.event_id, errors)

    async def ask(self, item: NewReviewItem) -> ReviewItem:
        """Queue a question the resolver did not raise (a correction, a notice, a
        bootstrap or dead-letter review); returns it as stored."""
        await self.store.add_review_item(item, self.policy.max_pending)
        stored = await self.store.review_item(item.id)
        if stored is None:
            raise NotFound(f"review item {item.id} was not stored")
        return stored

    async def settle_with(
        self, item_id: str, decide: DecideSettlement
    ) -> tuple[ReviewItem, list[ReviewItem]]:
        """Settle an open item as ``decide`` says (atomically with its field's fact);
        returns the settled item and the items promoted in its place."""
        done = await self.store.settle_group([item_id], decide, self.policy.max_pending)
        return done.settled[0], done.promoted

    async def withdraw_question(self, item_id: str, now: datetime) -> list[ReviewItem]:
        """Close an open question whose evidence is gone (its source withdrew what it
        said), as superseded; a question answered or gone meanwhile is left as it is.
        Returns the items promoted in its place."""
        with suppress(NotFound):  # gone meanwhile (forgotten): nothing left to close
            return await supersede(self.store, item_id, now, self.policy.max_pending)
        return []

    async def mark_alert_delivered(self, seq: int, at: datetime) -> bool:
        """Note that alert ``seq`` reached the owner; False if another process got there first."""
        return await self.store.mark_alert_delivered(seq, at)

    async def record_source_state(self, state: SourceState) -> None:
        """Remember where a source is (cursor, health, weight) after a pass."""
        await self.store.source_states.save_source_state(state)

    async def change_source_state(
        self, name: str, kind: str, change: Callable[[SourceState], SourceState]
    ) -> SourceState:
        """Change what is remembered of source ``name`` by ``change`` (pure, quick), read
        and written at once: nobody's change in between is lost."""
        return await self.store.source_states.change_source_state(name, kind, change)

    async def note_mail_sender(self, ref: str, address: str) -> None:
        """Remember who sent the mail behind question ``ref``, so a Yes can trust them."""
        await self.store.mail_senders.note_mail_sender(ref, address)

    async def trust_mail_sender(self, address: str, at: datetime, via_ref: str) -> None:
        """Trust ``address``'s receipts from now on: the user confirmed its mail ``via_ref``."""
        await self.store.mail_senders.trust_sender(address, at, via_ref)

    async def add_api_token(self, token: ApiToken) -> None:
        """Let ``token`` (its secret already hashed) use the HTTP API."""
        await self.store.api_tokens.add_token(token)

    async def revoke_api_token(self, token_id: str, at: datetime) -> bool:
        """Refuse token ``token_id`` from ``at`` on; False if unknown or already revoked."""
        return await self.store.api_tokens.revoke_token(token_id, at)

    async def update_dead_letter(
        self, letter: DeadLetter, expected: DeadLetter, escalation: Escalation | None = None
    ) -> bool:
        """Move a dead letter on if no other process has since ``expected`` (compare-and-set)."""
        return await self.store.update_dead_letter(letter, expected, escalation)

    async def record_alert(
        self, kind: str, message: str, *, now: datetime, domain: str | None = None
    ) -> None:
        """Note something the owner should hear about (a failing source...); the bot sends it."""
        await self.store.add_alert(now, kind, domain, message[:500])

    async def record_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        """Append policy changes (a promotion, a rollback, a learning step) to the log;
        an event id already logged is skipped. Returns what was appended."""
        return await self.store.policy_log.append_policy_events(events)
