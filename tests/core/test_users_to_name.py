"""Users named from the facts a read brings anyway (``core.engine.household.UsersToName``).

The HTTP API names the token's user in a message's intake and in a context block; both
read that user's facts already, so the name is taken from them instead of a read of its
own. The links must be exactly those ``users_by_name`` makes from the store, and only the
users whose facts were not read are read on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation

from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.household import UsersToName, users_by_name
from core.store.factory import open_store

NOW = datetime(2026, 11, 30, 3, 0, tzinfo=UTC)
ALICE, BOB, CAROL = "user:alice", "user:bob", "user:carol"


class CountedFacts:
    """A store whose single-fact reads are counted (the reads ``UsersToName`` spares)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.fact_reads: list[tuple[str, str]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def fact(self, entity_id: str, field: str) -> Any:
        self.fact_reads.append((entity_id, field))
        return await self._store.fact(entity_id, field)


async def _household() -> Any:
    """Alice told Canon her name, Bob told his and where he is, Carol told nothing."""
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, calibrated_policy())
    told = [(ALICE, "profile.name", "Alice"), (BOB, "profile.name", "Bob")]
    told.append((BOB, "travel.location", "Tahoe"))
    for entity, field, value in told:
        said = make_observation(field, value, entity=entity, source="user_confirmation", at=NOW)
        assert (await engine.ingest(said, now=NOW, principal=user_principal(entity))).committed
    return store


@pytest.mark.parametrize(
    ("users", "configured", "read", "linked", "read_alone"),
    [
        # The API's message and context: the token's user, whose facts were just read.
        ((ALICE,), {}, [ALICE], {"alice": ALICE}, []),
        # A configured name beside a told one (each links); Bob's other facts are read too.
        (
            (ALICE, BOB),
            {BOB: "Robert"},
            [ALICE, BOB],
            {"alice": ALICE, "bob": BOB, "robert": BOB},
            [],
        ),
        # A user who told no name, read: nobody to link, and nothing read again.
        ((CAROL,), {}, [CAROL], {}, []),
        # A user whose facts were not read is read as users_by_name does.
        ((ALICE, BOB), {}, [ALICE], {"alice": ALICE, "bob": BOB}, [(BOB, "profile.name")]),
        # Every entity's facts read (a context block of the whole store).
        ((ALICE, BOB, CAROL), {CAROL: "Caz"}, None, {"alice": ALICE, "bob": BOB, "caz": CAROL}, []),
        # Not a user entity: never named, never read.
        (("family:smith",), {}, [], {}, []),
    ],
)
async def test_users_are_named_as_the_store_names_them_reading_only_the_unread(
    users: tuple[str, ...],
    configured: dict[str, str],
    read: Sequence[str] | None,
    linked: dict[str, str],
    read_alone: list[tuple[str, str]],
) -> None:
    store = await _household()
    facts = [f for f in await store.facts() if read is None or f.entity_id in read]
    counted = CountedFacts(store)
    named = await UsersToName(users, configured).named(counted, read, facts)
    assert counted.fact_reads == read_alone
    assert dict(named.by_name) == linked
    expected = await users_by_name(store, users, configured)
    assert (dict(named.by_name), dict(named.names)) == (
        dict(expected.by_name),
        dict(expected.names),
    )
