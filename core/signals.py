"""Mapping calendar events and mails to observations.

Calendar and mail text is untrusted input: it is matched against patterns and
never followed as instructions, and these sources never propose profile facts.
A trip on the calendar is planning before it starts, in progress while it
runs and completed after it ends; a cancelled event cancels it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Final

from core.fields import slugify
from core.state import Scalar

_TRIP = re.compile(
    r"\b(?i:flight|fly(?:ing)?|trip|travel(?:ling|ing)?|vacation|holiday|getaway|leave)\s+"
    r"(?:\w+\s+){0,2}?(?i:to|for|in)\s+(?P<place>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})"
)
_TRIP_SUFFIX = re.compile(
    r"\b(?P<place>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})\s+(?i:trip|vacation|getaway)\b"
)
_FAMILY_EVENT = re.compile(
    r"\b(?P<what>school|soccer|practice|recital|dentist|doctor|daycare|pickup|swim|piano|ballet|"
    r"game|lesson|camp|playdate)\b",
    re.IGNORECASE,
)
_AMOUNT = re.compile(
    r"(?P<cur>[$€£]|USD|EUR|GBP|CAD|AUD)\s?(?P<num>\d{1,3}(?:[,\d{3}]*)(?:\.\d{2})?)|"
    r"(?P<num2>\d{1,3}(?:,\d{3})*(?:\.\d{2})?)\s?(?P<cur2>USD|EUR|GBP|CAD|AUD|euros?|dollars?)",
)
_CURRENCY: Final = {
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "euro": "EUR",
    "euros": "EUR",
    "dollar": "USD",
    "dollars": "USD",
}
_RECEIPT = re.compile(
    r"\b(receipt|your order|order confirmation|payment (?:received|confirmation)|"
    r"you paid|invoice|charged)\b",
    re.IGNORECASE,
)
_REFUND = re.compile(r"\brefund(?:ed)?\b", re.IGNORECASE)
_CANCELLED = re.compile(r"\b(cancel(?:l)?ed|cancellation)\b", re.IGNORECASE)
_MERCHANT = re.compile(r"\b(?:from|at|to)\s+(?P<m>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,2})")
_RESERVATION = re.compile(
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


def _when(text: str) -> tuple[datetime, bool]:
    """Parse a calendar start/end: (aware datetime, is_all_day)."""
    if "T" in text:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
        return (value if value.tzinfo else value.replace(tzinfo=UTC)), False
    return datetime.combine(date.fromisoformat(text), time(0, tzinfo=UTC)), True


def trip_place(*texts: str) -> str | None:
    """The destination named by a trip-like event title or mail subject, if any."""
    for text in texts:
        for pattern in (_TRIP, _TRIP_SUFFIX):
            m = pattern.search(text)
            if m:
                return m.group("place").strip(" .,")
    return None


def map_calendar(event: dict[str, Any], now: datetime) -> list[MappedObservation]:
    """Observations a calendar event supports, as seen at ``now``."""
    summary = str(event.get("summary", ""))
    location = str(event.get("location") or "")
    start, _ = _when(str(event["start"]))
    end, all_day = _when(str(event["end"]))
    cancelled = event.get("status") == "cancelled"
    place = trip_place(summary, str(event.get("description") or "")) or (
        location.split(",")[0].strip() if location and _RESERVATION.search(summary) else None
    )
    out: list[MappedObservation] = []
    if place:
        expiry = end + timedelta(days=1)
        if cancelled:
            out.append(MappedObservation("travel.status", "cancelled", "assertive"))
            return out
        out += [
            MappedObservation(
                "travel.destination", place, "planning" if now < start else "assertive", expiry
            ),
            MappedObservation("travel.depart_date", start.date().isoformat(), "planning", expiry),
            MappedObservation(
                "travel.return_date",
                (end - timedelta(days=1) if all_day else end).date().isoformat(),
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
        slug = slugify(summary)[:40]
        if cancelled:
            out.append(MappedObservation(f"family.{slug}.event_status", "cancelled", "assertive"))
        else:
            intent = "planning" if now < start else "assertive"
            out.append(MappedObservation(f"family.{slug}.schedule", start.isoformat(), intent, end))
            out.append(MappedObservation(f"family.{slug}.event_status", "scheduled", intent, end))
    return out


def map_email(mail: dict[str, Any], now: datetime) -> tuple[str, list[MappedObservation]]:
    """(source type, observations) for a mail: receipts and reservations only."""
    subject = str(mail.get("subject", ""))
    body = str(mail.get("body", ""))
    text = f"{subject}\n{body}"
    place = trip_place(subject, body)
    if place and _RESERVATION.search(text):
        if _CANCELLED.search(subject):
            return "transactions_email", [
                MappedObservation("travel.status", "cancelled", "assertive")
            ]
        return "transactions_email", [
            MappedObservation("travel.destination", place, "planning"),
            MappedObservation("travel.status", "planning", "planning"),
        ]
    if _RECEIPT.search(text) or _REFUND.search(subject):
        amount = _AMOUNT.search(text)
        merchant = _MERCHANT.search(subject) or _MERCHANT.search(str(mail.get("from", "")))
        name = merchant.group("m") if merchant else str(mail.get("from", "merchant")).split("@")[0]
        slug = slugify(name)[:40]
        status = (
            "refunded"
            if _REFUND.search(subject)
            else "cancelled"
            if _CANCELLED.search(subject)
            else "paid"
        )
        out = [
            MappedObservation(f"financial.{slug}.status", status, "assertive"),
            MappedObservation(f"financial.{slug}.merchant", name, "assertive"),
        ]
        if amount:
            num = (amount.group("num") or amount.group("num2")).replace(",", "")
            cur = (amount.group("cur") or amount.group("cur2") or "").strip()
            out.append(MappedObservation(f"financial.{slug}.amount", float(num), "assertive"))
            code = _CURRENCY.get(cur.lower() if len(cur) > 1 else cur, cur.upper())
            if re.fullmatch(r"[A-Z]{3}", code):
                out.append(MappedObservation(f"financial.{slug}.currency", code, "assertive"))
        return "transactions_email", out
    return "email", []
