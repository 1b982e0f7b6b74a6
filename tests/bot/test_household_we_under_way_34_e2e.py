"""A member's "we" about a trip the other member has under way, through the real bot (the
strict Bot API double, Alice's chat told as a ``story_chat.Story``, Bob in his own).

Before, only a trip with a place held (or an open plan with a destination) was Alice's
trip for Bob's "we": with "I'm away on a trip" held (under way, no place said), or only
where she is held (away from home, no trip state), Bob's "we're back home" asked her
nothing, and his own entity was told a trip was over that he never had. Now a trip under
way is hers as a planned one is: his word is asked of her, naming him; her Yes ends it,
her No keeps it; nothing of it is his."""

from __future__ import annotations

from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation
from chatkit import ALICE, BOB, quiet
from fakes.telegram_api import FakeTelegram
from story_chat import Story
from test_household_users_e2e import HOUSEHOLD
from test_household_we_trip_32_e2e import _bob_says, _trip

from core.domain.principals import user_principal

pytestmark = pytest.mark.timeout(120)

BACK = "Bob says you're back home"
"""His word as her question says it (where she was held away: "... and you're in Denver")."""


async def _alice_away(story: Story, start_bot: Any, how: str) -> dict[str, Any]:
    """Alice's trip under way: said in her words ("I'm away on a trip"), or only where she
    is held, away from her home (her own word, committed)."""
    await story.start(start_bot, calibrated_policy())
    await story.hears("my name is Alice")
    await story.yes("Is your name Alice?")
    if how == "said":
        await story.hears("I'm away on a trip")
    else:
        await story.hears("I live in Denver")
        await story.yes_to_all()
        lisbon = make_observation("travel.location", "Lisbon", at=story.now, entity="user:alice")
        alice = user_principal("user:alice")
        await story.engine.ingest_batch([lisbon], now=story.now, principal=alice)
        await story.runner.chat.sweep()  # type: ignore[union-attr]
    await story.yes_to_all()
    story.later(hours=2)
    return await _trip(story, "user:alice")


@pytest.mark.parametrize("how", ["said", "only where she is"])
@pytest.mark.parametrize("words", ["we're back home", "we're home now"])
async def test_bobs_we_back_home_is_asked_of_her_and_her_yes_ends_it(
    tg: FakeTelegram, start_bot: Any, how: str, words: str
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    away = await _alice_away(story, start_bot, how)
    assert away == (
        {"travel.status": "in_progress"} if how == "said" else {"travel.location": "Lisbon"}
    )

    await _bob_says(story, words, "I'll ask Alice to confirm it.")
    await tg.prompt(ALICE, BACK)
    assert await _trip(story, "user:alice") == away  # not on his word
    assert tg.open_prompts(BOB) == []
    assert await _trip(story, "user:bob") == {}  # no trip of his ended

    await story.yes(BACK)
    assert (await _trip(story, "user:alice"))["travel.status"] == "completed"


async def test_her_no_keeps_her_trip_under_way(tg: FakeTelegram, start_bot: Any) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    away = await _alice_away(story, start_bot, "said")

    await _bob_says(story, "we're back home", "I'll ask Alice to confirm it.")
    await story.tap(BACK, "No")
    assert await _trip(story, "user:alice") == away
    assert await _trip(story, "user:bob") == {}


@pytest.mark.parametrize(
    "words", ["are we back home yet?", "if the roads close we're back home early", "we were home"]
)
async def test_what_is_no_news_of_her_trip_under_way_reaches_nobody(
    tg: FakeTelegram, start_bot: Any, words: str
) -> None:
    story = Story(tg, settings=HOUSEHOLD)
    away = await _alice_away(story, start_bot, "said")

    await _bob_says(story, words, "")
    await quiet(tg, story.runner, BOB)  # type: ignore[arg-type]
    await story.quiet()
    assert tg.open_prompts(ALICE) == []
    assert await _trip(story, "user:alice") == away


async def test_a_member_with_no_name_known_is_asked_as_the_households_other_member(
    tg: FakeTelegram, start_bot: Any
) -> None:
    """Alice never told her name: Bob's "we're back home" is still asked of her, and he is
    told so as "another member of the household", never "the person it is about" (read
    by him as himself)."""
    story = Story(tg, settings={**HOUSEHOLD, "user_names": {}})
    await story.start(start_bot, calibrated_policy())
    await story.hears("I'm away on a trip")
    await story.yes_to_all()
    story.later(hours=2)
    await _bob_says(story, "we're back home", "I'll ask another member of the household to")
    await tg.prompt(ALICE, "you're back home")
