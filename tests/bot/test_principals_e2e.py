"""Who said what, through the real bot: what a member says and confirms is recorded as
theirs, and /why tells each member who it came from without another member's ids."""

from __future__ import annotations

import pytest
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(60)


async def test_why_in_chat_names_who_said_it_and_shows_nobody_elses_ids(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings={"family_entity": "family:smith"})
    await tg.confirm(ALICE, "Emma is sick today", "Is Emma sick today?")

    assert runner.chat is not None
    store = runner.chat.engine.store
    said, answered = await store.events_for("family:smith", "family.emma.status", None)
    assert (said.principal, answered.principal) == ("user:primary", "user:primary")
    assert (said.source_ref or "").startswith(f"tg:{ALICE}:")  # her chat, her message

    await tg.say(BOB, "/why family.emma.status", expect="by another member of the household")
    bobs = tg.bot_messages(BOB)[-1].text
    assert "Emma's status: sick — confirmed by another member of the household" in bobs
    assert "by you" not in bobs
    assert f"tg:{ALICE}" not in bobs

    await tg.say(ALICE, "/why family.emma.status", expect="confirmed by you")
    assert "another member" not in tg.bot_messages(ALICE)[-1].text


async def test_history_in_chat_says_a_change_was_another_members(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot(settings={"family_entity": "family:smith"})
    await tg.confirm(ALICE, "Emma is sick today", "Is Emma sick today?")
    await tg.say(BOB, "/history family.emma.status", expect="by another member of the household")
    await tg.say(ALICE, "/history family.emma.status", expect="sick (confirmed by you)")


async def test_an_answer_and_the_state_say_which_member_confirmed_a_household_fact(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Alice confirmed Emma sick; Bob then confirmed her well. Alice is never told she
    confirmed what Bob did, in a reply from state or in /state."""
    await start_bot(settings={"family_entity": "family:smith"})
    await tg.confirm(ALICE, "emma has a fever today", "Is Emma sick today?")
    await tg.say(ALICE, "is emma sick?", expect="Emma is sick (you confirmed it")

    await tg.confirm(BOB, "emma is better now", "Is Emma well")

    said = await tg.say(ALICE, "is emma sick?", expect="Emma is well")
    assert "(another member of the household confirmed it" in said.text
    state = await tg.say(ALICE, "/state", expect="Emma is well")
    assert "Emma is well — another member of the household confirmed it" in state.text
    # Bob's own answer is his.
    said = await tg.say(BOB, "is emma sick?", expect="Emma is well")
    assert "(you confirmed it" in said.text
