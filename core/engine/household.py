"""The household's users by name, as the store knows them (``core.domain.household``).

A user's name is the one configured for them (``CANON_USER_NAMES``) or the one they told
Canon themselves: their committed ``profile.name``, read here with the store's ordinary
``fact`` read (no table of its own: the name is a fact like any other, kept, corrected and
explained the same way).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from core.domain.household import NO_USERS, HouseholdUsers, household_users
from core.domain.said_of_users import SaidOfUser, judged
from core.domain.state import CommittedFact
from core.store.protocol import Store


async def users_by_name(
    store: Store, users: Iterable[str], configured: Mapping[str, str] | None = None
) -> HouseholdUsers:
    """The links of the user entities ``users`` (``user:*``; others are skipped) to the
    names ``configured`` for them or their own committed ``profile.name``."""
    return await UsersToName(tuple(users), configured or {}).named(store, (), ())


def _told_name(fact: CommittedFact | None) -> str | None:
    return fact.value if fact is not None and isinstance(fact.value, str) else None


@dataclass(frozen=True)
class UsersToName:
    """``users_by_name`` of ``users``, left until a read that brings their facts anyway
    (a message's intake reads the speaker's, a context block its entities'): their
    ``profile.name`` is then taken from those facts, not read again on its own (a trip to
    the server each, two of an API turn's nine). A user whose facts were not read is
    read as ``users_by_name`` does."""

    users: tuple[str, ...]
    configured: Mapping[str, str] = field(default_factory=dict)
    _named: list[HouseholdUsers] = field(default_factory=list, compare=False, repr=False)

    @property
    def last_named(self) -> HouseholdUsers | None:
        """What ``named`` last gave (None before it was asked): the links a message's
        intake made, for its caller to say who is asked, without reading them again."""
        return self._named[-1] if self._named else None

    async def named(
        self, store: Store, read: Iterable[str] | None, facts: Iterable[CommittedFact]
    ) -> HouseholdUsers:
        """The links, ``facts`` being every committed fact of the entities ``read``
        (None: of every entity)."""
        wanted = [u for u in dict.fromkeys(self.users) if u.startswith("user:")]
        if not wanted:
            self._named.append(NO_USERS)
            return NO_USERS
        seen = None if read is None else set(read)
        names = {f.entity_id: f for f in facts if f.field == "profile.name"}
        said: dict[str, str | None] = {}
        for entity in wanted:
            if seen is None or entity in seen:
                said[entity] = _told_name(names.get(entity))
            else:
                said[entity] = _told_name(await store.fact(entity, "profile.name"))
        configured = {e: n for e, n in self.configured.items() if e in wanted}
        users = household_users(configured, said)
        self._named.append(users)
        return users


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
