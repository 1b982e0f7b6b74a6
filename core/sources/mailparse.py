"""Raw RFC 5322 mail to the SignalEvent ``email`` payload, with the stdlib parser.

Handles multipart and HTML-only mail, any declared charset (unknown ones are
decoded leniently) and attachments (ignored, never decoded). A message that
cannot be read as a mail is ``Skipped`` with a reason, so a pass either maps a
whole message or none of it.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage, Message
from typing import Any, Final

from core.domain.timeutil import format_ts
from core.signals.reservations import looks_like_html
from core.signals.trust import address_key

MAX_BODY: Final = 200_000  # the SignalEvent schema's limit
MAX_SUBJECT: Final = 1024
MAX_FROM: Final = 512


@dataclass(frozen=True)
class Skipped:
    """A message left out of a pass, and why."""

    ref: str
    reason: str


def _decoded(part: Message) -> str:
    try:
        content = part.get_content() if isinstance(part, EmailMessage) else None
        if isinstance(content, str):
            return content
    except (LookupError, ValueError, AssertionError):
        pass  # unknown charset or broken transfer encoding: decode leniently below
    raw = part.get_payload(decode=True)
    if not isinstance(raw, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return raw.decode(charset, errors="replace")
    except LookupError:
        return raw.decode("utf-8", errors="replace")


def _bodies(msg: Message) -> tuple[str, str]:
    """(plain text, html) of the message's inline parts; attachments are skipped."""
    plain: list[str] = []
    html: list[str] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        if part.get_content_disposition() == "attachment" or part.get_filename():
            continue
        ctype = part.get_content_type()
        if ctype == "text/plain":
            plain.append(_decoded(part))
        elif ctype == "text/html":
            html.append(_decoded(part))
    return "\n".join(plain), "\n".join(html)


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except (ValueError, IndexError, AttributeError):  # a header the parser chokes on
        raw = msg.get_all(name, failobj=[])
        value = raw[0] if raw else None
    return " ".join(str(value).split()) if value is not None else ""


def _date(msg: Message) -> datetime | None:
    text = _header(msg, "Date")
    if not text:
        return None
    try:
        value = email.utils.parsedate_to_datetime(text)
        # RFC 5322 '-0000' means "zone unknown"; the instant is still given in UTC.
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    except (TypeError, ValueError, IndexError, OverflowError):  # 9999-12-31 -1200 is no UTC day
        return None


_RESULT = re.compile(r"\b(dkim|dmarc)\s*=\s*(\w+)([^;]*)", re.IGNORECASE)
_SIGNER = re.compile(r"\bheader\.(?:d|i|from)\s*=\s*@?([\w.-]+)", re.IGNORECASE)


def _auth(msg: Message) -> str | None:
    """'pass' / 'fail' from the receiving server's Authentication-Results, None without one.

    Only the topmost header counts: the receiving server adds it last, while a
    sender can forge any header below it. ``pass`` needs DMARC to pass, or a
    DKIM signature of the From domain (or a parent of it) to verify.
    """
    results = _header(msg, "Authentication-Results")
    if not results:
        return None
    _, address = email.utils.parseaddr(_header(msg, "From"))
    domain = address_key(address.rpartition("@")[2])
    for method, verdict, props in _RESULT.findall(results):
        if verdict.lower() != "pass":
            continue
        if method.lower() == "dmarc":
            return "pass"
        signer = _SIGNER.search(props)
        d = address_key(signer.group(1)).rpartition("@")[2] if signer else ""
        if d and (domain == d or domain.endswith("." + d)):
            return "pass"
    return "fail"


def parse_mail(raw: bytes, ref: str) -> dict[str, Any] | Skipped:
    """The ``email`` payload of a raw message, or why it was skipped.

    ``id`` is the Message-ID (so the same mail seen twice, or in two folders,
    maps to the same evidence), else a hash of the raw bytes. An HTML body that
    carries JSON-LD is kept as HTML so the mapping can read the structured data.
    """
    try:
        return _parse(raw, ref)
    except RecursionError:
        # The stdlib reads nested parts (and headers' parts) by recursion: anyone can send
        # a mail nested thousands deep, and it must not stop the folder's other mail.
        return Skipped(ref, "parts nested too deeply to read")


def _parse(raw: bytes, ref: str) -> dict[str, Any] | Skipped:
    if not raw or not raw.strip():
        return Skipped(ref, "empty message")
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
    except (ValueError, TypeError, IndexError, LookupError) as e:
        return Skipped(ref, f"unparseable message: {e}")
    if not msg.keys():
        return Skipped(ref, "no headers: not a mail message")
    try:
        plain, html = _bodies(msg)
    except (ValueError, TypeError, LookupError, AssertionError) as e:
        return Skipped(ref, f"unreadable body: {e}")
    subject = _header(msg, "Subject")
    # HTML wins when it carries structured data or is all there is.
    rich = "application/ld+json" in html or (html and not plain.strip())
    body = html if rich else plain
    if not subject and not body.strip():
        return Skipped(ref, "no subject and no readable text body")
    message_id = _header(msg, "Message-ID").strip("<> ")
    ident = message_id or "sha256:" + hashlib.sha256(raw).hexdigest()[:32]
    payload: dict[str, Any] = {
        "id": ident[:1024],
        "from": _header(msg, "From")[:MAX_FROM],
        "subject": subject[:MAX_SUBJECT],
        "body": body[:MAX_BODY],
    }
    auth = _auth(msg)
    if auth is not None:
        payload["auth"] = auth
    when = _date(msg)
    if when is not None:
        payload["date"] = format_ts(when)
    return payload


__all__ = ["MAX_BODY", "Skipped", "looks_like_html", "parse_mail"]
