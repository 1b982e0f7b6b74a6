"""Which known fields a user means by a word: a full field, a domain, or a short name.

``/why travel``, ``/why location``, ``/history emma`` and ``canon why rent``
all go through ``matching_fields``: pure, so the bot and the CLI agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from core.domain.fields import DOMAINS
from core.domain.state import CommittedFact
from core.store import Store


def matching_fields(query: str, known: Iterable[str]) -> list[str]:
    """The fields of ``known`` that ``query`` names, sorted; a full field name matches itself.

    ``travel`` (a domain) matches every travel field; ``location``, ``rent`` or
    ``emma`` match a field having that name part (``financial.rent.amount``);
    ``website`` also matches a part's words (``project.website_project.status``);
    ``financial.rent`` matches the fields below it.
    """
    q = query.strip().casefold().strip(".")
    fields = sorted(set(known))
    if not q:
        return []
    if q in fields:
        return [q]
    if "." in q:
        return [f for f in fields if f.startswith(q + ".")]
    if q in DOMAINS:
        return [f for f in fields if f.split(".", 1)[0] == q]
    word = re.sub(r"[^a-z0-9_]+", "_", q).strip("_")
    by_part = [f for f in fields if word in f.split(".")[1:]]
    if by_part:
        return by_part
    return [f for f in fields if any(word in p.split("_") for p in f.split(".")[1:])]


_FILLER = frozenset(["my", "the", "our", "your", "in", "to", "at", "about", "a", "an"])


def values_named(query: str, facts: Iterable[CommittedFact]) -> list[tuple[str, str]]:
    """(entity, field) of each of ``facts`` whose value is what ``query`` says, when the
    words name a value rather than a field: "/why tahoe" asks about the trip to Tahoe and
    being there, "/forget the dentist" the dentist. Words only, whole and in order
    ("lake tahoe" is not "tahoe"), case and filler words aside; never a number or a
    day, which many fields share by chance."""
    said = [w for w in re.findall(r"[\w'&-]+", query.casefold()) if w not in _FILLER]
    if not said or all(w.isdigit() for w in said):
        return []
    out = []
    for f in facts:
        if not isinstance(f.value, str) or f.value[:1].isdigit():
            continue
        words = [w for w in re.findall(r"[\w'&-]+", f.value.casefold()) if w not in _FILLER]
        if words == said:
            out.append((f.entity_id, f.field))
    return out


async def valued_as(store: Store, entities: Sequence[str], query: str) -> list[tuple[str, str]]:
    """``values_named`` over the values ``entities`` hold, in ``entities`` order."""
    facts = [f for e in entities for f in await store.facts(e)]
    return values_named(query, facts)


def no_match_text(query: str, known: Iterable[str]) -> str:
    """One line when nothing matches: what the query was, and what exists instead."""
    fields = sorted(set(known))
    if not fields:
        return f"I know nothing about {query} (I know nothing yet)."
    shown = ", ".join(fields[:20]) + (f" (+{len(fields) - 20} more)" if len(fields) > 20 else "")
    return f"I know nothing about {query}. I know about: {shown}."


async def known_fields(store: Store, entities: Sequence[str]) -> list[tuple[str, str]]:
    """(entity, field) for every field with a value or a recorded change, in ``entities``."""
    out: set[tuple[str, str]] = set()
    for entity in entities:
        out |= {(entity, f.field) for f in await store.facts(entity)}
        out |= {(entity, h.field) for h in await store.history(entity, None)}
    return sorted(out, key=lambda p: (entities.index(p[0]), p[1]))


async def valued_matches(
    store: Store, entities: Sequence[str], query: str
) -> list[tuple[str, str]]:
    """(entity, field) for each field ``query`` names that has a value now (for /wrong)."""
    known = [(f.entity_id, f.field) for e in entities for f in await store.facts(e)]
    wanted = set(matching_fields(query, [f for _e, f in known]))
    return [(e, f) for e, f in known if f in wanted]
