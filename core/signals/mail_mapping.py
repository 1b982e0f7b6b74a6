"""Mapping mails to observations: bookings, receipts, refunds and cancellations.

A mail is read apart from a calendar event because it brings its own parsing: an
HTML body may carry the sender's JSON-LD reservations and orders
(``core.signals.reservations``), which come before any pattern; otherwise the
subject and the visible text are matched for trips, amounts, merchants and
senders. And its own trust rule: only a trusted sender's mail is
``transactions_email`` (``core.signals.trust``). The claim type, the trip words,
configured rules' claims and the untrusted filter are shared with the calendar
mapping (``core.signals.mapping``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Final

from core.domain.fields import slugify
from core.domain.user_clock import on_users_clock, users_midnight_after
from core.signals.mapping import (
    RESERVATION,
    MappedObservation,
    rule_claim,
    trip_place,
    untrusted_only,
    with_rules,
)
from core.signals.quoted_mail import own_words
from core.signals.reservations import Order, Reservation, looks_like_html, split_html, structured
from core.signals.rules import Rule
from core.signals.trust import sender_address

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


def _day(value: datetime | date, zone: str | None) -> str:
    """A booking's day for the user: a moment on their clock (``zone``), a date as written."""
    return (
        on_users_clock(value, zone).date() if isinstance(value, datetime) else value
    ).isoformat()


def _aware(value: datetime | date) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.combine(value, time(0, tzinfo=UTC))


def _held_until(end: datetime | date, zone: str | None) -> datetime:
    """When a booking's plan lapses: a day after its last moment; for a day with no time
    (a checkout date), the midnight that ends that day on the user's clock (``zone``),
    not UTC's (in Los Angeles, the afternoon before)."""
    if isinstance(end, datetime):
        return end + timedelta(days=1)
    return users_midnight_after(end, zone)


def _from_reservations(
    found: list[Reservation], now: datetime, zone: str | None
) -> list[MappedObservation]:
    """A booking's trip: destination and dates as plans, or a cancellation."""
    trips = [r for r in found if r.place]
    if not trips:
        return []
    if all(r.cancelled for r in trips):
        return [MappedObservation("travel.status", "cancelled", "assertive")]
    live = [r for r in trips if not r.cancelled]
    # A flight names where the trip goes; a hotel stay gives the nights.
    first = next((r for r in live if r.kind == "flight"), live[0])
    start = first.start
    stay_end = max(
        (r.end for r in live if r.kind == "lodging" and r.end is not None), key=_aware, default=None
    )
    last = max((r.end for r in live if r.end is not None), key=_aware, default=None)
    expiry = None if last is None else _held_until(last, zone)
    out = [MappedObservation("travel.destination", first.place, "planning", expiry)]
    if start is not None:
        out.append(MappedObservation("travel.depart_date", _day(start, zone), "planning", expiry))
    if stay_end is not None:  # a flight's arrival is not the way home; a checkout is
        out.append(
            MappedObservation("travel.return_date", _day(stay_end, zone), "planning", expiry)
        )
    if start is None or now < _aware(start):
        out.append(MappedObservation("travel.status", "planning", "planning", expiry))
    return out


def _from_orders(
    orders: list[Order], sender: str, mail_day: str | None, item: str | None, zone: str | None
) -> list[MappedObservation]:
    out: list[MappedObservation] = []
    for order in orders[:3]:
        name = order.merchant or _sender_name(sender)
        slug = item or slugify(name)[:40]
        out += [
            MappedObservation(f"financial.{slug}.status", order.status, "assertive"),
            MappedObservation(f"financial.{slug}.merchant", name, "assertive"),
        ]
        if order.amount is not None:
            out.append(MappedObservation(f"financial.{slug}.amount", order.amount, "assertive"))
        if order.currency:
            out.append(MappedObservation(f"financial.{slug}.currency", order.currency, "assertive"))
        day = _day(order.when, zone) if order.when is not None else mail_day
        if day:
            out.append(MappedObservation(f"financial.{slug}.date", day, "assertive"))
    return out


def sender_item(sender: str) -> str:
    """The item an untrusted sender's receipt is filed under: its From address as a slug
    (``billing@evil.example`` -> ``billing_evil_example``), the identity its question
    quotes and a Yes trusts. Never the display name, the subject or the JSON-LD merchant:
    those are the sender's to write, and "Chase <billing@evil.example>" must not choose
    to write ``financial.chase.*``, the user's own Chase bill."""
    address = sender_address(sender)
    return slugify(address)[:40] if address else "unknown_sender"


def _sender_name(sender: str) -> str:
    """'Acme Shop <receipts@acme.example>' -> 'Acme Shop'; else the mailbox's local part."""
    display = sender.split("<", 1)[0].strip().strip('"')
    return display or sender.strip("<> ").split("@")[0] or "merchant"


def _mail_day(mail: dict[str, Any], zone: str | None) -> str | None:
    raw = mail.get("date")
    if not isinstance(raw, str):
        return None
    try:
        return _day(datetime.fromisoformat(raw.replace("Z", "+00:00")), zone)
    except ValueError:
        return None


def map_email(
    mail: dict[str, Any],
    now: datetime,
    rules: Sequence[Rule] = (),
    *,
    trusted: bool = False,
    zone: str | None = None,
) -> tuple[str, list[MappedObservation]]:
    """(source type, observations) for a mail: reservations, receipts, cancellations.

    JSON-LD reservations and orders in an HTML body come first (they are the
    sender's own structured data); otherwise the subject and the visible text
    are matched against patterns. A cancellation read from free text is less
    certain than one in structured data, so it is put to the user. ``rules``
    match the subject and the visible text. Anyone can write a receipt: only a
    ``trusted`` sender's mail is ``transactions_email`` (see
    ``core.signals.trust``); anyone else's stays ``email``, which is asked about. Its
    days are the user's, on the clock of ``zone``.
    """
    source_type, found = _map_email(mail, now, rules, trusted, zone)
    if source_type == "transactions_email" and not trusted:
        return "email", found
    return source_type, found


def _map_email(
    mail: dict[str, Any], now: datetime, rules: Sequence[Rule], trusted: bool, zone: str | None
) -> tuple[str, list[MappedObservation]]:
    subject = str(mail.get("subject", ""))
    body = str(mail.get("body", ""))
    sender = str(mail.get("from", ""))
    # A trusted sender names its merchant's item; anyone else's receipt is filed under
    # its own address, so it can never write one of the user's existing items.
    item = None if trusted else sender_item(sender)
    docs: list[Any] = []
    if looks_like_html(body):
        body, docs = split_html(body)
    body = own_words(body)  # what it quotes is an older mail's, often the user's own words
    ruled = _email_rules(subject, body, sender, rules, item) if rules else []
    reservations, orders = structured(docs)
    mail_day = _mail_day(mail, zone)
    from_ld = _from_reservations(reservations, now, zone) + _from_orders(
        orders, sender, mail_day, item, zone
    )
    if from_ld:
        return "transactions_email", untrusted_only(with_rules(from_ld, ruled))
    source_type, found = _from_text(subject, body, sender, mail_day, item)
    return source_type, untrusted_only(with_rules(found, ruled))


def _from_text(
    subject: str, body: str, sender: str, mail_day: str | None, item: str | None
) -> tuple[str, list[MappedObservation]]:
    text = f"{subject}\n{body}"
    place = trip_place(subject, body)
    if place and RESERVATION.search(text):
        if _CANCELLED.search(subject):
            return "transactions_email", [
                MappedObservation("travel.status", "cancelled", "assertive", confidence=0.85)
            ]
        return "transactions_email", [
            MappedObservation("travel.destination", place, "planning"),
            MappedObservation("travel.status", "planning", "planning"),
        ]
    if _RECEIPT.search(text) or _REFUND.search(subject):
        amount = _amount(text)
        merchant = _MERCHANT.search(subject) or _MERCHANT.search(sender)
        name = merchant.group("m") if merchant else _sender_name(sender)
        slug = item or slugify(name)[:40]
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
            num, code = amount
            out.append(MappedObservation(f"financial.{slug}.amount", num, "assertive"))
            if re.fullmatch(r"[A-Z]{3}", code):
                out.append(MappedObservation(f"financial.{slug}.currency", code, "assertive"))
        if mail_day:
            out.append(MappedObservation(f"financial.{slug}.date", mail_day, "assertive"))
        return "transactions_email", out
    return "email", []


def _amount(text: str) -> tuple[float, str] | None:
    """The first amount in ``text`` and its currency code (as written when unknown)."""
    m = _AMOUNT.search(text)
    if not m:
        return None
    num = (m.group("num") or m.group("num2")).replace(",", "")
    cur = (m.group("cur") or m.group("cur2") or "").strip()
    return float(num), _CURRENCY.get(cur.lower() if len(cur) > 1 else cur, cur.upper())


def _email_rules(
    subject: str, body: str, sender: str, rules: Sequence[Rule], item: str | None
) -> list[MappedObservation]:
    """What the configured ``rules`` claim of a mail. ``{slug}`` names the item a claim is
    filed under: a trusted sender's subject, anyone else's From address (``item``), as
    for receipts: "Re: Swim lessons" from a stranger must not write the user's own
    ``family.swim_lessons.*``."""
    text = f"{subject}\n{body}"
    amount = _amount(text)
    out: list[MappedObservation] = []
    for rule in rules:
        m = rule.match.search(text) if rule.kind == "email" else None
        if m is None:
            continue
        values: dict[str, str | float] = {
            "subject": subject,
            "from": sender,
            "match": m.group(0),
            "slug": item or slugify(subject)[:40],
        }
        if amount is not None:
            values["amount"] = amount[0]
        claim = rule_claim(rule, values, rule.value, "assertive", None)
        out += [claim] if claim else []
    return out
