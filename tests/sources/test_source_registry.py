"""The source seam: each kind parses its own options, and the poller knows kinds only
through the registry and the ``Source`` protocol (a kind registered here is polled)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, Self

import pytest
from click.testing import CliRunner

from core.cli import cli
from core.errors import ConfigError, SourceError
from core.signals.rules import Rule
from core.sources.base import COMMON_OPTIONS, Fetched, SourceConfig, SourceTable
from core.sources.config import load_sources, parse_sources
from core.sources.kinds.caldav import CalDavConfig
from core.sources.kinds.google import GoogleConfig
from core.sources.kinds.ics import IcsConfig
from core.sources.kinds.imap import ImapConfig
from core.sources.registry import SOURCE_KINDS, register, source_for

NOW = ["--now", "2026-03-01T12:00:00Z"]


@pytest.mark.parametrize(
    ("table", "config_type", "expected", "where"),
    [
        (
            {"kind": "imap", "host": "imap.example.com", "username": "me", "idle": True},
            ImapConfig,
            {"folder": "INBOX", "ssl": True, "idle": True, "auth": "password"},
            "me@imap.example.com:993/INBOX",
        ),
        (
            {"kind": "imap", "host": "h", "username": "me", "ssl": False, "auth": "oauth2"},
            ImapConfig,
            {"port": None, "auth": "oauth2", "max_messages": 500},
            "me@h:143/INBOX",
        ),
        (
            {
                "kind": "imap",
                "host": "h",
                "username": "me",
                "owner_addresses": ["Me@Home.example", "me@work.example", "me@home.example"],
            },
            ImapConfig,
            {"owner_addresses": ("me@home.example", "me@work.example")},
            "me@h:993/INBOX",
        ),
        (
            {"kind": "ics", "url": "https://x/basic.ics", "timezone": "Europe/Berlin"},
            IcsConfig,
            {"past_days": 7, "future_days": 180, "timezone": "Europe/Berlin"},
            "https://x/basic.ics",
        ),
        (
            {"kind": "caldav", "url": "https://dav/", "calendar_id": "family", "timeout": 5},
            CalDavConfig,
            {"ssl": True, "calendar_id": "family", "timeout": 5.0},
            "https://dav/",
        ),
        (
            {"kind": "google", "name": "gcal", "credentials_file": "client.json"},
            GoogleConfig,
            {"calendar_id": "primary", "api_endpoint": None},
            "calendar primary",
        ),
    ],
)
def test_each_kind_reads_its_own_options(
    table: dict[str, Any], config_type: type[SourceConfig], expected: dict[str, Any], where: str
) -> None:
    [config] = parse_sources({"sources": [table]}, {}, Path("/etc/canon"))
    assert type(config) is config_type
    assert {key: getattr(config, key) for key in expected} == expected
    assert config.describe() == where


def test_google_paths_are_read_beside_the_config_file() -> None:
    table = {"kind": "google", "name": "gcal", "credentials_file": "client.json"}
    [config] = parse_sources({"sources": [table]}, {}, Path("/etc/canon"))
    assert isinstance(config, GoogleConfig)
    assert config.credentials_file == Path("/etc/canon/client.json")
    assert config.token_file == Path("/etc/canon/gcal.token.json")


@pytest.mark.parametrize(
    ("table", "names"),
    [
        ({"kind": "pop3"}, ["sources[0]", "kind must be one of google, caldav, ics, imap"]),
        (
            {"name": "mail", "kind": "imap", "host": "h", "username": "u", "colour": "red"},
            ["source 'mail' (imap)", "unknown keys colour", "imap takes", "folder"],
        ),
        (
            {"name": "school", "kind": "ics", "url": "x", "folder": "INBOX"},
            ["source 'school' (ics)", "unknown keys folder", "folder is for imap sources only"],
        ),
        (
            {"name": "gcal", "kind": "google", "credentials_file": "c.json", "url": "x"},
            ["source 'gcal' (google)", "url is for caldav and ics sources only"],
        ),
        (
            {
                "name": "mail",
                "kind": "imap",
                "host": "h",
                "username": "u",
                "owner_addresses": ["me"],
            },
            ["source 'mail'", "owner_addresses entry 'me' must be a mail address"],
        ),
        ({"name": "dav", "kind": "caldav"}, ["source 'dav' (caldav)", "url is required"]),
        (
            {"name": "dav", "kind": "caldav", "url": "x", "past_days": "7"},
            ["source 'dav' (caldav)", "past_days must be a int"],
        ),
    ],
)
def test_a_bad_table_is_one_error_naming_the_file_the_source_and_the_key(
    tmp_path: Path, table: dict[str, Any], names: list[str]
) -> None:
    path = tmp_path / "canon.toml"
    path.write_text("[[sources]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in table.items()))
    with pytest.raises(ConfigError) as caught:
        load_sources(path, {})
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    for name in names:
        assert name in message


@dataclass(frozen=True, kw_only=True)
class TripsConfig(SourceConfig):
    """A test kind: a list of destinations, each one calendar event."""

    OPTIONS: ClassVar[frozenset[str]] = COMMON_OPTIONS | {"trips"}
    REQUIRED: ClassVar[tuple[str, ...]] = ("trips",)

    trips: tuple[str, ...]

    @classmethod
    def from_toml(cls, table: SourceTable) -> Self:
        return cls(**cls.common(table), trips=tuple(table.get("trips", list, [])))


class TripsSource:
    """Yields the trips it has not yielded yet (its cursor counts them); 'down' fails."""

    kind: ClassVar[str] = "trips"
    config_type: ClassVar[type[SourceConfig]] = TripsConfig
    cursors: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, config: TripsConfig) -> None:
        self.config = config

    async def poll(
        self, cursor: Mapping[str, Any], now: datetime, rules: Sequence[Rule]
    ) -> Fetched:
        TripsSource.cursors.append(dict(cursor))
        if "down" in self.config.trips:
            raise SourceError("trips: the travel agent is down")
        seen = int(cursor.get("seen", 0))
        events = [
            {"id": f"{self.config.name}-{i}", "summary": f"Trip to {place}"}
            | {"start": "2026-04-01", "end": "2026-04-05"}
            for i, place in enumerate(self.config.trips[seen:], start=seen)
        ]
        return Fetched("calendar_event", events, {"seen": len(self.config.trips)})


@pytest.fixture
def trips_kind() -> Iterator[None]:
    TripsSource.cursors.clear()
    register(TripsSource)
    try:
        yield
    finally:
        del SOURCE_KINDS["trips"]


def _env(tmp_path: Path, *sources: tuple[str, list[str]]) -> dict[str, str]:
    config = tmp_path / "canon.toml"
    config.write_text(
        "".join(
            f'[[sources]]\nname = "{name}"\nkind = "trips"\ntrips = {json.dumps(trips)}\n'
            for name, trips in sources
        )
    )
    return {"CANON_DB": str(tmp_path / "c.db"), "CANON_CONFIG": str(config)}


@pytest.mark.usefixtures("trips_kind")
def test_a_registered_kind_is_configured_and_polled_like_the_built_in_ones(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, ("agency", ["Lisbon"]))
    runner = CliRunner()

    first = runner.invoke(cli, ["poll", "--json", *NOW], env=env)
    again = runner.invoke(cli, ["poll", "--json", *NOW], env=env)
    listed = runner.invoke(cli, ["sources", "--json", *NOW], env=env)

    assert first.exit_code == 0, first.output
    report = json.loads(first.output)["sources"][0]
    assert (report["name"], report["kind"], report["signals"]) == ("agency", "trips", 1)
    assert json.loads(first.output)["promoted"]  # the trip became questions for the user
    assert json.loads(again.output)["sources"][0]["signals"] == 0  # its cursor came back
    assert TripsSource.cursors == [{}, {"seen": 1}]
    view = json.loads(listed.output)[0]
    assert (view["kind"], view["where"], view["status"]) == ("trips", "trips", "ok")


@pytest.mark.usefixtures("trips_kind")
def test_a_failing_registered_source_is_reported_and_alerted_and_the_rest_still_run(
    tmp_path: Path,
) -> None:
    env = _env(tmp_path, ("broken", ["down"]), ("agency", ["Lisbon"]))
    runner = CliRunner()

    polled = runner.invoke(cli, ["poll", "--json", *NOW], env=env)
    status = json.loads(runner.invoke(cli, ["status", "--json", *NOW], env=env).output)

    assert polled.exit_code == 1
    broken, agency = json.loads(polled.output)["sources"]
    assert (broken["ok"], broken["error"]) == (False, "trips: the travel agent is down")
    assert (agency["ok"], agency["signals"]) == (True, 1)
    assert status["failing_sources"] == ["broken"]
    assert status["recent_alerts"][0]["kind"] == "source_failed"
    assert "broken: trips: the travel agent is down" in status["recent_alerts"][0]["message"]


def test_a_kind_is_registered_once() -> None:
    with pytest.raises(ValueError, match="'imap' is registered already"):
        register(SOURCE_KINDS["imap"])


def test_a_config_of_no_registered_kind_cannot_be_polled() -> None:
    with pytest.raises(ConfigError, match="no source kind 'pop3'"):
        source_for(SourceConfig(name="old", kind="pop3"))


_LOADED_AFTER = """
import sys
from core.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(sorted({m.split(".")[0] for m in sys.modules}), file=sys.stderr)
"""
CLIENT_LIBRARIES = {"caldav", "google_auth_httplib2", "googleapiclient", "httplib2", "imapclient"}
"""What the kinds' clients need; httpx is left out because every ``canon`` command loads it
anyway (python-telegram-bot, through the bot's commands)."""


def test_listing_the_sources_loads_no_client_library(tmp_path: Path) -> None:
    config = tmp_path / "canon.toml"
    config.write_text(
        '[[sources]]\nname = "mail"\nkind = "imap"\nhost = "imap.example.com"\nusername = "me"\n'
        '[[sources]]\nname = "feed"\nkind = "ics"\nurl = "https://example.com/a.ics"\n'
        '[[sources]]\nname = "dav"\nkind = "caldav"\nurl = "https://dav.example.com/"\n'
        '[[sources]]\nname = "gcal"\nkind = "google"\ncredentials_file = "client.json"\n'
    )
    env = {**os.environ, "CANON_DB": str(tmp_path / "c.db"), "CANON_CONFIG": str(config)}
    result = subprocess.run(
        [sys.executable, "-c", _LOADED_AFTER, "sources", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert [s["kind"] for s in json.loads(result.stdout)] == ["imap", "ics", "caldav", "google"]
    loaded = set(ast.literal_eval(result.stderr.splitlines()[-1]))
    assert "core" in loaded  # the report is of this run
    assert loaded & CLIENT_LIBRARIES == set()


def test_the_shared_parsers_import_no_kind() -> None:
    script = (
        "import sys, core.sources.ical, core.sources.mailparse; "
        "print(sorted(m for m in sys.modules if m.startswith('core.sources.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert ast.literal_eval(result.stdout) == [
        "core.sources.flooding_rules",  # what ical expands, not a kind
        "core.sources.ical",
        "core.sources.mailparse",
        "core.sources.unreadable_events",  # what ical leaves out, not a kind
    ]
