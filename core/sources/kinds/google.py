"""``kind = "google"``: Google Calendar through google-api-python-client, by syncToken.

The first pass lists events from ``past_days`` ago (every page) and keeps the
``nextSyncToken``; later passes ask only for what changed since. A 410 GONE
(token expired) falls back to a full sync. 5xx and 429 answers are retried
with exponential backoff; a 401 makes the authorized transport refresh the
OAuth token once (google-auth), and a refreshed token is written back to the
token file with 0600 permissions. Service-account keys work too.

An event someone else organised (``organizer.self`` not true: Google puts
invitations on the calendar before they are answered) carries ``invitation``:
the organiser's address and the owner's ``responseStatus``
(``core.signals.mapping`` decides what an unanswered one may claim).

Google sends deleted events as bare cancelled stubs and only what changed, so
a pass remembers what each event was (``core.sources.remembered``); after a
full sync every live event was listed and the rest were deleted. The Google
libraries load on the first poll, so reading the config costs nothing.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from core.domain.timeutil import format_ts
from core.errors import ConfigError, SourceError
from core.private_files import write_private
from core.signals.rules import Rule
from core.sources.base import COMMON_OPTIONS, Fetched, SourceConfig, SourceTable
from core.sources.ical import SERIES_KEY
from core.sources.remembered import reconcile

if TYPE_CHECKING:
    from google.oauth2.credentials import Credentials
    from googleapiclient.errors import HttpError  # type: ignore[import-untyped]

REDIRECTS: Final = frozenset({301, 302, 303, 307, 308})

SCOPES: Final = ["https://www.googleapis.com/auth/calendar.readonly"]
RETRY_STATUSES: Final = frozenset({429, 500, 502, 503, 504})
PAGE_SIZE: Final = 250


@dataclass(frozen=True, kw_only=True)
class GoogleConfig(SourceConfig):
    OPTIONS: ClassVar[frozenset[str]] = COMMON_OPTIONS | {
        "credentials_file",
        "token_file",
        "calendar_id",
        "api_endpoint",
        "token_uri",
        "past_days",
    }
    REQUIRED: ClassVar[tuple[str, ...]] = ("credentials_file",)

    credentials_file: Path
    """An OAuth client secret (installed app) or a service-account key."""
    token_file: Path | None = None
    """Where the user's OAuth token is kept (0600), outside the database."""
    calendar_id: str = "primary"
    api_endpoint: str | None = None
    """Another API root (a test fake); the real one when unset."""
    token_uri: str | None = None
    """Another OAuth token endpoint (a test fake); google-auth's default when unset."""
    past_days: int = 7

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        credentials = table.path("credentials_file")
        assert credentials is not None  # REQUIRED
        token_file = table.path("token_file") or credentials.with_name(f"{table.name}.token.json")
        return cls(
            **cls.common(table),
            credentials_file=credentials,
            token_file=token_file,
            calendar_id=table.get("calendar_id", str, "primary"),
            api_endpoint=table.optional("api_endpoint", str),
            token_uri=table.optional("token_uri", str),
            past_days=table.get("past_days", int, 7),
        )

    def describe(self) -> str:
        return f"calendar {self.calendar_id}"


@dataclass(frozen=True)
class GoogleFetch:
    events: list[dict[str, Any]]
    """calendar_event payloads; deleted events as ``{"id", "status": "cancelled"}`` stubs."""
    sync_token: str | None
    full_sync: bool


def write_token(path: Path, creds: Credentials) -> None:
    """Save an OAuth token readable by its owner only (0600, in a 0700 folder), atomically."""
    write_private(path, creds.to_json().encode("utf-8"))  # type: ignore[no-untyped-call]


def load_credentials(cfg: GoogleConfig) -> Any:
    """Service-account credentials, or the user's OAuth token from ``token_file``."""
    from google.auth.exceptions import GoogleAuthError
    from google.oauth2 import credentials as user_credentials
    from google.oauth2 import service_account

    try:
        info = json.loads(cfg.credentials_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ConfigError(f"source {cfg.name!r}: cannot read {cfg.credentials_file}: {e}") from e
    if info.get("type") == "service_account":
        try:
            return service_account.Credentials.from_service_account_info(  # type: ignore[no-untyped-call]
                info, scopes=SCOPES
            )
        except (ValueError, GoogleAuthError) as e:
            raise ConfigError(f"source {cfg.name!r}: bad service-account key: {e}") from e
    token = cfg.token_file
    if token is None or not token.exists():
        raise ConfigError(
            f"source {cfg.name!r}: not authorised yet; run `canon sources auth {cfg.name}`"
        )
    try:
        creds = user_credentials.Credentials.from_authorized_user_file(  # type: ignore[no-untyped-call]
            str(token), SCOPES
        )
        # google-auth pins Google's token endpoint; only explicit configuration moves it.
        return creds.with_token_uri(cfg.token_uri) if cfg.token_uri else creds
    except (OSError, ValueError) as e:
        raise ConfigError(f"source {cfg.name!r}: unreadable token file {token}: {e}") from e


def authorize(cfg: GoogleConfig, *, open_browser: bool = True, port: int = 0) -> Path:
    """Run the installed-app OAuth flow in a browser and store the token (0600)."""
    from google_auth_oauthlib.flow import InstalledAppFlow  # type: ignore[import-untyped]

    assert cfg.token_file is not None
    try:
        flow = InstalledAppFlow.from_client_secrets_file(str(cfg.credentials_file), SCOPES)
        creds = flow.run_local_server(port=port, open_browser=open_browser)
    except (OSError, ValueError) as e:
        raise ConfigError(f"source {cfg.name!r}: OAuth flow failed: {e}") from e
    write_token(cfg.token_file, creds)
    return cfg.token_file


_ANSWERS: Final = {
    "needsAction": "needs_action",
    "accepted": "accepted",
    "tentative": "tentative",
    "declined": "declined",
}


def _invitation(item: dict[str, Any]) -> dict[str, str] | None:
    """Who organised an event and the owner's answer, when the organiser is not the
    calendar read (``organizer.self``); the owner's answer is their attendee's
    (``attendees[].self``) ``responseStatus``, needs_action when they are not listed."""
    organizer = item.get("organizer")
    if not isinstance(organizer, dict) or organizer.get("self") is True:
        return None
    who = " ".join(str(organizer.get("email") or organizer.get("displayName") or "").split())
    if not who:
        return None
    attendees = item.get("attendees") or []
    mine = next((a for a in attendees if isinstance(a, dict) and a.get("self") is True), None)
    status = mine.get("responseStatus") if mine is not None else None
    return {"organizer": who[:256], "response": _ANSWERS.get(str(status), "needs_action")}


def _payload(item: dict[str, Any]) -> dict[str, Any]:
    start, end = item.get("start") or {}, item.get("end") or {}
    first = start.get("dateTime") or start.get("date")
    last = end.get("dateTime") or end.get("date")
    if item.get("status") == "cancelled" and not first:
        return {"id": str(item["id"])[:1024], "status": "cancelled"}
    payload: dict[str, Any] = {
        "id": str(item["id"])[:1024],
        "summary": " ".join(str(item.get("summary", "")).split())[:1024],
        "start": first,
        "end": last or first,
    }
    for key, limit in (("location", 1024), ("description", 8192)):
        if item.get(key):
            payload[key] = str(item[key])[:limit]
    if item.get("status") in ("confirmed", "tentative", "cancelled"):
        payload["status"] = item["status"]
    if item.get("recurringEventId"):
        payload[SERIES_KEY] = str(item["recurringEventId"])[:900]
    invited = _invitation(item)
    if invited is not None:
        payload["invitation"] = invited
    return payload


class GoogleCalendar:
    """One Google calendar, read through the real client library."""

    def __init__(
        self,
        cfg: GoogleConfig,
        *,
        retries: int = 4,
        sleep: Callable[[float], None] = time.sleep,
        backoff: float = 1.0,
    ) -> None:
        self.cfg = cfg
        self.retries = retries
        self.sleep = sleep
        self.backoff = backoff

    def _service(self, creds: Any) -> Any:
        import httplib2  # type: ignore[import-untyped]
        from google_auth_httplib2 import AuthorizedHttp  # type: ignore[import-untyped]
        from googleapiclient.discovery import build  # type: ignore[import-untyped]

        plain = httplib2.Http(timeout=self.cfg.timeout)
        # Google's API never redirects; a redirect (from whatever answers for the endpoint)
        # would be followed to any host, the metadata service or Canon's API on loopback
        # included, and its answer read as the calendar.
        plain.follow_redirects = False
        http = AuthorizedHttp(creds, http=plain)
        options = {"api_endpoint": self.cfg.api_endpoint} if self.cfg.api_endpoint else None
        return build(
            "calendar",
            "v3",
            http=http,
            client_options=options,
            cache_discovery=False,
            static_discovery=True,
        )

    def _execute(self, request: Any) -> dict[str, Any]:
        from googleapiclient.errors import HttpError

        for attempt in range(self.retries + 1):
            try:
                result: dict[str, Any] = request.execute()
                return result
            except HttpError as e:
                if e.resp.status in RETRY_STATUSES and attempt < self.retries:
                    self.sleep(self.backoff * 2**attempt)
                    continue
                raise
        raise AssertionError("unreachable")

    def _list(self, service: Any, sync_token: str | None, now: datetime) -> GoogleFetch:
        events: list[dict[str, Any]] = []
        params: dict[str, Any] = {
            "calendarId": self.cfg.calendar_id,
            "singleEvents": True,
            "maxResults": PAGE_SIZE,
        }
        if sync_token:
            params["syncToken"] = sync_token
        else:
            params["timeMin"] = format_ts(now - timedelta(days=self.cfg.past_days))
        page: str | None = None
        while True:
            response = self._execute(service.events().list(**params, pageToken=page))
            events += [_payload(item) for item in response.get("items", []) if item.get("id")]
            page = response.get("nextPageToken")
            if not page:
                return GoogleFetch(events, response.get("nextSyncToken"), sync_token is None)

    def fetch(self, sync_token: str | None, now: datetime) -> GoogleFetch:
        """Everything changed since ``sync_token`` (or everything, on a full sync)."""
        import httplib2
        from google.auth.exceptions import GoogleAuthError, RefreshError
        from google.oauth2 import credentials as user_credentials
        from googleapiclient.errors import HttpError

        creds = load_credentials(self.cfg)
        before = getattr(creds, "token", None)
        try:
            service = self._service(creds)
            try:
                result = self._list(service, sync_token, now)
            except HttpError as e:
                if e.resp.status != 410 or sync_token is None:
                    raise
                result = self._list(service, None, now)  # token expired: full resync
        except HttpError as e:
            raise SourceError(f"google calendar: HTTP {e.resp.status}: {_reason(e)}") from e
        except RefreshError as e:
            raise SourceError(
                f"google calendar: token refresh failed ({e}); "
                f"run `canon sources auth {self.cfg.name}`"
            ) from e
        except (GoogleAuthError, httplib2.HttpLib2Error, OSError) as e:
            raise SourceError(f"google calendar: {type(e).__name__}: {e}") from e
        finally:
            after = getattr(creds, "token", None)
            if (
                isinstance(creds, user_credentials.Credentials)
                and after != before
                and self.cfg.token_file
            ):
                write_token(self.cfg.token_file, creds)
        return result


def _reason(e: HttpError) -> str:
    if e.resp.status in REDIRECTS:
        return f"redirects to {e.resp.get('location', 'nowhere')}, not followed"[:200]
    try:
        return str(json.loads(e.content)["error"]["message"])[:200]
    except (ValueError, KeyError, TypeError):
        return str(e.reason)[:200]


class GoogleSource:
    kind: ClassVar[str] = "google"
    config_type: ClassVar[type[SourceConfig]] = GoogleConfig

    def __init__(self, config: GoogleConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        cfg = self.config
        known = cursor.get("known", {})
        result = await asyncio.to_thread(GoogleCalendar(cfg).fetch, cursor.get("sync_token"), now)
        # After a full sync every live event was listed: the rest were deleted.
        span = (now - timedelta(days=cfg.past_days), datetime.max.replace(tzinfo=now.tzinfo))
        done = reconcile(
            result.events,
            known,
            now,
            window=span if result.full_sync and known else None,
            keep_days=cfg.past_days,
            rules=rules,
        )
        return Fetched(
            "calendar_event", done.emit, {"sync_token": result.sync_token, "known": done.known}
        )
