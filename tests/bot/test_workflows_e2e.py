"""/setup over the Bot API double: the real bot, its SQLite file holding Canon's data and the
workflow checkpoints, stopped and started again in the middle of the workflow."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(90)


async def test_setup_over_telegram_survives_a_restart(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot()
    assert "setup" in [c["command"] for c in tg.commands]
    await tg.say(ALICE, "/setup", expect="Setup: profile (step 1 of 4)\nTell me about you")
    await tg.say(ALICE, "My name is Ada", expect="Setup: profile (step 1 of 4)\nGot it: your name.")
    await tg.prompt(ALICE, "Ada")
    calendar = await tg.say(ALICE, "check", expect="Setup: calendar (step 2 of 4)")
    assert "No calendar source is configured yet" in calendar.text
    await stop_bot(tg, first)

    await start_bot()
    prompt = await tg.prompt(ALICE, "Ada")  # the open question is asked again after the restart
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    await tg.say(ALICE, "skip", expect="Setup: calendar (step 2 of 4)\nSkipped calendar.")
    await tg.say(ALICE, "skip", expect="Setup: done (step 4 of 4)\nSetup is complete.")
    texts = [m.text for m in tg.bot_messages(ALICE)]
    assert "Setup: mail (step 3 of 4)" in "\n".join(texts)
    await tg.say(ALICE, "/state profile", expect="Ada")
