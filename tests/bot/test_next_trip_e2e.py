"""The next trip, told through the bot on a fresh store (its calibrating policy): once a
trip is over, planning another is a new trip, kept as planned like the first, not "a step
back" whose destination and dates were taken while the trip stayed over ("Your trip went
to Denver", with its days still ahead), and the finished trip's return day is not the new
trip's."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(150)


@pytest.mark.parametrize(
    ("plan", "going"),
    [
        ("we're going to denver next friday for a week", "• Trip to Denver planned"),
        ("heading back to tahoe sat the 12th!", "• Trip to Tahoe planned"),
        # Only a place, decided before the status in the same message: the finished trip
        # is judged as it was before the message, not after its destination was taken.
        ("booked a trip to denver!", "• Trip to Denver planned"),
    ],
)
async def test_a_trip_planned_after_the_last_one_is_over_is_a_new_trip(
    tg: FakeTelegram, start_bot: StartBot, plan: str, going: str
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await story.hears("we leave for tahoe saturday, back sunday", "planned")
    story.later(days=3)
    await story.hears("made it to tahoe!!", "under way")
    story.later(days=2.5)
    await story.hears("we got back home last night", "back home in Portland")
    assert await story.held("travel.status") == "completed"
    came_back = await story.held("travel.return_date")
    assert came_back is not None
    story.later(days=1)
    said = story.says(plan)
    # The trip's workflow starts again ("Trip: planned (step 1 of 3)"), as for the first trip.
    await tg.reply_after(ALICE, said, "Trip: planned (step 1 of 3)")
    assert await story.held("travel.status") == "planning"
    # The finished trip's return day goes with it: it is not the new trip's, before its
    # departure, asked about alone ("Should I forget your return date?").
    assert await story.held("travel.return_date") != came_back
    assert not tg.open_prompts(ALICE), [p.text for p in tg.open_prompts(ALICE)]
    told = await story.told()
    assert going in told, told  # /state: the trip's place and status in one line
    assert "trip went to" not in told, told
    assert "Your trip is over" not in told, told
    assert "In Portland" in told, told
