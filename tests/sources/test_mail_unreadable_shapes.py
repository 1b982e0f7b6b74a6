"""Mail whose shape the stdlib parser cannot take (multiparts nested thousands deep, a
Date past the year 9999 once in UTC) is skipped with a reason or read without the part it
cannot, and the rest of the folder is read, through a real Dovecot and the poller.

Before, ``parse_mail`` raised (RecursionError, OverflowError): the pass failed on every
poll at that message, and no mail after it was ever read; anyone can send such a mail.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from source_servers import Dovecot
from sources_helpers import config_with, imap_source, mail
from test_imap_dovecot import _append

from core.engine.engine import Engine
from core.sources.mailparse import Skipped, parse_mail
from core.sources.poller import poll_once, source_states

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)


def _nested(depth: int, inner: str = "multipart/mixed") -> bytes:
    """A mail of ``depth`` parts each holding the next (``inner``: how each holds it)."""
    head = b"From: x@spam.example\r\nSubject: deep\r\nMessage-ID: <deep@x>\r\n"
    if inner == "message/rfc822":
        return head + b"Content-Type: message/rfc822\r\n\r\n" * depth + b"Subject: hi\r\n\r\nhi"
    opening = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
        for i in range(depth)
    )
    closing = b"".join(b"\r\n--b%d--" % i for i in reversed(range(depth)))
    return head + opening + b"Content-Type: text/plain\r\n\r\nhi" + closing + b"\r\n"


FAR = "Fri, 31 Dec 9999 23:59:59 -1200"
"""A date in the year 9999 where it was written, and in 10000 in UTC."""


@pytest.mark.parametrize(
    ("raw", "read"),
    [
        (_nested(5000), False),
        (_nested(3000, "message/rfc822"), False),
        (_nested(20), True),  # deep, but a mail
        (mail("Your receipt from Bookshop", "You paid $5.00", date=FAR), True),
        (mail("Your receipt", "You paid $5.00", date="Sat, 1 Jan 0001 00:00:00 +0100"), True),
    ],
    ids=["nested-5000", "rfc822-3000", "nested-20", "far-date", "year-1"],
)
def test_a_mail_the_parser_cannot_take_is_skipped_or_read_without_it(
    raw: bytes, read: bool
) -> None:
    parsed = parse_mail(raw, "INBOX/1/1")

    assert isinstance(parsed, dict) == read, parsed
    if isinstance(parsed, Skipped):
        assert "nested" in parsed.reason
    elif b"9999" in raw or b"0001" in raw:
        assert "date" not in parsed  # unknown, not wrong


async def test_the_folder_is_read_past_them(
    tmp_path: Path, dovecot: Dovecot, engine: Engine
) -> None:
    user, password = dovecot.add_user()
    receipt = mail("Your receipt from Bookshop", "You paid $5.00", message_id="ok@b")
    far = mail("Your booking", "See you soon", message_id="far@b", date=FAR)
    _append(dovecot, user, password, _nested(5000), far, receipt)
    config = config_with(tmp_path, imap_source(tmp_path, dovecot.port, user, password))

    report = (await poll_once(engine, config, NOW)).sources[0]

    assert report.ok, report.error
    assert report.signals == 2
    assert len(report.skipped) == 1
    assert "nested" in report.skipped[0]
    saved = await source_states(engine).source_state("mail")
    assert saved is not None
    assert saved.cursor["last_uid"] == 3
