"""An answer worked out on another thread, handed back to the event loop that awaits it.

The reading thread and the reading process's receiving thread both finish a message
away from the loop its caller waits on: the answer is set on the caller's future from
that loop (``call_soon_threadsafe``), and only if the caller still waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from typing import Any

Settle = Callable[[asyncio.Future[Any], Any], None]


def hand_back(
    loop: asyncio.AbstractEventLoop, done: asyncio.Future[Any], settle: Settle, value: Any
) -> None:
    """``settle(done, value)`` on ``loop``, from any thread."""
    # A closed event loop refuses: nobody waits for the answer any more.
    with suppress(RuntimeError):
        loop.call_soon_threadsafe(settle, done, value)


def succeed(done: asyncio.Future[Any], result: Any) -> None:
    if not done.done():  # its caller may have given up (a cancelled turn)
        done.set_result(result)


def fail(done: asyncio.Future[Any], error: BaseException) -> None:
    if not done.done():
        done.set_exception(error)
