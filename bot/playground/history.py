"""The playground's chat survives a restart: the stored conversation, replayed into the emulator.

Telegram keeps a chat's messages; the local Bot API emulator starts empty. Before
the bot starts, ``restore_chat`` reads the chat from Canon's store as its user saw
it (``core.conversation.transcript``: the user's messages, and what the bot showed,
questions with their outcomes and photos included) and shows it again in the
emulator, each message under its own id. The bot's stored ids then name the same
messages: the open question's buttons still answer it, and a question still at the
bottom of the chat is not asked again (``CanonChat.resume``).

A store whose chat has no such record (written before it was kept) is replayed
from the conversation log alone, read-only, and the bot asks its open question again.
"""

from __future__ import annotations

from bot.playground.emulator import BotApiEmulator
from core.conversation.transcript import ChatLine, read_chat
from core.store.factory import open_store

HISTORY_LIMIT = 200
"""The last messages shown again; older ones stay in the store (and `canon` can read them)."""


async def restore_chat(emulator: BotApiEmulator, store_url: str, chat_id: int) -> int:
    """Replay ``chat_id``'s stored conversation into ``emulator``; how many messages."""
    store = open_store(store_url)
    await store.open()
    try:
        lines = await read_chat(store.conversation, chat_id, limit=HISTORY_LIMIT)
        log = [] if lines else await store.conversation.messages(chat_id, limit=HISTORY_LIMIT)
    finally:
        await store.close()
    for line in lines:
        _replay(emulator, chat_id, line)
    emulator.chats.restore(
        chat_id, [(m.role == "assistant", m.text, int(m.at.timestamp())) for m in log]
    )
    return len(lines) or len(log)


def _replay(emulator: BotApiEmulator, chat_id: int, line: ChatLine) -> None:
    emulator.chats.replay(
        chat_id,
        line.message_id,
        from_bot=line.from_bot,
        text=line.text,
        date=int(line.at.timestamp()),
        # One row, as TelegramMessenger lays a message's buttons out.
        buttons=[[{"text": t, "callback_data": d} for t, d in line.buttons]]
        if line.buttons
        else [],
        photo=line.photo,
        edited=line.edited,
    )
