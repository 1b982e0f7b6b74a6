"""What is pending is the same through every door: the chat's /pending lists the open
questions and then, under "Still to do:", the errands and bills still to do; the HTTP
API's GET /v1/questions and MCP's list_pending listed the questions only, so an assistant
asked "what's pending?" left out the Amazon return the user would see in the chat. Both
now give ``to_do``: the same lines, in the same words, soonest first.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW

from core.conversation.audience import Audience
from core.conversation.commands import pending_answer
from core.conversation.pending_answer import TO_DO
from core.mcp.scoped import Scope, ScopedCanon

ME = "user:primary"
CHAT_USER = 1
"""The chat's one allowed user: ``user:primary``."""


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


@pytest.mark.parametrize(
    ("said", "to_do"),
    [
        ([], []),
        (
            ["need to return the amazon package by friday"],
            ["the Amazon return, due Tomorrow (Friday, February 20)"],
        ),
        (
            ["need to return the amazon package by friday", "the water bill is due monday"],
            [
                "the Amazon return, due Tomorrow (Friday, February 20)",
                "the water bill, due Monday, February 23",
            ],
        ),
    ],
)
async def test_every_door_lists_what_is_still_to_do(
    api: Api, said: list[str], to_do: list[str]
) -> None:
    for text in said:
        await api.confirmed(ME, text)
    http = (await api.call(ME, "GET", "/v1/questions")).body
    mcp = await ScopedCanon(api.engine, Scope.of(ME, Audience()), clock=lambda: NOW).pending()
    chat = await pending_answer(
        api.engine.store, Audience(allowed_user_ids=(CHAT_USER,)), CHAT_USER, NOW
    )
    in_chat = chat.split(f"{TO_DO}\n", 1)[1].split("\n") if TO_DO in chat else []
    assert [line.removeprefix("• ") for line in in_chat] == to_do
    assert http["to_do"] == to_do
    assert mcp.to_do == to_do
