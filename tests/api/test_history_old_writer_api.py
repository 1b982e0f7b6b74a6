"""GET /v1/history says of each change whose the value it replaced was and what the old
and the new value meant then, as /v1/state says what a value means: a reader of the
history alone can tell another member's word from their own, and a return's "pending"
from "not done yet" (a real SQLite store, each member's own client)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import ALICE, BOB, HOUSEHOLD, Api, running_api

STATUS = "financial.amazon_return.status"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    """Alice: a return due Friday, then sent back; she says Bob is away, Bob says he is home."""
    async with running_api(tmp_path, audience=HOUSEHOLD) as api:
        for who, text in [
            (ALICE, "I need to return the Amazon package by Friday"),
            (ALICE, "I dropped off the Amazon return today"),
            (ALICE, "bob is away this week"),
            (BOB, "bob is back home now"),
        ]:
            await api.confirmed(who, text)
        yield api


def _row(c: dict[str, Any]) -> tuple[Any, ...]:
    return (
        c["field"],
        c["old_value"],
        c["new_value"],
        c["by"],
        c["old_by"],
        c.get("old_meaning"),
        c.get("meaning"),
    )


async def test_each_change_says_whose_the_old_value_was_for_each_reader(api: Api) -> None:
    status = "family.bob.status"
    for reader, rows in {
        ALICE: [
            (status, None, "away", "you", None, None, None),
            (status, "away", "home", "another member of the household", "you", None, None),
        ],
        BOB: [
            (status, None, "away", "another member of the household", None, None, None),
            (status, "away", "home", "you", "another member of the household", None, None),
        ],
    }.items():
        got = await api.call(reader, "GET", "/v1/history", params={"field": status})
        assert [_row(c) for c in got.body["changes"]] == rows, reader


async def test_a_returns_status_changes_say_what_each_value_meant_then(api: Api) -> None:
    got = await api.call(ALICE, "GET", "/v1/history", params={"field": STATUS})
    assert [_row(c) for c in got.body["changes"]] == [
        (STATUS, None, "due", "you", None, None, "still to send back by 2026-02-20"),
        (
            STATUS,
            "due",
            "pending",
            "you",
            "you",
            "still to send back by 2026-02-20",
            "sent back, refund awaited",
        ),
    ]
    # The whole history says the same of the status, and the due day it was read beside.
    whole = await api.call(ALICE, "GET", "/v1/history")
    assert [_row(c) for c in whole.body["changes"] if c["field"] == STATUS] == [
        _row(c) for c in got.body["changes"]
    ]
    # /v1/why's changes are the history's.
    why = await api.call(ALICE, "GET", "/v1/why", params={"field": STATUS})
    assert why.body["changes"] == got.body["changes"]
    state = await api.call(ALICE, "GET", "/v1/state")
    assert state.body["entities"][ALICE][STATUS]["meaning"] == got.body["changes"][-1]["meaning"]
