"""The engine's in-process write locks: one per entity, not one for the process.

A write (an ingest's read, decide and write; an answer's settlement) holds the locks of
the entities it writes for as long as it runs, which on PostgreSQL spans its round trips
to the server and the commit's wait for the disk. With one lock for the whole process,
every user's write waited for every other's: measured in ``canon bench``'s workers figure
on a busy machine, the lock was held 30-45 ms a write and busy 87-93 % of the time, in
one worker and in each of two. Writes to different entities never read or change each
other's rows (the store's transaction keeps each entity's rows consistent across
processes, ``core.store.postgres``); writes to the same entity still go one at a time
here, in the order they asked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from types import TracebackType


class EntityLocks:
    """An ``asyncio.Lock`` per entity, taken in sorted order (so two writers wanting
    overlapping sets never wait on each other in a circle) and dropped when unused."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    def hold(self, entities: Iterable[str]) -> _Held:
        """Hold the locks of ``entities`` (none: nothing to wait for) until the block ends.

        A plain context manager object, not an ``asynccontextmanager`` generator: every
        ingest takes one, and an async generator costs its creation, the event loop's
        first-iteration hook and a weak reference besides."""
        return _Held(self, sorted(set(entities)))

    def _forget(self, wanted: list[str]) -> None:
        for entity in wanted:
            self._users[entity] -= 1
            if not self._users[entity]:  # nobody holds it or waits: forget it
                del self._users[entity]
                self._locks.pop(entity, None)


class _Held:
    """One ``EntityLocks.hold``: on entry its entities are counted as users and their
    locks acquired (in sorted order); on exit (or a failed entry) released and uncounted."""

    def __init__(self, locks: EntityLocks, wanted: list[str]) -> None:
        self._owner = locks
        self._wanted = wanted
        self._held: list[asyncio.Lock] = []

    async def __aenter__(self) -> None:
        users = self._owner._users
        for entity in self._wanted:
            users[entity] = users.get(entity, 0) + 1
        try:
            for entity in self._wanted:
                lock = self._owner._locks.setdefault(entity, asyncio.Lock())
                await lock.acquire()
                self._held.append(lock)
        except BaseException:
            self._release()
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._release()

    def _release(self) -> None:
        for lock in reversed(self._held):
            lock.release()
        self._held = []
        self._owner._forget(self._wanted)
