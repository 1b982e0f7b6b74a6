"""One pass over every configured source: fetch, map, resolve, record.

``poll_once(engine, config, now)`` is what ``canon poll`` runs and what the
bot runs on its job queue. For each source, in order: read its cursor, fetch
what changed (blocking client libraries run in a worker thread), turn each
item into a schema-checked SignalEvent, map it to observations with the same
code the replay uses (``core.intake``), and ingest them in one transaction;
only then is the new cursor stored, so a crash re-reads (as duplicates)
rather than skips. A failing source is recorded and weighted down; nothing is
assumed in its place. Promotion under max_pending happens inside the engine;
workspace projections are refreshed after the pass when that feature exists.
"""

from __future__ import annotations

import asyncio
import importlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from core.config import Config
from core.engine import Engine, Outcome
from core.errors import CanonError, StoreError
from core.ids import derived_id
from core.intake import calendar_payloads, email_payloads
from core.sources.config import Rule, SourceConfig
from core.sources.health import after_failure, after_success, weighted
from core.sources.mailparse import Skipped
from core.sources.trust import NOBODY, SenderTrust, sender_address
from core.store import ReviewItem, Store
from core.store.protocol import MailSenderStore, SourceStateStore
from core.store.records import SourceState
from core.store.sqlite import SQLiteStore
from core.store.sqlite_sources import SQLiteMailSenders, SQLiteSourceStates
from core.timeutil import format_ts
from core.validation import schema_errors


@dataclass(frozen=True)
class Fetched:
    """What one source yielded in a pass, before mapping."""

    kind: str  # calendar_event | email
    items: list[dict[str, Any]]
    cursor: dict[str, Any]
    skipped: list[Skipped] = field(default_factory=list)


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


def fetch(
    cfg: SourceConfig, cursor: dict[str, Any], now: datetime, rules: Sequence[Rule] = ()
) -> Fetched:
    """Read one source (blocking; run it in a thread); ``rules`` decide what is tracked too."""
    from core.sources.remembered import reconcile

    known = cursor.get("known", {})
    if cfg.kind == "imap":
        from core.sources.imap import fetch_mail

        got = fetch_mail(cfg, cursor)
        return Fetched("email", got.mails, dict(got.cursor), got.skipped)
    if cfg.kind == "google":
        from core.sources.google_calendar import GoogleCalendar

        result = GoogleCalendar(cfg).fetch(cursor.get("sync_token"), now)
        # After a full sync every live event was listed: the rest were deleted.
        span = (now - timedelta(days=cfg.past_days), datetime.max.replace(tzinfo=now.tzinfo))
        done = reconcile(
            result.events,
            known,
            now,
            window=span if result.full_sync and known else None,
            keep_days=cfg.past_days,
            rules=rules,
        )
        return Fetched(
            "calendar_event", done.emit, {"sync_token": result.sync_token, "known": done.known}
        )
    from core.sources.calendars import fetch_caldav, fetch_ics, window

    events = fetch_ics(cfg, now) if cfg.kind == "ics" else fetch_caldav(cfg, now)
    done = reconcile(
        events, known, now, window=window(cfg, now), keep_days=cfg.past_days, rules=rules
    )
    return Fetched("calendar_event", done.emit, {"known": done.known})


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


def observations(
    signal: dict[str, Any], now: datetime, rules: Sequence[Rule] = (), trusted: bool = False
) -> list[dict[str, Any]]:
    """StateObservation payloads for a valid SignalEvent (the replay's mapping, plus ``rules``);
    a mail is transaction evidence only when its sender is ``trusted``."""
    entity = signal["entity_id"]
    if signal["kind"] == "calendar_event":
        found = calendar_payloads(signal["payload"], at=now, entity_id=entity, rules=rules)
    else:
        found = email_payloads(
            signal["payload"], at=now, entity_id=entity, rules=rules, trusted=trusted
        )
    # Untrusted text never reaches the profile, whatever a mapping says.
    return [p for p in found if p.get("domain") != "profile"]


async def ingest_signals(
    engine: Engine,
    signals: list[dict[str, Any]],
    now: datetime,
    weight: float = 1.0,
    rules: Sequence[Rule] = (),
    trust: SenderTrust = NOBODY,
    senders: MailSenderStore | None = None,
) -> tuple[list[Outcome], int]:
    """Check, map and ingest SignalEvents: (outcomes, how many were valid).

    Invalid signals go to the dead-letter queue; the observations of all valid
    ones are resolved in one transaction. A mail from a sender ``trust`` does not
    cover is asked about; its sender is noted in ``senders`` so that confirming
    the question makes the sender trusted (``learn_senders``).
    """
    payloads: list[dict[str, Any]] = []
    outcomes: list[Outcome] = []
    valid = 0
    for signal in signals:
        errors = schema_errors("signal_event", signal)
        if errors:
            outcomes.append(await engine.ingest_invalid("signal_event", signal, errors, now=now))
            continue
        valid += 1
        mail = signal["payload"] if signal["kind"] == "email" else None
        trusted = mail is not None and trust.trusts(mail)
        found = observations(signal, now, rules, trusted)
        if mail is not None and found and not trusted and senders is not None:
            await _note_sender(senders, mail)
        payloads += [weighted(p, weight) for p in found]
    if payloads:
        outcomes += await engine.ingest_batch(payloads, now=now)
    return outcomes, valid


async def _note_sender(senders: MailSenderStore, mail: dict[str, Any]) -> None:
    address = sender_address(str(mail.get("from", "")))
    if address is not None and mail.get("auth") != "fail":  # never learn a forged From
        await senders.note_mail_sender(f"email:{mail['id']}"[:256], address)


async def learn_senders(store: Store, senders: MailSenderStore, now: datetime) -> frozenset[str]:
    """Trust the senders of mails whose question the user confirmed; all learned senders.

    Only a plain Yes counts: an Edit says the mail got the value wrong.
    """
    trusted = set(await senders.trusted_senders())
    for item in await store.review_items(["confirmed"]):
        kind, _, ref = item.source_key.partition(":")
        if kind != "email" or not ref:
            continue
        address = await senders.mail_sender(ref)
        if address is not None and address not in trusted:
            await senders.trust_sender(address, now, ref)
            trusted.add(address)
    return frozenset(trusted)


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
    trust = SenderTrust(cfg.trusted_senders, learned)
    try:
        got = await asyncio.to_thread(fetch, cfg, state.cursor, now, rules)
        signals = [signal_event(cfg, got.kind, item, now) for item in got.items]
        outcomes, valid = await ingest_signals(
            engine, signals, now, state.weight, rules, trust, senders
        )
    except CanonError as e:
        return await _failed(engine, states, state, cfg, now, str(e))
    except Exception as e:  # a bug in one source must not stop the others
        return await _failed(
            engine, states, state, cfg, now, f"internal error: {type(e).__name__}: {e}"
        )
    await states.save_source_state(after_success(state, now, got.cursor, valid))
    return SourceReport(
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


async def _failed(
    engine: Engine,
    states: SourceStateStore,
    state: SourceState,
    cfg: SourceConfig,
    now: datetime,
    error: str,
) -> SourceReport:
    failed = after_failure(state, now, error)
    await states.save_source_state(failed)
    if failed.failures == 1:  # one alert when a source starts failing, not one per pass
        await engine.store.add_alert(now, "source_failed", None, f"{cfg.name}: {error}"[:500])
    return SourceReport(cfg.name, cfg.kind, False, error=error, weight=failed.weight)


def source_states(engine: Engine) -> SourceStateStore:
    """The source-state store living beside the engine's SQLite store."""
    return SQLiteSourceStates(_sqlite(engine))


def _sqlite(engine: Engine) -> SQLiteStore:
    store = engine.store
    if not isinstance(store, SQLiteStore):
        raise StoreError("source freshness is kept in the SQLite store only")
    return store


async def poll_once(engine: Engine, config: Config, now: datetime) -> PollReport:
    """Run one pass of every configured source, then refresh projections."""
    states = source_states(engine)
    senders = SQLiteMailSenders(_sqlite(engine))
    learned = await learn_senders(engine.store, senders, now)
    reports = [
        await poll_source(engine, states, cfg, now, config.rules, learned, senders)
        for cfg in config.sources
    ]
    promoted = tuple(item for r in reports for item in r.promoted)
    return PollReport(now, tuple(reports), promoted, await _refresh(engine, config, now))


async def _refresh(engine: Engine, config: Config, now: datetime) -> str | None:
    try:
        module = importlib.import_module("core.workspace")
    except ModuleNotFoundError:
        return None
    refresh = getattr(module, "refresh_projections", None)
    if refresh is None or not config.workspace.is_dir():
        return None
    try:
        report = await refresh(engine, config.workspace, now)
    except CanonError as e:
        return f"projection refresh failed: {e}"
    return f"projections refreshed ({len(getattr(report, 'results', ()))} files)"
