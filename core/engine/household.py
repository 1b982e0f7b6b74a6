"""The household's users by name, as the store knows them (``core.domain.household``).

A user's name is the one configured for them (``CANON_USER_NAMES``) or the one they told
Canon themselves: their committed ``profile.name``, read here with the store's ordinary
``fact`` read (no table of its own: the name is a fact like any other, kept, corrected and
explained the same way).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from core.domain.household import NO_USERS, HouseholdUsers, household_users
from core.domain.said_of_users import SaidOfUser, judged
from core.domain.state import CommittedFact
from core.store.protocol import Store


async def users_by_name(
    store: Store, users: Iterable[str], configured: Mapping[str, str] | None = None
) -> HouseholdUsers:
    """The links of the user entities ``users`` (``user:*``; others are skipped) to the
    names ``configured`` for them or their own committed ``profile.name``."""
    wanted = [u for u in dict.fromkeys(users) if u.startswith("user:")]
    if not wanted:
        return NO_USERS
    said: dict[str, str | None] = {}
    for entity in wanted:
        fact = await store.fact(entity, "profile.name")
        said[entity] = fact.value if fact is not None and isinstance(fact.value, str) else None
    return household_users({e: n for e, n in (configured or {}).items() if e in wanted}, said)


async def facts_for_reader(
    store: Store,
    entities: Sequence[str],
    reader: str | None,
    configured: Mapping[str, str] | None = None,
) -> tuple[list[CommittedFact], list[SaidOfUser]]:
    """The committed facts of ``entities`` as ``reader`` may take them as true, and what
    the household says of the reader that their own word overrules (``judged``).

    One read for every front end (the chat's /state, the HTTP API's /v1/state, MCP's
    get_state and state resource), so none of them lists as true what the others show as
    someone else's word. The reader's own trip state decides even when ``entities`` leaves
    their entity out (``?entity=family:smith``): what is said of them is judged anyway."""
    facts = [f for e in dict.fromkeys(entities) for f in await store.facts(e)]
    if reader is None or not reader.startswith("user:"):
        return facts, []
    users = await users_by_name(store, [reader], configured)
    if not users:
        return facts, []
    own = [] if reader in entities else await store.facts(reader)
    kept, overruled = judged([*facts, *own], users, reader)
    shown = set(entities)
    return [f for f in kept if f.entity_id in shown], overruled
