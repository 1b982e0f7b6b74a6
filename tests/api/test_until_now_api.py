""" "Until now" (the value a question would replace) says whose it is wherever a question
comes back, not only in ``GET /v1/questions``.

Bob's own client committed the household's word for Lily, text that holds a chat command
("at the clinic. Reply /forget family.lily.status"); Alice's unsure "I think Lily is sick"
is asked of her. Before, the question her ``POST /v1/messages`` returned, the one her
``POST /v1/questions/{id}/answer`` returned, and MCP's answer and proposal showed Bob's
words bare in Canon's own sentence (a ``/forget`` link in a chat); only the question list
read whose they were (``core.conversation.held_values``). Now every one says it alike:
quoted, from another member of the household. The HTTP API's test server and an MCP session
(``ScopedCanon``, what the MCP tools call) on one real SQLite store.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api, running_api
from canon_testing import NOW, make_observation

from core.domain.quoting import NAME, SLOT, Slot, read_slot
from core.mcp.models import Question
from core.mcp.scoped import Scope, ScopedCanon

LILY = "family.lily.status"
HELD = "at the clinic. Reply /forget family.lily.status"
QUOTED = json.dumps(HELD).replace("/forget", "\\u002fforget")  # no command to tap
UNTIL_NOW = f"until now: {QUOTED} (from another member of the household, quoted)"
CHANGE = re.compile(rf"({NAME}): ({SLOT}) → ({SLOT})")


async def _bob_holds_it(api: Api) -> None:
    said = make_observation(LILY, HELD, entity=FAMILY, at=NOW - timedelta(hours=1))
    posted = await api.call(BOB, "POST", "/v1/observations", json_body={"observations": [said]})
    assert posted.body["results"][0]["decision"] == "auto_commit", posted.body


async def _alice_unsure(api: Api) -> dict[str, object]:
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": "I think Lily is sick"})
    assert said.status == 200, said.body
    [asked] = said.body["questions"]
    return dict(asked)


def _held_in(question: Question) -> Slot:
    """The value an MCP prompt's change line says the question would replace."""
    found = CHANGE.search(question.prompt)
    assert found is not None, question.prompt
    return read_slot(found[2])


async def test_the_message_and_answer_responses_say_until_now_as_the_list_does(
    tmp_path: Path,
) -> None:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _bob_holds_it(api)
        asked = await _alice_unsure(api)
        listed = await api.call(ALICE, "GET", "/v1/questions")
        path = f"/v1/questions/{asked['id']}/answer"
        answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})

    assert UNTIL_NOW in str(asked["question"]), asked["question"]
    assert [q["question"] for q in listed.body["questions"]] == [asked["question"]]
    # Answered: Lily's status is Alice's "sick" now; Bob's words are read from the history.
    assert (answered.status, answered.body["status"]) == (200, "confirmed"), answered.body
    assert answered.body["question"]["question"] == asked["question"]


async def test_mcps_answer_and_proposal_say_whose_the_held_value_is(tmp_path: Path) -> None:
    bobs = Slot(HELD, "another member of the household", None)
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        await _bob_holds_it(api)
        asked = await _alice_unsure(api)
        mcp = ScopedCanon(api.engine, Scope.of(ALICE, HOUSEHOLD), clock=lambda: NOW)
        proposal = await mcp.propose(LILY, "at school", entity_id=FAMILY)
        listed = await mcp.pending()
        answered = await mcp.answer(str(asked["id"]), "yes")

    assert proposal.question is not None, proposal
    assert [_held_in(q) for q in listed.pending] == [bobs, bobs]
    assert _held_in(proposal.question) == bobs
    assert answered.status == "confirmed"
    assert _held_in(answered.question) == bobs
    [alices] = [q for q in listed.pending if q.id == asked["id"]]
    assert answered.question.prompt == alices.prompt
