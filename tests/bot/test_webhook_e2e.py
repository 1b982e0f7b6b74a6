"""End to end over HTTP: ``canon bot --webhook URL`` as its own process, Telegram the double.

The bot registers its webhook (with the secret token) on the strict Bot API
double at start; the double then POSTs every update to it with the
``X-Telegram-Bot-Api-Secret-Token`` header, as Telegram does. Requests without
the right secret are refused by python-telegram-bot's webhook server (403)
before anything is handled; SIGTERM stops the process cleanly.

The webhook URL is plain HTTP on 127.0.0.1: the double, like a Bot API server
run with ``--local``, accepts loopback URLs without TLS (see
``bot.playground.emulator_webhook``); any other URL must be HTTPS on 80, 88, 443 or 8443.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from budgets import budget
from canon_testing import CALIBRATED_POLICY_FILE
from chatkit import ALICE
from fakes.telegram_api import FakeTelegram
from slow_clients import body_bytes, exchange, head_lines, trickle
from telegram import Bot
from telegram.error import BadRequest, Conflict

from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(30)

REPO = Path(__file__).resolve().parents[2]
SECRET = "canon-webhook_Secret-42"
FORGED = "I live in Denver now"


@dataclass
class WebhookBot:
    """A running ``canon bot --webhook`` process and where it listens."""

    proc: asyncio.subprocess.Process
    url: str
    port: int
    db: Path
    banner: str
    log: Path
    """The process's stderr (warnings and errors)."""

    async def post(self, update: dict[str, Any], secret: str | None) -> int:
        """POST ``update`` to the webhook as anyone could; the HTTP status."""
        headers = {"Content-Type": "application/json"}
        if secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        return await asyncio.to_thread(_post, self.url, json.dumps(update).encode(), headers)


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=budget(5)) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _message_update(update_id: int, text: str) -> dict[str, Any]:
    """An update as Telegram would send it: ``text`` from Alice in her private chat."""
    alice = {"id": ALICE, "is_bot": False, "first_name": "Alex"}
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "from": alice,
            "chat": {"id": ALICE, "type": "private", "first_name": "Alex"},
            "date": int(time.time()),
            "text": text,
        },
    }


@pytest.fixture
async def webhook_bot(tg: FakeTelegram, tmp_path: Path) -> AsyncIterator[WebhookBot]:
    """``canon bot --webhook`` against ``tg``, started and (if still running) stopped."""
    async with running_webhook_bot(tg, tmp_path) as bot:
        yield bot


@asynccontextmanager
async def running_webhook_bot(
    tg: FakeTelegram, tmp_path: Path, **settings: str
) -> AsyncIterator[WebhookBot]:
    """``canon bot --webhook`` against ``tg`` (more ``settings`` in its environment)."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "CANON_DB": str(tmp_path / "canon.db"),
        "CANON_WORKSPACE": str(tmp_path / "no-workspace"),
        "TELEGRAM_BOT_TOKEN": tg.token,
        "CANON_TELEGRAM_BASE_URL": tg.base_url,
        "CANON_ALLOWED_USER_IDS": str(ALICE),
        "CANON_WEBHOOK_SECRET": SECRET,
        "CANON_POLICY": str(CALIBRATED_POLICY_FILE),  # past calibration
        **settings,
    }
    log = tmp_path / "bot.stderr"
    with log.open("wb") as stderr:
        proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "core.cli", "bot", "--webhook", url, "--port", str(port)),
            cwd=REPO,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert proc.stdout is not None
    try:
        banner = (await asyncio.wait_for(proc.stdout.readline(), budget(20))).decode()
        if not banner:
            await proc.wait()
            raise AssertionError(log.read_text())
        yield WebhookBot(proc, url, port, tmp_path / "canon.db", banner, log)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_setwebhook_follows_telegrams_rules(tg: FakeTelegram) -> None:
    bot = Bot(tg.token, base_url=tg.base_url)
    cases: list[tuple[str, str | None, str | None]] = [
        ("https://canon.example.org/telegram", SECRET, None),
        ("https://canon.example.org:8443/hook", None, None),
        ("http://127.0.0.1:9/telegram", SECRET, None),  # loopback: the local-mode exception
        ("http://canon.example.org/telegram", None, "An HTTPS URL must be provided"),
        ("https://canon.example.org:8080/hook", None, "only on ports 80, 88, 443 or 8443"),
        ("https://canon.example.org/hook", "has:colon", "secret token contains unallowed"),
        ("https://canon.example.org/hook", "with space", "secret token contains unallowed"),
        ("https://canon.example.org/hook", "x" * 257, "secret token is too long"),
    ]
    async with bot:
        for url, secret, refused in cases:
            if refused is None:
                assert await bot.set_webhook(url, secret_token=secret), url
                info = await bot.get_webhook_info()
                assert info.url == url
            else:
                with pytest.raises(BadRequest, match=f"(?i){refused}"):
                    await bot.set_webhook(url, secret_token=secret)
                assert (await bot.get_webhook_info()).url != url, "a refused URL is not set"

        with pytest.raises(Conflict, match="webhook is active"):
            await bot.get_updates()
        assert await bot.delete_webhook()
        assert (await bot.get_webhook_info()).url == ""
        assert await bot.get_updates() == ()


async def test_the_bot_over_its_webhook(tg: FakeTelegram, webhook_bot: WebhookBot) -> None:
    # (1) At start the bot registered its webhook, with the secret, and never polls.
    assert webhook_bot.banner.strip() == f"canon bot running (webhook {webhook_bot.url})"
    setting = tg.webhook.setting
    assert setting is not None
    assert (setting.url, setting.secret_token) == (webhook_bot.url, SECRET)
    assert setting.allowed_updates == ("message", "edited_message", "callback_query")
    assert [c.status for c in tg.methods("setWebhook")] == [200]
    assert tg.methods("getUpdates") == []
    assert tg.commands, "the commands were published before the webhook"

    # (3) Forged POSTs (wrong or missing secret) are refused before anything is handled.
    assert await webhook_bot.post(_message_update(9001, FORGED), "not-the-secret") == 403
    assert await webhook_bot.post(_message_update(9002, FORGED), None) == 403

    # (2) Updates Telegram delivers (with the secret) are handled: messages and taps.
    await tg.say(ALICE, "We're planning a trip to Tahoe", expect="Sounds like a plan")
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe; your trip is under way.")
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert prompt.text.endswith("✅ Confirmed")
    delivered = tg.webhook.deliveries
    assert len(delivered) == 4
    assert {d.status for d in delivered} == {200}
    assert tg.webhook.info()["pending_update_count"] == 0

    # An update the library cannot read (a poll missing fields it requires) is answered
    # 200, so Telegram stops delivering it, and skipped: the next one is read.
    poison = _message_update(9004, "")
    del poison["message"]["text"]
    poison["message"]["poll"] = {"id": "p", "question": "Still in Paris?"}
    assert await webhook_bot.post(poison, SECRET) == 200

    # The same kind of POST with the right secret is handled like Telegram's own.
    last = tg.chat(ALICE)[-1].message_id
    assert await webhook_bot.post(_message_update(9003, "where am I?"), SECRET) == 200
    await tg.reply_after(ALICE, last, "In Tahoe")

    # (4) SIGTERM: the process stops cleanly and the webhook server is gone.
    webhook_bot.proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(webhook_bot.proc.wait(), budget(15)) == 0
    errors = webhook_bot.log.read_text()
    assert "Traceback" not in errors, errors
    assert "ERROR" not in errors, errors
    assert "CRITICAL" not in errors, errors
    assert "skipped update 9004 (message)" in errors, errors
    assert "Paris" not in errors, errors  # her words are not in the log
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", webhook_bot.port), timeout=2).close()

    # Nothing of the forged message was stored or answered.
    assert not [m for m in tg.bot_messages(ALICE) if "Denver" in m.text]
    store = SQLiteStore(webhook_bot.db)
    await store.open()
    try:
        home = await store.fact("user:primary", "profile.home_city")
        assert home is not None
        assert (home.value, home.resolution) == ("Seattle", "user_confirm")
        assert await store.events_for("user:primary", "profile.home_city", "Denver") == []
        log = await store.conversation.messages(ALICE)
        assert log, "the genuine conversation was logged"
        assert not [m for m in log if "Denver" in m.text]
        assert any("where am I?" in m.text for m in log)
    finally:
        await store.close()


async def test_a_refused_delivery_stays_pending_until_the_secret_matches(
    tg: FakeTelegram, webhook_bot: WebhookBot
) -> None:
    """Telegram keeps an update the webhook refused and retries it: nothing is lost."""
    async with Bot(tg.token, base_url=tg.base_url) as other:
        await other.set_webhook(webhook_bot.url, secret_token="someone-elses-secret")
        tg.user_says(ALICE, "We're in Tahoe")
        await tg.wait_for(lambda: any(d.status == 403 for d in tg.webhook.deliveries))
        info = await other.get_webhook_info()
        assert info.pending_update_count == 1
        assert info.last_error_message == (
            "Wrong response from the webhook: 403 Request had the wrong secret token"
        )
        assert tg.bot_messages(ALICE) == [], "a refused update is not handled"

        await other.set_webhook(webhook_bot.url, secret_token=SECRET)
        await tg.reply_after(ALICE, 0, "Noted: you're in Tahoe")
        assert (await other.get_webhook_info()).pending_update_count == 0


async def test_a_client_trickling_its_request_is_cut_off_while_telegram_is_served(
    tg: FakeTelegram, tmp_path: Path
) -> None:
    """The webhook faces the internet: a trickled head is closed, a trickled body answered
    closed, one connection over the cap answered 503, and Telegram's deliveries go on."""
    limits = {
        "CANON_HTTP_HEAD_TIMEOUT_S": "0.5",
        "CANON_HTTP_BODY_MIN_RATE": "10000000",  # the largest update's 1 MiB: 0.1 s more
        "CANON_HTTP_MAX_CONNECTIONS": "3",
    }
    async with running_webhook_bot(tg, tmp_path, **limits) as bot:
        slow = asyncio.create_task(trickle(bot.port, b"POST /telegram HTTP/1.1\r\n", head_lines()))
        await tg.say(ALICE, "We're planning a trip to Tahoe", expect="Sounds like a plan")
        assert await slow == b""
        head = (
            f"POST /telegram HTTP/1.1\r\nHost: canon\r\nContent-Type: application/json\r\n"
            f"X-Telegram-Bot-Api-Secret-Token: {SECRET}\r\nContent-Length: 100\r\n\r\n"
        ).encode()
        # Every body is given the largest update's time, 0.6 s: a byte every 0.1 s of 100
        # never makes it, and tornado closes the connection without an answer.
        assert await trickle(bot.port, head, body_bytes(), pause=0.1) == b""

        held = []
        for _ in range(3):  # each proven open: its headers are being read, it is not refused
            _, writer = await asyncio.open_connection("127.0.0.1", bot.port)
            writer.write(b"POST /telegram HTTP/1.1\r\n")
            held.append(writer)
        refused = await exchange(bot.port, b"GET / HTTP/1.1\r\n\r\n")
        for writer in held:
            writer.close()
        assert refused.startswith(b"HTTP/1.1 503 Service Unavailable")
        await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
        bot.proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.proc.wait(), budget(15)) == 0
    assert "CANON_HTTP_MAX_CONNECTIONS" in bot.log.read_text()
