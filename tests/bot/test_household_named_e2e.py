"""Who said it, by name, in every view of a household's shared facts (the thirty-first
round, through the real bot): Bob's question to Alice already said "Bob says you're in
Tahoe", yet her /state and /why said the fever he confirmed came from "another member of
the household". A member Canon knows by name is named wherever their word is shown to
the other (a configured name, or one the member told Canon and confirmed); one it does
not know stays "another member of the household", and what they said stays theirs."""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(90)

NAMED_BY: dict[str, tuple[dict[str, Any], str]] = {
    # how Bob is known -> (the bot's settings, what Alice is told)
    "configured": (HOUSEHOLD, "Bob"),
    "told Canon himself": ({**HOUSEHOLD, "user_names": {}}, "Bob"),
    "unknown": ({**HOUSEHOLD, "user_names": {}}, "another member of the household"),
}


@pytest.mark.parametrize("known", NAMED_BY)
@pytest.mark.parametrize(("bob_says", "shown"), [("noah has a fever", "Noah is sick")])
async def test_alice_hears_whose_word_a_shared_fact_is(
    tg: FakeTelegram, start_bot: StartBot, known: str, bob_says: str, shown: str
) -> None:
    settings, who = NAMED_BY[known]
    await start_bot(settings=settings)
    await tg.confirm(ALICE, "my name is Alice", "Is your name Alice?")
    if known == "told Canon himself":
        await tg.confirm(BOB, "my name is Bob", "Is your name Bob?")
    await tg.confirm(BOB, bob_says, "Noah")

    listed = await tg.say(ALICE, "/state", expect=shown)
    assert f"{shown} — {who} confirmed it" in listed.text, listed.text
    why = await tg.say(ALICE, "/why noah", expect="Noah")
    assert f"confirmed by {who}" in why.text, why.text
    assert bob_says not in why.text  # his words stay his: the value, who and when
    changes = await tg.say(ALICE, "/history noah", expect="Noah")
    assert f"confirmed by {who}" in changes.text, changes.text

    mine = await tg.say(BOB, "/state", expect=shown)
    assert f"{shown} — you confirmed it" in mine.text, mine.text
