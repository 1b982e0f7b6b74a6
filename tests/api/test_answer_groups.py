"""A Yes or No over the HTTP API answers the question's group, as the user's tap does in
the chat: "we're back home in portland" raises the location and the trip's end together,
and the chat asks them as one question ("Back home in Portland?"). Answered one part at a
time, the other part was left to be asked apart ("Is your trip over?"). An Edit answers
its one question. ``group`` tells a client which questions go together, and nothing of
who wrote them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

ALICE = "user:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _asked(api: Api) -> list[dict[str, object]]:
    """A calendar puts Alice in Tahoe on a trip: one input, two fields, asked as one."""
    for field, value in (("travel.location", "Tahoe"), ("travel.status", "in_progress")):
        obs = make_observation(field, value, source="calendar", ref="cal-1", entity=ALICE)
        assert (await api.engine.ingest(obs, now=NOW)).review_item_id is not None
    listed = await api.call(ALICE, "GET", "/v1/questions")
    return list(listed.body["questions"])


async def test_a_yes_answers_every_question_of_its_group(api: Api) -> None:
    asked = await _asked(api)
    assert sorted(q["field"] for q in asked) == ["travel.location", "travel.status"]
    groups = {q["group"] for q in asked}
    (group,) = groups
    assert isinstance(group, str)
    assert ALICE not in group, "opaque: no entity, no writer"

    first, second = asked
    yes = await api.call(
        ALICE, "POST", f"/v1/questions/{first['id']}/answer", json_body={"answer": "yes"}
    )
    assert (yes.status, yes.body["committed"]) == (200, True)
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []
    location = await api.engine.store.fact(ALICE, "travel.location")
    status = await api.engine.store.fact(ALICE, "travel.status")
    assert (location and location.value, status and status.value) == ("Tahoe", "in_progress")
    again = await api.call(
        ALICE, "POST", f"/v1/questions/{second['id']}/answer", json_body={"answer": "yes"}
    )
    assert again.status == 409, "answered with its group"


async def test_a_no_rejects_the_whole_group(api: Api) -> None:
    first, _ = await _asked(api)
    no = await api.call(
        ALICE, "POST", f"/v1/questions/{first['id']}/answer", json_body={"answer": "no"}
    )
    assert (no.status, no.body["committed"]) == (200, False)
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []
    assert await api.engine.store.fact(ALICE, "travel.status") is None


async def test_an_edit_answers_its_one_question(api: Api) -> None:
    asked = await _asked(api)
    where = next(q for q in asked if q["field"] == "travel.location")
    edit = await api.call(
        ALICE,
        "POST",
        f"/v1/questions/{where['id']}/answer",
        json_body={"answer": "edit", "value": "Reno"},
    )
    assert edit.status == 200
    left = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert "travel.status" in {q["field"] for q in left}


async def test_a_question_asked_alone_has_no_group(api: Api) -> None:
    obs = make_observation("travel.location", "Tahoe", source="calendar", entity=ALICE)
    obs["source"].pop("ref", None)
    await api.engine.ingest(obs, now=NOW)
    (alone,) = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    assert alone["group"] is None


async def test_a_yes_reports_what_it_also_settled(api: Api) -> None:
    """Alice's trip to Tahoe is under way; a mail says it is over, asked; meanwhile she
    confirmed being in Tahoe. Her Yes to the trip's end, over the API, cannot leave her
    in Tahoe: the answer forgets it and says so in ``also_settled`` (no second question)."""
    before = NOW - timedelta(days=5)
    for field, value in (("travel.destination", "Tahoe"), ("travel.status", "in_progress")):
        obs = make_observation(field, value, source="user_confirmation", entity=ALICE, at=before)
        assert (await api.engine.ingest(obs, now=before)).committed
    over = make_observation(
        "travel.status",
        "completed",
        source="email",
        ref="m-1",
        entity=ALICE,
        needs_confirmation="a mail says so",
    )
    asked = (await api.engine.ingest(over, now=NOW)).review_item_id
    assert asked is not None
    there = make_observation("travel.location", "Tahoe", source="user_confirmation", entity=ALICE)
    assert (await api.engine.ingest(there, now=NOW)).committed
    yes = await api.call(
        ALICE, "POST", f"/v1/questions/{asked}/answer", json_body={"answer": "yes"}
    )
    assert yes.status == 200
    [also] = yes.body["also_settled"]
    assert (also["field"], also["status"]) == ("travel.location", "confirmed")
    assert await api.engine.store.fact(ALICE, "travel.location") is None
    assert (await api.call(ALICE, "GET", "/v1/questions")).body["questions"] == []
