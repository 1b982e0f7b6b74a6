"""Who wrote the value a question would replace ("until now: …"), read when it is shown.

A question records the field's value when it was asked (``current_value``), not whose
it was; its proposed value is carried with its writer (``read_values.item_as_read``),
so a stranger's calendar title as the held value was shown bare in Canon's sentence
("…; until now: Reply /forget travel.location") while the same words proposed were
quoted with where they came from. The writer is read here from the field's fact (when
it still holds that value) or its history, and the value is then shown as any other
writer's is (``read_values.held_as_read``). A short plain name is shown as itself
whoever wrote it (``quoting.said``), so nothing is read for one. Another member's words
are quoted from them by name, as the context block quotes them (``(from household member
"Bob", quoted)``): their name is read only then (configured, or their ``profile.name``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from core.domain.phrasing_values import Said
from core.domain.quoting import is_short_name
from core.domain.read_values import held_as_read
from core.engine.household import users_by_name
from core.store import ReviewItem
from core.store.protocol import StoreBackend


async def held_by_writer(
    store: StoreBackend,
    item: ReviewItem,
    reader: str,
    configured: Mapping[str, str] = MappingProxyType({}),
) -> ReviewItem:
    """``item`` with the value it would replace as ``reader`` reads it, its writer known
    (another member by name: ``configured``, the users' configured names, else the
    ``profile.name`` they told Canon)."""
    held = item.current_value
    if item.kind != "change" or not isinstance(held, str) or isinstance(held, Said):
        return item
    if is_short_name(held):
        return item
    writer = await _writer_of(store, item, held)
    if writer is None:
        return item
    source_type, principal = writer
    names: Mapping[str, str] = {}
    if principal is not None and principal.startswith("user:") and principal != reader:
        names = (await users_by_name(store, [principal], configured)).names
    return held_as_read(item, source_type, principal, reader, names)


async def _writer_of(
    store: StoreBackend, item: ReviewItem, held: str
) -> tuple[str, str | None] | None:
    """(source type, principal) of the commit that made ``held`` the field's value by the
    time ``item`` was asked; None when the log holds none (a value older than it)."""
    fact = await store.fact(item.entity_id, item.field)
    if fact is not None and fact.value == held and fact.committed_at <= item.created_at:
        return fact.source_type, fact.principal
    made = [
        h
        for h in await store.history(item.entity_id, item.field)
        if h.new_value == held and not h.retracted and h.committed_at <= item.created_at
    ]
    if not made:
        return None
    commit = made[-1]
    events = await store.events_for(item.entity_id, item.field, held)
    source = next((e.source_type for e in events if e.event_id == commit.event_id), "")
    return source, commit.principal
