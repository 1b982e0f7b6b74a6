"""A departure asked of a trip already under way reads the same over the HTTP API as in
the chat: "Did you leave on Thursday, February 19?" (``core.conversation.trip_left``).

Before: the chat asked it in the past, but ``POST /v1/messages`` and ``GET /v1/questions``
still said "Do you leave on Thursday, February 19?" of a day gone by. The look-alikes: a
trip only planned, moved to a later day, and a new trip planned while one is under way,
are each asked ahead ("Do you leave on ...?")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api

ALICE = "user:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _say(api: Api, text: str) -> list[str]:
    """The questions ``POST /v1/messages`` returns for ``text``."""
    said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})
    assert said.status == 200, said.body
    return [q["question"] for q in said.body.get("questions", [])]


async def _asked(api: Api) -> list[str]:
    return [
        q["question"] for q in (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    ]


async def _yes_to_all(api: Api) -> None:
    for q in (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]:
        path = f"/v1/questions/{q['id']}/answer"
        await api.call(ALICE, "POST", path, json_body={"answer": "yes"})


async def test_a_departure_of_a_trip_under_way_is_asked_in_the_past(api: Api) -> None:
    await _say(api, "going to tahoe in 3 days")
    await _yes_to_all(api)
    returned = await _say(api, "finally in tahoe, drove up today")
    listed = await _asked(api)
    for questions in (returned, listed):
        assert any("Did you leave on Thursday, February 19?" in q for q in questions), questions
        assert not any("Do you leave" in q for q in questions), questions


@pytest.mark.parametrize(
    "said",
    ["actually we leave in 2 days now", "going to tahoe friday"],
)
async def test_a_day_still_ahead_is_asked_ahead(api: Api, said: str) -> None:
    """A planned trip's day moved, or (the trip planned) another day named: still to come."""
    await _say(api, "going to tahoe in 3 days")
    await _yes_to_all(api)
    asked = [*await _say(api, said), *await _asked(api)]
    assert any("Do you leave on" in q for q in asked), asked
    assert not any("Did you leave" in q for q in asked), asked
