"""What an assistant's token sees of the dead letters about its user (``GET
/v1/dead-letters``, real tokens on a real SQLite store).

Before, a token of role ``agent`` for Alice was shown whole every letter naming her entity:
her own refused input, another assistant's, with the payload and the validators' words
that quote it. An agent is not Alice: it sees whole the letters it wrote; of the others
about her, that they exist, when, and why in words that quote nothing of what was sent.
Alice's own client and her delegate (which answers her letters' questions, as over MCP:
``tests/mcp/test_mcp_dead_letter_answers.py``) still see her letters whole; another
member's letter about the household stays reduced to every reader but its writer: when,
and why in the same words that quote nothing (before, with no reason at all).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.errors import PayloadInvalid
from core.mcp.scoped import Scope, ScopedCanon, token_mcp_principal

AGENT, OTHER_AGENT, DELEGATE = "alice's agent", "alice's other agent", "alice's delegate"
WRITERS = {  # the letter -> who sent it, about whom, the private words in it
    "alice's own": (ALICE, ALICE, "12 Hidden Lane"),
    "agent's own": (AGENT, ALICE, "Agent Road 4"),
    "other agent's": (OTHER_AGENT, ALICE, "Quiet Mews 9"),
    "bob's on the household": (BOB, FAMILY, "Bob's Secret Cove"),
}
REDUCED_REASON = ["The field candidate_value was not valid."]
OVER_MCP = "Alley of the MCP session"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        for name, role in [(AGENT, "agent"), (OTHER_AGENT, "agent"), (DELEGATE, "delegate")]:
            made = await issue_token(
                api.engine, ALICE, name, NOW, role=role, reach=(HOUSEHOLD_SCOPE,)
            )
            api.tokens[name] = made.secret
        for writer, entity, words in WRITERS.values():
            bad = make_observation("travel.location", {"street": words}, entity=entity)
            posted = await api.call(
                writer, "POST", "/v1/observations", json_body={"observations": [bad]}
            )
            assert posted.status == 200, posted.body
            assert [r["decision"] for r in posted.body["results"]] == ["invalid"]
        yield api


async def _letters(api: Api, reader: str) -> dict[str, dict[str, Any]]:
    """The letters ``reader`` is listed, by the name of the private words each holds."""
    listed = await api.call(reader, "GET", "/v1/dead-letters")
    assert listed.status == 200, listed.body
    words = {**{w: name for name, (_, _, w) in WRITERS.items()}, OVER_MCP: "agent's over mcp"}
    names = {
        d.id: name
        for d in await api.engine.store.dead_letters()
        for w, name in words.items()
        if w in d.payload
    }
    return {names[d["id"]]: d for d in listed.body["dead_letters"]}


def _whole(letter: dict[str, Any], words: str) -> bool:
    return letter["payload"] is not None and words in json.dumps(letter)


@pytest.mark.parametrize(
    ("reader", "whole", "reduced"),
    [
        (AGENT, {"agent's own"}, {"alice's own", "other agent's"}),
        (OTHER_AGENT, {"other agent's"}, {"alice's own", "agent's own"}),
        (ALICE, {"alice's own", "agent's own", "other agent's"}, set()),
        (DELEGATE, {"alice's own", "agent's own", "other agent's"}, set()),
    ],
)
async def test_an_agent_sees_its_own_letters_whole_and_its_users_by_reason_and_time(
    api: Api, reader: str, whole: set[str], reduced: set[str]
) -> None:
    letters = await _letters(api, reader)
    assert set(letters) == whole | reduced | {"bob's on the household"}
    for name in whole:
        assert _whole(letters[name], WRITERS[name][2]), (name, letters[name])
        assert letters[name]["errors"], name
    for name in reduced:
        letter = letters[name]
        assert WRITERS[name][2] not in json.dumps(letter), name
        assert (letter["payload"], letter["errors"], letter["event_id"]) == (None, [], None)
        assert letter["reasons"] == REDUCED_REASON, name
        assert letter["first_seen"], name
        assert letter["last_attempt"], name
    bobs = letters["bob's on the household"]
    assert (bobs["payload"], bobs["errors"]) == (None, [])
    assert bobs["reasons"] == REDUCED_REASON  # why, in words that quote nothing of his
    assert "Bob's Secret Cove" not in json.dumps(bobs)


async def test_bob_sees_his_own_whole_and_nothing_of_alices(api: Api) -> None:
    letters = await _letters(api, BOB)
    assert set(letters) == {"bob's on the household"}
    assert _whole(letters["bob's on the household"], "Bob's Secret Cove")


async def test_over_mcp_the_agent_is_told_its_own_letter_and_sees_it_whole_over_http(
    api: Api,
) -> None:
    """The same token's MCP session (an assistant that only proposes): its refused proposal
    is kept as its own letter, told at once; over HTTP that letter is whole to it, and
    Alice's stay reduced; it is never asked about hers (``core.mcp.letter_reach``)."""
    [agent] = [t for t in await api.engine.store.api_tokens.tokens() if t.name == AGENT]
    mcp = ScopedCanon(
        api.engine,
        Scope.of(ALICE, HOUSEHOLD),
        clock=lambda: NOW,
        principal=token_mcp_principal(agent),
    )
    with pytest.raises(PayloadInvalid, match="kept in the dead-letter queue"):
        await mcp.propose("travel.location", OVER_MCP, valid_until="next week sometime")
    pending = await mcp.pending()
    assert not [q for q in [*pending.pending, *pending.queued] if q.kind == "dead_letter"]
    letters = await _letters(api, AGENT)
    assert _whole(letters["agent's over mcp"], OVER_MCP)
    assert letters["alice's own"]["payload"] is None
    assert "12 Hidden Lane" not in json.dumps(letters)
