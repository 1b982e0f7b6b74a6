"""A member's "we" about the trip the other member planned but has not confirmed yet,
through the real bot (the strict Bot API double, Alice's chat told as a ``story_chat.Story``,
Bob in his own).

Alice said "I think we leave for tahoe sunday, back the 6th": unsure, so asked ("Is all
of this right? • Is your trip going to Tahoe? ..."), nothing held yet. Before: Bob's "trip's
off, we're staying home" then asked Bob "Is your trip off?" of a trip he never had, and
Alice heard nothing of it (his "we" crossed only to a trip she held). Now her open plan is
her trip for his "we" too: his word is asked of her, naming him, after her own question
and never beside it (one prompt at a time, never two that contradict): her Yes to her
plan holds it and then asks "Bob says your Tahoe trip is off — is that right?"; her No to
her plan leaves no trip to call off, and his word closes with it unasked. Bob is asked
nothing and gains no trip."""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, quiet
from fakes.telegram_api import FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD
from test_household_we_trip_32_e2e import _bob_says, _trip

pytestmark = pytest.mark.timeout(120)

HER_PLAN = "Is all of this right?\n• Is your trip going to Tahoe?"
BOBS_WORD = "Bob says your trip is off — is that right?"


async def _alice_unsure_then_bob(story: Story, start_bot: Any, words: str) -> None:
    await story.start(start_bot)
    await story.hears("my name is Alice")
    await story.yes("Is your name Alice?")
    await story.hears("I think we leave for tahoe sunday, back the 6th", HER_PLAN)
    story.later(hours=2)
    await _bob_says(story, words, "I'll ask Alice to confirm it.")
    await story.quiet()


def _prompts(tg: FakeTelegram, who: int) -> list[str]:
    return [p.text.split("\n")[0] for p in tg.open_prompts(who)]


async def test_bobs_we_waits_behind_her_open_plan_and_is_asked_once_after_her_yes(
    tg: FakeTelegram, start_bot: Any
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_unsure_then_bob(story, start_bot, "trip's off, we're staying home")

    assert _prompts(tg, ALICE) == ["Is all of this right?"]  # hers alone, as she left it
    assert tg.open_prompts(BOB) == []  # no "Is your trip off?" of a trip he never had
    assert await _trip(story, "user:bob") == {}

    await story.yes(HER_PLAN)
    assert (await _trip(story, "user:alice"))["travel.status"] == "planning"
    await story.quiet()
    assert _prompts(tg, ALICE) == [BOBS_WORD]

    # Shown after her own Yes, his question was read knowing it: her Yes to it stands
    # (her plan is no newer word that overtook it).
    asked = await story.yes(BOBS_WORD)
    assert "Only you can confirm what others say of you." in asked
    assert (await _trip(story, "user:alice"))["travel.status"] == "cancelled"
    said = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert said.count(BOBS_WORD) == 1


async def test_her_no_to_her_plan_closes_his_word_with_it(tg: FakeTelegram, start_bot: Any) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await _alice_unsure_then_bob(story, start_bot, "we cancelled tahoe")

    await story.no_to_all(HER_PLAN)
    await story.quiet()

    assert tg.open_prompts(ALICE) == []
    assert "Bob says" not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert await story.engine.store.open_review_items(["user:alice", "user:bob"]) == []
    assert "travel.status" not in await _trip(story, "user:alice")


@pytest.mark.parametrize(
    "words", ["are we still going?", "I cancelled my trip, we'll see", "we cancelled denver"]
)
async def test_what_is_no_news_of_her_plan_reaches_nobody(
    tg: FakeTelegram, start_bot: Any, words: str
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    await story.start(start_bot)
    await story.hears("my name is Alice")
    await story.yes("Is your name Alice?")
    await story.hears("I think we leave for tahoe sunday, back the 6th", HER_PLAN)
    story.later(hours=2)
    await _bob_says(story, words, "")
    await quiet(tg, story.runner, BOB)  # type: ignore[arg-type]
    await story.yes(HER_PLAN)
    await story.quiet()

    assert "Bob says" not in "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert (await _trip(story, "user:alice"))["travel.status"] == "planning"
