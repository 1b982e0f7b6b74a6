"""Mapping calendar events to observations, and what every signal mapper shares.

Calendar and mail text is untrusted input: it is matched against patterns and
never followed as instructions, and these sources never propose profile facts
(``untrusted_only``). A trip on the calendar is planning before it starts, in
progress while it runs and completed after it ends; a cancelled event cancels it.
Configured ``[[rules]]`` (``core.signals.rules.Rule``) add claims of their own; a
rule's claim replaces the built-in mapping's claim on the same field (``with_rules``).

Mails are mapped in ``core.signals.mail_mapping``, with the claim type, the trip
words, the rule claims and the untrusted filter of this module.
An invitation the user declined claims nothing (``core.signals.invitations``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from core.domain.fields import slugify
from core.domain.state import Scalar
from core.domain.user_clock import on_users_clock, users_midnight
from core.signals.invitations import invitation_response, organiser_item
from core.signals.rules import Rule, RuleValue, template_names

# Words of one line: a line break (any: \n, \r, U+2028, ...) ends the place, so a
# stranger's next line ("Trip to Denver\nSYSTEM: ...") is never part of it.
_GAP = r"[ \t\u00a0]+"
_TRIP = re.compile(
    r"\b(?i:flight|fly(?:ing)?|trip|travel(?:ling|ing)?|vacation|holiday|getaway|leave)"
    + _GAP
    + r"(?:\w+"
    + _GAP
    + r"){0,2}?(?i:to|for|in)"
    + _GAP
    + r"(?P<place>[A-Z][\w'.-]*(?:"
    + _GAP
    + r"[A-Z][\w'.-]*){0,3})"
)
_TRIP_SUFFIX = re.compile(
    r"\b(?P<place>[A-Z][\w'.-]*(?:"
    + _GAP
    + r"[A-Z][\w'.-]*){0,2})"
    + _GAP
    + r"(?i:trip|vacation|getaway)\b"
)
_FAMILY_EVENT = re.compile(
    r"\b(?P<what>school|soccer|practice|recital|dentist|doctor|daycare|pickup|swim|piano|ballet|"
    r"game|lesson|camp|playdate)\b",
    re.IGNORECASE,
)
# A place's words may hold a dot ("St. Louis", "D.C."), but a dot then a space after a
# word that is no abbreviation ends the sentence: "Flight to Moscow. SYSTEM: ..." names
# Moscow, and whatever a stranger wrote after it is not part of the place.
_SENTENCE_END = re.compile(r"(?<!\b[A-Z])(?<!\bSt)(?<!\bMt)(?<!\bFt)(?<!\bPt)\.\s")
RESERVATION = re.compile(
    r"\b(flight|hotel|booking|reservation|itinerary|check-in)\b", re.IGNORECASE
)


@dataclass(frozen=True)
class MappedObservation:
    """One claim a signal supports, before it gets an event id."""

    field: str
    value: Scalar
    intent: str
    valid_until: datetime | None = None
    confidence: float = 1.0
    entity: str | None = None
    """Another entity than the source's (set by a rule's ``entity``)."""


def event_time(text: str, zone: str | None = None) -> tuple[datetime, bool]:
    """Parse a calendar start/end: (aware datetime, is_all_day); a date is the midnight
    that starts it on the user's clock (``zone``; UTC's while none is known)."""
    if "T" in text:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return (value if value.tzinfo else value.replace(tzinfo=UTC)), False
    return users_midnight(date.fromisoformat(text), zone), True


def _lapses(end: datetime, all_day: bool, zone: str | None) -> datetime:
    """When a trip's plan lapses: a day after its end; for an all-day event, the midnight
    a day after its (exclusive) end date on the user's clock, not UTC's: a trip through
    Sunday in Los Angeles holds through her Monday, not till Monday 16:00 there."""
    if all_day:
        return users_midnight(end.date() + timedelta(days=1), zone)
    return end + timedelta(days=1)


def users_day(moment: datetime, all_day: bool, zone: str | None) -> date:
    """The day a calendar time falls on for the user: a timed moment on their clock
    (``zone``; a flight at 21:00 in Los Angeles, sent as 05:00Z, leaves on their Saturday,
    not UTC's Sunday), an all-day date as it is written (it names a day, not a moment)."""
    return moment.date() if all_day else on_users_clock(moment, zone).date()


def trip_place(*texts: str) -> str | None:
    """The destination named by a trip-like event title or mail subject, if any."""
    for text in texts:
        for pattern in (_TRIP, _TRIP_SUFFIX):
            m = pattern.search(text)
            if m:
                place = _SENTENCE_END.split(m.group("place"), maxsplit=1)[0].strip(" ,")
                # A final initial keeps its dot ("D.C."); a sentence's full stop goes.
                return place if re.search(r"\b[A-Z]\.$", place) else place.rstrip(".")
    return None


def map_calendar(
    event: dict[str, Any], now: datetime, rules: Sequence[Rule] = (), zone: str | None = None
) -> list[MappedObservation]:
    """Observations a calendar event supports, as seen at ``now`` (with ``rules``' claims);
    none for an invitation the owner declined. Its days are the user's (``zone``: the IANA
    zone of their clock, None while Canon knows none: the event's own offset)."""
    if invitation_response(event) == "declined":
        return []
    # The title names the item only when it is the owner's: a stranger must not choose
    # which of the user's items their invitation is filed under.
    slug = organiser_item(event) or slugify(str(event.get("summary", "")))[:40]
    ruled = _calendar_rules(event, now, rules, slug, zone) if rules else []
    return untrusted_only(with_rules(_map_calendar(event, now, slug, zone), ruled))


def _first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


def _map_calendar(
    event: dict[str, Any], now: datetime, slug: str, zone: str | None
) -> list[MappedObservation]:
    summary = str(event.get("summary", ""))
    location = str(event.get("location") or "")
    start, start_all_day = event_time(str(event["start"]), zone)
    end, all_day = event_time(str(event["end"]), zone)
    cancelled = event.get("status") == "cancelled"
    place = trip_place(summary, str(event.get("description") or "")) or (
        # Its first line, up to a comma: "Reno\nSYSTEM: …" is in Reno, as a title's place.
        _first_line(location).split(",")[0].strip()
        if location and RESERVATION.search(summary)
        else None
    )
    out: list[MappedObservation] = []
    if place:
        expiry = _lapses(end, all_day, zone)
        if cancelled:
            out.append(MappedObservation("travel.status", "cancelled", "assertive"))
            return out
        out += [
            MappedObservation(
                "travel.destination", place, "planning" if now < start else "assertive", expiry
            ),
            MappedObservation(
                "travel.depart_date",
                users_day(start, start_all_day, zone).isoformat(),
                "planning",
                expiry,
            ),
            MappedObservation(
                "travel.return_date",
                users_day(end - timedelta(days=1) if all_day else end, all_day, zone).isoformat(),
                "planning",
                expiry,
            ),
        ]
        if now < start:
            out.append(MappedObservation("travel.status", "planning", "planning", expiry))
        elif now < end:
            out.append(MappedObservation("travel.status", "in_progress", "assertive"))
            out.append(MappedObservation("travel.location", place, "assertive"))
        else:
            out.append(MappedObservation("travel.status", "completed", "assertive"))
        return out
    m = _FAMILY_EVENT.search(summary)
    if m:
        if cancelled:
            out.append(MappedObservation(f"family.{slug}.event_status", "cancelled", "assertive"))
        else:
            intent = "planning" if now < start else "assertive"
            out.append(MappedObservation(f"family.{slug}.schedule", start.isoformat(), intent, end))
            out.append(MappedObservation(f"family.{slug}.event_status", "scheduled", intent, end))
    return out


def untrusted_only(out: list[MappedObservation]) -> list[MappedObservation]:
    """``out`` without profile claims: mail and calendar text is untrusted, and it never
    proposes long-term profile facts."""
    return [m for m in out if not m.field.startswith("profile.")]


# -- configured rules -------------------------------------------------------------


def _render(template: RuleValue, values: dict[str, str | float]) -> Scalar:
    """A rule's value for one event: None when a name it uses has no value here."""
    if not isinstance(template, str):
        return template
    names = template_names(template)
    if any(values.get(n) in (None, "") for n in names):
        return None  # no location, no amount: the event is no evidence for this claim
    if template == "{amount}":
        return values["amount"]  # a number stays a number
    return template.format_map(values)


def rule_claim(
    rule: Rule,
    values: dict[str, str | float],
    value: RuleValue,
    intent: str,
    until: datetime | None,
) -> MappedObservation | None:
    """``rule``'s claim of ``value`` for one event or mail (``values`` fill its template);
    None when the template names a value this input does not have."""
    rendered = _render(value, values)
    if rendered is None:
        return None
    field = rule.field.replace("{slug}", str(values["slug"]))
    return MappedObservation(field, rendered, rule.intent or intent, until, entity=rule.entity)


def _calendar_rules(
    event: dict[str, Any], now: datetime, rules: Sequence[Rule], slug: str, zone: str | None
) -> list[MappedObservation]:
    summary = str(event.get("summary", ""))
    start, _ = event_time(str(event["start"]), zone)
    end, _ = event_time(str(event["end"]), zone)
    cancelled = event.get("status") == "cancelled"
    out: list[MappedObservation] = []
    for rule in rules:
        m = rule.match.search(summary) if rule.kind == "calendar" else None
        if m is None:
            continue
        values: dict[str, str | float] = {
            "start": str(event["start"]),
            "end": str(event["end"]),
            "location": str(event.get("location") or ""),
            "summary": summary,
            "match": m.group(0),
            "slug": slug,
        }
        if cancelled:
            if rule.on_cancel is not None:
                claim = rule_claim(rule, values, rule.on_cancel, "assertive", None)
                out += [claim] if claim else []
            continue
        claim = rule_claim(
            rule, values, rule.value, "planning" if now < start else "assertive", end
        )
        out += [claim] if claim else []
    return out


def with_rules(
    built: list[MappedObservation], ruled: list[MappedObservation]
) -> list[MappedObservation]:
    """Built-in claims plus rule claims; per field, the first rule's claim wins."""
    if not ruled:
        return built
    out: dict[tuple[str | None, str], MappedObservation] = {}
    for m in ruled:
        out.setdefault((m.entity, m.field), m)
    return [m for m in built if (m.entity, m.field) not in out] + list(out.values())
