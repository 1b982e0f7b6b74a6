"""Webhooks for the local Bot API: Telegram's setWebhook rules, and update delivery.

``webhook_setting`` checks setWebhook's parameters as Telegram does: the URL
must be HTTPS on port 80, 88, 443 or 8443, and ``secret_token`` 1–256
characters of A-Z, a-z, 0-9, ``_`` and ``-`` (errors read like Telegram's).
One exception, as on a Bot API server started with ``--local``: a loopback
URL (127.0.0.1, ::1, localhost) may be plain HTTP on any port, because this
emulator only ever delivers to loopback — a bot under test listens there
without TLS. Updates for any other URL stay pending (see getWebhookInfo).

``WebhookDelivery`` POSTs pending updates one at a time, oldest first, with
``Content-Type: application/json`` and the ``X-Telegram-Bot-Api-Secret-Token``
header; a 2xx answer confirms the update, anything else is recorded as the
webhook's last error and the update is retried, as Telegram does.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import aiohttp

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
PORTS = (80, 88, 443, 8443)
RETRY_SECONDS = 0.2
"""Pause before a failed delivery is tried again (Telegram waits longer)."""
_SECRET = re.compile(r"[A-Za-z0-9_\-]*")


class WebhookRefused(Exception):
    """setWebhook's parameters break Telegram's rules: the Bad Request description."""


@dataclass(frozen=True)
class WebhookSetting:
    """A webhook as setWebhook registered it."""

    url: str
    secret_token: str | None = field(default=None, repr=False)
    allowed_updates: tuple[str, ...] | None = None
    max_connections: int = 40
    ip_address: str | None = None

    @property
    def local(self) -> bool:
        """Whether the URL is on loopback (the only place updates are delivered to)."""
        return _loopback(urlsplit(self.url).hostname or "")


@dataclass
class Delivery:
    """One POST of an update to the webhook, for assertions."""

    update_id: int
    status: int | None
    """The HTTP status, or None when the connection failed."""


def webhook_setting(p: dict[str, Any]) -> WebhookSetting | None:
    """The webhook setWebhook's parameters ask for; None for an empty URL (remove it)."""
    url = str(p.get("url") or "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        port = parts.port
    except ValueError:
        raise WebhookRefused(
            "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
        ) from None
    if parts.scheme not in ("http", "https") or not host:
        raise WebhookRefused("Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
    if not _loopback(host):
        if parts.scheme != "https":
            raise WebhookRefused(
                "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
            )
        if (port or 443) not in PORTS:
            raise WebhookRefused(
                "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
            )
    secret = p.get("secret_token")
    secret = None if secret in (None, "") else str(secret)
    if secret is not None:
        if not _SECRET.fullmatch(secret):
            raise WebhookRefused("Bad Request: secret token contains unallowed characters")
        if len(secret) > 256:
            raise WebhookRefused("Bad Request: secret token is too long")
    allowed = p.get("allowed_updates")
    if allowed is not None and not (
        isinstance(allowed, list) and all(isinstance(a, str) for a in allowed)
    ):
        raise WebhookRefused("Bad Request: can't parse allowed updates")
    connections = int(p.get("max_connections") or 40)
    return WebhookSetting(
        url,
        secret,
        None if allowed is None else tuple(allowed),
        max(1, min(100, connections)),  # Telegram clamps it silently
        str(p["ip_address"]) if p.get("ip_address") else None,
    )


class WebhookDelivery:
    """Delivers pending updates to the registered webhook, in order, one at a time."""

    def __init__(
        self,
        pending: Callable[[], list[dict[str, Any]]],
        confirm: Callable[[int], None],
        delivered: Callable[[], Awaitable[None]],
    ) -> None:
        self._pending = pending
        self._confirm = confirm
        self._delivered = delivered
        self.setting: WebhookSetting | None = None
        self.deliveries: list[Delivery] = []
        self.last_error: tuple[int, str] | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    def set(self, setting: WebhookSetting | None) -> None:
        """Register (or with None, remove) the webhook; delivery starts on loopback URLs."""
        self.setting = setting
        self.last_error = None
        if setting is not None and setting.local and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())
        self.kick()

    def kick(self) -> None:
        """Something new is pending: deliver it."""
        self._wake.set()

    def info(self) -> dict[str, Any]:
        """getWebhookInfo's result."""
        s = self.setting
        out: dict[str, Any] = {
            "url": s.url if s else "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._pending()),
        }
        if s is not None:
            out["max_connections"] = s.max_connections
            if s.allowed_updates is not None:
                out["allowed_updates"] = list(s.allowed_updates)
            if s.ip_address:
                out["ip_address"] = s.ip_address
        if self.last_error is not None:
            out["last_error_date"], out["last_error_message"] = self.last_error
        return out

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while (s := self.setting) is not None and s.local and (ready := self._pending()):
                ok = await self._post(s, ready[0])
                await self._delivered()
                if not ok:
                    await asyncio.sleep(RETRY_SECONDS)

    async def _post(self, s: WebhookSetting, update: dict[str, Any]) -> bool:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        headers = {"Content-Type": "application/json"}
        if s.secret_token:
            headers[SECRET_HEADER] = s.secret_token
        update_id = int(update["update_id"])
        try:
            async with self._session.post(s.url, json=update, headers=headers) as response:
                status, reason = response.status, response.reason or ""
        except (aiohttp.ClientError, TimeoutError) as e:
            self.deliveries.append(Delivery(update_id, None))
            self.last_error = (int(time.time()), f"Connection failed: {type(e).__name__}")
            return False
        self.deliveries.append(Delivery(update_id, status))
        if 200 <= status < 300:
            self._confirm(update_id)
            return True
        self.last_error = (int(time.time()), f"Wrong response from the webhook: {status} {reason}")
        return False


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
