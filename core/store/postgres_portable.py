"""The PostgreSQL side of copying a store (``core.store.portable``).

Rows leave in the portable (SQLite) representation: ``timestamptz`` as fixed-width
UTC text, ``boolean`` as 0/1; they come back into PostgreSQL's own types. Identity
sequences are moved past the copied ``seq`` values, so new rows follow them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from core.errors import StoreError
from core.store.portable import TABLES, PortableTable, PortableValue
from core.store.postgres_companions import PoolOwner as PostgresStore
from core.store.sqlite_rows import dt, ts

BATCH = 2000


async def export_table(store: PostgresStore, table: str) -> PortableTable:
    if table not in TABLES:
        raise StoreError(f"no table {table!r} to export")
    types = await _column_types(store, table)
    columns = tuple(types)
    listed = ", ".join(f'"{c}"' for c in columns)
    rows = await store.fetch(f'SELECT {listed} FROM "{table}"')
    return PortableTable(table, columns, tuple(tuple(_out(v) for v in row) for row in rows))


async def import_tables(store: PostgresStore, tables: Sequence[PortableTable]) -> None:
    """Insert every table in one transaction, then advance the identity sequences."""
    known = {t: await _column_types(store, t) for t in TABLES}
    async with store.transaction() as tx:
        for table in tables:
            types = known.get(table.name)
            if types is None:
                raise StoreError(f"no table {table.name!r} to import into")
            differ = set(table.columns) ^ set(types)
            if differ:
                raise StoreError(
                    f"{table.name}: the stores' columns differ ({', '.join(sorted(differ))})"
                )
            kinds = [types[c] for c in table.columns]
            listed = ", ".join(f'"{c}"' for c in table.columns)
            marks = ", ".join("%s" for _ in table.columns)
            sql = f'INSERT INTO "{table.name}" ({listed}) VALUES ({marks})'
            rows = [tuple(_in(v, k) for v, k in zip(r, kinds, strict=True)) for r in table.rows]
            for start in range(0, len(rows), BATCH):
                async with tx.conn.cursor() as cur:
                    await cur.executemany(sql, rows[start : start + BATCH])
            if "seq" in types:
                await tx.conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'seq'), "
                    f'coalesce(max(seq), 1), max(seq) IS NOT NULL) FROM "{table.name}"'
                )


async def _column_types(store: PostgresStore, table: str) -> dict[str, str]:
    rows = await store.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
        (table,),
    )
    return {str(name): str(kind) for name, kind in rows}


def _out(value: Any) -> PortableValue:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, datetime):
        return ts(value)
    if value is None or isinstance(value, str | int | float):
        return value
    raise StoreError(f"a stored value of type {type(value).__name__} cannot be copied")


def _in(value: PortableValue, kind: str) -> Any:
    if value is None:
        return None
    if kind == "boolean":
        return bool(value)
    if kind == "timestamp with time zone":
        return dt(str(value))
    return value
