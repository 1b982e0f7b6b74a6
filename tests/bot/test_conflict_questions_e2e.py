"""A contradiction between facts, asked in the chat as one plain question."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(60)


async def test_in_tahoe_before_the_departure_date(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "We fly to Tahoe next Saturday", expect="")
    tg.user_says(ALICE, "We're in Tahoe")
    prompt = await tg.prompt(ALICE, "in the future")
    question, why = prompt.text.splitlines()
    assert question.startswith("Did you leave on ")
    assert why.startswith("The trip is under way, but your departure date is still ")
    assert why.endswith(", in the future.")
    assert [[b["text"] for b in row] for row in prompt.buttons] == [["Yes", "No", "Edit"]]
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert prompt.text.endswith("✅ Confirmed")
    assert runner.chat is not None
    depart = await runner.chat.engine.store.fact("user:primary", "travel.depart_date")
    assert depart is not None
    assert depart.resolution == "user_confirm"
    assert tg.open_prompts(ALICE) == []


async def test_no_keeps_both_and_the_agent_still_sees_the_conflict_kept(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "We fly to Tahoe next Saturday", expect="")
    tg.user_says(ALICE, "We're in Tahoe")
    prompt = await tg.prompt(ALICE, "in the future")
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert "Rejected, nothing changed" in prompt.text
    assert runner.chat is not None
    status = await runner.chat.engine.store.fact("user:primary", "travel.status")
    assert status is not None
    assert status.value == "in_progress"
    await tg.say(ALICE, "We're in Tahoe", expect="")
    assert tg.open_prompts(ALICE) == [], "a conflict the user kept is not asked again"
