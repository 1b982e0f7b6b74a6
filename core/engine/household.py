"""The household's users by name, as the store knows them (``core.domain.household``).

A user's name is the one configured for them (``CANON_USER_NAMES``) or the one they told
Canon themselves: their committed ``profile.name``, read here with the store's ordinary
``fact`` read (no table of its own: the name is a fact like any other, kept, corrected and
explained the same way).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.domain.household import NO_USERS, HouseholdUsers, household_users
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
