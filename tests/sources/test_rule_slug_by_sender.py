"""A stranger's mail never chooses which item a configured rule files its claim under.

A ``[[rules]]`` table's ``{slug}`` was the slug of the mail's subject, whoever sent it: a
rule ``family.{slug}.schedule`` for swim-club mail filed a stranger's "Swim lessons"
under ``family.swim_lessons.schedule``, the user's own swim lessons, asked beside them
and one Yes away from moving them. The subject is the sender's to write, so it picks
nothing: an untrusted sender's claim is filed under its From address
(``family.coach_evil_example.schedule``), as a stranger's receipt is
(``tests/sources/test_mail_item_by_sender.py``); a trusted sender's subject still names
the item. Real Dovecot on loopback, through ``poll_once`` with the rule in the settings.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest
from canon_testing import make_observation
from source_servers import Dovecot
from sources_helpers import dovecot_inbox, mail

from core.engine.engine import Engine
from core.signals.rules import parse_rule
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
SWIM = parse_rule(
    {
        "name": "swim club",
        "kind": "email",
        "match": "(?i)swim lessons",
        "field": "family.{slug}.schedule",
        "value": "{subject}",
    },
    0,
)
OWN = "family.swim_lessons.schedule"


async def _the_users_swim_lessons(engine: Engine) -> None:
    await engine.ingest(make_observation(OWN, "Tuesdays 5pm", intent="assertive"), now=NOW)
    fact = await engine.store.fact("user:primary", OWN)
    assert fact is not None


@pytest.mark.parametrize(
    ("trusted", "item"),
    [((), "coach_evil_example"), (("coach@evil.example",), "swim_lessons")],
    ids=["stranger", "trusted-sender"],
)
async def test_a_rules_slug_comes_from_the_sender_unless_the_sender_is_trusted(
    tmp_path: Path, dovecot: Dovecot, engine: Engine, trusted: tuple[str, ...], item: str
) -> None:
    await _the_users_swim_lessons(engine)
    sent = mail("Swim lessons", "Moved to Saturday 7am.", sender="Swim Club <coach@evil.example>")
    config = dovecot_inbox(tmp_path, dovecot, sent, trusted_senders=list(trusted))
    await poll_once(engine, dataclasses.replace(config, rules=(SWIM,)), NOW)

    events = await engine.store.events_for("user:primary", f"family.{item}.schedule")
    assert [e.value for e in events if e.source_type != "conversation_assertive"] == [
        "Swim lessons"
    ]
    if item != "swim_lessons":
        # The stranger's claim stands apart from the user's own lessons, which nobody asks about.
        asked = await engine.store.review_items(["pending", "queued"])
        assert OWN not in {r.field for r in asked}
        assert f"family.{item}.schedule" in {r.field for r in asked}
        assert [e.source_type for e in await engine.store.events_for("user:primary", OWN)] == [
            "conversation_assertive"
        ]
    fact = await engine.store.fact("user:primary", OWN)
    assert fact is not None
    assert fact.value == "Tuesdays 5pm"  # a mail alone is asked about, trusted or not
