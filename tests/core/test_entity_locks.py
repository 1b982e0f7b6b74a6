"""The engine's per-entity write locks (``core.engine.entity_locks``): one entity's writer
never waits for another entity's; one entity's writers go one at a time, in order."""

from __future__ import annotations

import asyncio

from core.engine.entity_locks import EntityLocks


async def test_another_entity_does_not_wait_and_the_same_entity_does() -> None:
    locks = EntityLocks()
    release = asyncio.Event()
    order: list[str] = []

    async def write(entities: list[str], name: str, hold: bool = False) -> None:
        async with locks.hold(entities):
            order.append(name)
            if hold:
                await release.wait()

    first = asyncio.create_task(write(["user:alice"], "alice 1", hold=True))
    await asyncio.sleep(0)
    same = asyncio.create_task(write(["user:alice"], "alice 2"))
    both = asyncio.create_task(write(["user:bob", "user:alice"], "bob and alice"))
    await write(["user:bob"], "bob")  # done while alice's first write still holds hers
    assert order == ["alice 1", "bob"]
    release.set()
    await asyncio.gather(first, same, both)
    assert order == ["alice 1", "bob", "alice 2", "bob and alice"]


async def test_a_lock_nobody_holds_or_waits_for_is_forgotten() -> None:
    locks = EntityLocks()
    async with locks.hold(["user:alice", "user:alice", "family:smith"]):
        pass
    async with locks.hold([]):  # nothing to lock: nothing waits
        pass
    assert not locks._locks
    assert not locks._users


async def test_a_cancelled_waiter_leaves_nothing_behind() -> None:
    locks = EntityLocks()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold(["user:alice"]):
            await release.wait()

    held = asyncio.create_task(holder())
    await asyncio.sleep(0)

    async def waiter() -> None:
        async with locks.hold(["user:alice"]):
            raise AssertionError("never reached")

    waits = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    waits.cancel()
    release.set()
    await held
    assert waits.cancelled()
    assert not locks._locks
    assert not locks._users
