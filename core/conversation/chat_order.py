"""A conversation is the unit of order, and only short sections of it are held.

Two things keep a chat in order, neither of which is held while anything slow runs
for another chat, and the first of which is never held while anything slow runs at all:

- **The chat's order** (``section``): the short sections that read or write what the
  chat waits for (a message logged and read as an Edit's value, a typed yes, a workflow
  step or news; claims resolved and committed; the reply noted; the next question
  picked; a tap's answer; a command; the chat's part of a sweep). One section of a chat
  at a time: an ``asyncio.Lock`` per chat in this process, then the store's lease on the
  chat's ``order`` lane (``ConversationStore.chat_turn``) across processes. No model
  call and no extraction runs in a section, and neither a message's acknowledgement and
  reply nor a read's answer (/state, /why, ...) is sent from one: they are logged in it
  and sent after it. Still sent from inside a section: a question's prompt (its message
  id is recorded with it, so that the chat's next section sees it shown), a tap's answer
  and the prompt's edit, what commands that change something say, and alerts.
- **The chat's message lane** (``message``): one *message* of the chat at a time, from
  its extraction to its reply delivered. A message takes its place in line when its
  call arrives (a chain of futures in this process, first come first served), waits
  for the message before it to finish (awaiting it, holding nothing), then holds the
  store's lease on the chat's ``messages`` lane, so two workers on one store take one
  chat's messages one after another too.

Why a message waits for the whole previous message, model included, while a tap does
not: what a message *is* depends on what the previous one asked (the model may have
proposed a change and bound it as a question, so a typed "yes" answers it), the names
its extractor knows may be the ones the previous message committed, the assistant's
session is one checkpointed thread per chat that turn k must read after turn k-1 wrote
it (two model calls at once would start from the same checkpoint and the later write
would drop the other's messages), and replies must reach the user in message order.
Waiting in the lane costs the chat's own next message nothing it would not wait for
anyway; everything else of the chat (taps, /commands, sweeps, alerts) needs only the
order, so a tap on a question already shown is committed while the model is still
writing the reply to an earlier message. Different chats share nothing.

So the lane makes optimistic concurrency on the checkpoint unnecessary: a chat's turns
write its session one at a time across processes. One gap is left: the end-of-turn
summariser writes the session in the background after the turn; the chat's next turn in
this process waits for it, a turn in another process does not. (With no model, the reply
is read from the records at once, in the message's first section: nothing slow there.)

``idle(chat)`` waits, holding nothing, until no message of the chat is in its lane and no
section of it runs or waits in this process: for whoever must read the chat's whole
effect (a test that checks nothing more was said) rather than guess how long it takes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar

from core.store.chat_turns import ChatLocks
from core.store.companion_protocols import ConversationStore

IN_LINE: ContextVar[Callable[[], None] | None] = ContextVar("chat_in_line", default=None)
"""Called once a message has its place in its chat's line: a transport that keeps a chat's
updates in order itself (``bot.updates``) may start the chat's next update from then on,
without waiting for the model to answer this one."""


class ChatOrder:
    """Each chat's order (short sections) and message lane (one message at a time)."""

    def __init__(self, store: ConversationStore) -> None:
        self._store = store
        self._sections = ChatLocks()
        self._last: dict[int, asyncio.Future[None]] = {}
        """The chat's newest message's end: what the next message waits for."""
        self._in_sections: dict[int, int] = {}
        """Sections of the chat running or waiting for their turn, by chat."""
        self._idle: dict[int, set[asyncio.Future[None]]] = {}
        """Who waits for the chat to be idle (``idle``), by chat."""

    @asynccontextmanager
    async def section(self, chat_id: int) -> AsyncIterator[None]:
        """Hold ``chat_id``'s order for a short section: this process first, then the store.

        Not re-entrant: a section never asks for a section (the parts call each other,
        never ``CanonChat``)."""
        self._in_sections[chat_id] = self._in_sections.get(chat_id, 0) + 1
        try:
            async with self._sections.hold(chat_id), self._store.chat_turn(chat_id, "order"):
                yield
        finally:
            left = self._in_sections.pop(chat_id) - 1
            if left:
                self._in_sections[chat_id] = left
            self._settle(chat_id)

    def held(self, chat_id: int) -> bool:
        """Whether a section of ``chat_id`` runs in this process now (for instrumented tests)."""
        return self._sections.held(chat_id)

    def busy(self, chat_id: int) -> bool:
        """Whether a message of ``chat_id`` is in its lane or a section of it runs or waits
        for its turn, in this process."""
        return chat_id in self._last or chat_id in self._in_sections

    async def idle(self, chat_id: int) -> None:
        """Return once ``chat_id`` is not ``busy``: every message of it that took its place
        in line has finished, and so has every section of it (the sweep's too). Holds
        nothing: a section may start right after; what this process started before the
        call is over, and what it said is sent."""
        while self.busy(chat_id):
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiters = self._idle.setdefault(chat_id, set())
            waiters.add(waiter)
            try:
                await waiter
            finally:
                waiters.discard(waiter)
                if not waiters and self._idle.get(chat_id) is waiters:
                    del self._idle[chat_id]

    def message(self, chat_id: int) -> AbstractAsyncContextManager[None]:
        """``chat_id``'s message lane for one message (see the module's docstring).

        The place in line is taken when this is called, before any await, so messages
        keep the order their calls came in."""
        before = self._last.get(chat_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._last[chat_id] = done
        in_line = IN_LINE.get()
        if in_line is not None:
            in_line()
        return self._in_line(chat_id, before, done)

    @asynccontextmanager
    async def _in_line(
        self, chat_id: int, before: asyncio.Future[None] | None, done: asyncio.Future[None]
    ) -> AsyncIterator[None]:
        try:
            if before is not None:
                await asyncio.shield(before)
            async with self._store.chat_turn(chat_id, "messages"):
                yield
        finally:
            if before is None or before.done():
                self._finish(chat_id, done)
            else:  # given up while waiting: the next message still waits for ``before``
                before.add_done_callback(lambda _: self._finish(chat_id, done))

    def _finish(self, chat_id: int, done: asyncio.Future[None]) -> None:
        if not done.done():
            done.set_result(None)
        if self._last.get(chat_id) is done:  # nobody in line after it: forget the chat
            del self._last[chat_id]
        self._settle(chat_id)

    def _settle(self, chat_id: int) -> None:
        """Wake whoever waits for ``chat_id`` to be idle, if it is."""
        if self.busy(chat_id):
            return
        for waiter in self._idle.get(chat_id, ()):
            if not waiter.done():
                waiter.set_result(None)
