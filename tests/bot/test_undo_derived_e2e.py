"""/undo of a change that carried another with it, through the bot (the Bot API double,
the offline extractor, a restart before each /undo): an errand due "before we go" moved
with the trip's day to leave. Undoing the move takes both back as one question, so the
trip and its errand still agree; a second /undo is asked as what it is (the move put
back, both again), and a No to it changes nothing.

Before the fix, /undo after "trip got pushed to next fri" asked only "Undo: the Amazon
return due date back from Friday, December 4 to Sunday, November 29?": a Yes left the
trip leaving on the 4th and its errand "due before you leave" on the 29th."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)

DUE = "financial.amazon_return.due_date"
DEPART = "travel.depart_date"
SUNDAY, FRIDAY = "2026-11-29", "2026-12-04"


async def _days(story: Story) -> tuple[str, str]:
    return (await story.held(DEPART), await story.held(DUE))


async def test_undo_of_a_moved_trip_day_takes_its_errand_back_with_it(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    plan = "going to tahoe sunday, need to return the amazon package before we go"
    await tg.reply_after(ALICE, story.says(plan), "")
    await story.yes("Is the Amazon return due Sunday, November 29?")
    story.later(hours=3)
    await tg.reply_after(ALICE, story.says("ugh trip got pushed to next fri"), "")
    await story.yes("Do you leave on Friday, December 4?")
    assert await _days(story) == (FRIDAY, FRIDAY)

    await story.restart(start_bot)
    story.later(minutes=5)
    asked = (await story.hears("/undo", "Undo")).text
    assert asked.splitlines() == [
        "Undo all of this?",
        "• your departure date back from Friday, December 4 to Sunday, November 29",
        "• the Amazon return due date back from Friday, December 4 to Sunday, November 29",
    ], asked
    await story.yes("Undo all of this?")
    assert await _days(story) == (SUNDAY, SUNDAY)

    # /undo again: the undo is the newest act, so it is what is asked back, whole.
    await story.restart(start_bot)
    story.later(minutes=5)
    again = (await story.hears("/undo", "Undo")).text
    assert again.splitlines()[1:] == [
        "• your departure date back from Sunday, November 29 to Friday, December 4",
        "• the Amazon return due date back from Sunday, November 29 to Friday, December 4",
    ], again
    await story.tap("Undo all of this?", "No")
    assert await _days(story) == (SUNDAY, SUNDAY)
