"""What a calendar source remembers between passes, and what it emits.

Deleted events come back from Google as bare ``{"id", "status": "cancelled"}``
stubs, and from CalDAV/ICS not at all; to cancel a trip Canon must remember
what the event was. Recurring series are reduced to their next occurrence
(a weekly practice yields one schedule, not twenty-six competing ones). The
memory is a plain dict kept in the source's cursor, pruned as events end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from core.signals.invitations import invitation_response
from core.signals.mapping import event_time, map_calendar
from core.signals.rules import Rule
from core.sources.ical import SERIES_KEY, UNLISTED_KEY, UNREADABLE_KEY

PER_SERIES: Final = 60
_KEEP: Final = ("id", "summary", "start", "end", "location", "status", "invitation", SERIES_KEY)
"""What a remembered event keeps: an invitation stays one in the occurrences and
cancellations made from memory."""


def _end(event: Mapping[str, Any]) -> datetime:
    return event_time(str(event["end"]))[0]


def _start(event: Mapping[str, Any]) -> datetime:
    return event_time(str(event["start"]))[0]


@dataclass(frozen=True)
class Reconciled:
    emit: list[dict[str, Any]]
    """Complete calendar_event payloads to map now (series key removed)."""
    known: dict[str, dict[str, Any]]
    """The memory to keep in the cursor."""


def _compact(event: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: event[k] for k in _KEEP if k in event}
    if "description" in event:
        out["description"] = str(event["description"])[:500]
    return out


def _public(event: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != SERIES_KEY}


def reconcile(
    events: list[dict[str, Any]],
    known: Mapping[str, dict[str, Any]],
    now: datetime,
    *,
    window: tuple[datetime, datetime] | None = None,
    keep_days: int = 7,
    rules: Sequence[Rule] = (),
) -> Reconciled:
    """Fold a pass's events into the memory; return what to emit.

    ``window`` is given by sources that list every event in it on each pass
    (CalDAV, ICS): an event remembered inside it but missing now was deleted.
    Events are tracked when the mapping (with the configured ``rules``) maps them.
    """
    memory = {k: dict(v) for k, v in known.items()}
    emit: list[dict[str, Any]] = []
    seen: set[str] = set()
    for given in events:
        ident = str(given["id"])
        seen.add(ident)
        if given.get(UNLISTED_KEY):  # a calendar not listed: none of it was deleted
            seen.update(memory)
            continue
        if given.get(UNREADABLE_KEY):  # left out this pass: remembered as it was
            seen.update(k for k, v in memory.items() if v.get(SERIES_KEY) == ident[:900])
            continue
        event = as_answered(given, memory.get(ident))
        if "start" not in event:  # a deletion stub: only what we remember can be cancelled
            old = memory.pop(ident, None)
            if old is not None and event.get("status") == "cancelled":
                emit.append({**old, "status": "cancelled"})
            continue
        if SERIES_KEY in event:
            memory[ident] = _compact(event)
            continue
        if map_calendar(_public(event), now, rules):
            emit.append(event)
            if event.get("status") == "cancelled":
                memory.pop(ident, None)
            else:
                memory[ident] = _compact(event)
        else:
            old = memory.pop(ident, None)  # renamed into something Canon does not track
            if old is not None and _declined_after_saying_yes(old, event):
                emit.append({**old, "status": "cancelled"})
    if window is not None:
        for ident, old in list(memory.items()):
            if ident not in seen and window[0] <= _start(old) < window[1]:
                memory.pop(ident)
                if SERIES_KEY not in old:
                    emit.append({**old, "status": "cancelled"})
    emit += _next_occurrences(memory, now, rules)
    horizon = now - timedelta(days=keep_days)
    memory = {k: v for k, v in memory.items() if _end(v) >= horizon}
    return Reconciled([_public(e) for e in emit], _bounded(memory))


def as_answered(event: dict[str, Any], old: Mapping[str, Any] | None) -> dict[str, Any]:
    """``event`` with an acceptance Canon did not see the owner give taken as the
    organiser's word (``said_accepted``). The organiser writes every ATTENDEE line of the
    invitation they send, the owner's ``PARTSTAT=ACCEPTED`` (Google's ``responseStatus``)
    too, and the calendar files it as it came: a stranger's "Trip to Moscow" arriving
    already accepted is no answer of the owner's. An acceptance counts when Canon saw the
    same invitation unanswered (or tentative) on an earlier pass of this calendar, so
    the owner changed their own copy, or had already counted it."""
    if invitation_response(event) != "accepted":
        return event
    before = invitation_response(dict(old)) if old is not None else None
    if before in ("needs_action", "tentative", "accepted"):
        return event
    return {**event, "invitation": {**event["invitation"], "response": "said_accepted"}}


PUSHED_KEPT: Final = 2000
"""How many pushed invitations' answers the webhook remembers (the oldest are forgotten:
an acceptance of one forgotten is the organiser's word again, asked, never the reverse)."""


_ANSWERS: Final = frozenset({"needs_action", "tentative", "accepted", "declined", "unknown"})


def answered_pushes(
    signals: Sequence[Any],
    seen: Mapping[str, str],
    valid: Callable[[Any], bool] = lambda _: True,
) -> tuple[list[Any], dict[str, str]]:
    """Pushed signals with each invitation's acceptance judged as a poll judges it
    (``as_answered``), against the answers ``seen`` in earlier pushes (event id -> the
    answer as taken), and the answers to remember now: of ``valid`` signals only (a
    malformed one is dead-lettered, not seen), known answers and ids of at most 256
    characters. A push has no calendar of its own to read back: without this memory, a
    stranger's invitation pushed already ``accepted`` was the user's plan. Anything not
    a calendar invitation passes as it is."""
    memory = dict(seen)
    out: list[Any] = []
    for signal in signals:
        payload = signal.get("payload") if isinstance(signal, dict) else None
        ident = payload.get("id") if isinstance(payload, dict) else None
        if (
            not isinstance(signal, dict)
            or signal.get("kind") != "calendar_event"
            or not isinstance(payload, dict)
            or not isinstance(ident, str)
            or invitation_response(payload) is None
        ):
            out.append(signal)
            continue
        before = memory.get(ident)
        event = as_answered(
            payload, None if before is None else {"invitation": {"response": before}}
        )
        taken = invitation_response(event)
        if valid(signal) and len(ident) <= 256 and taken in _ANSWERS | {"said_accepted"}:
            memory.pop(ident, None)  # newest last
            memory[ident] = str(taken)
        out.append({**signal, "payload": event})
    while len(memory) > PUSHED_KEPT:
        memory.pop(next(iter(memory)))
    return out, memory


def _declined_after_saying_yes(old: Mapping[str, Any], event: Mapping[str, Any]) -> bool:
    """An event the owner had taken as theirs (organised or accepted) and now declines:
    their plan is off. A decline of what they never accepted cancels nothing."""
    if invitation_response(dict(event)) != "declined" or SERIES_KEY in old:
        return False
    return invitation_response(dict(old)) in (None, "accepted")


def _next_occurrences(
    memory: dict[str, dict[str, Any]], now: datetime, rules: Sequence[Rule]
) -> list[dict[str, Any]]:
    """For each series, its occurrence running now or next (cancelled or not)."""
    best: dict[str, dict[str, Any]] = {}
    for event in memory.values():
        series = event.get(SERIES_KEY)
        if series is None or _end(event) <= now:
            continue
        current = best.get(series)
        if current is None or _start(event) < _start(current):
            best[series] = event
    return [e for e in best.values() if map_calendar(_public(e), now, rules)]


def _bounded(memory: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    by_series: dict[str, list[str]] = {}
    for ident, event in memory.items():
        if SERIES_KEY in event:
            by_series.setdefault(event[SERIES_KEY], []).append(ident)
    for idents in by_series.values():
        idents.sort(key=lambda i: _start(memory[i]))
        for ident in idents[PER_SERIES:]:
            memory.pop(ident)
    return memory
