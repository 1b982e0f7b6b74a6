"""A CalDAV source's ``timeout`` reaches the HTTP client as configured, fractions too,
against a real Radicale on loopback: each of a pass's requests waits ``timeout`` seconds
for the server, 0.5 or 2.75 as written.

Before, the timeout was passed as ``int(timeout)``: 2.75 became 2, and 0.5 became 0,
which the HTTP client took as no bound on each wait at all (only the whole pass's
watchdog still held).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from caldav.davclient import DAVClient
from source_servers import Radicale
from sources_helpers import source

from core.errors import SourceError
from core.sources.kinds.caldav import fetch_caldav

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TRIP = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:trip-lisbon\r\n"
    "DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\nDTEND;VALUE=DATE:20260405\r\n"
    "SUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


@pytest.mark.parametrize("timeout", [0.5, 2.75, 30.5])
def test_a_fractional_timeout_reaches_the_http_client_as_configured(
    tmp_path: Path, radicale: Radicale, monkeypatch: pytest.MonkeyPatch, timeout: float
) -> None:
    user, password = radicale.add_user()
    client = DAVClient(
        url=radicale.url, username=user, password=password, enable_rfc6764=False, require_tls=False
    )
    url = str(client.principal().make_calendar(name="family", cal_id="family").url)
    client.principal().calendar(cal_id="family").save_event(TRIP)
    waits: list[Any] = []
    request = DAVClient.request

    def recorded(self: DAVClient, *args: Any, **kwargs: Any) -> Any:
        waits.append(self.timeout)
        return request(self, *args, **kwargs)

    monkeypatch.setattr(DAVClient, "request", recorded)
    dav = source(
        tmp_path,
        name="dav",
        kind="caldav",
        url=url,
        username=user,
        password=password,
        ssl=False,
        timeout=timeout,
    )

    try:
        events = fetch_caldav(dav, NOW)
    except SourceError:
        # Half a second may be too little for a busy machine's Radicale: the wait is the point.
        assert timeout < 1
    else:
        assert [e["summary"] for e in events] == ["Trip to Lisbon"]
    assert waits
    assert set(waits) == {timeout}
