"""``open_store(url)``: the store a configured URL names, not opened yet.

    sqlite:///abs/path/canon.db   SQLite, an absolute path
    sqlite:rel/path/canon.db      SQLite, a path relative to the working directory
    ~/canon.db, ./canon.db        a plain path is SQLite too (what CANON_DB always took)
    memory://                     the in-memory reference store (nothing survives the process)
    postgresql://user@host/db     PostgreSQL (also postgres://)

``parse_store_url`` only reads the URL (pure, no I/O), so settings check it at
start-up and name the variable that holds it; ``open_store`` then builds the
backend. A URL that names no backend is one ``ConfigError`` line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from core.errors import ConfigError
from core.store.protocol import StoreBackend

Backend = Literal["sqlite", "memory", "postgresql"]
FORMS = "sqlite:///path, a file path, memory:// or postgresql://..."


@dataclass(frozen=True)
class StoreURL:
    """Which backend a store URL names, and where (a file path for SQLite)."""

    backend: Backend
    target: str
    """SQLite: the file path (``~`` expanded); otherwise the URL itself."""


def parse_store_url(url: str) -> StoreURL:
    """What ``url`` names; ConfigError when it names nothing Canon can open."""
    text = url.strip()
    if not text:
        raise ConfigError(f"the store URL is empty; use {FORMS}")
    scheme, sep, rest = text.partition(":")
    if not sep or not scheme.isascii() or not scheme.isalpha() or len(scheme) == 1:
        # No scheme (or a Windows drive letter): a plain path, as CANON_DB always was.
        return StoreURL("sqlite", str(Path(text).expanduser()))
    scheme = scheme.lower()
    if scheme == "sqlite":
        if rest.startswith("//") and not rest.startswith("///"):  # sqlite://host/...: no hosts
            raise ConfigError(f"store URL {url!r}: use sqlite:///absolute/path or sqlite:rel/path")
        # sqlite:///abs -> /abs; SQLAlchemy's sqlite:////abs means the same file.
        path = "/" + rest.lstrip("/") if rest.startswith("///") else rest
        if not path.strip("/"):
            raise ConfigError(f"store URL {url!r} names no file")
        return StoreURL("sqlite", str(Path(path).expanduser()))
    if scheme == "memory":
        if rest not in ("", "//", "///"):
            raise ConfigError(f"store URL {url!r}: the in-memory store is just memory://")
        return StoreURL("memory", "memory://")
    if scheme in ("postgresql", "postgres"):
        parts = urlsplit(text)
        if not parts.hostname and not parts.path.strip("/"):
            raise ConfigError(f"store URL {redacted(text)!r} names no server or database")
        return StoreURL("postgresql", text)
    raise ConfigError(f"store URL {redacted(text)!r}: unknown scheme {scheme!r}; use {FORMS}")


def open_store(url: str) -> StoreBackend:
    """The backend ``url`` names, constructed but not opened (``await store.open()``)."""
    where = parse_store_url(url)
    # Each backend is imported only when named: psycopg costs a SQLite user (every
    # command line start) a tenth of a second for nothing.
    if where.backend == "sqlite":
        from core.store.sqlite import SQLiteStore

        return SQLiteStore(where.target)
    if where.backend == "postgresql":
        from core.store.postgres import PostgresStore

        return PostgresStore(where.target)
    from core.store.memory import MemoryStore

    return MemoryStore(where.target)


def redacted(url: str) -> str:
    """``url`` with any password replaced by ``***``, safe to print or log."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
