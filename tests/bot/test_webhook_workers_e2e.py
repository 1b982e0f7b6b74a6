"""Two ``canon bot --webhook`` workers on one PostgreSQL, as a load balancer would run them
behind one URL: an update Telegram delivers again, to the same worker or the other, is
handled once. Telegram is the strict Bot API double; each worker is its own process.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from canon_testing import CALIBRATED_POLICY_FILE
from chatkit import ALICE
from fakes.telegram_api import FakeTelegram
from telegram import Bot

from core.store.postgres import PostgresStore

pytestmark = pytest.mark.timeout(300)

REPO = Path(__file__).resolve().parents[2]
SECRET = "canon-workers_Secret-7"


@dataclass
class Worker:
    url: str
    proc: asyncio.subprocess.Process


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def webhook_worker(tg: FakeTelegram, store_url: str, home: Path) -> AsyncIterator[Worker]:
    """``canon bot --webhook`` on ``store_url``, started (it registers its URL) and killed."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/telegram"
    await asyncio.to_thread(home.mkdir)
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "CANON_DB": store_url,
        "CANON_WORKSPACE": str(home / "no-workspace"),
        "TELEGRAM_BOT_TOKEN": tg.token,
        "CANON_TELEGRAM_BASE_URL": tg.base_url,
        "CANON_ALLOWED_USER_IDS": str(ALICE),
        "CANON_WEBHOOK_SECRET": SECRET,
        "CANON_POLICY": str(CALIBRATED_POLICY_FILE),
    }
    with (home / "bot.stderr").open("wb") as stderr:
        proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "core.cli", "bot", "--webhook", url, "--port", str(port)),
            cwd=REPO,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=stderr,
        )
    assert proc.stdout is not None
    try:
        # A bound for a hung start, not a speed: two bots starting beside a whole suite on two
        # busy cores took over 40 s (a fresh-clone run in the thirty-third round).
        banner = await asyncio.wait_for(proc.stdout.readline(), 150)
        assert banner, (home / "bot.stderr").read_text()
        yield Worker(url, proc)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_an_update_delivered_again_is_handled_once_across_workers(
    tg: FakeTelegram, postgres_url: str, tmp_path: Path
) -> None:
    async with AsyncExitStack() as workers:
        one = await workers.enter_async_context(webhook_worker(tg, postgres_url, tmp_path / "1"))
        two = await workers.enter_async_context(webhook_worker(tg, postgres_url, tmp_path / "2"))
        async with Bot(tg.token, base_url=tg.base_url) as bot:  # the load balancer sends to one
            await bot.set_webhook(one.url, secret_token=SECRET)

        said = tg.user_says(ALICE, "We're in Tahoe")
        await tg.reply_after(ALICE, said, "Noted: you're in Tahoe", within=40)
        [update_id] = {d.update_id for d in tg.webhook.deliveries}
        # Telegram saw no answer and tries again: the other worker, then the same one.
        assert await tg.deliver_again(update_id, two.url) == 200
        assert await tg.deliver_again(update_id, one.url) == 200

        # What each worker received before is handled by now: a worker takes a chat's
        # updates in order, so its answer to a later message comes after.
        for worker in (two, one):
            async with Bot(tg.token, base_url=tg.base_url) as bot:
                await bot.set_webhook(worker.url, secret_token=SECRET)
            last = tg.chat(ALICE)[-1].message_id
            tg.user_says(ALICE, "where am I?")
            await tg.reply_after(ALICE, last, "In Tahoe", within=40)

        acks = [m for m in tg.bot_messages(ALICE) if "Noted: you're in Tahoe" in m.text]
        assert len(acks) == 1

    store = PostgresStore(postgres_url)
    await store.open()
    try:
        log = [m.text for m in await store.conversation.messages(ALICE) if m.role == "user"]
        assert log == ["We're in Tahoe", "where am I?", "where am I?"]
        events = await store.events_for("user:primary", "travel.status")
        assert len(events) == 1, "the engine saw the message once"
    finally:
        await store.close()
