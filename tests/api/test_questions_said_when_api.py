"""A question says when it was said from the moment it is shown, on the reader's clock, on
every surface (``core.conversation.question_now``): ``GET /v1/questions`` and MCP's
``list_pending`` say "You said it yesterday evening" of a plan Alice (in Portland) gave
her own client on Tuesday evening and looked at again on Wednesday morning, as the chat
does (``tests/bot/test_question_ages_34_e2e.py``).

Before, the API and MCP worded it "You said it", with no time, however long it had waited;
on the server's clock (UTC) Tuesday 7 pm in Portland is already Wednesday, "this morning".
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from api_harness import ALICE, AUDIENCE, running_api

from core.mcp.scope import Scope
from core.mcp.scoped import ScopedCanon

SAID = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 7 pm in Portland (Wednesday already in UTC)."""


@pytest.mark.parametrize(
    ("later", "said"),
    [
        (timedelta(0), "You said it just now"),
        (timedelta(minutes=40), "You said it 40 minutes ago"),
        (timedelta(hours=3), "You said it this evening"),
        (timedelta(hours=15), "You said it yesterday evening"),
        (timedelta(days=3), "You said it on Tuesday"),
    ],
)
async def test_the_api_and_mcp_say_when_it_was_said_as_the_chat_does(
    tmp_path: Path, later: timedelta, said: str
) -> None:
    now = [SAID]
    async with running_api(tmp_path, clock=lambda: now[0]) as api:
        await api.confirmed(ALICE, "i live in portland")
        for text in ("I'm flying to Denver on December 30", "I'm flying to Denver on January 3"):
            posted = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})
            assert posted.status == 200, posted.body
        now[0] = SAID + later

        listed = await api.call(ALICE, "GET", "/v1/questions")
        mcp = await ScopedCanon(
            api.engine, Scope.of(ALICE, AUDIENCE), clock=lambda: now[0]
        ).pending()

        [asked] = listed.body["questions"]
        assert asked["question"].split("\n")[1].startswith(f"{said}; until now:"), asked
        [prompt] = [q.prompt for q in mcp.pending]
        assert f"• {said}\n" in prompt, prompt
