"""open_store(url): every form CANON_DB takes names one backend, or is one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import ConfigError
from core.store.factory import StoreURL, open_store, parse_store_url, redacted
from core.store.memory import MemoryStore
from core.store.postgres import PostgresStore
from core.store.sqlite import SQLiteStore

CWD = Path.cwd()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:///abs/path/canon.db", StoreURL("sqlite", "/abs/path/canon.db")),
        ("sqlite:////abs/path/canon.db", StoreURL("sqlite", "/abs/path/canon.db")),
        ("sqlite:rel/path/canon.db", StoreURL("sqlite", "rel/path/canon.db")),
        ("SQLITE:///abs/canon.db", StoreURL("sqlite", "/abs/canon.db")),
        ("/var/lib/canon.db", StoreURL("sqlite", "/var/lib/canon.db")),
        ("canon.db", StoreURL("sqlite", "canon.db")),
        ("~/canon.db", StoreURL("sqlite", str(Path("~/canon.db").expanduser()))),
        ("sqlite:~/canon.db", StoreURL("sqlite", str(Path("~/canon.db").expanduser()))),
        (":memory:", StoreURL("sqlite", ":memory:")),
        ("C:/Users/sam/canon.db", StoreURL("sqlite", "C:/Users/sam/canon.db")),
        ("memory://", StoreURL("memory", "memory://")),
        ("memory:", StoreURL("memory", "memory://")),
        (
            "postgresql://canon@db.local/canon",
            StoreURL("postgresql", "postgresql://canon@db.local/canon"),
        ),
        (
            "postgres://canon@db.local/canon",
            StoreURL("postgresql", "postgres://canon@db.local/canon"),
        ),
        ("postgresql:///canon", StoreURL("postgresql", "postgresql:///canon")),
    ],
)
def test_each_url_form_names_a_backend(url: str, expected: StoreURL) -> None:
    assert parse_store_url(url) == expected


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("", "the store URL is empty"),
        ("   ", "the store URL is empty"),
        ("mysql://db/canon", "unknown scheme 'mysql'"),
        ("http://example.com/canon.db", "unknown scheme 'http'"),
        ("sqlite://host/canon.db", "use sqlite:///absolute/path or sqlite:rel/path"),
        ("sqlite:", "names no file"),
        ("sqlite:///", "names no file"),
        ("memory://somewhere", "the in-memory store is just memory://"),
        ("postgresql://", "names no server or database"),
        ("postgresql://sam:hunter2@", "'postgresql://sam:\\*\\*\\*@' names no server"),
    ],
)
def test_a_bad_url_is_one_config_error(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        open_store(url)
    assert "\n" not in str(caught.value)
    assert "hunter2" not in str(caught.value)


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite://{tmp}/a.db", "{tmp}/a.db"),  # tmp starts with /: sqlite:///tmp/...
        ("{tmp}/b.db", "{tmp}/b.db"),
    ],
)
async def test_a_sqlite_url_opens_a_sqlite_store_there(tmp_path: Path, url: str, path: str) -> None:
    store = open_store(url.format(tmp=tmp_path))
    assert isinstance(store, SQLiteStore)
    assert store.path == path.format(tmp=tmp_path)
    await store.open()  # open_store does not open; the caller does
    try:
        assert await store.facts() == []
    finally:
        await store.close()


@pytest.mark.parametrize("url", ["memory://", "memory:///", "MEMORY://"])
async def test_a_memory_url_builds_the_reference_store(url: str) -> None:
    store = open_store(url)
    assert isinstance(store, MemoryStore)
    await store.open()
    try:
        assert await store.facts() == []
    finally:
        await store.close()


@pytest.mark.parametrize(
    "url", ["postgresql://canon@127.0.0.1/canon", "postgres://canon:pw@db.example/canon"]
)
def test_a_postgresql_url_builds_a_postgresql_store(url: str) -> None:
    store = open_store(url)  # nothing is connected until open()
    assert isinstance(store, PostgresStore)
    assert store.url == url


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://sam:hunter2@db/canon", "postgresql://sam:***@db/canon"),
        ("postgresql://sam@db/canon", "postgresql://sam@db/canon"),
        ("/data/canon.db", "/data/canon.db"),
    ],
)
def test_a_password_is_never_shown(url: str, shown: str) -> None:
    assert redacted(url) == shown
