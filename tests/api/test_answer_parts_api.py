"""A No to some parts of a grouped question over the HTTP API, as the chat's "Which part
is wrong?": ``parts`` names the questions of the group that are wrong; only those are
rejected, the rest stays open and is returned as asked again. A No without ``parts``
rejects the whole group, as before; ``parts`` goes with a No only, and names open parts
of the question's own group, or nothing changes. An agent's token still cannot answer;
a delegate's No is recorded as its own. (MCP's answer_question takes the same ``parts``:
tests/mcp/test_mcp_answer_parts.py.)
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE

ALICE = "user:alice"
AGENT, DELEGATE = "agent:alice", "delegate:alice"
ARRIVED = {
    "travel.location": "Tahoe",
    "travel.status": "in_progress",
    "travel.depart_date": "2025-03-13",
}
"""What one calendar entry says: a trip under way in Tahoe, left on the 13th."""


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        for who, role in ((AGENT, "agent"), (DELEGATE, "delegate")):
            made = await issue_token(
                api.engine, ALICE, who.partition(":")[0], NOW, reach=(HOUSEHOLD_SCOPE,), role=role
            )
            api.tokens[who] = made.secret
        yield api


async def _asked(api: Api, ref: str = "cal-1") -> dict[str, dict[str, Any]]:
    """One calendar entry: three fields, asked as one question; each by its field."""
    for field, value in ARRIVED.items():
        obs = make_observation(field, value, source="calendar", ref=ref, entity=ALICE)
        assert (await api.engine.ingest(obs, now=NOW)).review_item_id is not None
    listed = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    asked = {q["field"]: q for q in listed}
    assert len({q["group"] for q in asked.values()}) == 1, "one group"
    return asked


async def _held(api: Api) -> dict[str, Any]:
    return {f.field: f.value for f in await api.engine.store.facts(ALICE)}


def _path(question: dict[str, Any]) -> str:
    return f"/v1/questions/{question['id']}/answer"


@pytest.mark.parametrize(
    ("answered", "wrong", "rest"),
    [
        # The question answered may be a part said wrong, or one of the rest.
        ("travel.location", ["travel.depart_date"], ["travel.location", "travel.status"]),
        ("travel.depart_date", ["travel.depart_date"], ["travel.location", "travel.status"]),
        ("travel.status", ["travel.location"], ["travel.depart_date", "travel.status"]),
        ("travel.status", ["travel.location", "travel.depart_date"], ["travel.status"]),
        # Every part named: the whole group, as a No without parts.
        ("travel.status", sorted(ARRIVED), []),
    ],
)
async def test_a_no_with_parts_rejects_those_alone_and_asks_the_rest_again(
    api: Api, answered: str, wrong: list[str], rest: list[str]
) -> None:
    asked = await _asked(api)
    no = await api.call(
        ALICE,
        "POST",
        _path(asked[answered]),
        json_body={"answer": "no", "parts": [asked[f]["id"] for f in wrong]},
    )
    assert no.status == 200, no.body
    assert no.body["committed"] is False
    assert no.body["question"]["id"] == asked[answered]["id"]
    assert no.body["status"] == ("rejected" if answered in wrong else "pending")
    assert sorted(q["field"] for q in no.body["parts_rejected"]) == sorted(wrong)
    assert {q["status"] for q in no.body["parts_rejected"]} == {"rejected"}
    assert sorted(q["field"] for q in no.body["asked_again"]) == rest
    listed = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert sorted(q["field"] for q in listed) == rest
    assert await _held(api) == {}, "a No commits nothing"
    if rest:  # the rest's Yes commits the rest, nothing said wrong
        yes = await api.call(ALICE, "POST", _path(listed[0]), json_body={"answer": "yes"})
        assert yes.status == 200, yes.body
        assert await _held(api) == {f: ARRIVED[f] for f in rest}


async def test_a_no_without_parts_still_rejects_the_whole_group(api: Api) -> None:
    asked = await _asked(api)
    no = await api.call(ALICE, "POST", _path(asked["travel.location"]), json_body={"answer": "no"})
    assert no.status == 200, no.body
    assert "asked_again" not in no.body
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"answer": "yes", "parts": ["{depart}"]}, "a Yes has no parts"),
        ({"answer": "edit", "value": "Reno", "parts": ["{depart}"]}, "an Edit has no parts"),
        ({"answer": "no", "parts": []}, "no part named"),
        ({"answer": "no", "parts": ["{depart}", "{depart}"]}, "a part twice"),
        ({"answer": "no", "parts": ["no-such-question"]}, "no such question"),
        ({"answer": "no", "parts": ["{depart}", "{other}"]}, "another question's part"),
        ({"answer": "no", "parts": "{depart}"}, "not a list"),
    ],
)
async def test_parts_that_are_not_open_parts_of_the_group_change_nothing(
    api: Api, body: dict[str, Any], why: str
) -> None:
    asked = await _asked(api)
    other = make_observation("profile.employer", "Acme", source="calendar", ref="x", entity=ALICE)
    other_id = (await api.engine.ingest(other, now=NOW)).review_item_id
    assert other_id is not None
    ids = {"{depart}": asked["travel.depart_date"]["id"], "{other}": other_id}
    parts = body["parts"]
    sent = {
        **body,
        "parts": [ids.get(p, p) for p in parts] if isinstance(parts, list) else ids[parts],
    }
    refused = await api.call(ALICE, "POST", _path(asked["travel.status"]), json_body=sent)
    assert refused.status == 422, (why, refused.body)
    listed = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert len(listed) == 4, why
    assert {q["status"] for q in listed} == {"pending"}, why


async def test_an_agent_still_cannot_answer_and_a_delegates_no_is_its_own(api: Api) -> None:
    asked = await _asked(api)
    body = {"answer": "no", "parts": [asked["travel.depart_date"]["id"]]}
    refused = await api.call(AGENT, "POST", _path(asked["travel.status"]), json_body=body)
    assert refused.status == 403, refused.body
    assert len((await api.call(ALICE, "GET", "/v1/questions")).body["questions"]) == 3
    done = await api.call(DELEGATE, "POST", _path(asked["travel.status"]), json_body=body)
    assert done.status == 200, done.body
    rejected = await api.engine.store.review_item(asked["travel.depart_date"]["id"])
    assert rejected is not None
    assert rejected.status == "rejected"
    assert "delegate" in str(rejected.answer), rejected.answer
