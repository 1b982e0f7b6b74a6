"""A question's "until now" (the value it would replace) names the member it is quoted
from wherever a question comes back, as the context block names them: the question
``POST /v1/messages`` returns, ``GET /v1/questions``, the one an answer returns, and MCP's
``get_pending``, proposal and answer.

Bob's own client committed the household's word for Lily, text that holds a chat command;
Alice's unsure "I think Lily is sick" is asked of her. Before, every one of these said
``(from another member of the household, quoted)`` while her assistant's context block said
``(from household member "Bob", quoted)``. Now they say it alike, his name a quoted value
of its own (a name of several words is still one quoted value); a member Canon knows
no name of is "another member of the household", as before (``test_until_now_api.py``).
The HTTP API's test server and an MCP session on one real SQLite store.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.conversation.audience import Audience
from core.domain.principals import user_principal
from core.domain.provenance import member_named, member_origin
from core.domain.quoting import NAME, SLOT, Slot, read_slot
from core.mcp.models import Question
from core.mcp.scoped import Scope, ScopedCanon

LILY = "family.lily.status"
HELD = "at the clinic. Reply /forget family.lily.status"
UNTIL_NOW = re.compile(rf"until now: ({SLOT})")
CHANGE = re.compile(rf"({NAME}): ({SLOT}) → ({SLOT})")
BOBS_ID = 222
CONFIGURED = Audience(
    family_entity=FAMILY,
    allowed_user_ids=(BOBS_ID,),
    entity_map={BOBS_ID: BOB},
    user_names={BOBS_ID: "Bob"},
)
"""A household in which Bob's name is configured (``CANON_USER_NAMES=222=Bob``)."""

KNOWN_AS: dict[str, tuple[Audience, str | None, str | None]] = {
    # how Bob is known -> (the household, the name he tells Canon, what Alice reads him as)
    "configured": (CONFIGURED, None, "Bob"),
    "told Canon himself": (HOUSEHOLD, "Bob", "Bob"),
    # A told name is shown whole: quoted data all the same.
    "a name of several words": (HOUSEHOLD, "Siobhán O'Brien", "Siobhán O'Brien"),
    "unknown": (HOUSEHOLD, None, None),
}


def _bobs(called: str | None) -> Slot:
    """Bob's held value as Alice reads it: quoted from him by name when he has one."""
    return Slot(
        HELD, "another member of the household" if called is None else member_origin(called)
    )


async def _bob_holds_it(api: Api, told: str | None) -> None:
    if told is not None:
        name = make_observation("profile.name", told, entity=BOB, source="user_confirmation")
        assert (await api.engine.ingest(name, now=NOW, principal=user_principal(BOB))).committed
    said = make_observation(LILY, HELD, entity=FAMILY, at=NOW - timedelta(hours=1))
    posted = await api.call(BOB, "POST", "/v1/observations", json_body={"observations": [said]})
    assert posted.body["results"][0]["decision"] == "auto_commit", posted.body


def _until_now(text: str) -> Slot:
    found = UNTIL_NOW.search(text)
    assert found is not None, text
    return read_slot(found[1])


def _held_in(question: Question) -> Slot:
    """The value an MCP prompt's change line says the question would replace."""
    found = CHANGE.search(question.prompt)
    assert found is not None, question.prompt
    return read_slot(found[2])


@pytest.mark.parametrize("known", KNOWN_AS)
async def test_every_http_question_names_the_member_until_now_is_quoted_from(
    tmp_path: Path, known: str
) -> None:
    audience, told, called = KNOWN_AS[known]
    async with running_api(tmp_path, audience=audience) as api:
        await _bob_holds_it(api, told)
        said = await api.call(
            ALICE, "POST", "/v1/messages", json_body={"text": "I think Lily is sick"}
        )
        [asked] = said.body["questions"]
        listed = await api.call(ALICE, "GET", "/v1/questions")
        path = f"/v1/questions/{asked['id']}/answer"
        answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})

    bobs = _bobs(called)
    assert _until_now(str(asked["question"])) == bobs, asked["question"]
    assert [q["question"] for q in listed.body["questions"]] == [asked["question"]]
    assert (answered.status, answered.body["status"]) == (200, "confirmed"), answered.body
    assert answered.body["question"]["question"] == asked["question"]
    assert "/forget" not in str(asked["question"])  # his words, escaped: no command to tap


@pytest.mark.parametrize("known", KNOWN_AS)
async def test_mcps_questions_name_the_member_too(tmp_path: Path, known: str) -> None:
    audience, told, called = KNOWN_AS[known]
    async with running_api(tmp_path, audience=audience) as api:
        await _bob_holds_it(api, told)
        said = await api.call(
            ALICE, "POST", "/v1/messages", json_body={"text": "I think Lily is sick"}
        )
        [asked] = said.body["questions"]
        mcp = ScopedCanon(
            api.engine,
            Scope.of(ALICE, audience),
            clock=lambda: NOW,
            names=audience.configured_names(),
        )
        proposal = await mcp.propose(LILY, "at school", entity_id=FAMILY)
        listed = await mcp.pending()
        answered = await mcp.answer(str(asked["id"]), "yes")

    bobs = _bobs(called)
    assert proposal.question is not None, proposal
    assert [_held_in(q) for q in listed.pending] == [bobs, bobs]
    assert _held_in(proposal.question) == bobs
    assert answered.status == "confirmed"
    assert _held_in(answered.question) == bobs
    assert member_named(_held_in(answered.question).source) == called
