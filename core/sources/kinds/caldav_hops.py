"""Where a CalDAV server may send Canon: its redirects stay on the origin they answer for,
and no request of a pass goes to the cloud's metadata service.

The caldav library's HTTP client followed any redirect, and asks any URL a server's
answer names (a principal, a calendar home, a calendar). A CalDAV server (anyone's, on a
calendar the user was given, or whoever sits in the middle of a plain-http one) could
then send Canon's PROPFIND and REPORT to ``169.254.169.254`` (which hands out the
machine's credentials) or to Canon's own API on loopback, and have what answers read,
and quoted in the error, as a calendar. A redirect is followed only to the same origin
(or from http to https on the same host); the metadata service is never asked, however
it is named (``core.sources.pinned_http``).

Each request's host is checked on the addresses its connection is pinned to
(``core.sources.kinds.caldav_pins``): a private one by name only when listed in
``private_hosts``.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urljoin, urlsplit

from core.errors import SourceError
from core.sources.pinned_http import is_literal, is_metadata

if TYPE_CHECKING:
    from core.sources.kinds.caldav_pins import PinnedResolver

MAX_REDIRECTS: Final = 5
"""Redirects one request may take: a server moving a collection needs one or two."""

DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower().rstrip("."), port


def on_metadata(url: str) -> bool:
    """Whether ``url``'s host is, or resolves to, the cloud's metadata service (a name
    that does not resolve is not: its connection fails by itself)."""
    host = (urlsplit(url).hostname or "").rstrip(".")
    if not host:
        return False
    if is_literal(host):
        return is_metadata(host)
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    return any(is_metadata(str(info[4][0])) for info in found)


def hop_refused(request_url: str, target: str) -> str | None:
    """Why a redirect from ``request_url`` to ``target`` (absolute, or relative to it) is
    not followed (None: it is): the metadata service never; another origin never, but for
    http upgraded to https on the same host."""
    goes = urljoin(request_url, target)
    if on_metadata(goes):
        return "the cloud's metadata service"
    (was_scheme, was_host, was_port), (scheme, host, port) = _origin(request_url), _origin(goes)
    upgraded = (was_scheme, scheme) == ("http", "https") and (was_port, port) == (80, 443)
    if host == was_host and ((scheme, port) == (was_scheme, was_port) or upgraded):
        return None
    shown = urlsplit(goes)
    return f"another origin ({shown.scheme}://{shown.netloc})"


REDIRECTS: Final = frozenset({301, 302, 303, 307, 308})


def guarded(request: Callable[..., Any], pins: PinnedResolver) -> Callable[..., Any]:
    """``request`` (a niquests session's, connecting through ``pins``) with its redirects
    followed here, within ``hop_refused``'s bounds, and never sent where ``pins`` refuses
    (the metadata service; a private address by a name not listed)."""

    def send(method: str, url: str, **kwargs: Any) -> Any:
        for _ in range(MAX_REDIRECTS + 1):
            refused = pins.refusal(url)
            if refused is not None:
                raise SourceError(f"caldav: {url} is on {refused}; not read")
            response = request(method, url, **{**kwargs, "allow_redirects": False})
            location = response.headers.get("location")
            if response.status_code not in REDIRECTS or location is None:
                return response
            response.close()
            target = urljoin(url, location)
            why = hop_refused(url, target)
            if why is not None:
                raise SourceError(f"caldav: {url} redirects to {why} ({target}); not read")
            if response.status_code == 303 and method != "HEAD":  # see other: fetched
                method, kwargs = "GET", {**kwargs, "data": None}
            url = target
        raise SourceError(f"caldav: {url} redirects more than {MAX_REDIRECTS} times; not read")

    return send
