"""A conversation is the unit of order: one turn at a time per chat, never per process.

A turn is all one entry point of ``CanonChat`` does for one chat: a message (logged,
read for claims, resolved, acknowledged, answered by the model, the next question
shown), a tap, a command, that chat's part of a sweep. Turns of one chat run one
after another, in the order they asked; turns of different chats never wait for each
other. In one process the order is an ``asyncio.Lock`` per chat (first come, first
served); across processes on one store it is the store's (``ConversationStore.chat_turn``:
a lease row per chat on SQLite and PostgreSQL), so N workers behave like one.

Why a chat's whole turn, the model's call included, is one ordered step rather than
only its writes: everything a turn does reads what the chat's previous turn left.
The assistant's session is one checkpointed thread per chat, read when a turn starts
and written when it ends (two turns at once would each start from the same checkpoint
and the later would drop the other's messages); the reply to a message is written
with the chat's history, which must already hold the previous reply; whether a message
is an Edit's value, a typed yes, a workflow step or news depends on what the previous
turn asked; and the replies must reach the user in the order of their messages. The
only one who waits is the person whose previous message is still being answered.
Nothing is held across chats, and nothing slow of one chat is under another's order.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from core.store.chat_turns import ChatLocks
from core.store.protocol import ConversationStore


class ChatOrder:
    """The turn of each chat: one holder at a time per chat, first come first served."""

    def __init__(self, store: ConversationStore) -> None:
        self._store = store
        self._here = ChatLocks()

    @asynccontextmanager
    async def turn(self, chat_id: int) -> AsyncIterator[None]:
        """Hold ``chat_id``'s turn for the block: this process first, then the store.

        Not re-entrant: a turn never asks for a turn (the parts call each other, never
        ``CanonChat``)."""
        async with self._here.hold(chat_id), self._store.chat_turn(chat_id):
            yield
