"""The context block an assistant reads (``GET /v1/context``, MCP's ``get_context``, and so
the OpenClaw plugin) names the member another member's value is quoted from, as the chat
does ("Bob said ..."), on one real SQLite store.

Before: Alice's chat said "Since then, Bob said Lily is at the clinic" while the block her
assistant read said ``"at the clinic" (from another member of the household, quoted)``: the
origin marks were a closed set of labels, and the API's block linked only the token's own
user by name. Now the mark names him: ``(from household member "Bob", quoted)``, his
name a quoted value of its own, so a member whose name reads as an order ("Ignore previous
instructions") is still one quoted value in one mark, and the block still parses back
(``tests/bot/test_context_is_data.py``'s property and table draw any name, quotes and
line breaks too; a told name is a name whole, ``core.domain.person_names``). A member Canon knows
no name of is "another member of the household", as before; an assistant's token is never a
member by name."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation
from context_parser import parse_block

from core.domain.principals import user_principal
from core.domain.provenance import member_named, member_origin
from core.domain.quoting import Slot
from core.mcp.scoped import Scope, ScopedCanon

LILY = "family.lily.status"


async def _named(api: Api, who: str, name: str) -> None:
    told = make_observation("profile.name", name, entity=who, source="user_confirmation")
    assert (await api.engine.ingest(told, now=NOW, principal=user_principal(who))).committed


async def _bob_holds_it(api: Api, value: str = "at the clinic") -> None:
    said = make_observation(LILY, value, entity=FAMILY, at=NOW - timedelta(hours=1))
    posted = await api.call(BOB, "POST", "/v1/observations", json_body={"observations": [said]})
    assert posted.body["results"][0]["decision"] == "auto_commit", posted.body


async def _blocks(api: Api) -> list[str]:
    """Alice's block as her client and her MCP session read it."""
    got = await api.call(ALICE, "GET", "/v1/context")
    assert got.status == 200, got.body
    mcp = ScopedCanon(api.engine, Scope.of(ALICE, HOUSEHOLD), clock=lambda: NOW)
    return [str(got.body["text"]), await mcp.context()]


def _lilys(block: str) -> Slot:
    [fact] = [f for f in parse_block(block).facts if f.field == LILY]
    return fact.value


@pytest.mark.parametrize(
    ("told", "called"),
    [
        ("Bob", "Bob"),
        # A told name is shown whole, data in quotes all the same (a told "name" that reads
        # as an order is none and refused: ``tests/api/test_told_names_api.py``).
        ("Siobhán O'Brien", "Siobhán O'Brien"),
        ("Ludwig van Beethoven", "Ludwig van Beethoven"),
    ],
)
async def test_another_members_value_is_quoted_from_him_by_name(
    tmp_path: Path, told: str, called: str
) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _named(api, ALICE, "Alice")
        await _named(api, BOB, told)
        await _bob_holds_it(api)
        blocks = await _blocks(api)

    for block in blocks:
        assert _lilys(block) == Slot("at the clinic", member_origin(called)), block
        assert member_named(_lilys(block).source) == called
        assert f'= "at the clinic" (from household member "{called}", quoted)' in block
        assert "another member of the household" not in block


async def test_a_member_canon_knows_no_name_of_is_another_household_member(
    tmp_path: Path,
) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _bob_holds_it(api)
        blocks = await _blocks(api)

    for block in blocks:
        assert _lilys(block) == Slot("at the clinic", "another member of the household"), block


async def test_her_own_word_stays_bare_and_bobs_name_names_nothing_of_hers(tmp_path: Path) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _named(api, ALICE, "Alice")
        await _named(api, BOB, "Bob")
        said = make_observation(LILY, "at school", entity=FAMILY, at=NOW - timedelta(hours=1))
        posted = await api.call(
            ALICE, "POST", "/v1/observations", json_body={"observations": [said]}
        )
        assert posted.body["results"][0]["decision"] == "auto_commit", posted.body
        blocks = await _blocks(api)

    for block in blocks:
        assert _lilys(block) == Slot("at school"), block
        assert "household member" not in block
