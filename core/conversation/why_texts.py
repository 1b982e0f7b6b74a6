"""/why and /history in the chat: the evidence behind a value, in words.

Every value can answer "why do you believe this?". In the chat the answer is read by the
person it is about, so it says what was heard, from whom, and what Canon did with it
("you said "we're already in tahoe": Tahoe; I asked you"), not the resolver's names
("ask_user", "conversation_assertive"). The dotted names and raw decisions stay where
the owner debugs: ``canon why`` and the CLI's ``--json`` (``viewer.owner``).
Pure: records, ``now`` and the viewer in, text out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from types import MappingProxyType

from core.conversation.change_views import made_by
from core.conversation.provenance import OWNER, Viewer, by_words, shown_events, user_viewer
from core.conversation.views import age_phrase, age_text
from core.domain import phrasing
from core.domain.audit import show_value
from core.domain.errands import errand_status_of, status_meaning
from core.domain.phrasing_values import show_in
from core.domain.provenance import UNTRUSTED_SENDER, mail_sender, quoted_sender
from core.domain.quoting import MAX_TEXT_CHARS, quote, slot
from core.domain.read_values import as_read
from core.domain.source_types import derivation
from core.domain.state import CommittedFact, Scalar
from core.engine.consistency import FOLLOWS_TRIP, FORCED
from core.engine.due_before_trip import without_anchor
from core.store import EventRecord, HistoryEntry

_HEARD: Mapping[str, str] = MappingProxyType(
    {
        "conversation_assertive": "said",
        "user_confirmation": "confirmed",
        "agent": "suggested",
        "calendar": "had it in the calendar",
        "email": "had it in an email",
        "transactions_email": "had it in an email",
        "manual_markdown": "wrote it in the workspace",
        "static_markdown": "had it in a workspace note",
        "system": "worked it out",
        "execution": "did it",
    }
)
"""What a source's write was, after who made it ("you said", "your calendar 'work' had
it in the calendar")."""
_DECIDED: Mapping[str, str] = MappingProxyType(
    {
        "auto_commit": "; I took it",
        "ask_user": "; I asked",
        "tentative_reject": "; I set it aside",
        "duplicate": "; I had it already",
    }
)
"""What Canon did with a write; an answer (a confirmation, an edit) is its own doing."""
_TRIP: Mapping[str, str] = MappingProxyType(
    {"planning": "planned", "in_progress": "under way", "completed": "over", "cancelled": "off"}
)
_ALSO: Mapping[str, str] = MappingProxyType(
    {"calendar": "the calendar", "email": "an email", "transactions_email": "an email"}
)
_FOLLOWED: Mapping[str, str] = MappingProxyType(
    {"follows_trip": f" (so {FOLLOWS_TRIP})", "follows_answer": f" (so {FORCED})"}
)
"""The end of a worked-out value's evidence (``core.engine.answers``), said by the
derivation's own words instead."""
_RESOLVED: Mapping[str, str] = MappingProxyType(
    {
        "auto_commit": "taken from",
        "user_confirm": "confirmed by",
        "user_edit": "corrected by",
        "import": "imported from",
    }
)
"""How a value came to be held, before who made the write."""


def why_text(
    field: str,
    fact: CommittedFact | None,
    events: Sequence[EventRecord],
    history: Sequence[HistoryEntry],
    now: datetime,
    viewer: Viewer = OWNER,
    today: date | None = None,
) -> str:
    """The evidence chain: the value held, the evidence for it and how it changed, each
    write saying who made it in words for ``viewer`` (never another member's refs);
    ``today``: the reader's day, so a day in another year or far away says its year."""
    if viewer.owner:
        return _owners_why(field, fact, events, history, now)
    entity = fact.entity_id if fact else events[0].entity_id if events else ""
    name = _name(field, entity, viewer.entity or entity)
    events = shown_events(events, history, viewer)
    if fact is None and not events:
        return f"I know nothing about {name[:1].lower() + name[1:]}."
    if fact is None:
        head = f"{name}: nothing held."
    else:
        who = by_words(fact.principal, fact.source_type, viewer)
        held = as_read(
            fact.value, fact.source_type, fact.principal, viewer.entity or entity, viewer.names
        )
        derived = derivation(fact.resolution)
        how = f"{_how(fact.resolution)} {who}" if derived is None else derived
        head = (
            f"{name}: {_value(field, held, today)} — {how}, "
            f"{_ago(fact.evidence_ts, now)} (sure: {fact.confidence:.2f})."
        )
    lines = [head]
    if events:
        lines += ["", "What I heard (newest last):"]
        lines += [_heard(e, field, now, viewer, today) for e in events[-10:]]
    if history:
        lines += ["", "Changes:"]
        made = made_by(history)
        lines += [_changed(h, field, viewer, made.get(h.seq), today) for h in history[-10:]]
    return "\n".join(lines)


def _name(field: str, entity: str, mine: str) -> str:
    """The field as a person names it: "Your location", "Emma's status", "The rent amount"."""
    said = phrasing.label(field, entity, mine)
    return said[:1].upper() + said[1:]


def _value(field: str, value: Scalar, today: date | None = None) -> str:
    if field == "travel.status" and isinstance(value, str):
        return _TRIP.get(value, show_in(field, value))
    if (errand := errand_status_of(field)) is not None:
        # A return's bare "pending" reads as "not done yet": said with what it means.
        means = status_meaning(errand, value)
        if means is not None:
            return f"{show_in(field, value)} ({means})"
    return show_in(field, value, today)


def _heard(
    e: EventRecord, field: str, now: datetime, viewer: Viewer, today: date | None = None
) -> str:
    who = by_words(e.principal, e.source_type, viewer)
    heard = _HEARD.get(e.source_type, f"sent it ({e.source_type.replace('_', ' ')})")
    # Another member's words are theirs: their value is shown, not what else they said.
    said = e.evidence_text if viewer.quotes(e.principal, e.entity_id) else None
    quote = f" {quoted_words(said)}" if said else ""
    value = (
        "(forget it)"
        if e.intent == "retract"
        else _value(
            field,
            as_read(e.value, e.source_type, e.principal, viewer.entity or "", viewer.names),
            today,
        )
    )
    kinds = sorted({_ALSO.get(kind, kind.replace("_", " ")) for kind, _ref in e.corroborators})
    also = f" ({' and '.join(kinds)} agreed)" if kinds else ""
    decided = _DECIDED.get(e.decision, "")
    derived = derivation(e.decision)
    if derived is not None:  # nobody said it: what it followed, in Canon's voice
        why = (e.evidence_text or "").removesuffix(_FOLLOWED.get(e.decision, ""))
        because = f" ({why})" if why and viewer.quotes(e.principal, e.entity_id) else ""
        return f"• {_when(e.event_ts, now)} — {derived}{because}: {value} ({e.confidence:.2f})"
    sender = mail_sender(e.source_ref) if e.source_type == "email" else None
    if sender is not None:  # a stranger's mail says who sent it, and why it was only asked
        heard += f" from {quoted_sender(sender)}"
        if e.decision == "ask_user" and any(UNTRUSTED_SENDER in r for r in e.reasons):
            decided += ", as I do for every sender you haven't trusted"
    return f"• {_when(e.event_ts, now)} — {who} {heard}{quote}: {value}{also}{decided} ({e.confidence:.2f})"


def quoted_words(said: str) -> str:
    """The words a write came from, in double quotes on one line: a quote inside them is
    escaped, so a stranger's title cannot close the quotation and go on in Canon's voice
    ('"Trip to Denver": Moscow; I took it (1.00)'); every character that does not print
    is escaped (a zero-width space, a direction override), and words past
    ``MAX_TEXT_CHARS`` are cut with their length said (a 100 kB invitation is one line).
    The anchor Canon added to words that dated an errand by the trip ("(due before you
    leave)") is said outside the quote."""
    words, mark = without_anchor(said)
    if len(words) > MAX_TEXT_CHARS:
        return slot(words, limit=MAX_TEXT_CHARS) + mark
    return quote(words) + mark


def _changed(
    h: HistoryEntry,
    field: str,
    viewer: Viewer,
    before: HistoryEntry | None = None,
    today: date | None = None,
) -> str:
    """One change: the value it replaced (quoted from its writer, ``before``'s, as the new
    one is from its own: a stranger's words stay theirs when they are the old value too),
    the new value, how and by whom."""
    reader = viewer.entity or h.entity_id
    new = (
        "forgotten"
        if h.retracted
        else _value(field, as_read(h.new_value, "", h.principal, reader, viewer.names), today)
    )
    old = (
        h.old_value
        if before is None
        else as_read(h.old_value, "", before.principal, reader, viewer.names)
    )
    was = "" if h.old_value is None else f"{_value(field, old, today)} → "
    who = "an earlier input" if h.principal is None else by_words(h.principal, "", viewer)
    derived = derivation(h.resolution)
    how = f"{_how(h.resolution)} {who}" if derived is None else derived
    return f"• {h.committed_at:%b %-d, %H:%M}: {was}{new} ({how})"


def _how(resolution: str) -> str:
    return _RESOLVED.get(resolution, resolution.replace("_", " ") + ", by")


def _when(then: datetime, now: datetime) -> str:
    return f"{then:%b %-d, %H:%M}" if (now - then).days >= 1 else _ago(then, now)


def _ago(then: datetime, now: datetime) -> str:
    age = age_text(then, now)
    return age if age == "just now" else f"{age} ago"


def _owners_why(
    field: str,
    fact: CommittedFact | None,
    events: Sequence[EventRecord],
    history: Sequence[HistoryEntry],
    now: datetime,
) -> str:
    """``canon why``: the resolver's own names, for the owner debugging it."""
    if fact is None and not events:
        return f"I know nothing about {field}."
    head = (
        f"{field} = {show_value(fact.value)} (confidence {fact.confidence:.2f}, "
        f"{fact.resolution}, {age_phrase(fact.evidence_ts, now)}, "
        f"from {by_words(fact.principal, fact.source_type, OWNER)})"
        if fact
        else f"{field} has no committed value."
    )
    lines = [head, "", "Evidence (newest last):"]
    for e in events[-10:]:
        quote = f" {quoted_words(e.evidence_text)}" if e.evidence_text else ""
        also = "".join(f" + {kind} {ref}" for kind, ref in e.corroborators)
        lines.append(
            f"• {e.event_ts:%Y-%m-%d %H:%M} from {by_words(e.principal, e.source_type, OWNER)}"
            f" ({e.source_type}{also}) {e.intent}: "
            f"{show_value(e.value)} → {e.decision} ({e.confidence:.2f}){quote}"
        )
    if history:
        lines += ["", "Changes:"]
        lines += [
            f"• v{h.version} {h.committed_at:%Y-%m-%d %H:%M}: {show_value(h.old_value)} → "
            f"{'(retracted)' if h.retracted else show_value(h.new_value)} ({h.resolution})"
            for h in history[-10:]
        ]
    return "\n".join(lines)


def history_text(
    entries: Sequence[HistoryEntry], mine: str, names: Mapping[str, str] | None = None
) -> str:
    """The changes, newest last, each field by its name; a change another member made
    says so, by their name when Canon knows it (``names``: the household's members)."""
    if not entries:
        return "No changes yet."
    viewer = user_viewer(mine, names=names)
    made = made_by(entries)
    lines = ["Changes (newest last):"]
    for h in entries[-20:]:
        name = _name(h.field, h.entity_id, mine)
        line = _changed(h, h.field, viewer, made.get(h.seq))
        lines.append(line.replace("• ", f"• {name}, ", 1))
    return "\n".join(lines)
