"""A parent's to-do list while a question waits, end to end through the bot (the Bot API
double, the offline extractor, lower case and typos, a restart in the middle): the note
naming the waiting question stands in a paragraph of its own, never glued to the list's
last section ("No day yet: the Amazon return (…). I've asked you: …" read as one more
thing with no day)."""

from __future__ import annotations

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(300)


@pytest.mark.parametrize(
    "asked", ["what do i need to do", "whats on my plate", "what do i need to do?"]
)
async def test_the_waiting_question_stands_apart_from_the_undated_errands(
    start_bot: StartBot, tg: FakeTelegram, asked: str
) -> None:
    story = Story(tg)
    await story.start(start_bot)
    story.says("hey so we leave for tahoe sunday w the kids, back the 6th")
    await story.yes_to_all()
    await story.hears("also gotta return the amazon boots", "Amazon return")
    await story.yes_to_all()
    await story.restart(start_bot)
    story.later(hours=2)
    await story.hears("ugh maya has a fever, prob staying home from school tmrw", "Maya sick")

    said = (await story.hears(asked, "")).text
    lists, note = said.split("\n\n")
    assert lists.startswith("Coming up:"), said
    assert lists.endswith("No day yet: the Amazon return (you leave Sunday, November 29)."), said
    assert note.startswith("I've asked you: \"Is Maya sick"), said
