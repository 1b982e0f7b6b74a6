"""Being back home with no trip known is being home, never a trip over, through the real
bot (the strict Bot API double, Alice's chat on a clock the story moves on).

Before: "I'm back home" from a user Canon knew no trip of committed
``travel.status = completed`` on the extractor's sure reading: a trip that never existed
was "completed", and /state and the context block said so. Now, with no trip known, the
words are where she is: her home city when she told it (a question like any place: "Are
you in Portland?"), nothing otherwise. With a trip, unchanged: one under way ends ("Back
home in Portland?"); one planned and not begun is not ended by words about today."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(120)

BACK = (
    "I'm back home",
    "back home now",
    "just got home",
    "we're back",
    "finally home!!",
)


async def _state(story: Story) -> dict[str, object]:
    return {f.field: f.value for f in await story.engine.store.facts("user:primary")}


async def _asked(story: Story) -> list[str]:
    await story.quiet()
    return [m.text for m in story.tg.open_prompts(ALICE)]


@pytest.mark.parametrize("said", BACK)
async def test_home_with_no_trip_known_and_no_home_says_nothing_of_a_trip(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg)
    await story.start(start_bot)

    await story.hears(said)

    assert await _state(story) == {}
    assert await _asked(story) == []


@pytest.mark.parametrize("said", BACK)
async def test_home_with_no_trip_known_is_her_home_city(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.later(hours=2)

    await story.hears(said)

    asked = await _asked(story)
    if asked:  # as unsure as the words: asked as where she is, nothing of a trip
        assert [q.split("\n")[0] for q in asked] == ["Are you in Portland?"]
        await story.yes("Are you in Portland?")
    state = await _state(story)
    assert state == {"profile.home_city": "Portland", "travel.location": "Portland"}
    told = await story.told()
    assert "trip" not in told.lower(), told


LOOK_ALIKES = [
    # (the trip as told, what "I'm back home" leaves of it)
    pytest.param("we're in tahoe", "completed", id="a trip under way ends"),
    pytest.param("we're going to tahoe saturday", "planning", id="a trip planned, not begun"),
]


@pytest.mark.parametrize(("trip", "after"), LOOK_ALIKES)
async def test_with_a_trip_known_being_back_home_is_as_before(
    tg: FakeTelegram, start_bot: StartBot, trip: str, after: str
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says(trip)
    for q in await _asked(story):
        await story.yes(q.split("\n")[0])
    story.later(hours=3)

    await story.hears("I'm back home")
    for q in await _asked(story):
        await story.yes(q.split("\n")[0])

    assert (await _state(story)).get("travel.status") == after
