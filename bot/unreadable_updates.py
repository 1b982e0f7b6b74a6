"""An update python-telegram-bot cannot read is skipped, once, and the ones after it are read.

Telegram adds fields and kinds of its own accord; a library a release behind (or a
field it requires that Telegram left out) fails to parse one update. Left to
python-telegram-bot, long polling logs that update's whole payload at CRITICAL and
asks for the same batch again for ever, the offset never moving past it (the bot goes
deaf until restarted), and the webhook answers 400, so Telegram delivers it again.

Here each update is parsed on its own. One that cannot be read is logged once, with
its id and the error's kind (its words, the user's, only at DEBUG), and stands in the
batch as an update that carries nothing but its id: the offset moves past it, a webhook
worker claims it once, and the guard ignores it (``bot.update_kinds``: no message, no
tap). Every readable update beside it is handled as usual.

* Long polling: ``ReadingBot``, the Application's bot, reads getUpdates' answer so.
* Webhook: ``read_webhook_bodies`` gives the webhook's tornado application a handler
  that does, answering 200 (nothing there that a retry would make readable).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import tornado.web
from telegram import Bot, Update
from telegram.ext import ExtBot
from telegram.ext._utils.webhookhandler import TelegramHandler

log = logging.getLogger(__name__)


def readable_update(raw: object, bot: Bot) -> Update | None:
    """``raw`` (one update's JSON) as python-telegram-bot reads it; an update with only
    its id when it cannot be read (logged); None when not even its id can be."""
    read = _read(raw, bot)
    return Update(read) if isinstance(read, int) else read


def webhook_update(body: bytes, bot: Bot) -> Update | None:
    """A webhook body as ``readable_update`` reads it; None (logged) for a body that is no
    JSON: not UTF-8, not JSON, or nested past what Python's parser recurses into, which
    is a RecursionError, not a ValueError (uncaught, it was a 500 and a redelivery)."""
    try:
        raw = json.loads(body.decode())
    except (ValueError, RecursionError):
        log.warning("skipped a webhook body that is not JSON")
        return None
    return readable_update(raw, bot)


def _read(raw: object, bot: Bot) -> Update | int | None:
    """The update read, or the id of one that cannot be read (logged), or None."""
    if not isinstance(raw, dict) or not raw:
        log.warning("skipped a webhook body that is not an update")
        return None
    if type(raw.get("update_id")) is not int:
        # NaN, 1.5 or "8": the library would take it, and the claim of a webhook worker
        # and polling's offset would count on a number that is none.
        log.warning("skipped an update without a whole number for its id")
        return None
    try:
        return Update.de_json(raw, bot)
    except Exception as e:  # any shape the library's types refuse
        update_id: int = raw["update_id"]
        # The error's words may quote the update's (hers): at DEBUG, with the update.
        log.warning(
            "skipped update %s (%s): python-telegram-bot could not read it (%s)",
            update_id,
            ", ".join(str(k) for k in raw if k != "update_id") or "nothing",
            type(e).__name__,
        )
        log.debug("update %s as Telegram sent it: %r (%s)", update_id, raw, e)
        return update_id


class ReadingBot(ExtBot[Any]):
    """The Application's bot: getUpdates' answer is read update by update, an unreadable
    one standing as its id alone (``readable_update``), so polling moves past it."""

    async def _post(self, endpoint: str, data: Any = None, **kwargs: Any) -> Any:
        result = await super()._post(endpoint, data, **kwargs)
        if endpoint != "getUpdates" or not isinstance(result, list):
            return result
        # Parsed here once more than the library does: a batch is a few small updates.
        batch = []
        for raw in result:
            read = _read(raw, self)
            if isinstance(read, int):
                batch.append({"update_id": read})
            elif read is not None:
                batch.append(raw)
        return batch


class ReadingTelegramHandler(TelegramHandler):
    """python-telegram-bot's webhook handler, reading the body with ``readable_update``:
    an update it cannot read is answered 200, as Telegram stops delivering it then."""

    async def post(self) -> None:
        self._validate_post()  # the content type and the secret, as the library checks
        self.set_status(200)
        update = webhook_update(self.request.body, self.bot)
        if update is None:
            return
        if isinstance(self.bot, ExtBot):
            self.bot.insert_callback_data(update)
        await self.update_queue.put(update)


def read_webhook_bodies(app: tornado.web.Application) -> None:
    """Make ``app`` (python-telegram-bot's webhook application, about to be served) read
    its bodies with ``ReadingTelegramHandler``; any other application is left as it is."""
    for rule in app.wildcard_router.rules:
        if rule.target is TelegramHandler:
            rule.target = ReadingTelegramHandler
