"""The playground's chat survives a restart: the stored conversation, replayed into the emulator.

Telegram keeps a chat's messages; the local Bot API emulator starts empty. Before
the bot starts, ``restore_chat`` reads the chat's conversation log from Canon's
store and shows it in the emulator (read-only), so the page opens on the same
conversation; the bot then asks its open question again (``CanonChat.resume``).
"""

from __future__ import annotations

from bot.playground.emulator import BotApiEmulator
from core.store.factory import open_store

HISTORY_LIMIT = 200
"""The last messages shown again; older ones stay in the store (and `canon` can read them)."""


async def restore_chat(emulator: BotApiEmulator, store_url: str, chat_id: int) -> int:
    """Replay ``chat_id``'s stored conversation into ``emulator``; how many messages."""
    store = open_store(store_url)
    await store.open()
    try:
        messages = await store.conversation.messages(chat_id, limit=HISTORY_LIMIT)
    finally:
        await store.close()
    emulator.restore(
        chat_id, [(m.role == "assistant", m.text, int(m.at.timestamp())) for m in messages]
    )
    return len(messages)
