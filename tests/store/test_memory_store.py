"""The in-memory reference backend against the storage contract."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from companion_contract import CompanionContract
from contract import StoreContract
from errand_contract import ErrandFollowsTripContract

from core.store.memory import MemoryStore


class TestMemory(StoreContract, CompanionContract, ErrandFollowsTripContract):
    @pytest.fixture
    async def backend(self) -> AsyncIterator[MemoryStore]:
        store = MemoryStore()
        await store.open()
        yield store
        await store.close()
