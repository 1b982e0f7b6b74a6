"""Stories of the twenty-third round told through the bot as people type them (the Bot
API double, the offline extractor, a clock the story moves on, restarts mid-conversation):
beliefs that hold together as the clock moves. A trip there and back told in one line,
a question whose day passed before it was answered, and a plan whose day has gone by:
/state, "where am i", "what do you know about me", the question's own message and the
context block must all be able to be true at ``now``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import MONDAY, SATURDAY, Story

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize(
    "said",
    [
        "flew to denver last night, back in portland this morning",
        "flew 2 denver last nite, back in portland this morning",
        "flew to denver last night and back in portland this morning",
    ],
)
async def test_there_and_back_in_one_line_leaves_the_user_home(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """Both places are read, as a trip to Denver that is over and the user home in
    Portland: never "you're in Denver", and no question whether they are in Portland."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    reply = await story.hears(said, "Noted")
    assert "your trip went to Denver" in reply.text
    assert "you're back home in Portland" in reply.text
    assert "in Denver" not in reply.text
    assert not tg.open_prompts(ALICE)
    await story.restart(start_bot)
    story.later(hours=5)
    told = await story.told()
    assert "in denver" not in told.lower(), told
    assert "your trip to Denver is over; you're back home in Portland" in told
    block = await story.block()
    assert "travel.location = Portland" in block
    assert "travel.status = completed" in block
    assert "Conflicts" not in block


async def _kids_away_till_sunday_left_open(story: Story, start_bot: StartBot) -> None:
    """Said Saturday, asked "Are your kids away today?", not answered; Monday comes."""
    await story.at_home_in_portland(start_bot)
    story.says("kids r at their dads till sunday")
    await story.tg.prompt(ALICE, "Are your kids away today?")
    story.now = MONDAY


async def test_a_question_withdrawn_because_its_day_passed_says_so(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Withdrawn on Monday as the bot starts again (before any sweep), not put again as
    "Are your kids still away?" about a state that has ended: its message tells the true
    reason (its day has passed, nothing saved), not "Settled by newer evidence"."""
    story = Story(tg, now=SATURDAY)
    await _kids_away_till_sunday_left_open(story, start_bot)
    await story.restart(start_bot)
    assert not tg.open_prompts(ALICE)
    assert not any("still away" in m.text for m in tg.bot_messages(ALICE))
    assert story.runner is not None
    await story.runner.sweep_tick()
    closed = tg.bot_messages(ALICE)[-1].text
    assert "its day has passed, so I saved nothing" in closed, closed
    assert "newer evidence" not in closed
    assert await story.held("family.kids.status") is None


async def test_a_yes_after_the_end_is_confirmed_as_over(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Tapped on Monday, before the sweep came round: what the Yes saved ended on Sunday
    and is told so, in the question's message and everywhere after, never as now."""
    story = Story(tg, now=SATURDAY)
    await _kids_away_till_sunday_left_open(story, start_bot)
    await story.yes("Are your kids away")
    confirmed = next(m.text for m in tg.bot_messages(ALICE) if "kids" in m.text)
    assert "Confirmed as over: it lasted until Sunday, November 29" in confirmed, confirmed
    await story.restart(start_bot)
    told = await story.told()
    assert "Your kids were away (ended)" in told
    assert "kids are away" not in told.lower()
    block = await story.block()
    assert "family.kids.status was away until 2026-11-29" in block  # Sunday, not UTC's Monday


async def test_the_context_block_tells_a_plan_whose_day_passed_as_such(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Planned on Wednesday to leave Sunday; on Monday nothing says they left. The chat
    says "was to leave Sunday"; the block put before every reply says the day passed and
    that nobody knows whether they left, not a bare date the agent would read as ahead."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await story.hears("leavin for tahoe sunday, flyin back on the 2nd", "plan")
    await story.restart(start_bot)
    story.now = MONDAY
    told = await story.told()
    assert "was to leave Sunday, November 29" in told
    block = await story.block()
    assert (
        "travel.depart_date = 2026-11-29 (conversation_assertive, 5 d ago) DAY PASSED "
        "(still only planned: not known whether they left)" in block
    ), block
    assert "travel.return_date = 2026-12-02 (conversation_assertive, 5 d ago)\n" in block


SUNDAY = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)
"""Sunday 29 November 2026, 09:00 in Portland."""


@pytest.mark.parametrize("said", ["heading to seattle sunday", "day trip to seattle sunday"])
async def test_a_departure_on_the_weekday_naming_today_leaves_today(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """Typed on a Sunday morning, "sunday" is today for any trip, a day trip or not:
    neither is told as leaving next Sunday, before or after a restart."""
    story = Story(tg, now=SUNDAY)
    await story.at_home_in_portland(start_bot)
    await story.hears(said, "plan")
    assert await story.held("travel.depart_date") == "2026-11-29"
    await story.restart(start_bot)
    told = await story.told()
    assert "December 6" not in told, told
    assert "trip to Seattle planned" in told


async def test_a_move_given_by_its_month_is_asked_from_the_months_first_days(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "movin to denver in december", moved on the 3rd: asked that day ("Have you moved
    to Denver?"), not on the 31st; Yes makes Denver home and ends the plan."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    reply = await story.hears("movin to denver in december", "")
    if tg.open_prompts(ALICE) or "?" in reply.text:
        await story.yes("moving to")
    assert await story.held("profile.move_date") == "2026-12"
    story.now = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)
    await story.restart(start_bot)
    assert story.runner is not None
    await story.runner.sweep_tick()
    await story.yes("Have you moved to Denver?")
    assert await story.held("profile.home_city") == "Denver"
    assert await story.held("profile.move_city") is None
    told = await story.told()
    assert "You live in Denver" in told
    assert "moving" not in told


async def test_the_founding_story_in_lower_case_with_restarts(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Tahoe for Thanksgiving with the kids, typed as people type, the bot restarted
    twice: a plan, the arrival, one more night, home. Once back, nothing says Tahoe is
    where the user is, and nothing ended is told as now."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await story.hears(
        "so me n the kids r going to tahoe for thanksgiving, leavin thurs mornin, back sun", ""
    )
    await story.yes("Are you back on Sunday, November 29?")
    await story.restart(start_bot)
    story.now = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)  # Thursday noon in Portland
    await story.hears("made it to tahoe!! roads were insane", "you're in Tahoe")
    assert "In Tahoe" in (await story.hears("where am i", "Tahoe")).text
    story.now = datetime(2026, 11, 28, 3, 0, tzinfo=UTC)  # Friday evening
    story.says("staying one more nite, back monday now")
    await story.yes("Are you back on Monday, November 30?")
    await story.restart(start_bot)
    story.now = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)  # Monday evening, still away
    told = await story.told()
    assert "(ended)" not in told, "the trip lasts until its return, Monday"
    assert "Expired" not in await story.block()
    story.says("home sweet home finally")
    await story.yes("Back home in Portland?")
    told = await story.told()
    assert "in tahoe" not in told.lower(), told
    assert "back home in Portland" in told
    block = await story.block()
    assert "travel.location = Portland" in block
    assert "travel.status = completed" in block
