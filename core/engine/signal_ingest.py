"""SignalEvents into the engine: checked, mapped, weighted, resolved in one transaction.

Polled and pushed signals (``core.sources``) and dead-lettered ones retried
(``core.engine.deadletters``) all come through here, so each is mapped the same way.
A service on the engine: the mapping itself is ``core.signals.intake``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from core.domain.evidence_time import evidence_errors
from core.domain.principals import SYSTEM, Principal
from core.domain.review_items import OPEN_STATUSES
from core.engine.engine import Engine, Outcome
from core.errors import PayloadInvalid
from core.extraction.users_clock import users_zone
from core.signals.intake import mail_ref, signal_payloads, weighted
from core.signals.invitations import accepted_from_item
from core.signals.rules import Rule
from core.signals.trust import NOBODY, SenderTrust, sender_address


async def ingest_signals(
    engine: Engine,
    signals: list[dict[str, Any]],
    now: datetime,
    weight: float = 1.0,
    rules: Sequence[Rule] = (),
    trust: SenderTrust = NOBODY,
    note_senders: bool = False,
    principal: Principal = SYSTEM,
) -> tuple[list[Outcome], int]:
    """Check, map and ingest SignalEvents: (outcomes, how many were valid).

    Invalid signals go to the dead-letter queue; the observations of all valid
    ones are resolved in one transaction. A mail from a sender ``trust`` does not
    cover is asked about; with ``note_senders`` its sender is noted so that confirming
    the question makes the sender trusted (``core.sources.poller.learn_senders``).
    What they say is recorded as ``principal``'s: the source that read them.
    """
    payloads: list[dict[str, Any]] = []
    outcomes: list[Outcome] = []
    valid = 0
    events: list[dict[str, Any]] = []  # valid calendar events: one may be newly accepted
    zones: dict[str, str | None] = {}  # each entity's clock: the days a signal names are theirs
    for signal in signals:
        errors = evidence_errors("signal_event", signal, now, engine.policy.clock_skew)
        if errors:
            outcomes.append(
                await engine.ingest_invalid(
                    "signal_event", signal, errors, now=now, principal=principal
                )
            )
            continue
        mail = signal["payload"] if signal["kind"] == "email" else None
        trusted = mail is not None and trust.trusts(mail)
        entity = str(signal["entity_id"])
        if entity not in zones:
            zones[entity] = await entity_zone(engine, entity)
        try:
            found = signal_payloads(signal, now, rules, trusted=trusted, zone=zones[entity])
        except PayloadInvalid as e:
            outcomes.append(
                await engine.ingest_invalid(
                    "signal_event", signal, e.errors, now=now, principal=principal
                )
            )
            continue
        valid += 1
        if signal["kind"] == "calendar_event":
            events.append(signal["payload"])
        if mail is not None and found and not trusted and note_senders:
            await _note_sender(engine, mail, trust)
        payloads += [weighted(p, weight) for p in found]
    if payloads:
        outcomes += await engine.ingest_batch(payloads, now=now, principal=principal)
    for event in events:
        await _withdraw_before_acceptance(engine, event, now)
    return outcomes, valid


async def entity_zone(engine: Engine, entity: str) -> str | None:
    """The IANA zone of ``entity``'s clock, from its committed facts (``users_zone``);
    None while Canon knows none. A signal's days are the user's, on this clock."""
    return users_zone({f.field: f.value for f in await engine.store.facts(entity)})


async def _withdraw_before_acceptance(engine: Engine, event: dict[str, Any], now: datetime) -> None:
    """An invitation the user accepted is their plan, claimed on its title's item: the
    questions it raised on its organiser's item while it was only the organiser's word
    (``core.signals.invitations.organiser_item``) are closed, not left to be answered
    onto the stranger's item."""
    item = accepted_from_item(event)
    if item is None:
        return
    # Open questions of every entity: a rule's ``entity`` files a claim on another's.
    before = f"calendar:calendar:{event['id']}:"
    for question in await engine.store.review_items(OPEN_STATUSES):
        if question.source_key.startswith(before) and question.field.startswith(f"family.{item}."):
            await engine.withdraw_question(question.id, now)


async def _note_sender(engine: Engine, mail: dict[str, Any], trust: SenderTrust) -> None:
    address = sender_address(str(mail.get("from", "")))
    if address is None or not trust.may_learn(address):
        return  # the user's own address is never learned (``SenderTrust.own``)
    if mail.get("auth") != "fail":  # never learn a forged From
        await engine.note_mail_sender(mail_ref(mail), address)
