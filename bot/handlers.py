"""Telegram handlers: parse the update, call CanonChat or core, format. Nothing else.

The guard runs first (group -2) for every update: strangers get one polite
refusal, their taps are refused, and nothing of theirs is stored; what is not the
user's own words now (a group, someone else's words, an edit, a message without
words) is set aside with a reason (``bot.update_kinds``). Only a webhook
worker runs something before it (group -3): ``once_per_update``, so an update
delivered again is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any, NoReturn

from telegram import Update
from telegram.ext import ApplicationHandlerStop

from bot import update_kinds
from bot.context import Ctx
from bot.ticks import tick_due
from bot.update_kinds import SetAside
from core.conversation import plain_commands, texts
from core.conversation.chat import CanonChat, Incoming
from core.conversation.relayed import MapPoint
from core.errors import CanonError
from core.store.companion_protocols import ConversationStore

log = logging.getLogger(__name__)
UpdateHandler = Callable[[Update, Ctx], Coroutine[Any, Any, None]]
ONCE_A_DAY = "chat_told"
"""The store's claim (``claim_tick``) of a note said once a day per chat (the group's)."""
DAY_SECONDS = 86400.0


def _chat(context: Ctx) -> CanonChat:
    return context.bot_data.canon


def _incoming(update: Update) -> Incoming | None:
    """A message as Canon reads it: its text, or the caption under her photo or file."""
    message = update.message
    user = update.effective_user
    if message is None or user is None:
        return None
    text = message.text if message.text is not None else message.caption
    if text is None:
        return None
    return Incoming(
        user.id,
        message.chat_id,
        message.message_id,
        text,
        message.date,
        forwarded_from=update_kinds.forward_author(message.forward_origin, user.id),
        forwarded_user=update_kinds.forwarded_user(message),
        replying_to=None if message.reply_to_message is None else message.reply_to_message.id,
    )


def once_per_update(updates: ConversationStore, clock: Callable[[], datetime]) -> UpdateHandler:
    """The first handler of a webhook worker: an update someone (this worker or another on
    the store) already took on is dropped, as Telegram may deliver one again."""

    async def once(update: Update, context: Ctx) -> None:
        if not await updates.claim_update(context.bot.id, update.update_id, clock()):
            log.info("update %s was delivered again; it is handled once", update.update_id)
            raise ApplicationHandlerStop

    return once


async def guard(update: Update, context: Ctx) -> None:
    """Stop every update Canon does not read as the sender's own words now, each told why
    (``bot.update_kinds``): a kind set aside whoever sent it (a group, a channel's post),
    one from a user who is not allowed (one refusal per stranger), and a message of hers
    that is not her words now (someone else's, an edit, no words)."""
    aside = update_kinds.anyones(update)
    if aside is not None:
        await _set_aside(update, context, aside)
    user = update.effective_user
    if user is None or not context.bot_data.audience.allowed(user.id):
        await _refuse(update, context)
    aside = update_kinds.hers(update, user.id, context.bot_data.audience.in_household)
    if aside is not None:
        await _set_aside(update, context, aside)


async def _refuse(update: Update, context: Ctx) -> NoReturn:
    user = update.effective_user
    if update.callback_query is not None:
        await update.callback_query.answer(texts.REFUSAL)
    elif update.effective_message is not None and user is not None:
        refused = context.bot_data.refused
        if user.id not in refused:
            refused.add(user.id)
            await update.effective_message.reply_text(texts.REFUSAL)
    log.info("refused an update from %s", None if user is None else user.id)
    raise ApplicationHandlerStop


async def _set_aside(update: Update, context: Ctx, aside: SetAside) -> NoReturn:
    """Tell the chat why its update is not read (in the chat's order, recorded), then stop."""
    chat = update.effective_chat
    log.info("set aside update %s (%s)", update.update_id, aside.reply or "nothing said")
    if (
        aside.reply is not None
        and chat is not None
        and (not aside.once_per_chat or await _first_today(context, chat.id))
    ):
        await _chat(context).reply(chat.id, aside.reply)
    raise ApplicationHandlerStop


async def _first_today(context: Ctx, chat_id: int) -> bool:
    """Whether ``chat_id`` is not yet told today (on the chat's clock) a note said once per
    chat: claimed in the store, so neither a restart nor another worker says it again that
    day, and a group whose members came and went hears it again the next day."""
    canon = _chat(context)
    now = canon.clock()
    return await canon.log.claim_tick(ONCE_A_DAY, chat_id, tick_due(now, DAY_SECONDS), now)


async def record_command(update: Update, context: Ctx) -> None:
    """Store a command message in the conversation log before it runs."""
    msg = _incoming(update)
    if msg is not None and not await _chat(context).on_command_text(msg):
        raise ApplicationHandlerStop  # refused (not Unicode text): the command does not run


async def on_text(update: Update, context: Ctx) -> None:
    """Conversation: stored, extracted, resolved, acknowledged, answered."""
    msg = _incoming(update)
    if msg is not None:
        await _chat(context).on_text(msg)


async def on_map_point(update: Update, context: Ctx) -> None:
    """A location she shared (a pin, a live location or its move, a venue): asked about."""
    message = update.message or update.edited_message
    user = update.effective_user
    point = None if message is None else update_kinds.map_point_of(message)
    if message is None or user is None or point is None:
        return
    at = message.edit_date if update.edited_message is not None else message.date
    await _chat(context).on_map_point(
        MapPoint(
            user.id,
            message.chat_id,
            message.message_id,
            point.latitude,
            point.longitude,
            at or message.date,
            what=point.what,
            live=point.live,
            update=update.edited_message is not None,
        )
    )


async def on_tap(update: Update, context: Ctx) -> None:
    """A Yes / No / Edit button, or the choice of which value a command meant."""
    query = update.callback_query
    if query is None:
        return
    message_id = query.message.message_id if query.message is not None else None
    choice = plain_commands.parse_choice(query.data)
    if choice is not None and query.message is not None:
        chat = _chat(context)
        await chat.messenger.answer_tap(query.id, None)
        command, field = choice
        user_id, chat_id = query.from_user.id, query.message.chat.id
        if command == "forget":
            await chat.correction(chat_id, user_id, "forget", field)
        elif command == "why":
            await chat.explain(chat_id, user_id, field)
        elif command == "history":
            await chat.show_history(chat_id, user_id, field)
        else:
            await chat.wrong(chat_id, user_id, field)
        return
    await _chat(context).on_tap(query.id, query.from_user.id, query.data, message_id)


async def unknown(update: Update, context: Ctx) -> None:
    """A command that does not exist: the short list of those that do."""
    message = update.effective_message
    await _say(
        update, context, plain_commands.unknown_command(message.text or "" if message else "")
    )


async def start(update: Update, context: Ctx) -> None:
    """/start: what Canon is and how to use it."""
    await _say(update, context, texts.START)


async def help_command(update: Update, context: Ctx) -> None:
    """/help: the commands."""
    await _say(update, context, texts.HELP)


async def state(update: Update, context: Ctx) -> None:
    """/state [domain]: current beliefs with age and source."""
    chat, user_id, chat_id = _who(update, context)
    await chat.show_state(chat_id, user_id, context.args[0] if context.args else None)


async def pending(update: Update, context: Ctx) -> None:
    """/pending: what waits for confirmation."""
    chat, user_id, chat_id = _who(update, context)
    await chat.show_pending(chat_id, user_id)


async def why(update: Update, context: Ctx) -> None:
    """/why <field|domain|name>: the evidence chain behind each matching value."""
    chat, user_id, chat_id = _who(update, context)
    await chat.explain(chat_id, user_id, " ".join(context.args) if context.args else None)


async def history(update: Update, context: Ctx) -> None:
    """/history [field|domain|name]: how the matching values changed."""
    chat, user_id, chat_id = _who(update, context)
    await chat.show_history(chat_id, user_id, " ".join(context.args) if context.args else None)


async def report(update: Update, context: Ctx) -> None:
    """/report: the main chart of the last 30 days as a photo, with a summary."""
    chat, user_id, chat_id = _who(update, context)
    await chat.send_report(chat_id, user_id)


async def status(update: Update, context: Ctx) -> None:
    """/status: how much Canon does on its own, per domain."""
    chat, user_id, chat_id = _who(update, context)
    await chat.show_status(chat_id, user_id)


async def debug(update: Update, context: Ctx) -> None:
    """/debug: the assistant's working state in this chat (owner only)."""
    chat, user_id, chat_id = _who(update, context)
    await chat.debug(chat_id, user_id)


async def forget(update: Update, context: Ctx) -> None:
    """/forget <field>: ask, then retract."""
    chat, user_id, chat_id = _who(update, context)
    if not context.args:
        await chat.reply(chat_id, "What should I forget? For example: /forget my location")
        return
    await chat.correction(chat_id, user_id, "forget", " ".join(context.args))


async def undo(update: Update, context: Ctx) -> None:
    """/undo: ask, then revert the last change."""
    chat, user_id, chat_id = _who(update, context)
    await chat.correction(chat_id, user_id, "undo")


async def wrong(update: Update, context: Ctx) -> None:
    """/wrong <field or words>: a held value is wrong; asks for the right one."""
    chat, user_id, chat_id = _who(update, context)
    await chat.wrong(chat_id, user_id, " ".join(context.args or []))


async def confirm(update: Update, context: Ctx) -> None:
    """/confirm: yes to the current question, or to the one it replies to."""
    chat, user_id, chat_id = _who(update, context)
    await chat.answer_active(chat_id, user_id, "confirm", replying_to=_replying_to(update))


async def reject(update: Update, context: Ctx) -> None:
    """/reject: no to the current question, or to the one it replies to."""
    chat, user_id, chat_id = _who(update, context)
    await chat.answer_active(chat_id, user_id, "reject", replying_to=_replying_to(update))


async def setup(update: Update, context: Ctx) -> None:
    """/setup: onboarding, step by step."""
    chat, user_id, chat_id = _who(update, context)
    await chat.start_workflow(chat_id, user_id, "setup")


async def trip(update: Update, context: Ctx) -> None:
    """/trip: follow the planned trip."""
    chat, user_id, chat_id = _who(update, context)
    await chat.start_workflow(chat_id, user_id, "trip")


async def cancel(update: Update, context: Ctx) -> None:
    """/cancel: stop editing a value, or leave a workflow."""
    chat, _user_id, chat_id = _who(update, context)
    await chat.cancel(chat_id)


async def on_error(update: object, context: Ctx) -> None:
    """Log any handler error and tell the user briefly; the bot keeps running."""
    error = context.error
    if isinstance(error, CanonError):
        log.warning("handler error: %s", error)
    else:
        log.error("handler error", exc_info=error)
    if isinstance(update, Update) and update.effective_chat is not None:
        try:
            text = f"Sorry: {error}" if isinstance(error, CanonError) else texts.FAILED
            chat = context.bot_data.chat
            if chat is None:  # not started: nothing records the chat yet
                await context.bot.send_message(update.effective_chat.id, text)
            else:  # through the chat's Messenger, so the chat's record has it too
                await chat.messenger.send(update.effective_chat.id, text)
        except Exception:  # the report itself failed (network down): the log has it
            log.exception("could not tell the user about an error")


def _replying_to(update: Update) -> int | None:
    """The message a command was sent as a reply to (Telegram's ``reply_to_message``)."""
    message = update.message
    reply = None if message is None else message.reply_to_message
    return None if reply is None else reply.message_id


def _who(update: Update, context: Ctx) -> tuple[CanonChat, int, int]:
    user = update.effective_user
    chat = update.effective_chat
    assert user is not None  # the guard let only users through
    assert chat is not None
    return _chat(context), user.id, chat.id


async def _say(update: Update, context: Ctx, text: str) -> None:
    chat, _user_id, chat_id = _who(update, context)
    await chat.reply(chat_id, text)
