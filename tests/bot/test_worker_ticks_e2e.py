"""Two bot workers on one store run the periodic jobs as one bot would: a tick of a job
runs on one worker, and a due alert and its question reach the owner once, even when
both workers run the job at the same moment. On PostgreSQL and on a SQLite file; each
worker is a whole ``BotRunner`` (its own store connection, job queue and webhook), and
Telegram is the strict Bot API double.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from canon_testing import NOW, calibrated_policy, two_retries_failed
from chatkit import ALICE
from fakes.telegram_api import FakeTelegram

from bot.app import DEAD_LETTER_SECONDS, SWEEP_SECONDS, BotRunner, Webhook
from core.conversation.audience import Audience
from core.extraction.offline import extract_offline
from core.settings import Settings, TelegramSettings

pytestmark = pytest.mark.timeout(90)
ALERT = "⚠️"
DUE = NOW + timedelta(minutes=40)
"""When the third retry of the bad letter is due (at 36 minutes)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "canon.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def bot_worker(
    tg: FakeTelegram, url: str, clock: Callable[[], datetime]
) -> AsyncIterator[BotRunner]:
    """A webhook bot worker on ``url``, as ``canon bot --webhook`` runs one."""
    settings = Settings(
        store_url=url,
        audience=Audience(allowed_user_ids=(ALICE,)),
        telegram=TelegramSettings(token=tg.token, base_url=tg.base_url),
        policy=calibrated_policy(),
    )
    runner = BotRunner(settings, clock=clock, extractor=extract_offline)
    port = _free_port()
    await runner.start(Webhook(f"http://127.0.0.1:{port}/telegram", port=port))
    try:
        yield runner
    finally:
        await runner.stop()


def _alerts(tg: FakeTelegram) -> list[str]:
    return [m.text for m in tg.bot_messages(ALICE) if m.text.startswith(ALERT)]


async def test_a_due_alert_and_its_question_reach_the_owner_once_from_two_workers(
    tg: FakeTelegram, store_url: str
) -> None:
    await two_retries_failed(store_url)
    clock = [NOW + timedelta(minutes=10)]
    async with AsyncExitStack() as workers:
        one = await workers.enter_async_context(bot_worker(tg, store_url, lambda: clock[0]))
        two = await workers.enter_async_context(bot_worker(tg, store_url, lambda: clock[0]))
        await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
        clock[0] = DUE

        # The same tick of the dead-letter job on both workers at once: one runs it.
        ran = await asyncio.gather(
            *(
                w.ticks.run("dead_letters", DEAD_LETTER_SECONDS, w.tend_dead_letters)
                for w in (one, two)
            )
        )
        assert sorted(ran) == [False, True]
        await tg.wait_for(lambda: len(_alerts(tg)) == 1 and len(tg.open_prompts(ALICE)) == 1)
        assert "travel update could not be applied" in _alerts(tg)[0]
        assert "failed validation three times" in tg.open_prompts(ALICE)[0].text

        # Both workers catch up at once (each runs the job unclaimed, as on starting),
        # then sweep: nothing is sent again.
        await asyncio.gather(one.tend_dead_letters(), two.tend_dead_letters())
        await asyncio.gather(
            *(w.ticks.run("sweep", SWEEP_SECONDS, w.sweep_tick) for w in (one, two))
        )
        await asyncio.gather(one.sweep_tick(), two.sweep_tick())
        assert len(_alerts(tg)) == 1
        assert len(tg.open_prompts(ALICE)) == 1
        prompts = [m for m in tg.bot_messages(ALICE) if m.buttons]
        assert len(prompts) == 1, "the question was shown once"

        assert one.chat is not None
        assert await one.chat.engine.store.open_alerts() == []
