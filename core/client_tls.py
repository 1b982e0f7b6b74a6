"""The one TLS context of the HTTP clients Canon makes (the bot's two to Telegram, the
Python client's to ``canon serve``), made once per process on first use.

A new httpx client otherwise loads the whole CA bundle into a context of its own, about
20 ms of CPU, whatever host it will talk to: a bot start made two of them (40 % of its
CPU), the playground starts the bot again in the same process, and a program that opens
a ``CanonClient`` per task paid it each time. A context is made to be shared: it holds the
trusted certificates and the protocol settings, never a connection's state.
"""

from __future__ import annotations

import ssl
from functools import cache

import httpx


@cache
def client_tls() -> ssl.SSLContext:
    """What every client verifies a server with: httpx's default (certifi's bundle, or
    ``SSL_CERT_FILE`` / ``SSL_CERT_DIR`` when set, read on this first call)."""
    return httpx.create_ssl_context()
