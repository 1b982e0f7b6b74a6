"""The statements prepared on one PostgreSQL connection, by name, and psycopg's placeholders
numbered as the server's.

Apart from ``core.store.postgres_pipe`` because it is what a connection remembers across
transactions, where the pipe is one transaction's exchanges. Each statement is prepared
on the server the first time a connection runs it (named ``canon_<n>``; psycopg's own are
``_pg3_<n>``) and run by name after, so its plan is not made again (as psycopg's
``prepare_threshold`` did after five runs).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from psycopg import AsyncConnection
from psycopg.adapt import Transformer

_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%s|%%")
MAX_PREPARED = 200
"""Statements a connection keeps prepared (a batch's multi-row INSERTs come in many
sizes); past it, the rest run unnamed (parsed and planned on each run)."""


@lru_cache(maxsize=256)
def numbered(sql: str) -> tuple[bytes, tuple[str, ...] | int]:
    """``sql`` with psycopg's placeholders numbered as the server's ($1, $2, ...), and the
    parameters' names in order (named placeholders) or how many there are (``%s``)."""
    names: list[str] = []
    count = 0

    def number(m: re.Match[str]) -> str:
        nonlocal count
        if m.group(0) == "%%":
            return "%"
        name = m.group(1)
        if name is None:
            count += 1
            return f"${count}"
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    text = _PLACEHOLDER.sub(number, sql)
    if names and count:
        raise ValueError("a statement takes named or positional parameters, not both")
    return text.encode(), tuple(names) if names else count


class Prepared:
    """The statements prepared on one connection, by text and parameter types; names are
    never reused on a connection (a name prepared in an exchange that then failed is
    still the server's)."""

    def __init__(self, conn: AsyncConnection[Any]) -> None:
        self.names: dict[tuple[bytes, tuple[int, ...]], bytes] = {}
        self.made = 0
        self.adapt = Transformer(conn)
        """The connection's parameter dumper and row loader, kept for its transactions
        (one at a time): a new one per transaction looked each parameter's dumper and
        each column's loader up again."""

    def new_name(self) -> bytes:
        self.made += 1
        return f"canon_{self.made}".encode()


_PREPARED_ATTR = "_canon_prepared"


def prepared_on(conn: AsyncConnection[Any]) -> Prepared:
    """The connection's ``Prepared``, kept on the connection itself, so it lives and dies
    with it: it holds a ``Transformer``, which refers back to the connection, so in a
    table weakly keyed by the connection it would keep every connection alive (on the
    connection it is a cycle the collector frees with it)."""
    prepared: Prepared | None = getattr(conn, _PREPARED_ATTR, None)
    if prepared is None:
        prepared = Prepared(conn)
        setattr(conn, _PREPARED_ATTR, prepared)
    return prepared
