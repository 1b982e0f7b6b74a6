"""Google Calendar through the real client library against the strict v3 fake."""

from __future__ import annotations

import json
import stat
import threading
from dataclasses import replace
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fakes.google_calendar import FakeGoogleCalendar
from sources_helpers import TAKES_TRAVEL, config_with, source

from core.conversation.texts import prompt_body
from core.engine.engine import Engine
from core.errors import SourceError
from core.sources.base import SourceConfig
from core.sources.kinds.google import GoogleCalendar
from core.sources.poller import poll_once
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(60)
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _google(tmp_path: Path, fake: FakeGoogleCalendar, access_token: str = "stale") -> SourceConfig:
    (tmp_path / "client.json").write_text(json.dumps({"installed": {"client_id": "x"}}))
    token = tmp_path / "gcal.token.json"
    token.write_text(
        json.dumps(
            {
                "token": access_token,
                "refresh_token": "refresh-1",
                "client_id": fake.state.client_id,
                "client_secret": fake.state.client_secret,
            }
        )
    )
    return source(
        tmp_path,
        name="gcal",
        kind="google",
        credentials_file="client.json",
        token_file="gcal.token.json",
        api_endpoint=fake.api_endpoint,
        token_uri=f"{fake.url}/token",
    )


def _trip(ident: str, summary: str = "Trip to Lisbon") -> dict[str, object]:
    return {
        "id": ident,
        "summary": summary,
        "start": {"date": "2026-04-01"},
        "end": {"date": "2026-04-05"},
    }


def test_a_full_sync_reads_every_page_and_keeps_the_sync_token(
    tmp_path: Path, google: FakeGoogleCalendar
) -> None:
    for i in range(5):
        google.put_event(_trip(f"e{i}"))
    google.state.page_size_cap = 2
    result = GoogleCalendar(_google(tmp_path, google), sleep=lambda _: None).fetch(None, NOW)
    assert [e["id"] for e in result.events] == ["e0", "e1", "e2", "e3", "e4"]
    assert result.full_sync
    assert result.sync_token
    pages = [q for path, q in google.state.requests if path.endswith("/events")]
    assert sum(1 for q in pages if "pageToken" in q) == 2


def test_an_expired_access_token_is_refreshed_once_and_saved_0600(
    tmp_path: Path, google: FakeGoogleCalendar
) -> None:
    cfg = _google(tmp_path, google, access_token="expired")
    GoogleCalendar(cfg, sleep=lambda _: None).fetch(None, NOW)
    assert google.state.token_grants == 1
    assert cfg.token_file is not None
    saved = json.loads(cfg.token_file.read_text())
    assert saved["token"] in google.state.access_tokens
    assert stat.S_IMODE(cfg.token_file.stat().st_mode) == 0o600


def test_a_revoked_refresh_token_is_a_source_error_naming_the_fix(
    tmp_path: Path, google: FakeGoogleCalendar
) -> None:
    google.state.refresh_tokens.clear()
    with pytest.raises(SourceError, match="canon sources auth gcal"):
        GoogleCalendar(_google(tmp_path, google), sleep=lambda _: None).fetch(None, NOW)


@pytest.mark.parametrize(("failures", "succeeds"), [(2, True), (5, False)])
def test_5xx_answers_are_retried_with_backoff(
    tmp_path: Path, google: FakeGoogleCalendar, failures: int, succeeds: bool
) -> None:
    google.put_event(_trip("e1"))
    token = google.issue_access_token()
    waits: list[float] = []
    calendar = GoogleCalendar(_google(tmp_path, google, token), sleep=waits.append, retries=4)
    google.fail_next(failures, 503)
    if succeeds:
        assert [e["id"] for e in calendar.fetch(None, NOW).events] == ["e1"]
        assert waits == [1.0, 2.0]
    else:
        with pytest.raises(SourceError, match="HTTP 503"):
            calendar.fetch(None, NOW)
        assert waits == [1.0, 2.0, 4.0, 8.0]


def test_a_410_gone_falls_back_to_a_full_sync(tmp_path: Path, google: FakeGoogleCalendar) -> None:
    google.put_event(_trip("e1"))
    calendar = GoogleCalendar(_google(tmp_path, google), sleep=lambda _: None)
    first = calendar.fetch(None, NOW)
    google.expire_sync_tokens()
    again = calendar.fetch(first.sync_token, NOW)
    assert again.full_sync
    assert [e["id"] for e in again.events] == ["e1"]
    assert again.sync_token != first.sync_token


async def test_polling_plans_a_trip_then_a_deleted_event_cancels_it(
    tmp_path: Path, google: FakeGoogleCalendar, engine: Engine
) -> None:
    google.put_event(_trip("trip1"))
    google.put_event({**_trip("x"), "summary": "Dentist for Maya"})
    google.put_event({**_trip("y"), "summary": "Lunch with Sam"})  # maps to nothing
    config = config_with(tmp_path, _google(tmp_path, google))

    first = await poll_once(engine, config, NOW)

    assert first.ok, first.sources[0].error
    # The calendar alone proposes (0.85 < auto 0.90 for travel): the user is asked.
    assert ("travel.destination", "Lisbon") in await _claims(engine)
    assert ("travel.status", "planning") in await _claims(engine)
    assert first.sources[0].signals == 2  # lunch maps to nothing and is not sent
    google.delete_event("trip1")
    incremental = [q for _, q in google.state.requests]

    second = await poll_once(engine, config, NOW)

    assert "syncToken" in google.state.requests[-1][1]
    assert len(google.state.requests) == len(incremental) + 1
    assert second.sources[0].signals == 1
    assert ("travel.status", "cancelled") in await _claims(engine)


async def _claims(engine: Engine) -> set[tuple[str, object]]:
    """Committed values and open questions: everything Canon holds or proposes."""
    facts = {(f.field, f.value) for f in await engine.store.facts()}
    items = await engine.store.review_items(["pending", "queued"])
    return facts | {(r.field, r.candidate_value) for r in items}


def test_the_fake_is_strict_about_sync_tokens(google: FakeGoogleCalendar) -> None:
    import httpx

    token = google.issue_access_token()
    response = httpx.get(
        f"{google.api_endpoint}calendars/primary/events",
        params={"syncToken": "x", "timeMin": "2026-01-01T00:00:00Z"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert response.json()["error"]["status"] == "INVALID_ARGUMENT"


def _invitation(answer: str) -> dict[str, object]:
    """A stranger's flight Google put on the user's calendar, with the user's answer."""
    return {
        **_trip("moscow", "Flight to Moscow"),
        "organizer": {"email": "stranger@evil.example", "displayName": "Travel Desk"},
        "attendees": [
            {"email": "stranger@evil.example", "organizer": True, "responseStatus": "accepted"},
            {"email": "me@example.com", "self": True, "responseStatus": answer},
        ],
    }


async def test_a_strangers_invitation_is_asked_until_the_user_accepts_it(
    tmp_path: Path, google: FakeGoogleCalendar, store: SQLiteStore
) -> None:
    """Google adds an invitation to the calendar unanswered (needsAction): a question
    naming who sent it, never the user's plan; accepted, the next incremental sync
    makes it theirs."""
    engine = Engine(store, TAKES_TRAVEL)
    google.put_event(_invitation("needsAction"))
    config = config_with(tmp_path, _google(tmp_path, google))

    assert (await poll_once(engine, config, NOW)).ok
    assert [f for f in await engine.store.facts() if f.domain == "travel"] == []
    asked = {r.field: r for r in await engine.store.review_items(["pending", "queued"])}
    why = prompt_body(asked["travel.destination"], "user:primary", now=NOW).splitlines()[-1]
    assert why.startswith('From an invitation by "stranger@evil.example" you have not accepted')

    google.put_event(_invitation("accepted"))
    report = (await poll_once(engine, config, NOW)).sources[0]

    assert "syncToken" in google.state.requests[-1][1]
    assert report.ok, report.error
    facts = {f.field: f.value for f in await engine.store.facts()}
    assert facts["travel.destination"] == "Moscow"


async def test_a_declined_google_invitation_is_no_evidence(
    tmp_path: Path, google: FakeGoogleCalendar, store: SQLiteStore
) -> None:
    engine = Engine(store, TAKES_TRAVEL)
    google.put_event(_invitation("declined"))
    config = config_with(tmp_path, _google(tmp_path, google))
    report = (await poll_once(engine, config, NOW)).sources[0]
    assert report.ok, report.error
    assert report.signals == 0
    assert await _claims(engine) == set()


def test_a_redirect_from_the_api_is_not_followed(
    tmp_path: Path, google: FakeGoogleCalendar
) -> None:
    """Google's API never redirects: one (from whatever answers for the endpoint) is not
    followed to another host, the metadata service or Canon's API on loopback, whose
    answer would be read as the calendar; the source says why."""
    asked: list[str] = []

    class Elsewhere(BaseHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

        def do_GET(self) -> None:
            asked.append(self.path)
            if self.path.startswith("/calendar/v3/"):  # the endpoint: sends Canon away
                self.send_response(302)
                self.send_header("Location", f"{api}/api/state")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = json.dumps({"items": [_trip("api-secret", "Canon's own API")]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    api = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        cfg = replace(
            _google(tmp_path, google, access_token=google.issue_access_token()),
            api_endpoint=f"{api}/calendar/v3/",
        )
        with pytest.raises(SourceError) as refused:
            GoogleCalendar(cfg, sleep=lambda _: None).fetch(None, NOW)
    finally:
        server.shutdown()
        server.server_close()

    assert f"HTTP 302: redirects to {api}/api/state, not followed" in str(refused.value)
    assert not [a for a in asked if a.startswith("/api/")]  # never asked
