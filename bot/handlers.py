"""Telegram handlers: parse the update, call CanonChat or core, format. Nothing else.

The guard runs first (group -1) for every update: strangers get one polite
refusal, their taps are refused, and nothing of theirs is stored.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.ext import ApplicationHandlerStop

from bot.context import Ctx
from core.conversation import texts
from core.conversation.chat import CanonChat, Incoming
from core.conversation.field_match import known_fields, matching_fields, no_match_text
from core.domain.fields import DOMAINS
from core.errors import CanonError

log = logging.getLogger(__name__)


def _chat(context: Ctx) -> CanonChat:
    return context.bot_data.canon


def _incoming(update: Update) -> Incoming | None:
    message = update.effective_message
    user = update.effective_user
    if message is None or user is None or message.text is None:
        return None
    return Incoming(user.id, message.chat_id, message.message_id, message.text, message.date)


async def guard(update: Update, context: Ctx) -> None:
    """Stop every update from a user who is not allowed (one refusal per stranger)."""
    user = update.effective_user
    if user is not None and context.bot_data.audience.allowed(user.id):
        return
    if update.callback_query is not None:
        await update.callback_query.answer(texts.REFUSAL)
    elif update.effective_message is not None and user is not None:
        refused = context.bot_data.refused
        if user.id not in refused:
            refused.add(user.id)
            await update.effective_message.reply_text(texts.REFUSAL)
    log.info("refused an update from %s", None if user is None else user.id)
    raise ApplicationHandlerStop


async def record_command(update: Update, context: Ctx) -> None:
    """Store a command message in the conversation log before it runs."""
    msg = _incoming(update)
    if msg is not None:
        await _chat(context).on_command_text(msg)


async def on_text(update: Update, context: Ctx) -> None:
    """Conversation: stored, extracted, resolved, acknowledged, answered."""
    msg = _incoming(update)
    if msg is not None:
        await _chat(context).on_text(msg)


async def on_tap(update: Update, context: Ctx) -> None:
    """A Yes / No / Edit button."""
    query = update.callback_query
    if query is not None:
        message_id = query.message.message_id if query.message is not None else None
        await _chat(context).on_tap(query.id, query.from_user.id, query.data, message_id)


async def start(update: Update, context: Ctx) -> None:
    """/start: what Canon is and how to use it."""
    await _say(update, context, texts.START)


async def help_command(update: Update, context: Ctx) -> None:
    """/help: the commands."""
    await _say(update, context, texts.HELP)


async def state(update: Update, context: Ctx) -> None:
    """/state [domain]: current beliefs with age and source."""
    chat, user_id, chat_id = _who(update, context)
    domain = context.args[0] if context.args else None
    if domain is not None and domain not in DOMAINS:
        await chat.say(chat_id, f"Unknown domain {domain!r}; use one of {', '.join(DOMAINS)}.")
        return
    facts = [f for e in chat.config.entities_of(user_id) for f in await _facts(chat, e)]
    mine = chat.config.entity_of(user_id)
    await chat.say(chat_id, texts.state_text(facts, chat.clock(), mine, domain))


async def pending(update: Update, context: Ctx) -> None:
    """/pending: what waits for confirmation."""
    chat, user_id, chat_id = _who(update, context)
    entities = chat.config.entities_of(user_id)
    items = [
        r
        for r in await chat.engine.store.review_items(["pending", "queued"])
        if r.entity_id in entities
    ]
    await chat.say(chat_id, texts.pending_text(items, chat.config.entity_of(user_id)))


async def why(update: Update, context: Ctx) -> None:
    """/why <field|domain|name>: the evidence chain behind each matching value."""
    chat, user_id, chat_id = _who(update, context)
    if not context.args:
        await chat.say(chat_id, "Which field? For example: /why travel or /why travel.status")
        return
    query = context.args[0]
    known = await known_fields(chat.engine.store, chat.config.entities_of(user_id))
    hits = _matches(query, known)
    for entity in chat.config.entities_of(user_id):  # evidence that never committed
        if not hits and await chat.engine.store.events_for(entity, query):
            hits = [(entity, query)]
    if not hits:
        await chat.say(chat_id, no_match_text(query, [f for _e, f in known]))
        return
    blocks = []
    for entity, field in hits:
        fact = await chat.engine.store.fact(entity, field)
        events = await chat.engine.store.events_for(entity, field)
        history = await chat.engine.store.history(entity, field)
        blocks.append(texts.why_text(field, fact, events, history, chat.clock()))
    await chat.say(chat_id, "\n\n".join(blocks))


async def history(update: Update, context: Ctx) -> None:
    """/history [field|domain|name]: how the matching values changed."""
    chat, user_id, chat_id = _who(update, context)
    query = context.args[0] if context.args else None
    entities = chat.config.entities_of(user_id)
    mine = chat.config.entity_of(user_id)
    if query is None:
        entries = [h for e in entities for h in await chat.engine.store.history(e, None)]
        entries.sort(key=lambda h: h.seq)
        await chat.say(chat_id, texts.history_text(entries, mine))
        return
    known = await known_fields(chat.engine.store, entities)
    hits = _matches(query, known)
    if not hits:
        await chat.say(chat_id, no_match_text(query, [f for _e, f in known]))
        return
    blocks = []
    for entity, field in hits:
        entries = await chat.engine.store.history(entity, field)
        blocks.append(f"{field}:\n" + texts.history_text(entries, mine))
    await chat.say(chat_id, "\n\n".join(blocks))


def _matches(query: str, known: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (entity, field) pairs ``query`` names, in the order ``known`` lists them."""
    wanted = set(matching_fields(query, [f for _e, f in known]))
    return [(e, f) for e, f in known if f in wanted]


async def forget(update: Update, context: Ctx) -> None:
    """/forget <field>: ask, then retract."""
    chat, user_id, chat_id = _who(update, context)
    if not context.args:
        await chat.say(chat_id, "Which field? For example: /forget travel.location")
        return
    await chat.correction(chat_id, user_id, "forget", context.args[0])


async def undo(update: Update, context: Ctx) -> None:
    """/undo: ask, then revert the last change."""
    chat, user_id, chat_id = _who(update, context)
    await chat.correction(chat_id, user_id, "undo")


async def confirm(update: Update, context: Ctx) -> None:
    """/confirm: yes to the current question."""
    chat, user_id, chat_id = _who(update, context)
    await chat.answer_active(chat_id, user_id, "confirm")


async def reject(update: Update, context: Ctx) -> None:
    """/reject: no to the current question."""
    chat, user_id, chat_id = _who(update, context)
    await chat.answer_active(chat_id, user_id, "reject")


async def cancel(update: Update, context: Ctx) -> None:
    """/cancel: stop editing a value."""
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
            await context.bot.send_message(update.effective_chat.id, text)
        except Exception:  # the report itself failed (network down): the log has it
            log.exception("could not tell the user about an error")


def _who(update: Update, context: Ctx) -> tuple[CanonChat, int, int]:
    user = update.effective_user
    chat = update.effective_chat
    assert user is not None  # the guard let only users through
    assert chat is not None
    return _chat(context), user.id, chat.id


async def _say(update: Update, context: Ctx, text: str) -> None:
    chat, _user_id, chat_id = _who(update, context)
    await chat.say(chat_id, text)


async def _facts(chat: CanonChat, entity: str) -> list[Any]:
    return list(await chat.engine.store.facts(entity))
