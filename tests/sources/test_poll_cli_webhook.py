"""Config, health weights, the CLI over pollers, and the HMAC webhook."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiohttp import web
from click.testing import CliRunner
from source_servers import free_port

from core.cli import cli
from core.domain.source_state import SourceState
from core.engine.engine import Engine
from core.errors import ConfigError
from core.signals.intake import weighted
from core.signals.rules import parse_rule
from core.sources.config import load_sources, parse_sources
from core.sources.health import after_failure, after_success
from core.sources.webhook import SIGNATURE_HEADER, TIMESTAMP_HEADER, sign, webhook_app

NOW = datetime(2026, 2, 19, 14, 30, tzinfo=UTC)
SECRET = b"0123456789abcdef-secret"


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ({"kind": "pop3"}, "kind must be one of"),
        ({"kind": "imap", "host": "h"}, "username is required"),
        ({"kind": "ics"}, "url is required"),
        ({"kind": "ics", "url": "x", "colour": "red"}, "unknown keys colour"),
        ({"kind": "imap", "host": "h", "username": "u", "port": "993"}, "port must be a int"),
        ({"kind": "ics", "url": "x", "timezone": "Mars/Olympus"}, "unknown time zone"),
        ({"kind": "ics", "url": "x", "name": "Bad Name"}, "name must match"),
    ],
)
def test_bad_source_tables_are_named_errors(table: dict[str, Any], error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        parse_sources({"sources": [table]}, {}, Path("."))


def test_secrets_come_from_the_environment_and_never_show(tmp_path: Path) -> None:
    path = tmp_path / "canon.toml"
    path.write_text(
        '[[sources]]\nname = "mail"\nkind = "imap"\nhost = "imap.example.com"\n'
        'username = "me"\npassword_env = "MAIL_PW"\n\n'
        '[[sources]]\nname = "cal"\nkind = "caldav"\nurl = "https://dav.example.com/"\n'
    )
    mail, cal = load_sources(path, {"MAIL_PW": "s3cret", "CANON_SOURCE_CAL_PASSWORD": "p2"})
    assert (mail.secret(), cal.secret()) == ("s3cret", "p2")
    assert "s3cret" not in repr(mail)
    [unset, _] = load_sources(path, {})
    with pytest.raises(ConfigError, match=r"\$MAIL_PW is not set"):
        unset.secret()


def test_failures_lower_the_weight_and_successes_win_it_back_slowly() -> None:
    state = SourceState("s", "imap")
    weights = []
    for ok in (False, False, False, True, True, True, True):
        state = after_success(state, NOW, {}, 0) if ok else after_failure(state, NOW, "down")
        weights.append(state.weight)
    assert weights == [0.5, 0.25, 0.25, 0.5, 0.75, 1.0, 1.0]
    assert weighted({"extraction_confidence": 1.0}, 0.5)["extraction_confidence"] == 0.5


def _env(tmp_path: Path, feed: Path) -> dict[str, str]:
    config = tmp_path / "canon.toml"
    config.write_text(f'[[sources]]\nname = "school"\nkind = "ics"\nurl = "{feed}"\n')
    return {"CANON_DB": str(tmp_path / "c.db"), "CANON_CONFIG": str(config)}


def test_poll_sources_and_status_from_the_command_line(tmp_path: Path) -> None:
    feed = tmp_path / "school.ics"
    feed.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
        "DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
        "DTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    env = _env(tmp_path, feed)
    runner = CliRunner()
    now = ["--now", "2026-03-01T12:00:00Z"]

    polled = runner.invoke(cli, ["poll", "--json", *now], env=env)
    assert polled.exit_code == 0, polled.output
    report = json.loads(polled.output)
    assert report["ok"]
    assert report["sources"][0]["signals"] == 1
    assert report["promoted"]  # the trip became questions for the user
    field = "travel.destination"
    why = json.loads(runner.invoke(cli, ["why", field, "--json", *now], env=env).output)
    assert {e["by"] for e in why["evidence"]} == {"source:school"}  # who read it

    listed = json.loads(runner.invoke(cli, ["sources", "--json", *now], env=env).output)
    assert listed[0]["status"] == "ok"
    assert listed[0]["freshness"] == "just now"

    feed.unlink()  # the feed goes away: the source fails, visibly
    failed = runner.invoke(cli, ["poll", *now], env=env)
    assert failed.exit_code == 1
    assert "school" in failed.output
    status = json.loads(runner.invoke(cli, ["status", "--json", *now], env=env).output)
    assert status["failing_sources"] == ["school"]
    assert status["sources"][0]["weight"] == 0.5
    assert status["recent_alerts"][0]["kind"] == "source_failed"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["poll", "--every", "soon"], "--every takes a duration"),
        (["install-poller"], "choose one of"),
    ],
)
def test_bad_command_input_is_one_line_and_exit_2(
    tmp_path: Path, args: list[str], error: str
) -> None:
    result = CliRunner().invoke(cli, args, env={"CANON_DB": str(tmp_path / "c.db")})
    assert result.exit_code == 2
    assert error in result.output


def _signal(summary: str = "Trip to Lisbon") -> dict[str, Any]:
    return {
        "event_id": "0190f3c4-2a6b-7c1d-8e2f-3a4b5c6d7e8f",
        "event_ts": "2026-02-19T14:30:00Z",
        "entity_id": "user:primary",
        "kind": "calendar_event",
        "source": {"type": "webhook", "ref": "push-1"},
        "payload": {"id": "p1", "summary": summary, "start": "2026-04-01", "end": "2026-04-05"},
    }


@pytest.mark.timeout(30)
async def test_the_webhook_takes_signed_signals_and_refuses_the_rest(engine: Engine) -> None:
    runner = web.AppRunner(webhook_app(engine, SECRET, lambda: NOW))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    url = f"http://127.0.0.1:{port}/signals"
    stamp = str(int(NOW.timestamp()))

    async def post(body: bytes, *, ts: str = stamp, sig: str | None = None) -> httpx.Response:
        headers = {TIMESTAMP_HEADER: ts, SIGNATURE_HEADER: sig or sign(SECRET, ts, body)}
        async with httpx.AsyncClient() as client:
            return await client.post(url, content=body, headers=headers)

    try:
        good = json.dumps([_signal()]).encode()
        accepted = await post(good)
        assert accepted.status_code == 202
        assert accepted.json()["valid"] == 1
        assert (await post(good, sig="sha256=" + "0" * 64)).status_code == 401
        old = str(int(NOW.timestamp()) - 3600)
        assert (await post(good, ts=old)).status_code == 401
        letters_before = len(await engine.store.dead_letters())
        broken = json.dumps({**_signal(), "kind": "fax"}).encode()
        assert (await post(broken)).json()["valid"] == 0
        assert (await post(b"not json")).status_code == 400
        assert len(await engine.store.dead_letters()) == letters_before + 2  # nothing lost
    finally:
        await runner.cleanup()


def test_signing_is_over_timestamp_and_body() -> None:
    ts = str(int(time.time()))
    assert sign(SECRET, ts, b"{}") != sign(SECRET, ts, b"{ }")
    assert sign(SECRET, ts, b"{}") != sign(SECRET, str(int(ts) + 1), b"{}")


@pytest.mark.timeout(30)
async def test_pushed_signals_go_through_the_configured_rules(engine: Engine) -> None:
    swim = parse_rule(
        {
            "name": "swim lessons",
            "kind": "calendar",
            "match": "(?i)swim lesson",
            "field": "family.{slug}.schedule",
            "value": "{start}",
            "entity": "family:home",
        },
        0,
    )
    runner = web.AppRunner(webhook_app(engine, SECRET, lambda: NOW, rules=(swim,)))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    stamp = str(int(NOW.timestamp()))
    body = json.dumps([_signal("Swim lesson")]).encode()
    headers = {TIMESTAMP_HEADER: stamp, SIGNATURE_HEADER: sign(SECRET, stamp, body)}
    try:
        async with httpx.AsyncClient() as client:
            response = await client.post(
                f"http://127.0.0.1:{port}/signals", content=body, headers=headers
            )
        assert response.status_code == 202
        assert response.json()["valid"] == 1
        pending = await engine.store.review_items(["pending"])
        assert ("family:home", "family.swim_lesson.schedule", "source:webhook") in {
            (item.entity_id, item.field, item.principal) for item in pending
        }
    finally:
        await runner.cleanup()
