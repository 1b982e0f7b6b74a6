"""Hostile input against a live `canon webhook` (issue 23, finding 7): a 5,000-digit
timestamp header, deep nesting, numbers out of range and dates off the calendar or
from the future are refused (401, 400) or dead-lettered (202, not valid), never a
500; the process keeps serving."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from canon_testing import make_signal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from source_servers import free_port

from core.domain.policy import default_policy
from core.domain.timeutil import format_ts
from core.engine.dead_letter_intake import KEPT_PAYLOAD_CHARS
from core.engine.engine import Engine
from core.sources.webhook import SIGNATURE_HEADER, TIMESTAMP_HEADER, sign
from core.store import DeadLetter
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(300)

SECRET = b"a-webhook-secret-of-enough-length"
HOSTILE = "@@hostile@@"
DEEP = "[" * 100_000
IN_2031 = "2031-01-01T09:00:00Z"


@dataclass
class Webhook:
    url: str
    db: Path
    process: subprocess.Popen[str]

    def post(self, body: bytes, stamp: str | None = None) -> httpx.Response:
        stamp = stamp if stamp is not None else str(int(time.time()))
        headers = {
            TIMESTAMP_HEADER: stamp.encode("utf-8"),  # bytes: a header may carry any
            SIGNATURE_HEADER: sign(SECRET, stamp, body).encode("ascii"),
        }
        return httpx.post(self.url, content=body, headers=headers, timeout=60)

    def dead_letters(self) -> list[DeadLetter]:
        async def read() -> list[DeadLetter]:
            store = SQLiteStore(self.db)
            await store.open()
            try:
                return await Engine(store, default_policy()).store.dead_letters()
            finally:
                await store.close()

        return asyncio.run(read())


@pytest.fixture(scope="module")
def webhook(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Webhook]:
    home = tmp_path_factory.mktemp("webhook")
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "CANON_DB": str(home / "canon.db"),
        "CANON_WEBHOOK_SECRET": SECRET.decode(),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "core.cli", "webhook", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "listening on" in line, line + (process.stderr.read() if process.stderr else "")
    try:
        yield Webhook(f"http://127.0.0.1:{port}/signals", home / "canon.db", process)
        assert process.poll() is None, "the webhook died"
    finally:
        process.terminate()
        _, err = process.communicate(timeout=60)
    assert "Traceback" not in err, err


def _signal(kind: str = "calendar_event", **changes: Any) -> dict[str, Any]:
    """A signal stamped now: the webhook's window is the real clock's."""
    return make_signal(kind, at=datetime.now(UTC), **changes)


@pytest.mark.parametrize(
    "stamp",
    ["9" * 5000, "1" * 13, "²", "١٢٣", "-1", "1e10", "", "1_000", "0x10"],
    ids=[
        "5000 digits",
        "13 digits",
        "superscript",
        "arabic digits",
        "-1",
        "1e10",
        "",
        "space",
        "hex",
    ],
)
def test_a_timestamp_header_that_is_not_a_few_digits_is_401(webhook: Webhook, stamp: str) -> None:
    response = webhook.post(json.dumps(_signal()).encode(), stamp=stamp)
    assert response.status_code == 401
    assert TIMESTAMP_HEADER in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (DEEP, "nested deeper than 64 levels"),
        ('{"a":' * 20_000 + "1" + "}" * 20_000, "nested deeper than 64 levels"),
        ("[" + "9" * 5000 + "]", "digits"),
        ("[" + "9" * 400 + "]", "out of range"),
        ("[1e400]", "out of range"),
        ("[NaN]", "NaN"),
    ],
    ids=["100k [", "20k {", "5000 digits", "10**400", "1e400", "NaN"],
)
def test_a_body_canon_cannot_read_is_400_and_dead_lettered(
    webhook: Webhook, body: str, why: str
) -> None:
    before = len(webhook.dead_letters())
    response = webhook.post(body.encode())
    assert response.status_code == 400
    assert why in response.json()["error"]
    letters = webhook.dead_letters()
    assert len(letters) == before + 1
    assert why in letters[-1].errors[0]


def test_a_body_that_is_not_utf8_is_refused_and_kept_as_sent(webhook: Webhook) -> None:
    """Before, the body's bytes that are not UTF-8 became U+FFFD and the signal was read
    (202, valid) with a title nobody sent: ``"Trip to Den\\xffver"`` filed as
    "Den\ufffdver". Now it is refused, and kept with the bytes escaped as they came."""
    signal = _signal(payload_id="bad-bytes", payload_summary="Trip to DenXver")
    body = json.dumps(signal).encode().replace(b"DenXver", b"Den\xffver")
    before = len(webhook.dead_letters())

    response = webhook.post(body)

    assert response.status_code == 400, response.text
    assert "not UTF-8" in response.json()["error"]
    [letter] = webhook.dead_letters()[before:]
    assert "byte 0xff" in letter.errors[0]
    assert "Den\\xffver" in json.loads(letter.payload)["raw"]  # escaped, not replaced


def test_a_big_unreadable_body_is_kept_with_its_size_and_hash(webhook: Webhook) -> None:
    """Before, a body that is not JSON kept its first 10,000 characters and said nothing
    of the rest; now the dead letter's bound (``KEPT_PAYLOAD_CHARS``) keeps the start
    and names the whole's size and SHA-256."""
    body = b"{" + b"x" * 600_000
    before = len(webhook.dead_letters())

    assert webhook.post(body).status_code == 400

    [letter] = webhook.dead_letters()[before:]
    kept = json.loads(letter.payload)
    assert len(kept["start"]) == KEPT_PAYLOAD_CHARS
    assert kept["cut"]["characters"] > 600_000
    assert any("SHA-256" in e for e in letter.errors)


@pytest.mark.parametrize(
    ("signal", "why"),
    [
        (_signal(event_ts=IN_2031), "evidence cannot come from the future"),
        (_signal("email", payload_date=IN_2031), "evidence cannot come from the future"),
        (_signal(event_ts="9999-12-31T23:59:59-05:00"), "outside the range"),
        (_signal(event_ts="0000-01-01T00:00:00Z"), "date-time"),
        (_signal(payload_end="9999-12-31"), "outside the calendar Canon can use"),
        (_signal(payload_start="9" * 5000), "is too long"),
    ],
    ids=["2031 stamp", "2031 mail", "year 10000 UTC", "year 0", "ends 9999", "5000-digit start"],
)
def test_a_signal_from_the_future_or_off_the_calendar_is_dead_lettered(
    webhook: Webhook, signal: dict[str, Any], why: str
) -> None:
    before = len(webhook.dead_letters())
    response = webhook.post(json.dumps(signal).encode())
    assert response.status_code == 202, response.text
    assert response.json()["valid"] == 0
    assert response.json()["decisions"] == {"invalid": 1}
    letters = webhook.dead_letters()
    assert len(letters) == before + 1
    assert any(why in e for e in letters[-1].errors), letters[-1].errors


def _hostile() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(min_value=65, max_value=50_000).map(lambda n: "[" * n + "]" * n),
        st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
        st.integers(min_value=300, max_value=50_000).map(lambda n: f"1e{n}"),
        st.sampled_from(["NaN", "-Infinity", "1e-400", "null", "{}", "[]"]),
        st.builds(
            lambda year, tail: json.dumps(f"{year:04d}-12-31{tail}"),
            st.sampled_from([0, 1, 1969, 2031, 9999]),
            st.sampled_from(["", "T23:59:59Z", "T23:59:59-05:00", "T00:00:00+14:00"]),
        ),
    )


TEMPLATES = {
    where: json.dumps(
        _signal("email" if where == "payload_date" else "calendar_event", **{where: HOSTILE})
    )
    for where in (
        "event_ts",
        "payload_start",
        "payload_end",
        "payload_date",
        "payload_summary",
        "payload",
    )
}


@given(where=st.sampled_from(sorted(TEMPLATES)), value=_hostile(), many=st.booleans())
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_any_hostile_value_in_a_signal_is_never_a_500(
    webhook: Webhook, where: str, value: str, many: bool
) -> None:
    body = TEMPLATES[where].replace(json.dumps(HOSTILE), value)
    response = webhook.post(("[" + body + "]" if many else body).encode())
    assert response.status_code in (202, 400), response.text[:300]


def test_a_good_signal_still_goes_through(webhook: Webhook) -> None:
    now = datetime.now(UTC)
    signal = _signal(event_ts=format_ts(now), event_id="0190f3c4-2a6b-7c1d-8e2f-000000000001")
    response = webhook.post(json.dumps(signal).encode())
    assert response.status_code == 202
    assert response.json()["valid"] == 1
