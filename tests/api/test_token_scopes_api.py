"""A token reaches its own user's entity, and the household's only when made to.

Before: every token, of every role, reached the household's shared entities unless its
maker listed others, so an assistant given a token "for Bob" read the family's facts
and wrote to them. Now ``canon token create`` makes a token for its own entity only;
``--reach household`` (or ``--reach family:smith``) is the explicit scope that reaches
the household. A token made before scopes keeps the household it reached, so no
deployed client loses what it reads (``canon token list`` says "household (made before
scopes)"). Attacked here through the API's test server on a real SQLite store: Bob's
agent token against Alice's facts and the family's, with entity ids spelled otherwise
(case, Unicode look-alikes, paths), in queries and in bodies.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

LOOK_ALIKES = [
    "User:Alice",
    "USER:ALICE",
    "user:Alice",
    "user:\u0430lice",  # Cyrillic a
    "user:alice\u200b",  # a zero-width space after it
    "\uff55ser:alice",  # fullwidth u
    "user:alice ",
    " user:alice",
    "user:alice/../bob",
    "user:bob/../alice",
    "user:bob/../../family:smith",
    "user:alice%2F..%2Fbob",
    "family:Smith",
    "family:smith/",
    "family:smith\n",
]


async def _alice_and_the_family(api: Api) -> None:
    await api.confirmed(ALICE, "I'm in Tahoe")
    await api.confirmed(ALICE, "Lily is sick")


async def _token(api: Api, name: str, who: str, role: str, reach: tuple[str, ...] = ()) -> None:
    made = await issue_token(api.engine, who, name, NOW, role=role, reach=reach)  # type: ignore[arg-type]
    api.tokens[name] = made.secret


async def _held(api: Api) -> dict[str, Any]:
    store = api.engine.store
    return {e: await store.facts(e) for e in (ALICE, FAMILY, BOB)}


@pytest.mark.parametrize("role", ["agent", "delegate", "user"])
async def test_a_token_made_without_a_scope_reaches_its_own_entity_only(
    tmp_path: Path, role: str
) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _alice_and_the_family(api)
        await _token(api, "bob's", BOB, role)

        state = await api.call("bob's", "GET", "/v1/state")
        family = await api.call("bob's", "GET", "/v1/state", params={"entity": FAMILY})
        hers = await api.call("bob's", "GET", "/v1/state", params={"entity": ALICE})
        why = await api.call(
            "bob's", "GET", "/v1/why", params={"field": "family.lily.status", "entity": FAMILY}
        )
        before = await _held(api)
        wrote = await api.call(
            "bob's",
            "POST",
            "/v1/observations",
            json_body={
                "observations": [
                    make_observation("family.lily.status", "well", at=NOW, entity=FAMILY)
                ]
            },
        )
        own = await api.call("bob's", "POST", "/v1/messages", json_body={"text": "I'm in Reno"})
        context = await api.call("bob's", "GET", "/v1/context")

        assert set(state.body["entities"]) <= {BOB}, state.body
        assert (family.status, hers.status, why.status, wrote.status) == (403, 403, 403, 403)
        assert own.status == 200, own.body  # Bob's own entity: his token's to write
        assert "sick" not in context.body["text"]
        assert "Tahoe" not in context.body["text"]
        held = await _held(api)
        assert {e: held[e] for e in (ALICE, FAMILY)} == {e: before[e] for e in (ALICE, FAMILY)}


@pytest.mark.parametrize("spelled", LOOK_ALIKES)
async def test_an_entity_spelled_otherwise_reaches_nothing_of_alices_or_the_familys(
    tmp_path: Path, spelled: str
) -> None:
    """Bob's household agent token: the family is in its scope, Alice never is, however
    her id (or the family's) is spelled; nothing is read or written on anyone's entity."""
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _alice_and_the_family(api)
        await _token(api, "bob's", BOB, "agent", (HOUSEHOLD_SCOPE,))
        before = await _held(api)

        read = await api.call("bob's", "GET", "/v1/state", params={"entity": spelled})
        asked = await api.call("bob's", "GET", "/v1/questions", params={"entity": spelled})
        said = make_observation("travel.location", "Moscow", at=NOW, entity=spelled)
        wrote = await api.call(
            "bob's", "POST", "/v1/observations", json_body={"observations": [said]}
        )

        # Out of reach (403), or no entity at all (422): never read, never written.
        assert read.status in (403, 422), read.body
        assert asked.status in (403, 422), asked.body
        assert wrote.status in (403, 422), wrote.body
        assert await _held(api) == before
        letters = await api.call(ALICE, "GET", "/v1/dead-letters")
        assert letters.body["dead_letters"] == []  # nothing of it stands as Alice's


async def test_a_household_scope_is_explicit_and_reaches_the_family_not_alice(
    tmp_path: Path,
) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _alice_and_the_family(api)
        await _token(api, "household", BOB, "agent", (HOUSEHOLD_SCOPE,))
        await _token(api, "named", BOB, "agent", (FAMILY,))

        for name in ("household", "named"):
            family = await api.call(name, "GET", "/v1/state", params={"entity": FAMILY})
            hers = await api.call(name, "GET", "/v1/state", params={"entity": ALICE})
            assert (family.status, hers.status) == (200, 403), name
            assert set(family.body["entities"]) == {FAMILY}
            assert family.body["entities"][FAMILY]["family.lily.status"]["value"] == "sick"


async def test_a_token_made_before_scopes_keeps_the_household_it_reached(
    tmp_path: Path,
) -> None:
    """Migrated, not narrowed: a deployed assistant reading the family's facts goes on
    reading them (its row has no scope of its own: NULL, as every row before scopes)."""
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _alice_and_the_family(api)
        await _token(api, "old", BOB, "agent")
        [old] = [t for t in await api.engine.store.api_tokens.tokens() if t.name == "old"]
        with sqlite3.connect(tmp_path / "canon.db") as conn:
            conn.execute("UPDATE api_tokens SET reach = NULL WHERE id = ?", (old.id,))

        family = await api.call("old", "GET", "/v1/state", params={"entity": FAMILY})
        hers = await api.call("old", "GET", "/v1/state", params={"entity": ALICE})

    assert (family.status, hers.status) == (200, 403)
