"""The local playground: the real bot against the local Bot API, and a web chat for you.

``Playground`` starts the Bot API emulator on 127.0.0.1, adds the web chat's
routes to it (``/`` and ``/ui/*``), and runs the same ``BotRunner`` that
serves real Telegram, pointed at the emulator. The side panel reads Canon's
store: current beliefs, pending prompts and the audit log.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import Any

from aiohttp import web

from bot.app import BotRunner
from bot.playground.bot_api_types import MAX_TEXT, ApiError
from bot.playground.emulator import BotApiEmulator
from bot.playground.history import restore_chat
from bot.playground.local_only import local_only
from bot.playground.page import PAGE
from bot.playground.page_key import PageKey
from core.conversation.responder import Responder
from core.conversation.views import age_text
from core.domain.audit import show_value
from core.domain.source_types import shown_source
from core.engine.bootstrap import found_question, proposed_findings
from core.settings import Settings
from core.store import ReviewItem

PLAYGROUND_USER = 1
"""The playground's user; the first allowed user, so their entity is user:primary."""


class Playground:
    """The emulator, the web chat and the bot, on one event loop."""

    def __init__(
        self,
        settings: Settings,
        *,
        port: int = 0,
        responder: Responder | None = None,
        poll_timeout: float = 10.0,
        stall_after: float = 8.0,
    ) -> None:
        # Both secrets are fresh each start: any local process reaches 127.0.0.1, and a
        # known bot token would let one read the user's messages or answer as the bot.
        self.emulator = BotApiEmulator(
            token=f"{secrets.randbelow(10**9) + 10**9}:{secrets.token_urlsafe(32)}",
            limits=settings.http,
        )
        self.page_key = PageKey()
        self.port = port
        users = (PLAYGROUND_USER, *settings.audience.allowed_user_ids)
        self.settings = replace(
            settings,
            audience=replace(settings.audience, allowed_user_ids=tuple(dict.fromkeys(users))),
            telegram=replace(settings.telegram, token=self.emulator.token),
        )
        self.responder = responder
        self.poll_timeout = poll_timeout
        # A message untaken this many seconds: the page says the bot is not picking it up.
        self.stall_after = stall_after
        self.runner: BotRunner | None = None
        # Only the playground's own page may use it, never another site the user has open.
        self.emulator.app.middlewares.append(local_only)
        # ... and only whoever holds the key printed at the start, never another account.
        self.emulator.app.middlewares.append(self.page_key.middleware)
        router = self.emulator.app.router
        router.add_get("/", self._page)
        router.add_get("/ui/chat", self._chat)
        router.add_get("/ui/photo/{message_id}", self._photo)
        router.add_get("/ui/panel", self._panel)
        router.add_post("/ui/say", self._say)
        router.add_post("/ui/tap", self._tap)

    @property
    def url(self) -> str:
        """The page's address with this start's key: what ``canon bot`` prints."""
        return f"http://127.0.0.1:{self.emulator.port}/?key={self.page_key.key}"

    async def start(self) -> None:
        await self.emulator.start(self.port)
        self.page_key.port = self.emulator.port
        await restore_chat(self.emulator, self.settings.store_url, PLAYGROUND_USER)  # history
        telegram = replace(self.settings.telegram, base_url=self.emulator.base_url)
        self.runner = BotRunner(
            replace(self.settings, telegram=telegram),
            responder=self.responder,
            poll_timeout=self.poll_timeout,
            resume_in_place=True,  # the replayed question is the live one
        )
        await self.runner.start()
        # The chat exists as soon as the page opens, as after /start in Telegram.
        if not self.emulator.chat(PLAYGROUND_USER):
            self.emulator.user_says(PLAYGROUND_USER, "/start", "You")

    async def stop(self) -> None:
        await self.stop_bot()
        await self.emulator.close()

    async def stop_bot(self) -> None:
        """Stop the bot only: the page stays up and says the bot is not answering."""
        runner, self.runner = self.runner, None
        if runner is not None:
            stopping = asyncio.ensure_future(runner.stop())
            while not stopping.done():  # answer the bot's last long polls at once
                self.emulator.wake()
                await asyncio.sleep(0.05)
            await stopping

    async def _page(self, _request: web.Request) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html")

    async def _photo(self, request: web.Request) -> web.Response:
        """A photo message's image, as the chat page shows it."""
        wanted = request.match_info["message_id"]
        for m in self.emulator.chat(PLAYGROUND_USER):
            if str(m.message_id) == wanted and m.photo is not None:
                kind = "image/png" if m.photo.startswith(b"\x89PNG") else "image/jpeg"
                return web.Response(body=m.photo, content_type=kind)
        raise web.HTTPNotFound()

    async def _chat(self, _request: web.Request) -> web.Response:
        messages = [
            {
                "message_id": m.message_id,
                "from_bot": m.from_bot,
                "text": m.text,
                "edited": m.edited,
                "keyboard": m.buttons,
                "photo": f"/ui/photo/{m.message_id}" if m.photo is not None else None,
            }
            for m in self.emulator.chat(PLAYGROUND_USER)
        ]
        waiting = self.emulator.waiting_for()
        # Replies the bot tried to send and Telegram refused: the page shows them, as the
        # user would otherwise see nothing at all.
        refused = [
            c.description
            for c in self.emulator.calls
            if c.method in ("sendMessage", "sendPhoto") and c.status == 400
        ]
        return web.json_response(
            {
                "messages": messages,
                "stalled": waiting is not None and waiting >= self.stall_after,
                "refused": refused,
            }
        )

    async def _say(self, request: web.Request) -> web.Response:
        body = await _json(request)
        text = str(body.get("text", "")).strip()
        if not text:
            return _refuse("Type a message first.")
        if len(text) > MAX_TEXT:
            return _refuse(
                f"Too long: Telegram allows {MAX_TEXT:,} characters and this message has "
                f"{len(text):,}. Nothing was sent; shorten it and send again."
            )
        return web.json_response(
            {"ok": True, "message_id": self.emulator.user_says(PLAYGROUND_USER, text, "You")}
        )

    async def _tap(self, request: web.Request) -> web.Response:
        body = await _json(request)
        try:
            query = self.emulator.user_taps(
                PLAYGROUND_USER,
                PLAYGROUND_USER,
                int(body.get("message_id", 0)),
                str(body.get("data", "")),
            )
        except ApiError as e:
            return _refuse(f"That button no longer works ({e.description}).")
        except ValueError:
            return _refuse("That button no longer works.")
        return web.json_response({"ok": True, "callback_query_id": query})

    async def _panel(self, _request: web.Request) -> web.Response:
        chat = None if self.runner is None else self.runner.chat
        if chat is None:
            return web.json_response({"beliefs": [], "pending": [], "audit": []})
        now = chat.clock()
        store = chat.engine.store
        beliefs = [
            {
                "entity": f.entity_id,
                "field": f.field,
                "value": show_value(f.value),
                "source": shown_source(f.source_type, f.resolution),
                "age": age_text(f.evidence_ts, now),
            }
            for f in await store.facts()
        ]
        pending = [pending_row(r) for r in await store.review_items(["pending", "queued"])]
        audit = [a.line for a in reversed(await store.audit(limit=30))]
        return web.json_response({"beliefs": beliefs, "pending": pending, "audit": audit})


def _refuse(error: str) -> web.Response:
    """A request the page made that Telegram would refuse: the page shows ``error``."""
    return web.json_response({"ok": False, "error": error}, status=400)


async def _json(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def pending_row(r: ReviewItem) -> dict[str, Any]:
    """A pending prompt in the side panel; what the files said, a finding a line
    ("travel.destination = Tahoe"), never the JSON that carries them."""
    row: dict[str, Any] = {
        "field": r.field,
        "current": show_value(r.current_value),
        "candidate": show_value(r.candidate_value),
        "confidence": f"{r.confidence:.2f}",
        "status": r.status,
    }
    if r.kind == "bootstrap":
        row |= {"candidate": found_question(r), "lines": [f.line for f in proposed_findings(r)]}
    return row
