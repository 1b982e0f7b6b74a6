"""The SQLite side of copying a store (``core.store.portable``).

SQLite's own representation is the portable one, so rows go out and come in as
they are; only the order of columns is matched by name.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import StoreError
from core.store.portable import IMPLICIT_SEQ, TABLES, PortableRow, PortableTable
from core.store.sqlite_rows import SQLiteConnection

BATCH = 5000


async def export_table(store: SQLiteConnection, table: str) -> PortableTable:
    if table not in TABLES:
        raise StoreError(f"no table {table!r} to export")
    columns = await _columns(store, table)
    listed = ", ".join(_stored(table, c) for c in columns)
    rows = await store.db.execute_fetchall(f'SELECT {listed} FROM "{table}"')
    return PortableTable(table, columns, tuple(tuple(r) for r in rows))


async def import_tables(store: SQLiteConnection, tables: Sequence[PortableTable]) -> None:
    """Insert every table in one transaction (the write lock held throughout)."""
    known = {t: await _columns(store, t) for t in TABLES}
    async with store.transaction() as tx:
        for table in tables:
            if table.name not in known:
                raise StoreError(f"no table {table.name!r} to import into")
            missing = set(table.columns) ^ set(known[table.name])
            if missing:
                raise StoreError(
                    f"{table.name}: the stores' columns differ ({', '.join(sorted(missing))})"
                )
            if table.name == "facts":
                # Facts are the fold of the commits: a store whose migrations still
                # fold them by trigger has just derived them; the copy's own win.
                await tx.execute("DELETE FROM facts")
            listed = ", ".join(_stored(table.name, c) for c in table.columns)
            marks = ", ".join("?" for _ in table.columns)
            sql = f'INSERT INTO "{table.name}" ({listed}) VALUES ({marks})'
            rows: list[PortableRow] = list(table.rows)
            for start in range(0, len(rows), BATCH):
                await tx.executemany(sql, rows[start : start + BATCH])


async def _columns(store: SQLiteConnection, table: str) -> tuple[str, ...]:
    rows = await store.db.execute_fetchall(f'PRAGMA table_info("{table}")')
    implicit = ("seq",) if table in IMPLICIT_SEQ else ()
    return (*implicit, *(str(r[1]) for r in rows))


def _stored(table: str, column: str) -> str:
    """The SQL name of a portable column: the implicit ``seq`` is SQLite's rowid."""
    return "rowid" if column == "seq" and table in IMPLICIT_SEQ else f'"{column}"'
