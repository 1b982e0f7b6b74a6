"""An older question's Yes never overturns a newer word unseen, over the HTTP API (a real
SQLite store and PostgreSQL; Alice's and Bob's own clients on one household).

Before: Bob's unsure "I think Noah is sick" was asked of him; Alice then said plainly
"Noah is well" (committed on her word); Bob's client answered his older question Yes, as
it had listed it before her word, and "sick" replaced her newer word in silence. Now a Yes
over a person's word committed after the question was asked, that the answer does not say
it was shown (``seen_since``: the ``said_since.committed_at`` listed with the question),
is a 409 ``overtaken`` problem (over MCP, ``answer_question``'s error) saying whose word, when and what; nothing changes and the
question stays open, listed with her word. Answered again naming it, his Yes is his word.
A No, an Edit, and a Yes to the value already held are never overtaken."""

from __future__ import annotations

from typing import Any

import pytest
from api_harness import ALICE, BOB, FAMILY, HOUSEHOLD, Api
from canon_testing import NOW, make_observation
from test_members_question_stays_api import _asked, _says
from test_members_question_stays_api import api as api  # the fixture: SQLite and PostgreSQL

from core.errors import Overtaken
from core.mcp.scoped import Scope, ScopedCanon

NOAH = "family.noah.status"
OVERTAKEN = (
    "That question was overtaken: another member of the household told me at 14:30 that "
    "Noah is well. Nothing changed; to still say yes, answer again with seen_since "
)


async def _alice_states(api: Api, value: str) -> None:
    """Alice's own client states it plainly: committed on her word."""
    plain = make_observation(NOAH, value, entity=FAMILY)
    posted = await api.call(ALICE, "POST", "/v1/observations", json_body={"observations": [plain]})
    assert posted.body["results"][0]["decision"] == "auto_commit", posted.body


async def _bobs_question_then_alices_word(api: Api) -> dict[str, Any]:
    """Bob's unsure word asked of him, listed; then Alice's plain "well". His question as
    his client listed it before her word."""
    await _says(api, BOB, "I think Noah is sick")
    [listed] = await _asked(api, BOB)
    assert (listed["candidate_value"], listed["said_since"]) == ("sick", None)
    await _alice_states(api, "well")
    return listed


async def _answer(api: Api, question: dict[str, Any], **body: Any) -> tuple[int, Any]:
    path = f"/v1/questions/{question['id']}/answer"
    got = await api.call(BOB, "POST", path, json_body=body)
    return got.status, got.body


async def _noah(api: Api) -> tuple[Any, str | None]:
    fact = await api.engine.store.fact(FAMILY, NOAH)
    assert fact is not None
    return fact.value, fact.principal


async def test_his_yes_as_listed_before_her_word_is_overtaken_and_changes_nothing(
    api: Api,
) -> None:
    listed = await _bobs_question_then_alices_word(api)

    status, problem = await _answer(api, listed, answer="yes")

    assert status == 409, problem
    assert problem["type"].endswith("/overtaken")
    assert problem["detail"].startswith(OVERTAKEN), problem["detail"]
    assert (problem["said_since"]["member"], problem["said_since"]["value"]) == (ALICE, "well")
    assert await _noah(api) == ("well", ALICE)  # her newer word stands
    [again] = await _asked(api, BOB)  # still his, now saying what she said
    assert again["id"] == listed["id"]
    assert again["said_since"]["committed_at"] == problem["said_since"]["committed_at"]


async def test_answered_again_knowing_her_word_his_yes_is_his_word(api: Api) -> None:
    listed = await _bobs_question_then_alices_word(api)
    [again] = await _asked(api, BOB)

    seen = again["said_since"]["committed_at"]
    status, body = await _answer(api, again, answer="yes", seen_since=seen)

    assert status == 200, body
    assert await _noah(api) == ("sick", BOB)
    assert await _asked(api, BOB) == []
    assert listed["id"] == again["id"]


async def test_a_seen_since_older_than_her_word_still_is_overtaken(api: Api) -> None:
    """Naming a word older than hers (one he read before she spoke) is not reading hers."""
    await _bobs_question_then_alices_word(api)
    [again] = await _asked(api, BOB)

    status, problem = await _answer(api, again, answer="yes", seen_since="2026-02-19T14:29:00Z")

    assert status == 409, problem
    assert await _noah(api) == ("well", ALICE)


@pytest.mark.parametrize(
    ("body", "after"),
    [
        ({"answer": "no"}, ("well", ALICE)),  # his No rejects his own word only
        ({"answer": "edit", "value": "well"}, ("well", BOB)),  # his own new word
    ],
    ids=["no", "edit"],
)
async def test_a_no_or_an_edit_is_never_overtaken(
    api: Api, body: dict[str, Any], after: tuple[str, str]
) -> None:
    listed = await _bobs_question_then_alices_word(api)

    status, answered = await _answer(api, listed, **body)

    assert status == 200, answered
    assert await _noah(api) == after


async def test_a_yes_to_the_value_already_held_overturns_nothing(api: Api) -> None:
    await _says(api, BOB, "I think Noah is sick")
    [listed] = await _asked(api, BOB)
    await _alice_states(api, "sick")

    status, body = await _answer(api, listed, answer="yes")

    assert status == 200, body
    assert await _noah(api) == ("sick", BOB)


async def test_a_seen_since_that_is_no_timestamp_is_refused(api: Api) -> None:
    listed = await _bobs_question_then_alices_word(api)

    status, problem = await _answer(api, listed, answer="yes", seen_since="at lunch")

    assert status == 422, problem
    assert await _noah(api) == ("well", ALICE)


def _bobs_session(api: Api) -> ScopedCanon:
    """Bob's own assistant over MCP, acting for him on the same store."""
    return ScopedCanon(api.engine, Scope.of(BOB, HOUSEHOLD), clock=lambda: NOW)


async def test_over_mcp_his_yes_is_overtaken_until_he_names_her_word(api: Api) -> None:
    """The same rule over MCP: ``answer_question`` refuses the Yes, saying whose word, when
    and what and how to answer knowing it; ``list_pending`` shows the word, and the Yes
    naming its ``committed_at`` is his."""
    await _bobs_question_then_alices_word(api)
    mcp = _bobs_session(api)
    [pending] = (await mcp.pending()).pending

    with pytest.raises(Overtaken) as refused:
        await mcp.answer(pending.id, "yes")

    assert str(refused.value).startswith(OVERTAKEN), str(refused.value)
    assert await _noah(api) == ("well", ALICE)
    assert pending.said_since is not None
    answered = await mcp.answer(pending.id, "yes", seen_since=pending.said_since.committed_at)
    assert answered.committed
    assert await _noah(api) == ("sick", f"mcp:{BOB}")  # his own session's word
