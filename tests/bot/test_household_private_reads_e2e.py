"""What Bob can read of Alice through the bot, sharing her household: nothing of her own
state (her place), nor the household question her own words raised, whichever command or
question he asks (the twenty-sixth round's attack; held)."""

from __future__ import annotations

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(120)

ASKED = [
    "/state",
    "/why location",
    "/why travel.location",
    "/history",
    "/history travel.location",
    "/pending",
    "/why",
    "where is alice?",
    "what do you know about alice?",
    "where am i",
]


async def test_bob_reads_nothing_of_alices_own_state(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot(settings=HOUSEHOLD)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    await tg.say(ALICE, "I'm in Denver", expect="Denver")
    await tg.say(ALICE, "I think Lily is sick", expect="")
    before = len(tg.bot_messages(BOB))

    for asked in ASKED:
        await tg.say(BOB, asked, expect="")

    heard = "\n".join(m.text for m in tg.bot_messages(BOB)[before:])
    assert "Denver" not in heard, heard
    assert "denver" not in heard.lower(), heard
    assert "Lily" not in heard, heard  # her own household question is not listed to him
