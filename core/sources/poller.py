"""One pass over every configured source: fetch, map, resolve, record.

``poll_once(engine, config, now)`` is what ``canon poll`` runs and what the
bot runs on its job queue. For each source, in order: read its cursor, ask
its ``Source`` (``core.sources.registry``) what changed, turn each item into a
schema-checked SignalEvent, map it to observations with the same code the
replay uses (``core.engine.signal_ingest``), and ingest them in one transaction;
only then is the new cursor stored, so a crash re-reads (as duplicates)
rather than skips. A failing source is recorded and weighted down; nothing is
assumed in its place. Promotion under max_pending happens inside the engine;
workspace projections are refreshed after the pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from core.domain.ids import derived_id
from core.domain.principals import signal_principal
from core.domain.source_state import SourceState
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.engine.signal_ingest import entity_zone, ingest_signals
from core.errors import CanonError
from core.signals.rules import Rule
from core.signals.trust import SenderTrust, mailbox_addresses
from core.sources.base import SecretConfig, SourceConfig
from core.sources.health import after_failure, after_success
from core.sources.kinds.ics import IcsConfig
from core.sources.kinds.imap import ImapConfig
from core.sources.registry import source_for
from core.store import ReviewItem
from core.store.companion_protocols import MailSenderStore, SourceStateStore
from core.workspace.projection import refresh_projections


class PollConfig(Protocol):
    """What a poll needs of the settings (``core.settings.Settings`` is one)."""

    @property
    def sources(self) -> tuple[SourceConfig, ...]: ...

    @property
    def rules(self) -> tuple[Rule, ...]: ...

    @property
    def workspace(self) -> Path: ...


@dataclass(frozen=True)
class SourceReport:
    name: str
    kind: str
    ok: bool
    signals: int = 0
    observations: int = 0
    decisions: dict[str, int] = field(default_factory=dict)
    skipped: tuple[str, ...] = ()
    error: str | None = None
    weight: float = 1.0
    promoted: tuple[ReviewItem, ...] = ()
    """Review items this pass just put in front of the user."""


@dataclass(frozen=True)
class PollReport:
    """The result of one pass over every source."""

    at: datetime
    sources: tuple[SourceReport, ...]
    promoted: tuple[ReviewItem, ...] = ()
    projections: str | None = None

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.sources)


def signal_event(
    cfg: SourceConfig, kind: str, item: dict[str, Any], now: datetime
) -> dict[str, Any]:
    """The SignalEvent for one calendar event or mail of ``cfg``."""
    revision = (
        [str(item.get(k, "")) for k in ("status", "start", "end", "summary")]
        if kind == "calendar_event"
        else []
    )
    return {
        "event_id": derived_id("signal", cfg.name, kind, str(item.get("id")), *revision),
        "event_ts": format_ts(now),
        "entity_id": cfg.entity,
        "kind": kind,
        "source": {
            "type": "calendar" if kind == "calendar_event" else "email",
            "ref": (str(item.get("id")) or "-")[:256],
            "account": cfg.name,
        },
        "payload": item,
    }


async def learn_senders(engine: Engine, senders: MailSenderStore, now: datetime) -> frozenset[str]:
    """Trust the senders of mails whose question the user confirmed; all learned senders.

    Only a plain Yes counts: an Edit says the mail got the value wrong.
    """
    trusted = set(await senders.trusted_senders())
    for item in await engine.store.review_items(["confirmed"]):
        kind, _, ref = item.source_key.partition(":")
        if kind != "email" or not ref:
            continue
        address = await senders.mail_sender(ref)
        if address is not None and address not in trusted:
            await engine.trust_mail_sender(address, now, ref)
            trusted.add(address)
    return frozenset(trusted)


async def _on_users_clock(engine: Engine, cfg: SourceConfig) -> SourceConfig:
    """``cfg`` with its floating times on the user's clock when it names no zone of its own
    (a calendar's ``timezone``): an event without a TZID is at that hour where the user is."""
    if not isinstance(cfg, IcsConfig) or cfg.timezone is not None:
        return cfg
    return replace(cfg, timezone=await entity_zone(engine, cfg.entity) or "UTC")


async def poll_source(
    engine: Engine,
    states: SourceStateStore,
    cfg: SourceConfig,
    now: datetime,
    rules: Sequence[Rule] = (),
    learned: frozenset[str] = frozenset(),
    senders: MailSenderStore | None = None,
) -> SourceReport:
    """One pass of one source; failures are recorded, never raised."""
    state = await states.source_state(cfg.name) or SourceState(cfg.name, cfg.kind)
    trust = SenderTrust(
        cfg.trusted_senders,
        learned,
        mailbox_addresses(
            cfg.username if isinstance(cfg, SecretConfig) else None,
            cfg.owner_addresses if isinstance(cfg, ImapConfig) else (),
        ),
    )
    try:
        got = await source_for(await _on_users_clock(engine, cfg)).poll(state.cursor, now, rules)
        signals = [signal_event(cfg, got.kind, item, now) for item in got.items]
        outcomes, valid = await ingest_signals(
            engine,
            signals,
            now,
            state.weight,
            rules,
            trust,
            note_senders=senders is not None,
            principal=signal_principal(cfg.name),
        )
    except CanonError as e:
        return await _failed(engine, states, state, cfg, now, str(e))
    except Exception as e:  # a bug in one source must not stop the others
        return await _failed(
            engine, states, state, cfg, now, f"internal error: {type(e).__name__}: {e}"
        )
    read = SourceReport(
        cfg.name,
        cfg.kind,
        True,
        signals=len(signals),
        observations=sum(1 for o in outcomes if o.decision != "invalid"),
        decisions=dict(Counter(o.decision for o in outcomes)),
        skipped=tuple(f"{s.ref}: {s.reason}" for s in got.skipped),
        weight=state.weight,
        promoted=tuple(item for o in outcomes for item in o.promoted),
    )
    if got.error is not None:  # read in part: what was read is taken, the rest is the failure
        state = replace(state, cursor=got.cursor, signals_total=state.signals_total + valid)
        failed = await _failed(engine, states, state, cfg, now, got.error)
        return replace(read, ok=False, error=failed.error, weight=failed.weight)
    await engine.record_source_state(after_success(state, now, got.cursor, valid))
    return read


async def _failed(
    engine: Engine,
    states: SourceStateStore,
    state: SourceState,
    cfg: SourceConfig,
    now: datetime,
    error: str,
) -> SourceReport:
    failed = after_failure(state, now, error)
    await engine.record_source_state(failed)
    if failed.failures == 1:  # one alert when a source starts failing, not one per pass
        await engine.record_alert("source_failed", f"{cfg.name}: {error}", now=now)
    return SourceReport(cfg.name, cfg.kind, False, error=error, weight=failed.weight)


async def record_failure(engine: Engine, cfg: SourceConfig, now: datetime, error: str) -> None:
    """A source that failed outside a pass (an IMAP IDLE wait), recorded as a failed pass
    is: ``canon sources`` and ``canon status`` show why until its next pass succeeds."""
    states = source_states(engine)
    state = await states.source_state(cfg.name) or SourceState(cfg.name, cfg.kind)
    await _failed(engine, states, state, cfg, now, error)


def source_states(engine: Engine) -> SourceStateStore:
    """The source-state store living beside the engine's store."""
    return engine.store.source_states


async def poll_once(engine: Engine, config: PollConfig, now: datetime) -> PollReport:
    """Run one pass of every configured source, then refresh projections."""
    states = source_states(engine)
    senders = engine.store.mail_senders
    learned = await learn_senders(engine, senders, now)
    reports = [
        await poll_source(engine, states, cfg, now, config.rules, learned, senders)
        for cfg in config.sources
    ]
    promoted = tuple(item for r in reports for item in r.promoted)
    return PollReport(now, tuple(reports), promoted, await _refresh(engine, config, now))


async def _refresh(engine: Engine, config: PollConfig, now: datetime) -> str | None:
    if not config.workspace.is_dir():
        return None
    try:
        report = await refresh_projections(engine, config.workspace, now)
    except CanonError as e:
        return f"projection refresh failed: {e}"
    return f"projections refreshed ({len(report.files)} files)"
