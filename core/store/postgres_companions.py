"""What a PostgreSQL companion store needs of the main store: its transactions and its
reads, on the one pool they share (``PoolOwner``).

The companions are their own modules, each as its SQLite counterpart:
``postgres_conversation`` (``sqlite_conversation``), ``postgres_sources``
(``sqlite_sources``), ``postgres_workspace`` (``sqlite_workspace``), and
``postgres_policy_log`` and ``postgres_api_tokens``. Every write is one transaction of the
main store (library errors become ``StoreError`` there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from core.store.postgres_tx import Tx


class PoolOwner(Protocol):
    """What a companion needs of the main store (``core.store.postgres.PostgresStore``):
    its transactions and its reads, on the one pool they share."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]: ...

    async def fetch(
        self, sql: str, args: Sequence[Any] | Mapping[str, Any] = ()
    ) -> list[tuple[Any, ...]]: ...
