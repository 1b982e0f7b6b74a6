"""Wiring: the python-telegram-bot Application, the store, CanonChat and the jobs.

``BotRunner`` starts and stops everything on the running event loop (long
polling or a webhook), so the CLI, the playground and the tests run the very
same bot. Nothing here decides anything; it only connects parts.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from telegram import BotCommand, Update
from telegram.error import TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import HTTPXRequest

from bot import handlers
from bot.context import CONTEXT_TYPES, CanonBotData
from bot.telegram_io import TelegramMessenger, with_retries
from bot.ticks import ChatClaim, Ticks
from bot.unreadable_updates import ReadingBot
from bot.updates import PerChatUpdates
from bot.webhook_limits import limit_webhook_server
from core.client_tls import client_tls
from core.conversation import texts
from core.conversation.assistant import AssistantGraph
from core.conversation.chat import AfterChange, CanonChat, Clock
from core.conversation.chat_model import ChatModel
from core.conversation.responder import Responder
from core.conversation.transcript import TranscribingMessenger
from core.conversation.workflow_turn import workflow_route
from core.conversation.workflows import ChatWorkflows
from core.domain.timeutil import utc_now
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.engine.learning import learn_day
from core.engine.rollback import check_rollout
from core.errors import ConfigError, LanguageModelMissing
from core.extraction.llm_config import LLMConfig
from core.extraction.select import configured_extractor, warm_reader
from core.extraction.types import Extractor
from core.settings import Settings, TelegramSettings
from core.sources.base import SourceConfig
from core.sources.config import load_sources
from core.sources.poller import poll_once
from core.store.checkpoints import open_checkpointer
from core.store.factory import open_store
from core.workspace import refresh_projections

log = logging.getLogger(__name__)
SWEEP_SECONDS = 20.0
POLL_SECONDS = 300.0
DEAD_LETTER_SECONDS = 60.0
ROLLOUT_SECONDS = 900.0
LEARNING_SECONDS = 86400.0
TELEGRAM_API = "https://api.telegram.org/bot"


@dataclass(frozen=True)
class Webhook:
    """Where Telegram posts updates, and where we listen for them."""

    url: str
    listen: str = "127.0.0.1"
    port: int = 8443
    secret: str | None = None


def build_application(telegram: TelegramSettings, *, poll_timeout: float = 10.0) -> Any:
    """The Application with every handler registered (no store yet: see BotRunner)."""
    if telegram.token is None:
        raise ConfigError("the bot needs TELEGRAM_BOT_TOKEN")
    # Both clients verify Telegram with the process's one TLS context (core.client_tls).
    tls = {"verify": client_tls()}
    bot = ReadingBot(  # an update it cannot read is skipped, not asked for again for ever
        telegram.token,
        base_url=telegram.base_url or TELEGRAM_API,
        request=HTTPXRequest(connect_timeout=5.0, read_timeout=10.0, httpx_kwargs=tls),
        get_updates_request=HTTPXRequest(
            connect_timeout=5.0, read_timeout=poll_timeout + 10.0, httpx_kwargs=tls
        ),
        rate_limiter=AIORateLimiter(max_retries=3),
    )
    builder = (
        Application.builder()
        .bot(bot)
        .context_types(CONTEXT_TYPES)
        .concurrent_updates(PerChatUpdates())  # chats at once, each chat in order
    )
    app = builder.build()
    app.add_handler(TypeHandler(Update, handlers.guard), group=-2)
    app.add_handler(MessageHandler(filters.COMMAND, handlers.record_command), group=-1)
    for name, fn in (
        ("start", handlers.start),
        ("help", handlers.help_command),
        ("state", handlers.state),
        ("pending", handlers.pending),
        ("why", handlers.why),
        ("history", handlers.history),
        ("status", handlers.status),
        ("forget", handlers.forget),
        ("wrong", handlers.wrong),
        ("undo", handlers.undo),
        ("confirm", handlers.confirm),
        ("reject", handlers.reject),
        ("setup", handlers.setup),
        ("trip", handlers.trip),
        ("cancel", handlers.cancel),
        ("report", handlers.report),
        ("debug", handlers.debug),
    ):
        app.add_handler(CommandHandler(name, fn))
    app.add_handler(MessageHandler(filters.COMMAND, handlers.unknown))  # after the known ones
    # Her own words (text, or a caption she wrote); the guard let only such messages by.
    words = filters.UpdateType.MESSAGE & (filters.TEXT | filters.CAPTION) & ~filters.COMMAND
    app.add_handler(MessageHandler(words, handlers.on_text))
    # Where her device is (a pin, a live location and its moves, a venue): asked about.
    app.add_handler(MessageHandler(filters.LOCATION, handlers.on_map_point))
    app.add_handler(CallbackQueryHandler(handlers.on_tap))
    app.add_error_handler(handlers.on_error)
    return app


class BotRunner:
    """Owns the store, the Application and the jobs for one bot process."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock = utc_now,
        extractor: Extractor | None = None,
        responder: Responder | None = None,
        poll_timeout: float = 10.0,
        resume_in_place: bool = False,
    ) -> None:
        self.settings = settings
        self.resume_in_place = resume_in_place
        """An open question still at the bottom of its chat is not asked again on start
        (the playground, whose chat was just replayed as it was)."""
        self.clock = clock
        self.extractor = extractor
        self.responder = responder
        self.poll_timeout = poll_timeout
        self.app = build_application(settings.telegram, poll_timeout=poll_timeout)
        self.store = open_store(settings.store_url)
        self.chat: CanonChat | None = None
        self._responder: Responder | None = None
        self._checkpoints = AsyncExitStack()
        """The checkpointer of the assistant's sessions and workflows, open while the bot runs."""
        self._tending = asyncio.Lock()
        self.ticks = Ticks(self.store.conversation, utc_now)
        """The periodic jobs' ticks, each claimed in the store (``bot.ticks``)."""
        self.warming: asyncio.Task[None] | None = None

    async def start(self, webhook: Webhook | None = None) -> None:
        """Open the store, connect to Telegram, publish the commands, start receiving."""
        settings = self.settings
        extractor = self.extractor or configured_extractor(settings.llm, settings.reader)
        # The language pipeline loads beside the start-up, not in the first user's wait
        # (where the extractor reads: in the reading process, or in this one).
        self.warming = asyncio.create_task(asyncio.to_thread(warm_language_pipeline, extractor))
        await self.store.open()
        engine = Engine(self.store, settings.policy)
        # One checkpointer beside Canon's data: the assistant's sessions and the workflows.
        saver = await self._checkpoints.enter_async_context(open_checkpointer(settings.store_url))
        if self.responder is None:
            model = _configured_model(settings.llm)
            routes = () if model is None else (workflow_route(model),)
            summarise = settings.llm.summarise if settings.llm is not None else "off"
            self._responder = AssistantGraph(model, saver, routes, summarise=summarise)
        else:
            self._responder = self.responder
        workflows = ChatWorkflows.shipped(
            engine, extractor, saver, _sources_reader(settings), settings.rules
        )
        self.chat = CanonChat(
            engine,
            self.store.conversation,
            # What reached the chat is recorded too: the playground replays it after a restart.
            TranscribingMessenger(
                TelegramMessenger(self.app.bot),
                self.store.conversation,
                self.clock,
                keep=settings.chat_shown_keep,
            ),
            settings.audience,
            clock=self.clock,
            extractor=extractor,
            responder=self._responder,
            after_change=_projection_hook(settings),
            rules=settings.rules,
            workflows=workflows,
        )
        bot_data: CanonBotData = self.app.bot_data
        bot_data.chat = self.chat
        bot_data.audience = settings.audience
        if webhook is not None:  # workers may share its URL, Telegram may retry: each update once
            once = handlers.once_per_update(self.store.conversation, self.clock)
            self.app.add_handler(TypeHandler(Update, once), group=-3)
        await self.app.initialize()
        await with_retries(
            lambda: self.app.bot.set_my_commands([BotCommand(n, d) for n, d in texts.COMMANDS]),
            "setMyCommands",
        )
        await self.app.start()
        try:  # the open questions again, with their buttons (Telegram or a fresh playground)
            await self.chat.resume(in_place=self.resume_in_place)
        except TelegramError as e:  # Telegram is down: the old messages keep their buttons
            log.warning("re-showing open questions failed: %s", e)
        updater = self.app.updater
        assert updater is not None
        # An edit is told it changed nothing (``bot.update_kinds``); nothing else is asked for.
        allowed = ["message", "edited_message", "callback_query"]
        if webhook is None:
            await updater.start_polling(
                poll_interval=0.0, timeout=int(self.poll_timeout), allowed_updates=allowed
            )
        else:
            limit_webhook_server(settings.http)  # before python-telegram-bot makes its server
            await updater.start_webhook(
                listen=webhook.listen,
                port=webhook.port,
                url_path="telegram",
                webhook_url=webhook.url,
                secret_token=webhook.secret,
                allowed_updates=allowed,
            )
        jobs = self.app.job_queue
        if jobs is not None:  # each tick claimed in the store: N workers run it once
            # Per chat: one chat's sweep waits on no other chat's.
            self.ticks.schedule_per_chat(jobs, "sweep", SWEEP_SECONDS, 0.0, self.sweep_tick)
            self.ticks.schedule(
                jobs, "dead_letters", DEAD_LETTER_SECONDS, 1.0, self.tend_dead_letters
            )
            self.ticks.schedule(jobs, "rollout", ROLLOUT_SECONDS, 10.0, self.tend_rollout)
            self.ticks.schedule(jobs, "learning", LEARNING_SECONDS, 60.0, self._learn)
            if self.settings.sources:
                self.ticks.schedule(jobs, "sources", POLL_SECONDS, 5.0, self._poll_sources)
        log.info("canon bot started (%s)", "webhook" if webhook else "long polling")

    async def stop(self) -> None:
        """Stop receiving, finish running handlers, close the store. The reading process
        (``CANON_READER=process``) stays for a bot started again in this process (the
        playground's restart) and is joined as the process exits (``atexit``)."""
        updater = self.app.updater
        try:
            if updater is not None and updater.running:
                await updater.stop()
            if self.app.running:
                await self.app.stop()
            await self.app.shutdown()
        finally:
            close = getattr(self._responder, "close", None)
            if close is not None:
                await close()
            await self._checkpoints.aclose()
            await self.store.close()
            if self.warming is not None:  # a load cannot be interrupted: let it end
                await self.warming

    async def idle(self, chat_id: int) -> None:
        """Return once every update this bot took from Telegram so far is handled (its
        replies and questions sent) and nothing of ``chat_id`` runs or waits in this process
        (``ChatOrder.idle``: the sweep's part too). An update not yet taken is not waited
        for: a caller that sent one waits until Telegram saw it confirmed first."""
        await self.app.update_queue.join()
        if self.chat is not None:
            await self.chat.order.idle(chat_id)

    async def sweep_tick(self, claim: ChatClaim | None = None) -> None:
        """Show each chat's next question (each chat's only if ``claim`` claims it for this
        worker); drop the assistant's old checkpoints (once per tick of the store)."""
        if self.chat is not None:
            await self.chat.sweep(claim)
        responder = self._responder
        if isinstance(responder, AssistantGraph):  # between turns: old checkpoints go
            if claim is None:
                await responder.compact()
            else:
                await self.ticks.run("compact", SWEEP_SECONDS, responder.compact)

    async def tend_dead_letters(self) -> None:
        """Retry the dead letters that are due, tell the owner about new alerts, ask what's new."""
        if self.chat is None:
            return
        async with self._tending:  # one run at a time, or a letter could be retried twice
            report = await retry_due(self.chat.engine, self.clock(), rules=self.settings.rules)
            try:
                await self.chat.deliver_alerts()
            except TelegramError as e:  # e.g. the owner never opened the chat: next run
                log.warning("alert delivery failed: %s", e)
            if report.permanently_failed:
                await self.chat.sweep()

    async def _learn(self) -> None:
        await self.tend_rollout(learn=True)

    async def tend_rollout(self, *, learn: bool = False) -> None:
        """Apply the rollback rules (daily, also learn from yesterday); tell the owner."""
        if self.chat is None:
            return
        now = self.clock()
        await check_rollout(self.chat.engine, now)
        if learn:
            await learn_day(self.chat.engine, now.date() - timedelta(days=1), now)
        try:
            await self.chat.deliver_alerts()
        except TelegramError as e:  # e.g. the owner never opened the chat: next run
            log.warning("alert delivery failed: %s", e)

    async def _poll_sources(self) -> None:
        if self.chat is not None:
            await poll_once(self.chat.engine, self.settings, self.clock())
            await self.chat.sweep()


def warm_language_pipeline(extractor: Extractor) -> None:
    """Load the language pipeline now (once per process) where ``extractor`` reads (the
    reading process, started now, or this one), logging a slow load or a failure.

    Run in a worker thread while the bot starts. A pipeline that is missing or
    fails its manifest check is logged here; each message then gets the same
    error from the extractor, and the bot keeps running.
    """
    from core.extraction.linguistics import parse

    parse.announce_loading(log.info)
    try:
        warm_reader(extractor, log.info)
    except LanguageModelMissing as e:
        log.error("language pipeline unusable: %s", e)


def _configured_model(llm: LLMConfig | None) -> ChatModel | None:
    from core.conversation.chat_model import OpenAIChatModel

    return None if llm is None else OpenAIChatModel(llm)


def _sources_reader(settings: Settings) -> Callable[[], tuple[SourceConfig, ...]]:
    """The sources configured now: /setup reads the config file again after you edit it."""
    config_file = settings.config_file

    def read() -> tuple[SourceConfig, ...]:
        if config_file is None:
            return settings.sources
        return load_sources(config_file, os.environ)

    return read


def _projection_hook(settings: Settings) -> AfterChange:
    async def after_change(engine: Engine, now: datetime) -> None:
        if settings.workspace.is_dir():
            await refresh_projections(engine, settings.workspace, now, settings.projection)

    return after_change
