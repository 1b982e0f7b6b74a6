"""python-telegram-bot handles updates concurrently: one chat's in the order they came,
different chats at once (``bot.updates.PerChatUpdates``, the bot's ``concurrent_updates``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from telegram import Chat, Message, Update, User

from bot.app import build_application
from bot.updates import PerChatUpdates, chat_of
from core.conversation.chat_order import ChatOrder
from core.settings import TelegramSettings
from core.store.memory import MemoryStore


def message(update_id: int, chat_id: int, text: str) -> Update:
    user = User(chat_id, "Someone", is_bot=False)
    chat = Chat(chat_id, Chat.PRIVATE)
    sent = Message(update_id, datetime(2026, 2, 19, tzinfo=UTC), chat, from_user=user, text=text)
    return Update(update_id, message=sent)


async def test_one_chats_updates_wait_for_each_other_and_other_chats_do_not() -> None:
    processor = PerChatUpdates()
    happened: list[str] = []
    slow_started = asyncio.Event()
    let_go = asyncio.Event()

    async def slow() -> None:
        happened.append("alice 1 starts")
        slow_started.set()
        await let_go.wait()
        happened.append("alice 1 ends")

    async def quick(name: str) -> None:
        happened.append(name)

    async with processor:
        first = asyncio.create_task(processor.process_update(message(1, 111, "one"), slow()))
        await slow_started.wait()
        second = asyncio.create_task(
            processor.process_update(message(2, 111, "two"), quick("alice 2"))
        )
        await processor.process_update(message(3, 222, "hi"), quick("bob 1"))
        assert happened == ["alice 1 starts", "bob 1"]  # Bob is not held by Alice's update
        let_go.set()
        await asyncio.gather(first, second)
    assert happened == ["alice 1 starts", "bob 1", "alice 1 ends", "alice 2"]


async def test_a_chats_next_update_starts_once_a_message_has_its_place_in_line() -> None:
    """A message whose reply is slow holds its chat's updates only until it is in line:
    the tap after it is taken at once, and the next message waits in the chat's line."""
    processor = PerChatUpdates()
    store = MemoryStore()
    await store.open()
    order = ChatOrder(store.conversation)
    happened: list[str] = []
    in_line = asyncio.Event()
    let_go = asyncio.Event()

    async def slow_message() -> None:
        async with order.message(111):
            happened.append("message 1 in line")
            in_line.set()
            await let_go.wait()
            happened.append("message 1 replied")

    async def next_message() -> None:
        async with order.message(111):
            happened.append("message 2")

    async def tap() -> None:
        async with order.section(111):
            happened.append("tap")

    async with processor:
        first = asyncio.create_task(
            processor.process_update(message(1, 111, "cook?"), slow_message())
        )
        await in_line.wait()
        second = asyncio.create_task(
            processor.process_update(message(2, 111, "dessert?"), next_message())
        )
        await processor.process_update(message(3, 111, "a tap"), tap())
        assert happened == ["message 1 in line", "tap"]
        let_go.set()
        await asyncio.gather(first, second)
    assert happened == ["message 1 in line", "tap", "message 1 replied", "message 2"]
    await store.close()


def test_an_update_belongs_to_its_chat() -> None:
    assert chat_of(message(1, 111, "one")) == 111
    assert chat_of(object()) is None


def test_the_bot_handles_updates_concurrently_per_chat() -> None:
    app = build_application(TelegramSettings(token="123:abc"))
    assert isinstance(app.update_processor, PerChatUpdates)
    assert app.concurrent_updates > 1
