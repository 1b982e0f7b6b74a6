"""Home told as people text it (the thirtieth round's playground session): "..., anyway were
home in oakland now" was read as a hypothetical, so after "Back home in Oakland?" was
confirmed her home city was never set, "where do i live" said "I don't know where you live
yet", and "hey im back. what do you know about me" raised "Should I forget your location
(Oakland)?". And "where is tom" after "tom is in denver now" invited her to tell Canon what
it has no place for. A "were" for "we're" is her news of now; a greeting with a question is
answered; what Canon does not keep, it says it does not keep. Across a restart, the same.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""

HOME_AGAIN = (
    "ok so um yesterday was crazy, we drove back from my parents in sacramento, took like "
    "5 hours bc of traffic, anyway were home in oakland now. oh and my sister jen just had "
    "her baby on sunday!!"
)


async def test_home_texted_without_an_apostrophe(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears(HOME_AGAIN, "Oakland")
    asked = await story.yes_to_all()
    assert any("Oakland" in q for q in asked), asked
    await story.hears("where do i live", "You live in Oakland")
    story.later(minutes=5)
    # A greeting, a return said again, and a question: the question is answered, and
    # nothing asks to forget where she is.
    await story.hears("hey im back. what do you know about me", "")
    await story.quiet()
    known = [m.text for m in tg.bot_messages(ALICE) if "Here's what I know" in m.text]
    assert known, [m.text for m in tg.bot_messages(ALICE)]
    assert "home city Oakland" in known[-1], known
    assert not any("forget" in m.text for m in tg.bot_messages(ALICE))
    assert not tg.open_prompts(ALICE)
    # Tom's city is no field Canon keeps: it says so, and does not ask to be told.
    await story.hears("tom is in denver now, he moved there last week", "")
    await story.yes_to_all()
    tom = await story.hears("where is tom", "Tom")
    assert "tell me" not in tom.text, tom.text
    assert "don't keep track of where Tom is" in tom.text, tom.text
    story.later(hours=2)
    await story.restart(start_bot)
    await story.hears("where do i live", "You live in Oakland")
    again = await story.hears("where's tom?", "Tom")
    assert "tell me" not in again.text, again.text


async def test_back_said_again_keeps_where_she_came_back_to(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("im in sacramento at my parents", "Sacramento")
    await story.yes_to_all()
    story.later(days=2)
    await story.hears("made it back to oakland", "Oakland")
    await story.yes_to_all()
    story.later(minutes=5)
    # "im back" once back, with no home city known: the place she came back to stays.
    await story.hears("hey im back. what do you know about me", "")
    await story.quiet()
    known = [m.text for m in tg.bot_messages(ALICE) if "Here's what I know" in m.text]
    assert known, [m.text for m in tg.bot_messages(ALICE)]
    assert "Oakland" in known[-1], known
    assert not any("forget" in m.text for m in tg.bot_messages(ALICE))
    await story.hears("where am i", "In Oakland")
