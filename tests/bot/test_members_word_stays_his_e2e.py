"""Bob's word stays his when Alice's open question already proposes it, through the real
bot (the strict Bot API double, Alice's chat told as a ``story_chat.Story``, Bob in his own).

Before: Alice's "I think Lily is sick" was asked of her; Bob's "I think Lily is sick"
raised nothing in his chat (it was absorbed into her question), so her No rejected his
word too and he was never asked. Now he is asked in his own chat; her No rejects only her
word, and his Yes commits his."""

from __future__ import annotations

import pytest
from canon_testing import calibrated_policy
from chatkit import BOB, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(90)


async def test_her_no_leaves_bobs_word_his_to_answer_in_his_chat(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    story.runner = await start_bot(
        settings=HOUSEHOLD, policy=calibrated_policy(), clock=lambda: story.now
    )
    await story.hears("I think Lily is sick", "Is Lily sick today?")
    story.later(minutes=5)

    tg.user_says(BOB, "I think Lily is sick", date=int(story.now.timestamp()))
    his = await tg.prompt(BOB, "Is Lily sick today?")  # asked in his own chat

    await story.tap("Is Lily sick today?", "No")

    assert his.buttons  # still his to answer: her No was not his
    assert await story.engine.store.fact("family:smith", "family.lily.status") is None
    [open_one] = await story.engine.store.open_review_items(["family:smith"])
    assert open_one.principal == "user:bob"

    await tg.tap(BOB, his, "Yes")
    await tg.settled(his)
    fact = await story.engine.store.fact("family:smith", "family.lily.status")
    assert fact is not None
    assert (fact.value, fact.principal) == ("sick", "user:bob")
