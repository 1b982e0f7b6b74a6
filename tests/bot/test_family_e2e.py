"""Family facts said in chat belong to the speaker's household when one is configured."""

from __future__ import annotations

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize(
    ("settings", "where"),
    [
        ({"family_entity": "family:smith"}, "family:smith"),
        ({}, "user:primary"),  # no household configured: as before, the speaker's own
    ],
)
async def test_a_family_fact_said_in_chat_goes_to_the_household(
    tg: FakeTelegram, start_bot: StartBot, settings: dict[str, str], where: str
) -> None:
    runner = await start_bot(settings=settings)
    await tg.confirm(ALICE, "Emma is sick today", "Is Emma sick today?")

    assert runner.chat is not None
    facts = {(f.entity_id, f.field): f.value for f in await runner.chat.engine.store.facts()}
    assert facts == {(where, "family.emma.status"): "sick"}


async def test_everyone_in_the_household_sees_its_facts(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot(settings={"family_entity": "family:smith"})
    await tg.confirm(ALICE, "Emma is sick today", "Is Emma sick today?")
    # Alice's own facts stay hers; the family's are everyone's.
    await tg.say(ALICE, "I'm in Tahoe", expect="Tahoe")
    mine = await tg.say(ALICE, "/state", expect="sick")
    theirs = await tg.say(BOB, "/state", expect="sick")
    assert "Emma" in mine.text
    assert "Emma" in theirs.text
    assert "Tahoe" not in tg.bot_messages(BOB)[-1].text
