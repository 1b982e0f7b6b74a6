"""IMAP polling against a real Dovecot on loopback, messages appended over IMAP."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from imapclient import IMAPClient
from source_servers import Dovecot
from sources_helpers import FLIGHT_LD, config_with, imap_source, mail

from core.engine.engine import Engine
from core.sources.kinds.imap import fetch_mail, wait_for_mail
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)


def _append(dovecot: Dovecot, user: str, password: str, *messages: bytes) -> None:
    with IMAPClient("127.0.0.1", port=dovecot.port, ssl=False) as client:
        client.login(user, password)
        for message in messages:
            client.append("INBOX", message)


async def test_new_mail_becomes_evidence_once_and_the_cursor_moves(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    user, password = dovecot.add_user()
    _append(
        dovecot,
        user,
        password,
        mail(
            "Your booking",
            html=FLIGHT_LD % ("ReservationConfirmed", "confirmed"),
            message_id="f1@acme",
        ),
        mail(
            "Your receipt from Bookshop",
            "You paid $42.50 for 2 items.",
            sender="Bookshop <r@books.example>",
            message_id="r1@books",
        ),
        mail(
            "Lunch?", "Want to grab lunch tomorrow?", sender="friend@example.com", message_id="l1@x"
        ),
    )
    # Only a trusted sender's receipt is a transaction (see test_mail_trust.py).
    imap = imap_source(tmp_path, dovecot.port, user, password, trusted_senders=["@books.example"])
    config = config_with(tmp_path, imap)

    first = await poll_once(engine, config, NOW)

    [report] = first.sources
    assert report.ok, report.error
    assert report.signals == 3
    state = {f.field: f.value for f in await engine.store.facts()}
    assert state["financial.bookshop.amount"] == 42.5
    # A booking proposes the trip; mail is not trusted enough to commit it alone.
    asked = {
        (r.field, r.candidate_value) for r in await engine.store.review_items(["pending", "queued"])
    }
    assert ("travel.destination", "Lisbon") in asked
    assert not any(f.startswith("profile.") for f in state)  # the mail's "instructions" are data
    saved = await source_states(engine).source_state("mail")
    assert saved is not None
    assert saved.cursor["last_uid"] == 3
    assert saved.last_success == NOW

    _append(
        dovecot,
        user,
        password,
        mail(
            "Your receipt from Cafe Luna",
            "Total €7.20",
            sender="Cafe Luna <x@luna.example>",
            message_id="c1@luna",
        ),
    )
    second = await poll_once(engine, config, NOW)
    assert second.sources[0].signals == 1  # only the new UID was read
    again = await poll_once(engine, config, NOW)
    assert again.sources[0].signals == 0


async def test_a_changed_uidvalidity_rereads_the_folder_as_duplicates(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    user, password = dovecot.add_user()
    _append(
        dovecot,
        user,
        password,
        mail("Your receipt from Bookshop", "You paid $9.99", message_id="r2@books"),
    )
    cfg = imap_source(tmp_path, dovecot.port, user, password)
    config = config_with(tmp_path, cfg)
    await poll_once(engine, config, NOW)
    states = source_states(engine)
    state = await states.source_state("mail")
    assert state is not None
    from dataclasses import replace

    await states.save_source_state(replace(state, cursor={"uidvalidity": 1, "last_uid": 99}))

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.signals == 1  # read again from the start...
    assert set(report.decisions) == {"duplicate"}  # ...and recognised as already known


async def test_unreadable_mail_is_skipped_with_a_reason_and_the_rest_is_ingested(
    tmp_path: Path, dovecot: Dovecot
) -> None:
    user, password = dovecot.add_user()
    _append(
        dovecot,
        user,
        password,
        b"\r\n\r\n",
        mail("Your receipt from Bookshop", "You paid $5.00", message_id="ok@b"),
    )
    got = fetch_mail(imap_source(tmp_path, dovecot.port, user, password), {})
    assert [m["id"] for m in got.mails] == ["ok@b"]
    assert len(got.skipped) == 1
    assert got.skipped[0].reason
    assert got.cursor["last_uid"] == 2


async def test_a_wrong_password_fails_the_source_visibly_and_lowers_its_weight(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    user, _ = dovecot.add_user()
    config = config_with(tmp_path, imap_source(tmp_path, dovecot.port, user, "wrong"))

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert not report.ok
    assert "login failed" in (report.error or "")
    state = await source_states(engine).source_state("mail")
    assert state is not None
    assert state.failures == 1
    assert state.weight == 0.5
    assert [kind for _, kind, _, _ in await engine.store.alerts()] == ["source_failed"]
    assert await engine.store.facts() == []  # nothing assumed in its place


def test_idle_wakes_up_when_mail_arrives(tmp_path: Path, dovecot: Dovecot) -> None:
    import threading

    user, password = dovecot.add_user()
    cfg = imap_source(tmp_path, dovecot.port, user, password)
    timer = threading.Timer(0.3, _append, (dovecot, user, password, mail("hi", "there")))
    timer.start()
    try:
        assert wait_for_mail(cfg, timeout=20) is True
    finally:
        timer.join()
