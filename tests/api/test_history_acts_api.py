"""Two acts at one moment are two writes in /v1/history and /v1/why: what an errand's
value meant is read beside the parts its own act wrote, never beside another input's that
was committed in the same instant (a real SQLite store, Alice's own client, one clock).

An act is the input behind a commit (its source ref: a message, a feed's item, a line of
a file), or one answer (a Yes to a group settles its parts together). Before, the history
joined neighbouring commits of one moment: a status told in one input read the due day
another input told in the same instant, as if it had been said with it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, HOUSEHOLD, Api, running_api
from canon_testing import make_observation

STATUS = "financial.amazon_return.status"
DUE = "financial.amazon_return.due_date"
BY_FRIDAY = "still to send back by 2026-02-20"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        yield api


async def _posted(api: Api, *refs: str) -> None:
    """Alice's client posts the return still due (``refs[0]``) and its day (``refs[-1]``)
    in one request: one moment."""
    observations = [
        make_observation(STATUS, "due", entity=ALICE, ref=refs[0]),
        make_observation(DUE, "2026-02-20", entity=ALICE, ref=refs[-1]),
    ]
    posted = await api.call(
        ALICE, "POST", "/v1/observations", json_body={"observations": observations}
    )
    assert posted.status == 200, posted.body
    assert [r["committed"] for r in posted.body["results"]] == [True, True], posted.body


def _meanings(changes: list[dict[str, Any]]) -> dict[str, str | None]:
    return {c["field"]: c.get("meaning") for c in changes}


@pytest.mark.parametrize(
    ("refs", "status_meant"),
    [
        # One input told both: the status is read beside its day.
        (("mail:42",), BY_FRIDAY),
        # Two inputs, one instant: the status was told with no day; the day came apart.
        (("mail:42", "mail:43"), "still to send back"),
    ],
)
async def test_an_errands_meaning_is_read_beside_its_own_acts_parts(
    api: Api, refs: tuple[str, ...], status_meant: str
) -> None:
    await _posted(api, *refs)
    history = await api.call(ALICE, "GET", "/v1/history")
    assert _meanings(history.body["changes"])[STATUS] == status_meant
    for field in (STATUS, DUE):
        one = await api.call(ALICE, "GET", "/v1/history", params={"field": field})
        why = await api.call(ALICE, "GET", "/v1/why", params={"field": field})
        assert why.body["changes"] == one.body["changes"]
    why = await api.call(ALICE, "GET", "/v1/why", params={"field": STATUS})
    assert _meanings(why.body["changes"])[STATUS] == status_meant


async def test_one_yes_to_a_group_is_one_act(api: Api) -> None:
    """A message's status and day, asked as one question and settled by one Yes, are
    committed under each part's own question: still one act."""
    await api.confirmed(ALICE, "I need to return the Amazon package by Friday")
    history = await api.call(ALICE, "GET", "/v1/history", params={"field": STATUS})
    assert _meanings(history.body["changes"]) == {STATUS: BY_FRIDAY}
