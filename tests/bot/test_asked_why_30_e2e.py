"""Someone who asks more than tells (the thirtieth round's playground session): "why do you
think maya is sick" and "how do you know were going to chicago" were "I'm not sure what you
mean", a bare /why answered "For example: /why location, /why rent or /why travel" to a
user who held none of those, and "whats on this week" / "anything this weekend?" were not
understood. Asked in plain words, Canon's reasons are what /why shows (a value still
asked, what it heard of it); a bare /why offers what is held; a stretch of days asked
about is the agenda. Across a restart, the same.
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

UNSURE = "I'm not sure what you mean"


async def test_reasons_asked_in_plain_words(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    nothing = await story.hears("/why", "nothing")
    assert "/why location" not in nothing.text, nothing.text  # nothing held: no examples
    await story.hears("maya has been sick since monday, shes my daughter", "Maya")
    # Still asked: what Canon heard, and that nothing is held yet.
    asked = await story.hears("why do you think maya is sick", "Maya's status")
    assert "nothing held" in asked.text, asked.text
    assert "maya has been sick since monday" in asked.text, asked.text
    await story.yes("Maya")
    held = await story.hears("hmm how do you know maya is sick?", "Maya's status: sick")
    assert "you confirmed" in held.text, held.text
    story.later(hours=2)
    await story.restart(start_bot)
    again = await story.hears("what makes you think maya is sick", "Maya's status: sick")
    assert UNSURE not in again.text
    # The one value held: a bare /why explains it at once.
    await story.hears("/why", "Maya's status: sick")
    await story.hears("i live in portland", "Portland")
    await story.yes("Portland")
    # Two held: a button each, in words.
    pick = await story.hears("/why", "Which one should I explain?")
    labels = [b["text"] for row in pick.buttons for b in row]
    assert len(labels) == 2, labels
    assert not any("." in label for label in labels), labels
    # A value nothing was said of: what is held instead, not a riddle.
    tom = await story.hears("why do you think tom is in denver", "I hold nothing about")
    assert "tom" in tom.text.casefold()
    # "why is maya sick" asks the cause of it: the household's word, not /why's chain.
    cause = await story.hears("why is maya sick", "Maya")
    assert "What I heard" not in cause.text, cause.text
    # What the question quotes is no news: the reasons, and nothing asked of it.
    await story.hears("rent is due on the 15th, $2100", "rent")
    await story.yes("rent")
    paid = await story.hears("why do you think i paid the rent", "The rent status: due")
    assert await story.held("financial.rent.status") == "due"
    await story.quiet()
    assert not any("pay" in p.text for p in tg.open_prompts(ALICE)), paid.text


async def test_a_stretch_of_days_asked_is_the_agenda(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("i live in portland", "Portland")
    await story.yes("Portland")
    await story.hears("we're flying to chicago on friday, back sunday", "Chicago")
    # Asked while the trip waits for her Yes: that question, not "not sure what you mean".
    waiting = await story.hears("whats on this week", "Chicago")
    assert UNSURE not in waiting.text
    await story.yes_to_all()
    for asked in ("whats on this week", "anything this weekend?", "what does my week look like"):
        said = await story.hears(asked, "Coming up")
        assert "Friday, December 4" in said.text, said.text
        assert "Chicago" in said.text, said.text
