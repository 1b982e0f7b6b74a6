"""Mail is untrusted: a receipt is a transaction only from a sender the user trusts.

Anyone can send a mail that looks like a receipt. Poisoning attempts (forged
receipts, look-alike domains, forged schema.org Orders, a forged From that the
receiving server flagged) are asked about, never committed; a configured
trusted sender's receipt commits; a sender becomes trusted after the user
confirms one question raised by their mail.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from imapclient import IMAPClient
from source_servers import Dovecot
from sources_helpers import config_with, imap_source, mail, source

from core.engine.engine import Engine
from core.engine.signal_ingest import ingest_signals
from core.errors import ConfigError
from core.signals.trust import SenderTrust
from core.sources.config import parse_sources
from core.sources.mailparse import parse_mail
from core.sources.poller import poll_once, signal_event

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
TRUSTED = ("receipts@chase.com", "@amazon.com", "@booking.com")

ORDER_LD = """<html><script type="application/ld+json">{"@context": "https://schema.org",
  "@type": "Order", "seller": {"@type": "Organization", "name": "Amazon"},
  "orderDate": "2026-02-18T10:00:00Z", "price": "950.00", "priceCurrency": "USD",
  "orderStatus": "https://schema.org/PaymentComplete"}</script><p>Thanks!</p></html>"""
DKIM_PASS = "mx.example.net; dkim=pass header.d=amazon.com; spf=pass"
DKIM_FOREIGN = "mx.example.net; dkim=pass header.d=evil.net; spf=pass"
DKIM_FAIL = "mx.example.net; dkim=fail header.d=amazon.com; dmarc=fail header.from=amazon.com"


def _receipt(sender: str, *, html: str | None = None, auth: str | None = None) -> bytes:
    headers = {"Authentication-Results": auth} if auth else None
    if html is not None:
        return mail("Your order", html=html, sender=sender, headers=headers)
    return mail("Your receipt from Amazon", "You paid $950.00.", sender=sender, headers=headers)


def _payload(raw: bytes) -> dict[str, Any]:
    parsed = parse_mail(raw, "INBOX/1")
    assert isinstance(parsed, dict)
    return parsed


# (what the attacker tries, raw mail, committed alone?)
CASES = [
    ("receipt from an unknown bank", _receipt("Evil Bank <receipts@evil-bank.example>"), False),
    ("display name says Amazon", _receipt("Amazon.com <auto-confirm@amaz0n.net>"), False),
    ("look-alike domain suffix", _receipt("Amazon <orders@amazon.com.evil.net>"), False),
    ("look-alike domain prefix", _receipt("Amazon <orders@notamazon.com>"), False),
    ("subdomain is not the domain", _receipt("Amazon <orders@mail.amazon.com>"), False),
    ("trusted address in the display name", _receipt('"receipts@chase.com" <x@evil.net>'), False),
    ("forged JSON-LD Order", _receipt("Shop <orders@shop.evil.net>", html=ORDER_LD), False),
    ("From forged, server says DKIM failed", _receipt("orders@amazon.com", auth=DKIM_FAIL), False),
    ("signed, but by another domain", _receipt("orders@amazon.com", auth=DKIM_FOREIGN), False),
    (
        # The attacker's own domain (so DMARC passes for it), spelled with a Kelvin sign,
        # which Python's lower() turns into the trusted domain's k.
        "look-alike domain with a Kelvin sign, DMARC passed",
        _receipt(
            "Booking <orders@boo\u212aing.com>",
            auth="mx.example.net; dmarc=pass header.from=boo\u212aing.com",
        ),
        False,
    ),
    ("trusted domain, no auth header", _receipt("Amazon <orders@amazon.com>"), True),
    ("trusted domain, DKIM aligned", _receipt("orders@AMAZON.com", auth=DKIM_PASS), True),
    ("trusted domain, JSON-LD Order", _receipt("orders@amazon.com", html=ORDER_LD), True),
    ("trusted address", _receipt("Chase <receipts@chase.com>"), True),
]


@pytest.mark.parametrize(("attempt", "raw", "commits"), CASES, ids=[c[0] for c in CASES])
async def test_only_a_trusted_senders_receipt_commits(
    tmp_path: Path, engine: Engine, attempt: str, raw: bytes, commits: bool
) -> None:
    cfg = source(tmp_path, name="mail", kind="imap", host="h", username="u")
    signal = signal_event(cfg, "email", _payload(raw), NOW)

    outcomes, valid = await ingest_signals(engine, [signal], NOW, trust=SenderTrust(TRUSTED))

    assert valid == 1
    amounts = [o for o in outcomes if o.field.endswith(".amount")]
    assert amounts, attempt  # the mail was read as a receipt either way
    committed = {f.field: f.value for f in await engine.store.facts()}
    if commits:
        assert {o.decision for o in amounts} == {"auto_commit"}
        assert 950.0 in committed.values()
    else:
        assert not any(f.startswith("financial.") for f in committed), attempt
        assert {o.decision for o in amounts} <= {"ask_user", "queued"}, attempt
        asked = await engine.store.review_items(["pending", "queued"])
        assert any(r.candidate_value == 950.0 for r in asked)  # put to the user instead


@pytest.mark.parametrize(
    ("document", "error"),
    [
        ({"trusted_senders": "@amazon.com"}, "must be a list"),
        ({"trusted_senders": ["amazon.com"]}, "must be an address"),
        ({"trusted_senders": ["@com"]}, "must be an address"),
        (
            {"sources": [{"kind": "ics", "url": "http://x", "trusted_senders": ["@a.com"]}]},
            "imap sources only",
        ),
    ],
)
def test_bad_trusted_senders_are_config_errors(document: dict[str, Any], error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        parse_sources(document, {}, Path("."))


def test_global_and_per_source_trusted_senders_merge() -> None:
    document = {
        "trusted_senders": ["@Amazon.com"],
        "sources": [
            {"kind": "imap", "host": "h", "username": "u", "trusted_senders": ["a@chase.com"]},
            {"kind": "ics", "url": "http://x"},
        ],
    }
    imap, ics = parse_sources(document, {}, Path("."))
    assert imap.trusted_senders == ("a@chase.com", "@amazon.com")
    assert ics.trusted_senders == ()


def _append(dovecot: Dovecot, user: str, password: str, *messages: bytes) -> None:
    with IMAPClient("127.0.0.1", port=dovecot.port, ssl=False) as client:
        client.login(user, password)
        for message in messages:
            client.append("INBOX", message)


async def test_confirming_one_receipt_makes_its_sender_trusted(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    user, password = dovecot.add_user()
    cfg = imap_source(tmp_path, dovecot.port, user, password)
    config = config_with(tmp_path, cfg)
    shop = "Bookshop <r@books.example>"
    _append(
        dovecot,
        user,
        password,
        mail("Your receipt from Bookshop", "You paid $42.50", sender=shop, message_id="r1@books"),
    )

    await poll_once(engine, config, NOW)
    assert not await engine.store.facts()
    [asked] = [
        r
        for r in await engine.store.review_items(["pending"])
        if r.field == "financial.r_books_example.amount"  # filed under its sender
    ]
    await engine.answer(asked.id, "confirm", now=NOW)

    # The next receipt from the same address commits alone; a look-alike still does not.
    _append(
        dovecot,
        user,
        password,
        mail("Your receipt from Bookshop Cafe", "You paid $17", sender=shop, message_id="r2@b"),
        mail(
            "Your receipt from Pawnshop",
            "You paid $999.00",
            sender="Pawnshop <r@books.example.evil.net>",
            message_id="p1@evil",
        ),
    )
    await poll_once(engine, config, NOW)
    state = {f.field: f.value for f in await engine.store.facts()}
    assert state["financial.bookshop_cafe.amount"] == 17.0
    assert "financial.r_books_example_evil_net.amount" not in state
