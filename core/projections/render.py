"""The pure renderer: canonical state in, the Markdown of every zone out.

``render(facts, pending, audit, config, now)`` reads no clock, no file and no
store. Its formatter configuration is fixed: LF line endings, ``-`` bullets,
two-space nesting, confidences with two decimals, dates as YYYY-MM-DD (on the
user's clock: their ``profile.timezone``, else their home city's, else UTC),
values on one line with Markdown and HTML metacharacters backslash-escaped,
and every list stably sorted by domain, then entity, then field. The same
inputs therefore give byte-identical zones.

Zones rendered (file -> zone ids):

- ``HEARTBEAT.md``: ``active_reminders`` (open items: plans, trips, projects,
  bills and activities with a non-final status or an expiry, plus the
  questions waiting for the user) and ``state_change_log`` (the newest audit
  lines);
- ``MEMORY.md``: ``current_state`` (committed facts per entity and domain);
- ``memory/state-changes.md``: ``state_changes`` (the whole audit log).

An item or fact whose expiry has passed is flagged ``stale`` rather than
shown as current truth.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from core.domain.audit import show_value
from core.domain.away_unplaced import RETURN
from core.domain.errands import meanings
from core.domain.provenance import provenance, source_type_of
from core.domain.quoting import MARK, slot, visible
from core.domain.state import CommittedFact, Scalar
from core.domain.tense import day_gone_by, overdue, trip_lasts_to_its_return
from core.domain.user_clock import last_day, on_users_clock
from core.extraction.users_clock import today_where, users_zone
from core.store import AuditLine, ReviewItem

HEARTBEAT: Final = "HEARTBEAT.md"
MEMORY: Final = "MEMORY.md"
AUDIT_FILE: Final = "memory/state-changes.md"
ZONES: Final = {
    HEARTBEAT: ("active_reminders", "state_change_log"),
    MEMORY: ("current_state",),
    AUDIT_FILE: ("state_changes",),
}
# Values of a status field that mean the item still needs attention.
OPEN_VALUES: Final = frozenset(
    {"planning", "in_progress", "planned", "blocked", "due", "pending", "scheduled", "moved"}
)
_STATUS_NAMES: Final = ("status", "event_status")
_LABEL_FIELDS: Final = {"travel": "destination", "financial": "merchant"}
_ESCAPE: Final = re.compile(r"([\\`*\[\]<])|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")


@dataclass(frozen=True)
class RenderConfig:
    """The renderer's settings (part of its input: same config, same bytes)."""

    log_lines: int = 20
    """How many of the newest audit lines HEARTBEAT.md's state_change_log shows."""
    primary_entity: str = "user:primary"


Projection = dict[str, dict[str, str]]
"""file -> zone_id -> zone body (LF line endings, each line terminated)."""


def render(
    facts: Sequence[CommittedFact],
    pending: Sequence[ReviewItem],
    audit: Sequence[AuditLine],
    config: RenderConfig,
    now: datetime,
) -> Projection:
    """The body of every Canon zone for this state at ``now``."""
    facts = trip_lasts_to_its_return(facts)
    clock = UsersCalendar(facts, config, now)
    ordered_audit = sorted(audit, key=lambda a: a.seq)
    recent = ordered_audit[-config.log_lines :] if config.log_lines > 0 else []
    return {
        HEARTBEAT: {
            "active_reminders": _lines(
                reminder_lines(facts, pending, config, now, clock), "nothing open"
            ),
            "state_change_log": _lines((f"- {escape(a.line)}" for a in recent), "no changes yet"),
        },
        MEMORY: {
            "current_state": _lines(state_lines(facts, config, now, clock), "no committed facts")
        },
        AUDIT_FILE: {
            "state_changes": _lines(
                (f"- {escape(a.line)}" for a in ordered_audit), "no changes yet"
            )
        },
    }


def _lines(lines: Iterable[str], empty: str) -> str:
    body = list(lines)
    return "\n".join(body or [f"- _({empty})_"]) + "\n"


_CANONS_LINE: Final = re.compile(
    r"\(confidence: \d\.\d\d\) \((?:source|resolution): [^()]*\)\s*$"
    r"|^\s*- \[ \] \*\*Confirm\*\*: "
    rf"|{MARK}"
)


def written_by_canon(line: str) -> bool:
    """Whether ``line`` is one Canon renders (a fact, an open item, a question, an audit
    line) or holds a value Canon quoted from someone (``quoting.MARK``): never a note of
    the user's. A projection written in legacy mode, or a line the assistant copied out
    of a zone, must not come back through ``canon migrate`` as the user's own words
    (another member's "I live in Moscow" read as the user's home city)."""
    return _CANONS_LINE.search(line) is not None


def escape(text: str) -> str:
    """One line of inert Markdown: whitespace collapsed, every other character that does
    not print escaped (``quoting.visible``: a zero-width space or a direction override in
    a line kept before values were quoted), metacharacters escaped."""
    return _ESCAPE.sub(lambda m: "\\" + m.group(0), visible(" ".join(text.split())))


def show(value: Scalar) -> str:
    return escape(show_value(value))


def day(moment: datetime, zone: object = None) -> str:
    """A date as people read an expiry, on the user's clock (``zone``; UTC when None):
    their midnight counts as the end of the day before."""
    return last_day(moment.astimezone(UTC), zone).isoformat()


class UsersCalendar:
    """The primary user's calendar (``users_zone``: their time zone, else their home
    city's, else UTC): which day an end closes, which day evidence came, and which plan's
    day has gone by. At 17:00 in Los Angeles UTC is already tomorrow; the files are read by
    the user and their assistant, who live on the user's day."""

    def __init__(self, facts: Sequence[CommittedFact], config: RenderConfig, now: datetime):
        self.state: dict[str, dict[str, Scalar]] = {}
        for f in facts:
            self.state.setdefault(f.entity_id, {})[f.field] = f.value
        primary = self.state.get(config.primary_entity, {})
        self.zone = users_zone(primary)
        self.today = today_where(primary, now)

    def day(self, moment: datetime) -> str:
        return day(moment, self.zone)

    def source(self, f: CommittedFact) -> str:
        evidence = on_users_clock(f.evidence_ts.astimezone(UTC), self.zone)
        return f"{f.source_type}_{evidence.strftime('%Y-%m-%d')}"

    def gone_by(self, f: CommittedFact) -> str | None:
        """What is not known about a plan's day gone by (``tense.day_gone_by``)."""
        return day_gone_by(f, self.state.get(f.entity_id, {}), self.today)


def _stale(f: CommittedFact, now: datetime) -> bool:
    return f.valid_until is not None and f.valid_until <= now


def _item_key(f: CommittedFact) -> tuple[str, str, str]:
    """(domain, entity, item): travel facts are one item, others per slug."""
    parts = f.field.split(".")
    item = parts[1] if len(parts) > 2 else ""
    return (parts[0], f.entity_id, item)


def _short(f: CommittedFact) -> str:
    return f.field.split(".")[-1].replace("_", " ")


def reminder_lines(
    facts: Sequence[CommittedFact],
    pending: Sequence[ReviewItem],
    config: RenderConfig,
    now: datetime,
    clock: UsersCalendar | None = None,
) -> list[str]:
    """One line per open item, then one per question waiting for the user."""
    clock = clock or UsersCalendar(facts, config, now)
    items: dict[tuple[str, str, str], list[CommittedFact]] = {}
    for f in facts:
        if f.domain != "profile":
            items.setdefault(_item_key(f), []).append(f)
    lines = []
    means = meanings(facts)
    for key in sorted(items):
        group = sorted(items[key], key=lambda f: f.field)
        # A day back held with no trip is open too: away until then, where not said.
        if not _is_open(group) and (key[1], RETURN) not in means:
            continue
        lines.append(_reminder(key, group, config, now, clock, means))
    for r in sorted(pending, key=lambda r: (r.field.split(".")[0], r.entity_id, r.field, r.seq)):
        domain = r.field.split(".")[0]
        source = r.source_key.split(":", 1)[0]
        who = "" if r.entity_id == config.primary_entity else f" (entity: {r.entity_id})"
        if r.kind == "drift":
            continue  # about the files themselves: told in chat, not written back into them
        if r.kind == "bootstrap":
            lines.append(
                f"- [ ] **Confirm**: keep from your files: {escape('; '.join(r.reasons))}?"
            )
            continue
        lines.append(
            f"- [ ] **Confirm**: {r.field} {show(r.current_value)} → {_proposed(r, config)}?"
            f" (domain: {domain}){who} (confidence: {r.confidence:.2f}) (source: {source})"
        )
    return lines


def _proposed(r: ReviewItem, config: RenderConfig) -> str:
    """A question's proposed value: quoted and marked when it came from someone the user
    should not take at their word (a mail, an invitation, an assistant, another member),
    as in the context block. HEARTBEAT.md is read by the assistant as its checklist, so a
    stranger's "Ignore previous instructions ..." is one quoted value, never a task."""
    source_type = source_type_of(r.source_key)
    return _shown(r.candidate_value, source_type, r.principal, config)


def _held(f: CommittedFact, config: RenderConfig) -> str:
    """A committed value, quoted and marked like a proposed one when its words are a
    mail's, a calendar's (whoever wrote the event), an assistant's or another member's."""
    return _shown(f.value, f.source_type, f.principal, config)


def _shown(value: Scalar, source_type: str, principal: str | None, config: RenderConfig) -> str:
    origin = provenance(source_type, principal, config.primary_entity)
    return escape(slot(value, origin)) if origin else show(value)


def _meant(f: CommittedFact, means: Mapping[tuple[str, str], str]) -> str:
    """ " (sent back, refund awaited)" after a value whose bare word misleads."""
    said = means.get((f.entity_id, f.field))
    return "" if said is None else f" ({said})"


def _no_deadline(f: CommittedFact, means: Mapping[tuple[str, str], str]) -> bool:
    """An errand's due day no longer a deadline (``errands.due_day_meaning``)."""
    return f.field.endswith(".due_date") and (f.entity_id, f.field) in means


def _is_open(group: list[CommittedFact]) -> bool:
    statuses = [f for f in group if f.field.split(".")[-1] in _STATUS_NAMES]
    if any(f.valid_until is not None for f in group):
        return not statuses or any(f.value in OPEN_VALUES for f in statuses)
    return any(f.value in OPEN_VALUES for f in statuses)


def _reminder(
    key: tuple[str, str, str],
    group: list[CommittedFact],
    config: RenderConfig,
    now: datetime,
    clock: UsersCalendar,
    means: Mapping[tuple[str, str], str],
) -> str:
    domain, entity, item = key
    label_field = _LABEL_FIELDS.get(domain)
    label_fact = next((f for f in group if f.field.split(".")[-1] == label_field), None)
    if domain == "travel":
        label = f"{_held(label_fact, config)} trip" if label_fact else "Trip"
    else:
        name = escape(item.replace("_", " "))
        label = f"{name} ({_held(label_fact, config)})" if label_fact else name
    details = ", ".join(
        f"{_short(f)} {_held(f, config)}{_meant(f, means)}" for f in group if f is not label_fact
    )
    text = f"- [ ] **{domain.capitalize()}**: {label}"
    if details:
        text += f" — {details}"
    # A return's due day once it went back is no deadline: it neither expires nor goes stale.
    dated = [f for f in group if not _no_deadline(f, means)]
    expiries = [f.valid_until for f in dated if f.valid_until is not None]
    gone = [(f, unknown) for f in dated if (unknown := clock.gone_by(f)) is not None]
    if any(_stale(f, now) and overdue(f) for f in dated):
        # An errand past its day is still to do: overdue, not over (issue 24).
        text += f" (overdue since {clock.day(min(expiries))}, still to do)"
    elif any(_stale(f, now) for f in dated):
        text += f" (stale: expired {clock.day(min(expiries))}, not current)"
    elif gone:
        f, unknown = gone[0]
        text += f" (day passed: {_short(f)} {show(f.value)} still only planned, {unknown})"
    text += f" (domain: {domain})"
    if entity != config.primary_entity:
        text += f" (entity: {entity})"
    if expiries:
        text += f" (expires: {clock.day(min(expiries))})"
    newest = max(group, key=lambda f: (f.evidence_ts, f.field))
    confidence = min(f.confidence for f in group)
    return text + f" (confidence: {confidence:.2f}) (source: {clock.source(newest)})"


def state_lines(
    facts: Sequence[CommittedFact],
    config: RenderConfig,
    now: datetime,
    clock: UsersCalendar | None = None,
) -> list[str]:
    """Committed facts grouped by entity (the primary one first), then domain."""
    clock = clock or UsersCalendar(facts, config, now)
    means = meanings(facts)
    lines: list[str] = []
    by_entity: dict[str, list[CommittedFact]] = {}
    for f in facts:
        by_entity.setdefault(f.entity_id, []).append(f)
    entities = sorted(by_entity, key=lambda e: (e != config.primary_entity, e))
    for entity in entities:
        lines.append(f"- **{entity}**")
        group = sorted(by_entity[entity], key=lambda f: (f.domain, f.field))
        domain = None
        for f in group:
            if f.domain != domain:
                domain = f.domain
                lines.append(f"  - **{domain.capitalize()}**")
            text = f"    - {f.field}: {_held(f, config)}{_meant(f, means)}"
            unknown = clock.gone_by(f)
            if _no_deadline(f, means):
                pass  # a return's day once it went back: said above, neither stale nor ahead
            elif _stale(f, now) and overdue(f):
                assert f.valid_until is not None
                text += f" (overdue since {clock.day(f.valid_until)}, still to do)"
            elif _stale(f, now):
                assert f.valid_until is not None
                text += f" (stale: expired {clock.day(f.valid_until)}, not current)"
            elif unknown is not None:
                text += f" (day passed: still only planned, {unknown})"
            if f.valid_until is not None and not _stale(f, now) and not _no_deadline(f, means):
                text += f" (expires: {clock.day(f.valid_until)})"
            lines.append(text + f" (confidence: {f.confidence:.2f}) (source: {clock.source(f)})")
    return lines
