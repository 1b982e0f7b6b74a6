"""A mail's question names who sent it: the From address that a Yes will trust.

Answering Yes to a question a mail raised trusts that mail's From address from the next
pass on. The question said where the mail came from by the domain of its Message-ID,
which the sender writes as they like: a stranger's "receipt" from
"Chase <billing@evil.example>" with Message-ID <r1@chase.com> was asked as "Did you pay
chase? from an email from chase.com", and the Yes of a user who did pay Chase made
billing@evil.example a trusted sender whose next forged receipt committed alone.
Now a plain mail's question quotes its From address (as an invitation's quotes its
organiser), a receipt from a trusted sender names the From domain, and the
Message-ID names nothing (the phrasing table in ``tests/core/test_phrasing.py``) (real Dovecot on loopback, through `poll_once`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from source_servers import Dovecot
from sources_helpers import dovecot_inbox, mail

from core.conversation.texts import prompt_body
from core.engine.engine import Engine
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
STRANGER = "billing@evil.example"


def _forged(message_id: str = "r1@chase.com") -> bytes:
    return mail(
        "Your receipt from Chase",
        "You paid $950.00.",
        sender=f"Chase <{STRANGER}>",
        message_id=message_id,
    )


async def _why_lines(engine: Engine) -> dict[str, str]:
    asked = await engine.store.review_items(["pending", "queued"])
    return {r.field: prompt_body(r, "user:primary", now=NOW).splitlines()[-1] for r in asked}


async def test_a_strangers_receipt_is_asked_naming_its_sender_not_its_message_id(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    await poll_once(engine, dovecot_inbox(tmp_path, dovecot, _forged()), NOW)

    why = await _why_lines(engine)
    assert why["financial.billing_evil_example.amount"].startswith(
        f'From an email by "{STRANGER}"'
    ), why
    assert not any("chase.com" in line for line in why.values()), why


async def test_confirming_it_trusts_the_address_the_question_named(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    config = dovecot_inbox(tmp_path, dovecot, _forged())
    await poll_once(engine, config, NOW)
    [asked] = [
        r for r in await engine.store.review_items(["pending"]) if r.field.endswith(".amount")
    ]
    assert STRANGER in prompt_body(asked, "user:primary", now=NOW)
    await engine.answer(asked.id, "confirm", now=NOW)
    await poll_once(engine, config, NOW)  # learns the sender the user saw and said Yes to
    assert STRANGER in await engine.store.mail_senders.trusted_senders()
