"""Records as one reader reads them: a value another writer chose carried as ``Said``.

The chat's sentences (a question, its buttons, ``/pending``, ``/state``, ``/why``,
``/history``) are built from review items, facts and events by ``phrasing``, which
knows nothing of who wrote a value. Before a record reaches it, its string value is
wrapped here with whom the reader should read it as quoted from
(``core.domain.provenance``); ``phrasing_values.show`` then puts it in the sentence
through ``quoting.said``. One place decides, so no surface escapes on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import TypeVar

from core.domain.phrasing_values import DayAsOf, Said, as_of
from core.domain.provenance import named_provenance, source_type_of
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact, Scalar

Value = TypeVar("Value", bound=Scalar)


def as_read(
    value: Scalar,
    source_type: str,
    principal: str | None,
    reader: str,
    names: Mapping[str, str] | None = None,
) -> Scalar:
    """``value`` as ``reader`` (their entity, ``user:alice``) reads it: a ``Said`` when it
    is a string another writer chose, else itself. ``names``: the household's members by
    entity (``user:bob`` -> "Bob"): another member's words are quoted from them by name
    (``household member "Bob"``, ``named_provenance``), else from "another member of the household"."""
    if not isinstance(value, str) or isinstance(value, Said | DayAsOf):
        return value  # a day is shown as a day (``show_date``), whoever wrote it
    source = named_provenance(source_type, principal, reader, names or {})
    return value if source is None else Said(value, source)


def item_as_read(
    item: ReviewItem, reader: str, names: Mapping[str, str] | None = None
) -> ReviewItem:
    """``item`` with its proposed value as ``reader`` reads it (what it would replace is
    read apart, ``held_as_read``: the item does not record who wrote it); another
    member's by name (``names``)."""
    source = source_type_of(item.source_key)
    value = as_read(item.candidate_value, source, item.principal, reader, names)
    return item if value is item.candidate_value else replace(item, candidate_value=value)


def item_on_day(item: ReviewItem, today: date | None) -> ReviewItem:
    """``item`` with its days carrying the reader's ``today`` (``as_of``), so every
    sentence that shows one says its year when it falls in another year or far away."""
    candidate = as_of(item.field, item.candidate_value, today)
    current = as_of(item.field, item.current_value, today)
    if candidate is item.candidate_value and current is item.current_value:
        return item
    return replace(item, candidate_value=candidate, current_value=current)


def held_as_read(
    item: ReviewItem,
    source_type: str,
    principal: str | None,
    reader: str,
    names: Mapping[str, str] | None = None,
) -> ReviewItem:
    """``item`` with the value it would replace ("until now: …") as ``reader`` reads it,
    written by ``principal`` through ``source_type`` (``core.conversation.held_values``
    reads who): another writer's words are theirs there too, as in any sentence, and
    another member's named by ``names`` as ``as_read`` does."""
    value = as_read(item.current_value, source_type, principal, reader, names)
    return item if value is item.current_value else replace(item, current_value=value)


def items_as_read(items: Sequence[ReviewItem], reader: str) -> list[ReviewItem]:
    return [item_as_read(item, reader) for item in items]


def fact_as_read(
    fact: CommittedFact, reader: str, names: Mapping[str, str] | None = None
) -> CommittedFact:
    value = as_read(fact.value, fact.source_type, fact.principal, reader, names)
    return fact if value is fact.value else replace(fact, value=value)
