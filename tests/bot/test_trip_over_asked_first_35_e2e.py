"""A sick child and the trip's end said in one message, through the bot (the strict Bot
API double, the offline extractor, a clock the story moves on).

"the kids are sick and the trip is over, we're heading home" read only the kids: the trip's
end after "and" was taken for the kids' clause. And of one message's questions the first
said was asked first, the kids before the trip, though the trip's end changes far more of
what Canon believes: it is asked first now. "ugh kid got sick" was asked "Are your kids
sick today?": one kid said is asked of one kid ("Is your kid sick today?"), held on the
kids' field as before.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

THURSDAY_AFTERNOON = datetime(2026, 12, 3, 23, 0, tzinfo=UTC)
"""Thursday 3 December 2026, 3 pm in Portland."""


@pytest.mark.parametrize(
    ("said", "asked", "trip"),
    [
        # On the way home is not home (home36): the day back is today, she is still away.
        (
            "the kids are sick and the trip is over, we're heading home",
            ["Are you back on Thursday, December 3?", "Are your kids sick today?"],
            "in_progress",
        ),
        (
            "ugh kid got sick, we drove back home tonite. trip's over",
            ["Is your kid sick today?"],
            "completed",
        ),
        ("my child has a fever so the trip is over", ["Back home in Portland since"], "completed"),
    ],
)
async def test_the_trips_end_is_asked_before_the_kids_and_one_kid_stays_one(
    tg: FakeTelegram, start_bot: StartBot, said: str, asked: list[str], trip: str
) -> None:
    story = Story(tg, now=THURSDAY_AFTERNOON.replace(day=2, hour=17))
    await story.at_home_in_portland(start_bot)
    await story.hears("drove up to tahoe this morning, back sunday", "")
    await story.yes_to_all()
    story.now = THURSDAY_AFTERNOON
    await story.hears(said, "")
    questions = await story.yes_to_all()
    assert len(questions) == len(asked), questions
    for question, first_words in zip(questions, asked, strict=True):
        assert question.startswith(first_words), questions
    assert await story.held("travel.status") == trip
    assert await story.engine.store.fact("user:primary", "family.kids.status") is not None
