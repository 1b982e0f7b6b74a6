"""A stranger's receipt never chooses which of the user's bills it writes.

A receipt's item (``financial.<item>.*``) was the slug of the sender's display name or of
the merchant its subject named, so "Chase <billing@evil.example>" wrote
``financial.chase.*``: asked about beside the user's own Chase bill, and one Yes away from
overwriting its amount. The display name also reached the context block and the
question as bare words ("Did you pay chase?"). Now a receipt from anyone the user does not
trust is filed under its From address (``financial.billing_evil_example.*``), the identity
its question quotes and a Yes would trust; what the sender calls itself is the quoted
``merchant`` value, in the context block and in the question. A trusted sender still
names its merchant's item. Real Dovecot on loopback, through ``poll_once``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import parseaddr
from pathlib import Path

import pytest
from canon_testing import make_observation
from context_parser import parse_block
from source_servers import Dovecot
from sources_helpers import dovecot_inbox, mail

from core.conversation.context_read import load_context
from core.conversation.texts import prompt_body
from core.engine.engine import Engine
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)


async def _users_chase_bill(engine: Engine) -> None:
    for field, value in (("status", "paid"), ("amount", 120.0), ("merchant", "Chase")):
        await engine.ingest(make_observation(f"financial.chase.{field}", value), now=NOW)
    assert (await engine.store.fact("user:primary", "financial.chase.amount")) is not None


@pytest.mark.parametrize(
    ("sender", "subject", "item"),
    [
        ("Chase <billing@evil.example>", "Your receipt", "billing_evil_example"),
        ("Billing <billing@evil.example>", "Your receipt from Chase", "billing_evil_example"),
        ('"Chase" <chase@evil.example>', "Payment received", "chase_evil_example"),
    ],
    ids=["display-name", "subject-merchant", "quoted-display-name"],
)
async def test_a_strangers_receipt_is_filed_under_its_address_never_the_users_bill(
    tmp_path: Path, dovecot: Dovecot, engine: Engine, sender: str, subject: str, item: str
) -> None:
    await _users_chase_bill(engine)
    forged = mail(subject, "You paid $950.00.", sender=sender)
    await poll_once(engine, dovecot_inbox(tmp_path, dovecot, forged), NOW)

    asked = await engine.store.review_items(["pending", "queued"])
    assert {r.field for r in asked} >= {f"financial.{item}.amount", f"financial.{item}.merchant"}
    assert not [r.field for r in asked if r.field.startswith("financial.chase.")]
    fact = await engine.store.fact("user:primary", "financial.chase.amount")
    assert fact is not None
    assert fact.value == 120.0
    # What the sender calls itself is data: quoted in the question and the context block.
    [merchant] = [r for r in asked if r.field == f"financial.{item}.merchant"]
    assert '"Chase"' in prompt_body(merchant, "user:primary", now=NOW).splitlines()[0]
    block = await load_context(
        engine.store, engine.policy, ["user:primary"], NOW, viewer="user:primary"
    )
    questions = {q.field: q for q in parse_block(block.text).questions}  # every line parses
    assert not [f for f in questions if f.startswith("financial.chase.")]
    quoted = questions[f"financial.{item}.merchant"].candidate
    address = parseaddr(sender)[1]  # who sent it, quoted: never the name they gave
    assert (quoted.value, quoted.source) == ("Chase", f'an email by "{address}"')


async def test_a_trusted_senders_receipt_still_names_its_merchants_item(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    receipt = mail("Your receipt from Chase", "You paid $950.00.", sender="receipts@chase.com")
    config = dovecot_inbox(tmp_path, dovecot, receipt, trusted_senders=["receipts@chase.com"])
    await poll_once(engine, config, NOW)

    fact = await engine.store.fact("user:primary", "financial.chase.amount")
    assert fact is not None
    assert fact.value == 950.0
