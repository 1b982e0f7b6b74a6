"""An /undo or /forget answered after a newer word undoes nothing of that word (the HTTP
API on a real SQLite store, Alice's own client).

Before: Alice said "I'm in Tahoe", asked /undo ("Undo: forget your location (Tahoe)?"),
then said "I'm in Denver" before answering; her Yes to the undo forgot Denver, a word the
question never named. Serially, the undo of Tahoe answered after Denver has nothing left
to undo: it is closed as superseded, and Denver stays."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import ALICE, Api, running_api

LOCATION = "travel.location"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _location(api: Api) -> object:
    state = await api.call(ALICE, "GET", "/v1/state")
    fact = state.body["entities"].get(ALICE, {}).get(LOCATION)
    return None if fact is None else fact["value"]


@pytest.mark.parametrize(
    ("correction", "body"),
    [("/v1/undo", {}), ("/v1/forget", {"field": LOCATION})],
)
@pytest.mark.parametrize(
    ("meanwhile", "after"),
    [(None, None), ("I'm in Denver", "Denver")],
    ids=["nothing said since: undone", "a newer place since: kept"],
)
async def test_a_correction_undoes_only_what_it_named(
    api: Api, correction: str, body: dict[str, str], meanwhile: str | None, after: object
) -> None:
    await api.confirmed(ALICE, "I'm in Tahoe")
    asked = await api.call(ALICE, "POST", correction, json_body=body)
    assert asked.status == 201, asked.body
    assert "Tahoe" in asked.body["question"]["question"]
    if meanwhile is not None:
        await api.confirmed(ALICE, meanwhile)

    path = f"/v1/questions/{asked.body['question']['id']}/answer"
    answered = await api.call(ALICE, "POST", path, json_body={"answer": "yes"})

    assert answered.status == 200, answered.body
    assert answered.body["question"]["status"] == ("superseded" if meanwhile else "confirmed")
    assert await _location(api) == after
