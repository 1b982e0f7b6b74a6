"""Alice's household question stays hers when Bob's word is committed, through the real bot
(the strict Bot API double, Alice's chat told as a ``story_chat.Story``, Bob in his own).

Before: Alice's "I think Lily is sick" was asked of her; Bob edited his own "Is Lily well
today?" to "sick", and that commit closed Alice's question as if she had answered it.
Now it stays open, and when her chat shows it, it says what Bob said since and asks
whether she still wants to answer; her No leaves his word standing, her Yes is her own.
A tap under the message she saw before Bob's word answers nothing: it is asked again."""

from __future__ import annotations

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(90)


SINCE = "Since then, Bob said Lily is sick. Still want to answer?"


async def _household(tg: FakeTelegram, start_bot: StartBot) -> Story:
    """The bot over Alice's and Bob's household; Bob's "Lily is well" asked of him."""
    story = Story(tg)
    story.runner = await start_bot(
        settings=HOUSEHOLD, policy=calibrated_policy(), clock=lambda: story.now
    )
    tg.user_says(BOB, "Lily is well", date=int(story.now.timestamp()))
    return story


async def _bob_edits_to_sick(tg: FakeTelegram) -> None:
    his = await tg.prompt(BOB, "Is Lily well today?")
    await tg.tap(BOB, his, "Edit")
    choices = await tg.reply_after(BOB, his.message_id, "Tap one")
    await tg.tap(BOB, choices, "sick")
    await tg.settled(his)


@pytest.mark.parametrize(("label", "by"), [("No", "user:bob"), ("Yes", "user:alice")])
async def test_bobs_edit_leaves_alices_question_open_and_she_hears_of_it(
    tg: FakeTelegram, start_bot: StartBot, label: str, by: str
) -> None:
    story = await _household(tg, start_bot)
    await tg.prompt(BOB, "Is Lily well today?")
    story.says("my name is Alice")
    await tg.prompt(ALICE, "Is your name Alice?")  # asked first; hers waits behind
    await story.hears("I think Lily is sick")  # read and asked before Bob's edit lands
    story.later(minutes=5)

    await _bob_edits_to_sick(tg)
    await story.yes("Is your name Alice?")

    hers = await story.tap("Is Lily sick today?", label)
    assert hers.endswith(SINCE), hers
    fact = await story.engine.store.fact("family:smith", "family.lily.status")
    assert fact is not None
    assert (fact.value, fact.principal) == ("sick", by)


async def test_a_tap_under_the_question_she_saw_before_bobs_word_asks_it_again(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = await _household(tg, start_bot)
    await tg.prompt(BOB, "Is Lily well today?")
    story.says("I think Lily is sick")
    seen = await tg.prompt(ALICE, "Is Lily sick today?")
    await _bob_edits_to_sick(tg)

    await tg.tap(ALICE, seen, "No")

    again = await tg.prompt(ALICE, SINCE)
    assert again.message_id != seen.message_id
    assert "Asked again below" in (await tg.settled(seen)).text  # the old one points below
    fact = await story.engine.store.fact("family:smith", "family.lily.status")
    assert fact is not None
    assert (fact.value, fact.principal) == ("sick", "user:bob")
    [open_one] = await story.engine.store.open_review_items(["family:smith"])
    assert open_one.status == "pending"  # her tap answered nothing

    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    fact = await story.engine.store.fact("family:smith", "family.lily.status")
    assert fact is not None
    assert (fact.value, fact.principal) == ("sick", "user:alice")
