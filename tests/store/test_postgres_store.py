"""The PostgreSQL backend against the storage contract, on a fresh database per test.

The cluster is the session's throwaway one (tests/services/postgres.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from contract import StoreContract

from core.store.postgres import PostgresStore


class TestPostgres(StoreContract):
    @pytest.fixture
    async def backend(self, postgres_url: str) -> AsyncIterator[PostgresStore]:
        store = PostgresStore(postgres_url)
        await store.open()
        yield store
        await store.close()
