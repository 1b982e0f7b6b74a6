"""An older question's Yes never overturns a newer word, through the real bot (the strict
Bot API double; Bob's chat and Alice's on one household, on a clock the story moves on).

Before: Bob's unsure "noah is sick" was asked of him ("Is Noah sick today?"); half an hour
later Alice said "noah is well" and confirmed it. Bob's Yes under the question as he
first saw it would make Noah sick again over her newer word, had the chat not asked it
again; over any other door it did. Now the one rule (``core.domain.overtaken``) holds on
every door: in the chat his Yes or typed "yes" answers nothing, the message he answered
says "That question was overtaken: Alice told me at 18:30 that Noah is well. Asked again
below.", and it is asked again saying so; his Yes there is his own word. Alice's word
stands until then, and his No leaves it standing."""

from __future__ import annotations

import pytest
from canon_testing import calibrated_policy
from chatkit import BOB, StartBot
from fakes.telegram_api import ChatMessage, FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD

pytestmark = pytest.mark.timeout(90)

NOAH = "family.noah.status"
OVERTAKEN = "↓ That question was overtaken: Alice told me at 18:30 that Noah is well."
SINCE = "Since then, Alice said Noah is well. Still want to answer?"


async def _bobs_question_then_alices_word(
    tg: FakeTelegram, start_bot: StartBot
) -> tuple[Story, ChatMessage]:
    story = Story(tg)
    story.runner = await start_bot(
        settings=HOUSEHOLD, policy=calibrated_policy(), clock=lambda: story.now
    )
    story.says("my name is Alice")
    await story.yes("Is your name Alice?")
    tg.user_says(BOB, "noah is sick", date=int(story.now.timestamp()))
    his = await tg.prompt(BOB, "Is Noah sick today?")
    story.later(minutes=30)
    story.says("noah is well")
    await story.yes("Is Noah well today?")
    return story, his


async def _noah(story: Story) -> tuple[object, str | None]:
    fact = await story.engine.store.fact("family:smith", NOAH)
    assert fact is not None
    return fact.value, fact.principal


@pytest.mark.parametrize("how", ["tap", "typed"])
async def test_his_yes_to_the_question_as_first_shown_is_overtaken(
    tg: FakeTelegram, start_bot: StartBot, how: str
) -> None:
    story, his = await _bobs_question_then_alices_word(tg, start_bot)

    if how == "tap":
        await tg.tap(BOB, his, "Yes")
    else:
        tg.user_says(BOB, "yes", date=int(story.now.timestamp()))
    again = await tg.prompt(BOB, SINCE)

    assert again.message_id != his.message_id
    assert OVERTAKEN in (await tg.settled(his)).text
    assert await _noah(story) == ("well", "user:alice")  # her newer word stands
    [open_one] = await story.engine.store.open_review_items(["family:smith"])
    assert (open_one.candidate_value, open_one.status) == ("sick", "pending")


@pytest.mark.parametrize(("label", "after"), [("Yes", ("sick", "user:bob")), ("No", None)])
async def test_asked_again_with_her_word_his_answer_is_his_own(
    tg: FakeTelegram, start_bot: StartBot, label: str, after: tuple[str, str] | None
) -> None:
    story, his = await _bobs_question_then_alices_word(tg, start_bot)
    await tg.tap(BOB, his, "Yes")
    again = await tg.prompt(BOB, SINCE)

    await tg.tap(BOB, again, label)
    await tg.settled(again)

    assert await _noah(story) == (after or ("well", "user:alice"))
    assert await story.engine.store.open_review_items(["family:smith"]) == []
