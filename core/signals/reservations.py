"""Structured data in mail: schema.org JSON-LD reservations and orders.

Airlines, hotels and shops embed ``<script type="application/ld+json">``
blocks describing the booking or order. They are parsed as data only (never
evaluated, never followed) into small frozen records the mail mapping in
``core.signals.mail_mapping`` turns into observations. Anything malformed is ignored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from html.parser import HTMLParser
from typing import Any, Final

_SKIP_TAGS: Final = frozenset(
    {"script", "style", "head", "title", "noscript", "template", "blockquote"}
)
"""Tags whose text is not the mail's own visible text: a ``blockquote`` is the older mail a
reply quotes (``core.signals.quoted_mail``)."""
_BLOCK_TAGS: Final = frozenset(
    {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "section"}
)
_HTML_HINT = re.compile(r"<(?:!doctype|html|body|div|p|table|br|script)\b", re.IGNORECASE)


class _Splitter(HTMLParser):
    """Visible text and JSON-LD blocks of an HTML document."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._skip = 0
        self._ld: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and (dict(attrs).get("type") or "").lower() == "application/ld+json":
            self._ld = []
        if tag in _SKIP_TAGS:
            self._skip += 1
        elif tag in _BLOCK_TAGS:
            self.text.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._ld is not None:
            self.scripts.append("".join(self._ld))
            self._ld = None
        if tag in _SKIP_TAGS:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK_TAGS:
            self.text.append("\n")

    def handle_data(self, data: str) -> None:
        if self._ld is not None:
            self._ld.append(data)
        elif not self._skip:
            self.text.append(data)


def looks_like_html(body: str) -> bool:
    return _HTML_HINT.search(body[:5000]) is not None


def split_html(html: str) -> tuple[str, list[Any]]:
    """(visible text, parsed JSON-LD documents) of an HTML body."""
    parser = _Splitter()
    try:
        parser.feed(html)
        parser.close()
    except (ValueError, AssertionError):  # pathological markup: keep what was read
        pass
    lines = (" ".join(line.split()) for line in "".join(parser.text).splitlines())
    text = "\n".join(line for line in lines if line)
    docs: list[Any] = []
    for script in parser.scripts:
        try:
            docs.append(json.loads(script))
        except ValueError:
            continue
    return text, docs


def _nodes(doc: Any) -> Iterator[dict[str, Any]]:
    if isinstance(doc, list):
        for item in doc:
            yield from _nodes(item)
    elif isinstance(doc, dict):
        if "@graph" in doc:
            yield from _nodes(doc["@graph"])
        else:
            yield doc


def _types(node: dict[str, Any]) -> set[str]:
    raw = node.get("@type", ())
    names = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return {str(n).rsplit("/", 1)[-1] for n in names}


def _text(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())[:200]
    if isinstance(value, dict):
        return _text(value.get("name"))
    return None


def _when(value: Any) -> datetime | date | None:
    if not isinstance(value, str):
        return None
    text = value.strip().replace("Z", "+00:00")
    try:
        if "T" in text:
            parsed = datetime.fromisoformat(text)
            # A floating time has no zone: only its calendar date is trusted.
            return parsed if parsed.tzinfo else parsed.date()
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def _place(thing: Any) -> str | None:
    """A city for a flight's arrival airport or a hotel: locality, else the name."""
    if not isinstance(thing, dict):
        return None
    address = thing.get("address")
    if isinstance(address, dict):
        city = _text(address.get("addressLocality"))
        if city:
            return city
    for key in ("arrivalAirport", "arrivalStation", "location"):
        nested = _place(thing.get(key))
        if nested:
            return nested
    return _text(thing.get("name")) or _text(thing.get("iataCode"))


def _status(node: dict[str, Any], key: str) -> str:
    return str(node.get(key, "")).rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Reservation:
    """A booking: where, when, and whether it was cancelled."""

    kind: str  # flight | lodging | other
    place: str | None
    start: datetime | date | None
    end: datetime | date | None
    cancelled: bool


@dataclass(frozen=True)
class Order:
    """A purchase or payment: who was paid, how much, when, and its state."""

    merchant: str | None
    amount: float | None
    currency: str | None
    when: datetime | date | None
    status: str  # paid | refunded | cancelled | pending


def _reservation(node: dict[str, Any], types: set[str]) -> Reservation:
    target = node.get("reservationFor")
    target = target[0] if isinstance(target, list) and target else target
    target = target if isinstance(target, dict) else {}
    cancelled = _status(node, "reservationStatus") == "ReservationCancelled"
    if "FlightReservation" in types:
        return Reservation(
            "flight",
            _place(target.get("arrivalAirport")) or _place(target),
            _when(target.get("departureTime")),
            _when(target.get("arrivalTime")),
            cancelled,
        )
    if "LodgingReservation" in types:
        return Reservation(
            "lodging",
            _place(target),
            _when(node.get("checkinTime") or node.get("checkinDate")),
            _when(node.get("checkoutTime") or node.get("checkoutDate")),
            cancelled,
        )
    return Reservation(
        "other",
        _place(target),
        _when(node.get("startTime") or target.get("startDate")),
        _when(node.get("endTime") or target.get("endDate")),
        cancelled,
    )


def _amount(node: dict[str, Any]) -> tuple[float | None, str | None]:
    for key in ("totalPaymentDue", "price", "totalPrice", "paymentDue"):
        value = node.get(key)
        spec = value if isinstance(value, dict) else node
        raw = spec.get("price", spec.get("value")) if isinstance(value, dict) else value
        try:
            amount = float(str(raw).replace(",", "")) if raw is not None else None
        except ValueError:
            amount = None
        if amount is not None:
            currency = spec.get("priceCurrency") or node.get("priceCurrency")
            code = str(currency).upper() if isinstance(currency, str) else None
            return amount, code if code and re.fullmatch(r"[A-Z]{3}", code) else None
    return None, None


_ORDER_STATUS: Final = {
    "OrderCancelled": "cancelled",
    "OrderReturned": "refunded",
    "PaymentComplete": "paid",
    "PaymentDue": "pending",
    "PaymentPastDue": "pending",
}


def _order(node: dict[str, Any]) -> Order:
    merchant = _text(node.get("seller")) or _text(node.get("merchant"))
    merchant = merchant or _text(node.get("provider")) or _text(node.get("broker"))
    amount, currency = _amount(node)
    raw_status = _status(node, "orderStatus") or _status(node, "paymentStatus")
    return Order(
        merchant,
        amount,
        currency,
        _when(node.get("orderDate") or node.get("paymentDueDate") or node.get("dateCreated")),
        _ORDER_STATUS.get(raw_status, "paid"),
    )


def structured(docs: list[Any]) -> tuple[list[Reservation], list[Order]]:
    """The reservations and orders described by JSON-LD documents."""
    reservations: list[Reservation] = []
    orders: list[Order] = []
    for node in (n for doc in docs for n in _nodes(doc)):
        types = _types(node)
        if any(t.endswith("Reservation") for t in types):
            reservations.append(_reservation(node, types))
        elif types & {"Order", "Invoice"}:
            orders.append(_order(node))
    return reservations, orders
