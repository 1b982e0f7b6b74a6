"""A local Bot API server: the playground's Telegram, and the tests' strict double.

It speaks the Bot API over HTTP on 127.0.0.1 (``/bot<token>/<method>``, JSON
or form parameters, ``{"ok": ..., "result" | "error_code", "description"}``
with the HTTP status equal to ``error_code``) and enforces Telegram's rules
for the methods Canon uses: getMe, getUpdates (offset confirms, long-poll
timeout, 409 when a second poll overlaps; the queue is
``bot.playground.emulator_updates``), sendMessage (1–4,096 characters,
known chat), editMessageText / editMessageReplyMarkup ("message is not
modified", "message to edit not found"), answerCallbackQuery (once per query),
setMyCommands (lower-case names without hyphens), deleteMessage, sendPhoto
(rules in ``bot_api_params.photo_bytes``: an uploaded file, at most 10 MB, a real image of
sane dimensions, a caption of at most 1,024 characters, a known chat), inline
buttons with callback_data of 1–64 bytes (BUTTON_DATA_INVALID), and webhooks:
setWebhook / deleteWebhook / getWebhookInfo (rules in ``bot.playground.emulator_webhook``);
while a webhook is set, getUpdates answers 409 and updates are POSTed to it.

The user's side is driven in-process: ``user_says`` and ``user_taps`` queue
updates as Telegram would; ``chat`` shows a chat as its user sees it; ``flood``
makes the next calls fail with 429 and retry_after, as Telegram does under load.
The chats themselves, and an earlier run's messages shown again (``chats.restore``,
``chats.replay``), are ``bot.playground.emulator_chats``.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

from aiohttp import web

from bot.playground.bot_api_params import (
    NOT_MODIFIED,
    bot_commands,
    caption_text,
    file_id,
    inline_keyboard,
    message_text,
    photo_bytes,
    read_params,
)
from bot.playground.bot_api_render import message_json
from bot.playground.bot_api_types import (
    BOT_ID,
    BOT_USERNAME,
    MAX_UPLOAD_BYTES,
    ApiError,
    Call,
    ChatMessage,
)
from bot.playground.emulator_chats import EmulatedChats
from bot.playground.emulator_updates import UpdateQueue
from bot.playground.emulator_webhook import WebhookDelivery, WebhookRefused, webhook_setting
from core.http_limits import HttpLimits, body_deadline, bound_port, listen


class BotApiEmulator:
    """The Bot API for one bot token, with users driven from the same process."""

    def __init__(
        self, token: str = "123456:local-playground-token", limits: HttpLimits | None = None
    ) -> None:
        self.token = token
        self.limits = limits or HttpLimits()
        self.calls: list[Call] = []
        self.commands: list[dict[str, str]] = []
        self._queue = UpdateQueue()
        self.chats = EmulatedChats()
        self._callbacks: dict[str, bool] = {}
        self._callback_ids = itertools.count(1)
        self._changed = asyncio.Condition()
        self._flood: list[tuple[int, int, Callable[[str], bool]]] = []
        self._runner: web.AppRunner | None = None
        self._listening: asyncio.Server | None = None
        self.webhook = WebhookDelivery(
            lambda: self._queue.pending, self._queue.confirm, self._notify
        )
        self.port = 0
        self.app = web.Application(client_max_size=MAX_UPLOAD_BYTES)
        self.app.middlewares.append(body_deadline(self.limits, MAX_UPLOAD_BYTES))
        self.app.router.add_route("*", "/bot{token}/{method}", self._handle)

    # -- lifecycle -------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """What CANON_TELEGRAM_BASE_URL takes."""
        return f"http://127.0.0.1:{self.port}/bot"

    async def start(self, port: int = 0) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, **self.limits.runner_options())
        await self._runner.setup()
        self._listening = await listen(self._runner, "127.0.0.1", port, self.limits, "playground")
        self.port = bound_port(self._listening)

    def wake(self) -> None:
        """End a waiting long poll now (empty answer), so a stopping bot need not wait."""
        self._queue.wake()

    async def close(self) -> None:
        self.wake()
        await self.webhook.close()
        if self._listening is not None:
            self._listening.close()
            self._listening = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- the user's side -------------------------------------------------------------
    def user_says(
        self, user_id: int, text: str, first_name: str = "Alex", *, date: int | None = None
    ) -> int:
        """Queue a private message from ``user_id`` (sent at ``date``, default now); its id."""
        payload = self.chats.user_message(user_id, text, first_name, date=date)
        self._push({"message": payload})
        return int(payload["message_id"])

    def user_taps(self, user_id: int, chat_id: int, message_id: int, data: str) -> str:
        """Queue a tap on a button of a bot message; the callback query id."""
        msg = self.chats.messages.get((chat_id, message_id))
        if msg is None or msg.deleted:
            raise ApiError(400, "Bad Request: message not found")
        if not any(b.get("callback_data") == data for row in msg.buttons for b in row):
            raise ApiError(400, "Bad Request: the message has no such button")
        query_id = str(next(self._callback_ids))
        self._callbacks[query_id] = False
        self._push(
            {
                "callback_query": {
                    "id": query_id,
                    "from": self.chats.user(user_id, "Alex"),
                    "message": message_json(msg, self.chats.users),
                    "chat_instance": str(chat_id),
                    "data": data,
                }
            }
        )
        return query_id

    def chat(self, chat_id: int) -> list[ChatMessage]:
        """The chat as its user sees it, oldest first."""
        return self.chats.chat(chat_id)

    def waiting_for(self) -> float | None:
        """Seconds the oldest update has waited for the bot to take it; None if none waits."""
        return self._queue.waiting_for()

    def answered(self, query_id: str) -> bool:
        return self._callbacks.get(query_id, False)

    def flood(self, count: int, retry_after: int = 1, methods: tuple[str, ...] = ()) -> None:
        """Answer the next ``count`` calls (of ``methods``, or any but getUpdates) with 429."""
        wanted = {m.lower() for m in methods}

        def match(method: str) -> bool:
            return method in wanted if wanted else method != "getupdates"

        self._flood.append((count, retry_after, match))

    async def wait_for(self, predicate: Callable[[], bool], within: float = 10.0) -> None:
        """Wait until ``predicate()`` holds after some bot action (TimeoutError if never)."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(predicate), within)

    # -- the Bot API ---------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params: dict[str, Any] = {}
        try:
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            try:
                params = await read_params(request)
            except web.HTTPRequestEntityTooLarge:
                raise ApiError(413, "Request Entity Too Large") from None
            self._check_flood(method.lower())
            handler = getattr(self, f"_api_{method.lower()}", None)
            if handler is None:
                raise ApiError(404, "Not Found")
            result = await handler(params)
        except ApiError as e:
            self.calls.append(Call(method, params, e.code, e.description))
            body: dict[str, Any] = {"ok": False, "error_code": e.code, "description": e.description}
            if e.retry_after is not None:
                body["parameters"] = {"retry_after": e.retry_after}
            return web.json_response(body, status=e.code)
        self.calls.append(Call(method, params, 200))
        await self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _notify(self) -> None:
        """Wake ``wait_for``: the bot did something, or a webhook delivery was made."""
        async with self._changed:
            self._changed.notify_all()

    def _check_flood(self, method: str) -> None:
        for i, (count, retry_after, match) in enumerate(self._flood):
            if count > 0 and match(method):
                self._flood[i] = (count - 1, retry_after, match)
                raise ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after)

    async def _api_getme(self, _p: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Canon",
            "username": BOT_USERNAME,
            "can_join_groups": False,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def _api_setwebhook(self, p: dict[str, Any]) -> bool:
        try:
            setting = webhook_setting(p)
        except WebhookRefused as e:
            raise ApiError(400, str(e)) from None
        self._drop_pending(p)
        self.webhook.set(setting)
        return True

    async def _api_deletewebhook(self, p: dict[str, Any]) -> bool:
        self._drop_pending(p)
        self.webhook.set(None)
        return True

    async def _api_getwebhookinfo(self, _p: dict[str, Any]) -> dict[str, Any]:
        return self.webhook.info()

    async def _api_setmycommands(self, p: dict[str, Any]) -> bool:
        self.commands = bot_commands(p.get("commands"))
        return True

    async def _api_getupdates(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(p.get("offset") or 0)
        limit = min(100, max(1, int(p.get("limit") or 100)))
        timeout = max(0, int(p.get("timeout") or 0))
        if self.webhook.setting is not None:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        if offset and self._queue.confirm_before(offset):
            await self._notify()  # a wait for the bot to take them ends now, not after the poll
        return await self._queue.poll(offset, limit, timeout)

    async def _api_sendmessage(self, p: dict[str, Any]) -> dict[str, Any]:
        chat_id = self.chats.known_chat(p.get("chat_id"))
        text = message_text(p.get("text"))
        buttons = inline_keyboard(p.get("reply_markup"))
        msg = self.chats.store(chat_id, from_bot=True, text=text, buttons=buttons)
        return message_json(msg, self.chats.users)

    async def _api_sendphoto(self, p: dict[str, Any]) -> dict[str, Any]:
        """A photo by upload (multipart/form-data), or by the file_id of one sent before."""
        chat_id = self.chats.known_chat(p.get("chat_id"))
        data = photo_bytes(p.get("photo"), self.chats.photos)
        caption = caption_text(p.get("caption"))
        buttons = inline_keyboard(p.get("reply_markup"))
        msg = self.chats.store(chat_id, from_bot=True, text=caption, buttons=buttons)
        msg.photo = data
        self.chats.photos[file_id(msg)] = data
        return message_json(msg, self.chats.users)

    async def _api_editmessagetext(self, p: dict[str, Any]) -> dict[str, Any]:
        msg = self.chats.editable(p)
        if msg.photo is not None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text = message_text(p.get("text"))
        buttons = inline_keyboard(p.get("reply_markup"))
        if text == msg.text and buttons == msg.buttons:
            raise ApiError(400, NOT_MODIFIED)
        msg.text, msg.buttons, msg.edited = text, buttons, True
        return message_json(msg, self.chats.users)

    async def _api_editmessagereplymarkup(self, p: dict[str, Any]) -> dict[str, Any]:
        msg = self.chats.editable(p)
        buttons = inline_keyboard(p.get("reply_markup"))
        if buttons == msg.buttons:
            raise ApiError(400, NOT_MODIFIED)
        msg.buttons, msg.edited = buttons, True
        return message_json(msg, self.chats.users)

    async def _api_answercallbackquery(self, p: dict[str, Any]) -> bool:
        query_id = str(p.get("callback_query_id", ""))
        if self._callbacks.get(query_id, True):
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        if len(str(p.get("text") or "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        self._callbacks[query_id] = True
        return True

    async def _api_deletemessage(self, p: dict[str, Any]) -> bool:
        msg = self.chats.messages.get(
            (self.chats.known_chat(p.get("chat_id")), int(p.get("message_id") or 0))
        )
        if msg is None or msg.deleted:
            raise ApiError(400, "Bad Request: message to delete not found")
        msg.deleted = True
        return True

    # -- internals -----------------------------------------------------------------------
    def _push(self, update: dict[str, Any]) -> None:
        self._queue.push(update)
        self.webhook.kick()

    def _drop_pending(self, p: dict[str, Any]) -> None:
        if p.get("drop_pending_updates"):
            self._queue.drop()
