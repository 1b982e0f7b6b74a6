"""Copying a whole store from one backend to another, losslessly, and proving it.

Every backend keeps the same tables with the same column names; what differs is
how a value is typed (SQLite keeps timestamps as fixed-width UTC text and flags
as 0/1, PostgreSQL as ``timestamptz`` and ``boolean``). A backend that can be
copied exports each table as *portable rows*, in SQLite's representation, which
is plain JSON-able values, and imports them back into its own types. The copy
is verified by exporting the destination again: the same row count per table
and the same SHA-256 over every row, in a canonical order, or it is an error.

Derived and per-backend bookkeeping is not copied: ``schema_migrations`` belongs
to each backend's own migration history.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from core.errors import StoreError

TABLES: Final[tuple[str, ...]] = (
    "events",
    "duplicates",
    "commits",
    "facts",
    "review_items",
    "rejections",
    "dead_letters",
    "alerts",
    "conversation_messages",
    "chat_shown",
    "prompt_messages",
    "chat_modes",
    "source_state",
    "mail_sender_refs",
    "trusted_mail_senders",
    "workspace_inputs",
    "workspace_zones",
    "workspace_events",
    "policy_events",
    "api_tokens",
    "store_keys",
)
"""Every table of a store, in an order that satisfies any reference between them."""

IMPLICIT_SEQ: Final[frozenset[str]] = frozenset({"prompt_messages"})
"""Tables SQLite orders by its implicit ``rowid`` and PostgreSQL by an explicit ``seq``:
their portable rows carry it as ``seq`` on both backends."""

PortableValue = str | int | float | None
PortableRow = tuple[PortableValue, ...]


@dataclass(frozen=True)
class PortableTable:
    """One table's rows in the portable representation, with its column names."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[PortableRow, ...]


class PortableStore(Protocol):
    """A store that can be copied: every backend implements these two."""

    async def export_table(self, table: str) -> PortableTable:
        """All rows of ``table`` (one of ``TABLES``), portable."""
        ...

    async def import_tables(self, tables: Sequence[PortableTable]) -> None:
        """Insert ``tables`` into this (empty) store in ONE transaction: all or none."""
        ...


@dataclass(frozen=True)
class TableCopy:
    name: str
    rows: int
    sha256: str


@dataclass(frozen=True)
class CopyReport:
    """What was copied, table by table, and the checksum both stores agree on."""

    tables: tuple[TableCopy, ...]
    sha256: str

    @property
    def rows(self) -> int:
        return sum(t.rows for t in self.tables)

    def as_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "sha256": self.sha256,
            "tables": {t.name: {"rows": t.rows, "sha256": t.sha256} for t in self.tables},
        }


def canonical(table: PortableTable) -> PortableTable:
    """``table`` with its columns in name order and its rows sorted: what checksums read."""
    order = sorted(range(len(table.columns)), key=lambda i: table.columns[i])
    columns = tuple(table.columns[i] for i in order)
    rows = sorted((tuple(row[i] for i in order) for row in table.rows), key=_sort_key)
    return PortableTable(table.name, columns, tuple(rows))


def checksum(table: PortableTable) -> str:
    """SHA-256 over the canonical form of ``table``: its column names, then each row."""
    fixed = canonical(table)
    digest = hashlib.sha256()
    digest.update(_line([fixed.name, *fixed.columns]))
    for row in fixed.rows:
        digest.update(_line(list(row)))
    return digest.hexdigest()


def summarise(tables: Sequence[PortableTable]) -> CopyReport:
    copies = tuple(TableCopy(t.name, len(t.rows), checksum(t)) for t in tables)
    whole = hashlib.sha256("".join(f"{c.name}:{c.sha256}\n" for c in copies).encode())
    return CopyReport(copies, whole.hexdigest())


async def export_all(store: PortableStore) -> list[PortableTable]:
    return [await store.export_table(name) for name in TABLES]


async def copy_store(source: PortableStore, destination: PortableStore) -> CopyReport:
    """Copy every table of ``source`` into the empty ``destination`` and verify it.

    Refuses a destination that holds anything (a copy never merges two stores).
    The import is one transaction: if it fails, the destination stays empty.
    Raises StoreError when the destination's rows read back differently.
    """
    for name in TABLES:
        existing = await destination.export_table(name)
        if existing.rows:
            raise StoreError(
                f"the destination store is not empty ({name} has {len(existing.rows)} rows); "
                "copy into a new, empty store"
            )
    tables = await export_all(source)
    expected = summarise(tables)
    await destination.import_tables(tables)
    copied = summarise(await export_all(destination))
    for want, got in zip(expected.tables, copied.tables, strict=True):
        if want != got:
            raise StoreError(
                f"the copy of {want.name} differs: {want.rows} rows (sha256 {want.sha256[:12]}) "
                f"in the source, {got.rows} rows (sha256 {got.sha256[:12]}) in the destination"
            )
    return expected


def _line(values: list[PortableValue]) -> bytes:
    # repr-exact floats, no NaN (the stores never hold one), one row per line.
    return (json.dumps(values, ensure_ascii=False, allow_nan=False) + "\n").encode()


def _sort_key(row: PortableRow) -> str:
    return json.dumps(list(row), ensure_ascii=False, allow_nan=False)
