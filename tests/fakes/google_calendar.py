"""A strict fake of the Google Calendar v3 events API and OAuth token endpoint.

Runs on 127.0.0.1 (a free port, its own thread) and is driven by the real
google-api-python-client through ``client_options={"api_endpoint": url}``.
It enforces what the real service enforces and answers in its error shapes:

- ``Authorization: Bearer <token>`` must name a live access token, else 401
  (``UNAUTHENTICATED``); ``POST /token`` with a known refresh token mints a
  new one (RFC 6749 refresh grant), anything else is ``invalid_grant``.
- ``events.list`` accepts only the documented parameters; ``syncToken`` may
  not be combined with ``timeMin``/``timeMax``/``orderBy``/``q``/``updatedMin``
  (400); paging by ``pageToken`` with ``maxResults`` per page; the last page
  carries ``nextSyncToken``; an unknown or expired sync token is 410 GONE
  (``fullSyncRequired``).
- Incremental results include deleted events as ``{"id", "status": "cancelled"}``.
- ``fail_next(n, status)`` makes the next n API calls fail with a 5xx.
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

_LIST_PARAMS = {
    "alt",
    "calendarId",
    "maxResults",
    "pageToken",
    "singleEvents",
    "syncToken",
    "timeMin",
    "timeMax",
    "orderBy",
    "q",
    "updatedMin",
    "showDeleted",
    "timeZone",
    "prettyPrint",
    "fields",
}
_NOT_WITH_SYNC = ("timeMin", "timeMax", "orderBy", "q", "updatedMin", "iCalUID")


def _error(code: int, status: str, reason: str, message: str, domain: str = "global") -> Any:
    return {
        "error": {
            "code": code,
            "message": message,
            "errors": [{"domain": domain, "reason": reason, "message": message}],
            "status": status,
        }
    }


@dataclass
class FakeCalendarState:
    """Everything the fake knows; tests change it between passes."""

    client_id: str = "fake-client.apps.googleusercontent.com"
    client_secret: str = "fake-secret"
    refresh_tokens: set[str] = field(default_factory=lambda: {"refresh-1"})
    access_tokens: set[str] = field(default_factory=set)
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    changed_at: dict[str, int] = field(default_factory=dict)
    version: int = 0
    sync_tokens: dict[str, int] = field(default_factory=dict)
    failures: list[int] = field(default_factory=list)
    page_size_cap: int = 2500
    requests: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    token_grants: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class FakeGoogleCalendar:
    """Start with ``with FakeGoogleCalendar() as fake:``; ``fake.url`` is the endpoint."""

    def __init__(self) -> None:
        self.state = FakeCalendarState()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self.state))
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def api_endpoint(self) -> str:
        """The ``api_endpoint`` client option: the API root, as Google's baseUrl is."""
        return f"{self.url}/calendar/v3/"

    def __enter__(self) -> FakeGoogleCalendar:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # -- what tests do to the calendar -------------------------------------------
    def put_event(self, event: dict[str, Any]) -> None:
        with self.state.lock:
            self.state.version += 1
            body = {"kind": "calendar#event", "status": "confirmed", **event}
            self.state.events[event["id"]] = body
            self.state.changed_at[event["id"]] = self.state.version

    def delete_event(self, event_id: str) -> None:
        with self.state.lock:
            self.state.version += 1
            self.state.events[event_id] = {
                "kind": "calendar#event",
                "id": event_id,
                "status": "cancelled",
            }
            self.state.changed_at[event_id] = self.state.version

    def expire_sync_tokens(self) -> None:
        with self.state.lock:
            self.state.sync_tokens.clear()

    def fail_next(self, count: int, status: int = 503) -> None:
        with self.state.lock:
            self.state.failures.extend([status] * count)

    def revoke_access_tokens(self) -> None:
        with self.state.lock:
            self.state.access_tokens.clear()

    def issue_access_token(self) -> str:
        token = "access-" + secrets.token_hex(8)
        with self.state.lock:
            self.state.access_tokens.add(token)
        return token


def _handler(state: FakeCalendarState) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _send(self, code: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            if urlparse(self.path).path != "/token":
                self._send(404, _error(404, "NOT_FOUND", "notFound", "Not Found"))
                return
            length = int(self.headers.get("Content-Length", "0"))
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            ok = (
                form.get("grant_type") == "refresh_token"
                and form.get("refresh_token") in state.refresh_tokens
                and form.get("client_id") == state.client_id
                and form.get("client_secret") == state.client_secret
            )
            if not ok:
                self._send(400, {"error": "invalid_grant", "error_description": "Bad Request"})
                return
            token = "access-" + secrets.token_hex(8)
            with state.lock:
                state.access_tokens.add(token)
                state.token_grants += 1
            self._send(
                200,
                {
                    "access_token": token,
                    "expires_in": 3599,
                    "scope": "https://www.googleapis.com/auth/calendar.readonly",
                    "token_type": "Bearer",
                },
            )

        def do_GET(self) -> None:
            url = urlparse(self.path)
            query = {k: v[-1] for k, v in parse_qs(url.query).items()}
            with state.lock:
                state.requests.append((url.path, query))
                failure = state.failures.pop(0) if state.failures else None
            auth = self.headers.get("Authorization", "")
            if not auth.startswith("Bearer ") or auth[7:] not in state.access_tokens:
                self._send(
                    401,
                    _error(
                        401,
                        "UNAUTHENTICATED",
                        "authError",
                        "Request had invalid authentication credentials.",
                    ),
                )
                return
            if failure is not None:
                self._send(failure, _error(failure, "UNAVAILABLE", "backendError", "Backend Error"))
                return
            parts = url.path.strip("/").split("/")
            if (
                len(parts) != 5
                or parts[:3] != ["calendar", "v3", "calendars"]
                or parts[4] != "events"
            ):
                self._send(404, _error(404, "NOT_FOUND", "notFound", "Not Found"))
                return
            self._list(unquote(parts[3]), query)

        def _list(self, calendar_id: str, q: dict[str, str]) -> None:
            unknown = set(q) - _LIST_PARAMS
            if unknown:
                self._send(
                    400,
                    _error(
                        400,
                        "INVALID_ARGUMENT",
                        "invalidParameter",
                        f"Invalid parameter: {sorted(unknown)}",
                    ),
                )
                return
            if calendar_id != "primary":
                self._send(404, _error(404, "NOT_FOUND", "notFound", "Not Found"))
                return
            if "syncToken" in q and any(k in q for k in _NOT_WITH_SYNC):
                self._send(
                    400,
                    _error(
                        400,
                        "INVALID_ARGUMENT",
                        "invalid",
                        "Sync token cannot be combined with these parameters.",
                    ),
                )
                return
            size = min(int(q.get("maxResults", "250")), 2500, state.page_size_cap)
            offset = 0
            with state.lock:
                if "syncToken" in q:
                    since = state.sync_tokens.get(q["syncToken"])
                    if since is None:
                        self._send(
                            410,
                            _error(
                                410,
                                "GONE",
                                "fullSyncRequired",
                                "Sync token is no longer valid, a full sync is required.",
                                "calendar",
                            ),
                        )
                        return
                    ids = [i for i, v in state.changed_at.items() if v > since]
                else:
                    since = None
                    ids = [i for i, e in state.events.items() if e.get("status") != "cancelled"]
                    if "timeMin" in q:
                        ids = [i for i in ids if _end_text(state.events[i]) >= q["timeMin"][:10]]
                ids.sort(key=lambda i: state.changed_at[i])
                if "pageToken" in q:
                    try:
                        offset = int(q["pageToken"].split(":", 1)[1])
                    except (IndexError, ValueError):
                        self._send(
                            400, _error(400, "INVALID_ARGUMENT", "invalid", "Invalid page token")
                        )
                        return
                items = [state.events[i] for i in ids[offset : offset + size]]
                body: dict[str, Any] = {"kind": "calendar#events", "items": items}
                if offset + size < len(ids):
                    body["nextPageToken"] = f"page:{offset + size}"
                else:
                    token = "sync-" + secrets.token_hex(8)
                    state.sync_tokens[token] = state.version
                    body["nextSyncToken"] = token
            self._send(200, body)

    return Handler


def _end_text(event: dict[str, Any]) -> str:
    end = event.get("end") or {}
    return str(end.get("dateTime") or end.get("date") or "9999")
