"""Source accounts from the ``[[sources]]`` tables of the CANON_CONFIG file.

Read once at the edge into frozen objects; secrets are resolved here too
(``password`` inline, ``password_env`` naming a variable, or
``CANON_SOURCE_<NAME>_PASSWORD``), so nothing below reads the environment.
Each table is checked by its kind (``core.sources.registry``): a kind takes
its own options only, and an error names the file, the source and the key.

    [[sources]]
    name = "mail"
    kind = "imap"              # google | caldav | ics | imap
    host = "imap.fastmail.com"
    username = "me@example.com"
    password_env = "FASTMAIL_APP_PASSWORD"
    trusted_senders = ["receipts@chase.com", "@amazon.com"]   # imap only

    [[sources]]
    name = "family"
    kind = "ics"
    url = "https://nas.home.arpa/family.ics"
    private_hosts = ["nas.home.arpa"]   # ics, caldav: a name vouched for as on your network

A feed's or a CalDAV server's name that leads to a private, loopback or link-local address is refused unless
it is listed in ``private_hosts`` (an IP literal or a ``localhost`` name needs no
listing); the cloud's metadata service never (``core.sources.pinned_http``).

A top-level ``trusted_senders`` list applies to every mail source. Only mail
from a trusted sender is transaction evidence (``core.signals.trust``).

The same file's ``[[rules]]`` tables are user mapping rules (``core.signals.rules``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from core.errors import ConfigError
from core.signals.rules import Rule, parse_rules
from core.signals.trust import parse_trusted_senders
from core.sources.base import Source, SourceConfig, SourceTable

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _kinds() -> Mapping[str, type[Source]]:
    """The registered source kinds, imported when a ``[[sources]]`` table is read: the
    kinds bring their clients (iCalendar, CalDAV, IMAP), which a configuration without
    sources, and so every plain command line start, does not need."""
    from core.sources.registry import SOURCE_KINDS

    return SOURCE_KINDS


def _unknown_keys(table: SourceTable, options: frozenset[str]) -> ConfigError:
    unknown = sorted(set(table.raw) - options)
    hints = []
    for key in unknown:
        takers = [k for k, c in _kinds().items() if key in c.config_type.OPTIONS]
        if takers:
            kinds = ", ".join(takers[:-1]) + " and " + takers[-1] if len(takers) > 1 else takers[0]
            hints.append(f"{key} is for {kinds} sources only")
    hint = f" ({'; '.join(hints)})" if hints else ""
    return table.error(
        f"unknown keys {', '.join(unknown)}{hint}; {table.kind} takes {', '.join(sorted(options))}"
    )


def parse_source(
    raw: Mapping[str, Any],
    index: int,
    environ: Mapping[str, str],
    base: Path,
    trusted: tuple[str, ...] = (),
) -> SourceConfig:
    """One ``[[sources]]`` table, checked by its kind; paths are relative to the config file."""
    kinds = _kinds()
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ConfigError(f"sources[{index}]: kind must be one of {', '.join(kinds)}")
    name = raw.get("name", f"{kind}-{index}")
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigError(f"sources[{index}]: name must match {_NAME.pattern}")
    config_type = kinds[kind].config_type
    table = SourceTable(raw, name, kind, environ, base, trusted)
    if set(raw) - config_type.OPTIONS:
        raise _unknown_keys(table, config_type.OPTIONS)
    for key in config_type.REQUIRED:
        if not raw.get(key):
            raise table.error(f"{key} is required")
    return config_type.from_toml(table)


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
    data = read_config_file(path)
    try:
        return parse_sources(data, environ, path.parent)
    except ConfigError as e:
        raise ConfigError(f"{path}: {e}") from e


def load_accounts(
    path: Path, environ: Mapping[str, str]
) -> tuple[tuple[SourceConfig, ...], tuple[Rule, ...]]:
    """The sources and the mapping rules of the file at ``path``, read once."""
    data = read_config_file(path)
    try:
        return parse_sources(data, environ, path.parent), parse_rules(data)
    except ConfigError as e:
        raise ConfigError(f"{path}: {e}") from e
