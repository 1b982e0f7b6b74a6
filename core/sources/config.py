"""Source accounts from the ``[[sources]]`` tables of the CANON_CONFIG file.

Read once at the edge into frozen objects; secrets are resolved here too
(``password`` inline, ``password_env`` naming a variable, or
``CANON_SOURCE_<NAME>_PASSWORD``), so nothing below reads the environment.

    [[sources]]
    name = "mail"
    kind = "imap"              # google | caldav | ics | imap
    host = "imap.fastmail.com"
    username = "me@example.com"
    password_env = "FASTMAIL_APP_PASSWORD"
    trusted_senders = ["receipts@chase.com", "@amazon.com"]   # imap only

A top-level ``trusted_senders`` list applies to every mail source. Only mail
from a trusted sender is transaction evidence (``core.signals.trust``).

The same file's ``[[rules]]`` tables are user mapping rules (``core.signals.rules``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.errors import ConfigError
from core.signals.rules import Rule, parse_rules
from core.signals.trust import parse_trusted_senders

SourceKind = Literal["google", "caldav", "ics", "imap"]
KINDS: Final = ("google", "caldav", "ics", "imap")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_KEYS: Final = {
    "name",
    "kind",
    "entity",
    "url",
    "username",
    "password",
    "password_env",
    "host",
    "port",
    "ssl",
    "folder",
    "calendar_id",
    "credentials_file",
    "token_file",
    "auth",
    "api_endpoint",
    "past_days",
    "future_days",
    "idle",
    "timeout",
    "max_messages",
    "timezone",
    "token_uri",
    "trusted_senders",
}
_REQUIRED: Final[dict[str, tuple[str, ...]]] = {
    "google": ("credentials_file",),
    "caldav": ("url",),
    "ics": ("url",),
    "imap": ("host", "username"),
}


@dataclass(frozen=True)
class SourceConfig:
    """One configured account or feed."""

    name: str
    kind: SourceKind
    entity: str = "user:primary"
    url: str | None = None
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    password_env: str | None = None
    host: str | None = None
    port: int | None = None
    ssl: bool = True
    folder: str = "INBOX"
    calendar_id: str = "primary"
    credentials_file: Path | None = None
    """Google: an OAuth client secret (installed app) or a service-account key."""
    token_file: Path | None = None
    """Google OAuth: where the user's token is kept (0600), outside the database."""
    auth: Literal["password", "oauth2"] = "password"
    """IMAP: LOGIN with an (app) password, or XOAUTH2 with ``password`` as the access token."""
    api_endpoint: str | None = None
    """Google: another API root (a test fake); the real one when unset."""
    token_uri: str | None = None
    """Google: another OAuth token endpoint (a test fake); google-auth's default when unset."""
    past_days: int = 7
    future_days: int = 180
    idle: bool = False
    timeout: float = 30.0
    max_messages: int = 500
    timezone: str = "UTC"
    """CalDAV/ICS: the zone of floating times (events without a TZID)."""
    trusted_senders: tuple[str, ...] = ()
    """IMAP: addresses and ``@domains`` whose receipts count as transactions (normalized)."""

    def secret(self) -> str:
        """The password or token, or a ConfigError naming where it should come from."""
        if self.password:
            return self.password
        where = f"${self.password_env}" if self.password_env else "password / password_env"
        raise ConfigError(f"source {self.name!r}: no secret ({where} is not set)")

    def describe(self) -> str:
        """Where the source reads from, without secrets."""
        if self.kind == "imap":
            return f"{self.username}@{self.host}:{self.port or (993 if self.ssl else 143)}/{self.folder}"
        if self.kind == "google":
            return f"calendar {self.calendar_id}"
        return str(self.url)


def _secret(raw: Mapping[str, Any], name: str, environ: Mapping[str, str]) -> str | None:
    env_name = raw.get("password_env")
    if env_name is not None:
        if not isinstance(env_name, str):
            raise ConfigError(f"source {name!r}: password_env must name a variable")
        # A missing variable fails this source's passes (visibly), not every command.
        return environ.get(env_name)
    fallback = f"CANON_SOURCE_{name.upper().replace('-', '_')}_PASSWORD"
    if fallback in environ:
        return environ[fallback]
    value = raw.get("password")
    if value is not None and not isinstance(value, str):
        raise ConfigError(f"source {name!r}: password must be a string")
    return value


def _typed(raw: Mapping[str, Any], name: str, key: str, kind: type, default: Any) -> Any:
    value = raw.get(key, default)
    if value is None:
        return None
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"source {name!r}: {key} must be a {kind.__name__}")
    return value


def _zone(value: str, name: str) -> str:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as e:
        raise ConfigError(f"source {name!r}: unknown time zone {value!r}") from e
    return value


def parse_source(
    raw: Mapping[str, Any],
    index: int,
    environ: Mapping[str, str],
    base: Path,
    trusted: tuple[str, ...] = (),
) -> SourceConfig:
    """One ``[[sources]]`` table, checked; paths are relative to the config file."""
    unknown = set(raw) - _KEYS
    if unknown:
        raise ConfigError(f"sources[{index}]: unknown keys {', '.join(sorted(unknown))}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ConfigError(f"sources[{index}]: kind must be one of {', '.join(KINDS)}")
    name = raw.get("name", f"{kind}-{index}")
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigError(f"sources[{index}]: name must match {_NAME.pattern}")
    for key in _REQUIRED[kind]:
        if not raw.get(key):
            raise ConfigError(f"source {name!r} ({kind}): {key} is required")

    def path(key: str) -> Path | None:
        value = _typed(raw, name, key, str, None)
        return None if value is None else (base / Path(value).expanduser())

    auth = raw.get("auth", "password")
    if auth not in ("password", "oauth2"):
        raise ConfigError(f"source {name!r}: auth must be 'password' or 'oauth2'")
    entity = _typed(raw, name, "entity", str, "user:primary")
    if not re.fullmatch(r"(user|family|team):[a-z0-9._-]+", entity):
        raise ConfigError(f"source {name!r}: entity must look like user:primary")
    own_trusted = parse_trusted_senders(raw.get("trusted_senders"), f"source {name!r}")
    if own_trusted and kind != "imap":
        raise ConfigError(f"source {name!r}: trusted_senders is for imap sources only")
    token_file = path("token_file")
    credentials = path("credentials_file")
    if kind == "google" and token_file is None and credentials is not None:
        token_file = credentials.with_name(f"{name}.token.json")
    return SourceConfig(
        name=name,
        kind=cast(SourceKind, kind),
        entity=entity,
        url=_typed(raw, name, "url", str, None),
        username=_typed(raw, name, "username", str, None),
        password=_secret(raw, name, environ),
        password_env=_typed(raw, name, "password_env", str, None),
        host=_typed(raw, name, "host", str, None),
        port=_typed(raw, name, "port", int, None),
        ssl=_typed(raw, name, "ssl", bool, True),
        folder=_typed(raw, name, "folder", str, "INBOX"),
        calendar_id=_typed(raw, name, "calendar_id", str, "primary"),
        credentials_file=credentials,
        token_file=token_file,
        auth=auth,
        api_endpoint=_typed(raw, name, "api_endpoint", str, None),
        token_uri=_typed(raw, name, "token_uri", str, None),
        past_days=_typed(raw, name, "past_days", int, 7),
        future_days=_typed(raw, name, "future_days", int, 180),
        idle=_typed(raw, name, "idle", bool, False),
        timeout=_typed(raw, name, "timeout", float, 30.0),
        max_messages=_typed(raw, name, "max_messages", int, 500),
        timezone=_zone(_typed(raw, name, "timezone", str, "UTC"), name),
        trusted_senders=tuple(dict.fromkeys(own_trusted + trusted)) if kind == "imap" else (),
    )


def parse_sources(
    data: Mapping[str, Any], environ: Mapping[str, str], base: Path
) -> tuple[SourceConfig, ...]:
    """Every ``[[sources]]`` table of a parsed config document."""
    tables = data.get("sources", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise ConfigError("'sources' must be an array of tables ([[sources]])")
    trusted = parse_trusted_senders(data.get("trusted_senders"), "config")
    sources = tuple(parse_source(t, i, environ, base, trusted) for i, t in enumerate(tables))
    names = [s.name for s in sources]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ConfigError(f"source names must be unique: {', '.join(dupes)}")
    return sources


def read_config_file(path: Path) -> dict[str, Any]:
    """The CANON_CONFIG TOML document."""
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise ConfigError(f"cannot read config {path}: {e.strerror or e}") from e
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path} is not valid TOML: {e}") from e


def load_sources(path: Path, environ: Mapping[str, str]) -> tuple[SourceConfig, ...]:
    """The sources configured in the file at ``path``."""
    return parse_sources(read_config_file(path), environ, path.parent)


def load_accounts(
    path: Path, environ: Mapping[str, str]
) -> tuple[tuple[SourceConfig, ...], tuple[Rule, ...]]:
    """The sources and the mapping rules of the file at ``path``, read once."""
    data = read_config_file(path)
    return parse_sources(data, environ, path.parent), parse_rules(data)
