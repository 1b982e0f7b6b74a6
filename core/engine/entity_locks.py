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
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager


class EntityLocks:
    """An ``asyncio.Lock`` per entity, taken in sorted order (so two writers wanting
    overlapping sets never wait on each other in a circle) and dropped when unused."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, entities: Iterable[str]) -> AsyncIterator[None]:
        """Hold the locks of ``entities`` (none: nothing to wait for) until the block ends."""
        wanted = sorted(set(entities))
        for entity in wanted:
            self._users[entity] = self._users.get(entity, 0) + 1
        held: list[asyncio.Lock] = []
        try:
            for entity in wanted:
                lock = self._locks.setdefault(entity, asyncio.Lock())
                await lock.acquire()
                held.append(lock)
            yield
        finally:
            for lock in reversed(held):
                lock.release()
            for entity in wanted:
                self._users[entity] -= 1
                if not self._users[entity]:  # nobody holds it or waits: forget it
                    del self._users[entity]
                    self._locks.pop(entity, None)
