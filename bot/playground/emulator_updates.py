"""The updates a bot has not taken yet, and getUpdates' long poll over them.

Telegram keeps each update until the bot confirms it (a getUpdates offset past it,
or a webhook's 2xx answer), holds one long poll at a time (a second poll ends the
first with 409) and answers a waiting poll as soon as an update arrives. This is the
emulator's one queue shared by concurrent parties (the users' side fills it,
getUpdates or the webhook drains it), so it is kept apart from the HTTP surface
and the chats in ``bot.playground.emulator``.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

from bot.playground.bot_api_types import ApiError


class UpdateQueue:
    """A bot's pending updates, oldest first, numbered from 1 as Telegram numbers them."""

    def __init__(self) -> None:
        self.pending: list[dict[str, Any]] = []
        self._queued_at: dict[int, float] = {}
        self._update_ids = itertools.count(1)
        self._poller: asyncio.Future[None] | None = None

    def push(self, update: dict[str, Any]) -> None:
        """Number ``update`` and queue it; a waiting poll answers now."""
        update["update_id"] = next(self._update_ids)
        self._queued_at[update["update_id"]] = time.monotonic()
        self.pending.append(update)
        self.wake()

    def wake(self) -> None:
        """End a waiting long poll now (it answers what is pending, maybe nothing)."""
        if self._poller is not None and not self._poller.done():
            self._poller.set_result(None)

    def confirm(self, update_id: int) -> None:
        """The webhook took this update: it is never sent again."""
        self.pending = [u for u in self.pending if u["update_id"] != update_id]

    def confirm_before(self, offset: int) -> bool:
        """getUpdates' ``offset`` confirms every update before it: they are never sent
        again. Whether it confirmed any."""
        kept = [u for u in self.pending if u["update_id"] >= offset]
        confirmed = len(kept) < len(self.pending)
        self.pending = kept
        return confirmed

    def drop(self) -> None:
        """Forget every pending update (``drop_pending_updates``)."""
        self.pending = []

    def waiting_for(self) -> float | None:
        """Seconds the oldest update has waited for the bot to take it; None if none waits."""
        waiting = [self._queued_at[u["update_id"]] for u in self.pending]
        return time.monotonic() - min(waiting) if waiting else None

    async def poll(self, offset: int, limit: int, wait_s: int) -> list[dict[str, Any]]:
        """getUpdates: up to ``limit`` updates from ``offset`` on, waiting up to ``wait_s``
        seconds (its ``timeout``) for one; a poll still waiting when this one comes ends
        with 409."""
        if offset:
            self.confirm_before(offset)
        if self._poller is not None and not self._poller.done():
            self._poller.set_exception(
                ApiError(409, "Conflict: terminated by other getUpdates request")
            )
        ready = self.pending[:limit]
        if ready or wait_s == 0:
            return ready
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._poller = waiter
        try:
            await asyncio.wait_for(asyncio.shield(waiter), wait_s)
        except TimeoutError:
            return []
        finally:
            if self._poller is waiter:
                self._poller = None
        return self.pending[:limit]
