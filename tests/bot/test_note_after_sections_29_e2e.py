"""A parent's to-do list while a question waits, end to end through the bot (the Bot API
double, the offline extractor, lower case and typos, a restart in the middle): the note
naming the waiting question stands in a paragraph of its own, never glued to the list's
last section ("No day yet: the Amazon return (…). I've asked you: …" read as one more
thing with no day)."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
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


async def test_a_brothers_move_told_with_an_aside_is_not_asked_as_the_writers_home(
    start_bot: StartBot, tg: FakeTelegram
) -> None:
    """A careful writer's long message: a past trip, a plan, and a brother's move told
    with "by the way" inside it. Canon asked "Do you live in Austin?"; now the writer's
    home stays unasked and unchanged."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await story.hears(
        "Last spring, when we drove to Denver for my sister's wedding, the car broke down"
        " twice. This time I think we'll fly. My brother Tom, by the way, just moved to"
        " Austin and starts his new job on Monday.",
        "",
    )
    await story.yes_to_all()
    assert await story.held("profile.home_city") == "Portland"
    assert not any("Austin" in m.text and "live" in m.text for m in tg.bot_messages(ALICE))
