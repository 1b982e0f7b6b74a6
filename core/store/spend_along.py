"""A request's rate-limit spend sent with its first read: one statement, not two.

The HTTP API spends one request of a token's bucket before it answers (the buckets are
the store's, shared by every worker). On PostgreSQL that was a statement of its own (a
pooled connection, a round trip, a wake-up of the server) before every request's first
read: 2.6 of an API turn's 9.3 statements. A token this worker has already seen live (its
secret's hash names it, and nothing of it but its revocation ever changes) is spent with
the request's first read instead (``SpendAlong``): the store wraps the read in the spend
(``core.store.postgres_api_tokens.read_along``), and the read's rows come back only when
the token is still live and its bucket had a request to give. Whatever else the request
does first waits for the spend sent alone: a write, a read that cannot be wrapped (a
write's ``RETURNING``, positional parameters), or the request's end without a read. So
the bucket is spent exactly once a request, as before, and nothing is written and no row
read is handed to a request before it is known to be allowed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from core.domain.api_tokens import ApiToken
from core.errors import SpendRefused

Spent = tuple[ApiToken, float] | None
"""As ``ApiTokenStore.spend_for_secret``: the live token and its wait (0: go ahead), or
None for a token no longer live."""


def allowed(spent: Spent) -> bool:
    return spent is not None and spent[1] <= 0


@dataclass
class SpendAlong:
    """One request's spend, not sent yet: taken by the first read (``take``), or sent
    alone (``outcome``) by anything that may not run before it is known."""

    token: ApiToken
    at: float
    per_second: float
    burst: int
    alone: Callable[[SpendAlong], Awaitable[Spent]]
    _sent: bool = False
    _done: asyncio.Future[Spent] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    def take(self) -> bool:
        """Whether the caller carries the spend (it was not sent yet); it then ``settle``s it."""
        if self._sent:
            return False
        self._sent = True
        return True

    def settle(self, spent: Spent) -> None:
        """What the spend carried by a read gave; ``SpendRefused`` if it refused."""
        self._done.set_result(spent)
        if not allowed(spent):
            raise SpendRefused(spent)

    async def outcome(self) -> Spent:
        """The spend's outcome, sent alone if no read carried it."""
        if self.take():
            try:
                self._done.set_result(await self.alone(self))
            except BaseException as e:
                self._done.set_exception(e)
                raise
        return await asyncio.shield(self._done)

    async def allowed(self) -> None:
        """``SpendRefused`` unless the spend (sent alone if need be) allowed the request."""
        spent = await self.outcome()
        if not allowed(spent):
            raise SpendRefused(spent)

    @contextmanager
    def current(self) -> Iterator[SpendAlong]:
        """This spend as the one the store's next read carries, in this request's task
        and the tasks it starts."""
        reset = _PENDING.set(self)
        try:
            yield self
        finally:
            _PENDING.reset(reset)


_PENDING: ContextVar[SpendAlong | None] = ContextVar("canon_spend_along", default=None)


def pending() -> SpendAlong | None:
    """The current request's spend, if one waits to be carried (else None)."""
    along = _PENDING.get()
    return along if along is not None and not along._sent else None


async def before_writing() -> None:
    """Wait for the current request's spend, if any (sent alone if still unsent):
    ``SpendRefused`` if it refused. Nothing is written before a request is allowed."""
    along = _PENDING.get()
    if along is not None:
        await along.allowed()


@runtime_checkable
class SpendsAlong(Protocol):
    """An ``ApiTokenStore`` that can carry a known token's spend with the next read."""

    def spend_along(
        self, token: ApiToken, at: float, per_second: float, burst: int
    ) -> SpendAlong: ...
