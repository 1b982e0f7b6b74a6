"""A question about a day, answered in the words people type (the Bot API double, the
offline extractor, a clock the story moves on).

Under an open question that proposes a day ("Are you back on Thursday, December 3?"),
a day typed alone is an answer to it: the day proposed is a Yes, another day an edit of
that question; never "I'm not sure what you mean". A question whose words gave an end
("till sunday") is withdrawn once that end has passed, not put about a day gone by."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import MONDAY, SATURDAY, Story

pytestmark = pytest.mark.timeout(120)


async def _asked_back_on_the_3rd(story: Story, start_bot: StartBot) -> None:
    await story.start(start_bot)
    await story.hears("leaving for tahoe sunday, flying back on the 2nd", "plan")
    story.says("the flight home is the 3rd not the 2nd")
    await story.tg.prompt(ALICE, "Are you back on Thursday, December 3?")


@pytest.mark.parametrize("typed", ["the 3rd", "3rd", "dec 3"])
async def test_the_day_proposed_typed_under_its_question_is_a_yes(
    tg: FakeTelegram, start_bot: StartBot, typed: str
) -> None:
    story = Story(tg)
    await _asked_back_on_the_3rd(story, start_bot)
    reply = await story.hears(typed, "")
    assert "not sure what you mean" not in reply.text, reply.text
    await tg.wait_for(lambda: not tg.open_prompts(ALICE))
    assert await story.held("travel.return_date") == "2026-12-03"
    assert "back Thursday, December 3" in await story.told()


async def test_another_day_typed_under_the_question_is_its_edit(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg)
    await _asked_back_on_the_3rd(story, start_bot)
    reply = await story.hears("the 4th", "")
    assert "not sure what you mean" not in reply.text, reply.text
    await tg.wait_for(lambda: not tg.open_prompts(ALICE))
    assert await story.held("travel.return_date") == "2026-12-04"
    told = await story.told()
    assert "back Friday, December 4" in told
    assert "December 3" not in told
    assert "December 2" not in told


async def _asked_saturday_put_again_monday(story: Story, start_bot: StartBot, said: str) -> None:
    """``said`` on Saturday, asked "Are your kids away today?", left open; on Monday the
    bot restarts, and puts what is still open again."""
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says(said)
    await story.tg.prompt(ALICE, "Are your kids away today?")
    story.now = MONDAY
    await story.restart(start_bot)


async def test_a_question_asked_saturday_about_today_is_not_asked_about_monday(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "kids r at their dads till sunday" asked Saturday ("Are your kids away today?")
    and not answered: on Monday its state has ended. It is not put as "today" any more,
    and no Yes is left to save it as current: the sweep withdraws it."""
    story = Story(tg, now=SATURDAY)
    await _asked_saturday_put_again_monday(story, start_bot, "kids r at their dads till sunday")
    assert story.runner is not None
    await story.runner.sweep_tick()  # the sweep comes round on Monday
    assert not tg.open_prompts(ALICE), "a question about a state that has ended is withdrawn"
    closed = tg.bot_messages(ALICE)[-1]
    assert closed.text.startswith("Are your kids away today?"), closed.text
    assert not closed.buttons, "no Yes left under it to save Saturday's state as Monday's"
    assert await story.held("family.kids.status") is None
    told = await story.told()
    assert "kids" not in told.lower(), told
    assert "kids" not in await story.block()


async def test_a_question_about_today_put_again_on_a_later_day_asks_if_it_is_so_still(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "the kids are at their dads" asked Saturday ("Are your kids away today?"), no end
    said: put again on Monday (a restart), it asks whether they are still away and says
    when it was said; a Yes then saves Monday's word."""
    story = Story(tg, now=SATURDAY)
    await _asked_saturday_put_again_monday(story, start_bot, "the kids are at their dads")
    asked = await story.yes("Are your kids still away?")
    assert "today" not in asked, asked
    assert "You said it on Saturday" in asked, asked
    assert await story.held("family.kids.status") == "away"
