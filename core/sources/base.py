"""What every source kind shares: its configuration, what a pass yields, the protocol.

A source kind (``core.sources.kinds``) is a class following ``Source``: it names
its ``kind``, its frozen config class (a ``SourceConfig`` that parses its own
``[[sources]]`` options with ``from_toml``), and polls: given the cursor it
kept last time, it returns what changed as ``Fetched`` items the poller turns
into SignalEvents. ``core.sources.registry`` maps kind names to these classes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, Literal, Protocol, Self, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.errors import ConfigError
from core.signals.rules import Rule
from core.sources.mailparse import Skipped

_ENTITY = re.compile(r"(user|family|team):[a-z0-9._-]+")
T = TypeVar("T")


@dataclass(frozen=True)
class Fetched:
    """What one source yielded in a pass, before mapping."""

    kind: Literal["calendar_event", "email"]
    items: list[dict[str, Any]]
    cursor: dict[str, Any]
    skipped: list[Skipped] = field(default_factory=list)
    error: str | None = None
    """Why the source was read in part only (a calendar of several could not be): what was
    read is taken, and the pass still counts as failed, with this error."""


@dataclass(frozen=True)
class SourceTable:
    """One ``[[sources]]`` table being read: typed options, errors naming the source and key."""

    raw: Mapping[str, Any]
    name: str
    kind: str
    environ: Mapping[str, str]
    base: Path
    """The config file's directory: relative paths are read from there."""
    trusted_senders: tuple[str, ...] = ()
    """The file's top-level ``trusted_senders`` (normalized), for mail sources."""

    def error(self, message: str) -> ConfigError:
        return ConfigError(f"source {self.name!r} ({self.kind}): {message}")

    def get(self, key: str, kind: type[T], default: T) -> T:
        """The option ``key``, checked to be a ``kind``; an int is a float too."""
        value = self.raw.get(key, default)
        if value is None:
            return default
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"{key} must be a {kind.__name__}")
        return value

    def optional(self, key: str, kind: type[T]) -> T | None:
        value = self.raw.get(key)
        return None if value is None else self.get(key, kind, value)

    def path(self, key: str) -> Path | None:
        value = self.optional(key, str)
        return None if value is None else self.base / Path(value).expanduser()

    def zone(self, key: str = "timezone", default: str = "UTC") -> str:
        value = self.get(key, str, default)
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as e:
            raise self.error(f"unknown time zone {value!r}") from e
        return value

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.raw.get(key, default)
        if value not in allowed:
            raise self.error(f"{key} must be " + " or ".join(repr(a) for a in allowed))
        return str(value)

    def secret(self) -> str | None:
        """``password``, or the variable ``password_env`` names, or CANON_SOURCE_<NAME>_PASSWORD."""
        env_name = self.raw.get("password_env")
        if env_name is not None:
            if not isinstance(env_name, str):
                raise self.error("password_env must name a variable")
            # A missing variable fails this source's passes (visibly), not every command.
            return self.environ.get(env_name)
        fallback = f"CANON_SOURCE_{self.name.upper().replace('-', '_')}_PASSWORD"
        if fallback in self.environ:
            return self.environ[fallback]
        return self.optional("password", str)

    def entity(self) -> str:
        value = self.get("entity", str, "user:primary")
        if not _ENTITY.fullmatch(value):
            raise self.error("entity must look like user:primary")
        return value


COMMON_OPTIONS = frozenset({"name", "kind", "entity", "timeout"})
"""Options every kind takes."""


@dataclass(frozen=True, kw_only=True)
class SourceConfig:
    """One configured account or feed; each kind extends it with its own options."""

    OPTIONS: ClassVar[frozenset[str]] = COMMON_OPTIONS
    """The ``[[sources]]`` keys this kind takes (anything else is a ConfigError)."""
    REQUIRED: ClassVar[tuple[str, ...]] = ()

    name: str
    kind: str
    entity: str = "user:primary"
    timeout: float = 30.0
    trusted_senders: tuple[str, ...] = ()
    """Mail sources: addresses and ``@domains`` whose receipts count as transactions."""

    @classmethod
    def common(cls, table: SourceTable) -> dict[str, Any]:
        """The keyword arguments every kind reads the same way."""
        return {
            "name": table.name,
            "kind": table.kind,
            "entity": table.entity(),
            "timeout": table.get("timeout", float, 30.0),
        }

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        """This kind's config from its checked ``[[sources]]`` table."""
        return cls(**cls.common(table))

    def describe(self) -> str:
        """Where the source reads from, without secrets."""
        return self.kind


@dataclass(frozen=True, kw_only=True)
class SecretConfig(SourceConfig):
    """A source that logs in with a password or token (from the config or the environment)."""

    password: str | None = field(default=None, repr=False)
    password_env: str | None = None
    username: str | None = None

    @classmethod
    def common(cls, table: SourceTable) -> dict[str, Any]:
        return {
            **super().common(table),
            "password": table.secret(),
            "password_env": table.optional("password_env", str),
            "username": table.optional("username", str),
        }

    def secret(self) -> str:
        """The password or token, or a ConfigError naming where it should come from."""
        if self.password:
            return self.password
        where = f"${self.password_env}" if self.password_env else "password / password_env"
        raise ConfigError(f"source {self.name!r}: no secret ({where} is not set)")


SECRET_OPTIONS = frozenset({"username", "password", "password_env"})


class Source(Protocol):
    """A kind of source: how it is configured and how one pass reads it."""

    kind: ClassVar[str]
    """The ``kind`` of its ``[[sources]]`` tables."""
    config_type: ClassVar[type[SourceConfig]]

    def __init__(self, config: Any) -> None: ...

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        """What changed since ``cursor`` (with the next cursor); ``rules`` decide what is
        tracked too. Failures are SourceError/ConfigError; blocking work runs in a thread."""
        ...
