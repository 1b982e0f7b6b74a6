"""Stories told the way people type them, end to end through the bot (the strict Bot API
double, the offline extractor, a clock that moves on between messages).

Each story is judged as a whole, not field by field: after every step what "where am
i", "what do you know about me" and the context block say must be able to be true
together, and a day later they must still be.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import ChatMessage, FakeTelegram
from story_chat import Story

pytestmark = pytest.mark.timeout(120)


async def test_leaving_for_tahoe_sunday_flying_back_on_the_2nd_dates_the_trip(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Both days of a trip said in one breath, on Wednesday the 25th: leaving Sunday the
    29th, back Wednesday December 2 ("flying back" once took Sunday as the return and lost
    the trip)."""
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("leaving for tahoe sunday, flying back on the 2nd", "plan")
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-11-29"
    assert await story.held("travel.return_date") == "2026-12-02"
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "trip to Tahoe planned" in about.text
    assert "leaving Sunday, November 29" in about.text
    assert "back Wednesday, December 2" in about.text


async def test_flying_out_sunday_back_on_the_2nd_dates_the_trip_already_planned(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The place said before, the days later with no place: "flying out sunday back on the
    2nd" dates the Tahoe trip (asked, since it moves the departure already held)."""
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("going to tahoe next week!!", "plan")
    story.says("flying out sunday back on the 2nd")
    asked = await story.yes("Is all of this right?")
    assert "Do you leave on Sunday, November 29?" in asked
    assert "Are you back on Wednesday, December 2?" in asked
    assert await story.held("travel.depart_date") == "2026-11-29"
    assert await story.held("travel.return_date") == "2026-12-02"
    assert await story.held("travel.destination") == "Tahoe"
    assert "Conflicts" not in await story.block()


async def _which_part(tg: FakeTelegram, start_bot: StartBot) -> tuple[Story, ChatMessage]:
    """A Tahoe trip planned, its days said after ("Is all of this right?", two dates), and
    Edit tapped: the story, and "Which part should I change?" waiting."""
    story = Story(tg)
    await story.start(start_bot)
    await story.hears("going to tahoe next week!!", "plan")
    story.says("flying out sunday back on the 2nd")
    question = await tg.prompt(ALICE, "Is all of this right?")
    await tg.tap(ALICE, question, "Edit")
    return story, await tg.prompt(ALICE, "Which part should I change?")


async def test_a_value_typed_while_which_part_waits_changes_the_part_it_fits(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Edit under "Is all of this right?" asks "Which part should I change?"; typing "back
    on the 3rd" there, instead of tapping, changes the return (the part the words name),
    never becoming news of its own that opens a second question about the return."""
    story, parts = await _which_part(tg, start_bot)
    story.says("back on the 3rd")
    await tg.settled(parts)
    assert parts.text.endswith("→ your return date")
    again = await story.yes("Are you back on Thursday, December 3?")
    assert "Do you leave on Sunday, November 29?" in again
    assert await story.held("travel.return_date") == "2026-12-03"
    assert await story.held("travel.depart_date") == "2026-11-29"
    block = await story.block()
    assert "Conflicts" not in block
    assert "2026-12-02" not in block
    assert not tg.open_prompts(ALICE)


async def test_a_value_that_fits_no_part_offers_the_parts_again(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story, _ = await _which_part(tg, start_bot)
    sent = story.says("purple")
    again = await tg.reply_after(ALICE, sent, "Which part should I change?")
    assert again.buttons, "the parts are offered again, nothing guessed"
    assert await story.held("travel.return_date") is None


async def test_quit_acme_starting_at_google_monday_is_one_job_change(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Both clauses: the job left and the new one, asked as one change ("Do you work for
    Google?", Acme until now), never "forget your employer?" beside "Google?"."""
    story = Story(tg)
    await story.start(start_bot)
    story.says("i work at acme")
    await story.yes("Do you work for Acme?")
    story.later(days=1)
    story.says("quit acme, starting at google monday")
    asked = await story.yes("Do you work for Google?")
    assert "until now: Acme" in asked
    assert "forget" not in asked
    assert await story.held("profile.employer") == "Google"
    assert not tg.open_prompts(ALICE)
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "Google" in about.text
    assert "Acme" not in about.text
    assert "Conflicts" not in await story.block()


async def test_a_trip_under_way_stays_fresh_until_its_return_and_ends_early_today(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Home in Seattle; a trip to Tahoe from Sunday, back on the 5th. Three days into it
    the assistant is not told its state is STALE (the trip's own dates say it holds);
    "ok back in seattle" on the 3rd ends it early, on that day: the return date is
    today, not forgotten and not still the 5th."""
    story = Story(tg)
    await story.start(start_bot)
    story.says("we live in seattle")
    await story.yes("Do you live in Seattle?")
    await story.hears("leaving for tahoe sunday, flying back on the 5th", "plan")
    story.now = datetime(2026, 11, 29, 23, 0, tzinfo=UTC)  # Sunday, 3 pm in Seattle
    await story.hears("made it to tahoe!!", "you're in Tahoe")
    story.later(days=3, hours=12)  # Thursday the 3rd, 3 am in Seattle
    block = await story.block()
    assert "travel.location = Tahoe" in block
    assert "STALE" not in block
    where = await story.hears("where am i", "In Tahoe")
    assert "Seattle" not in where.text

    story.later(hours=10)  # Thursday the 3rd, 1 pm in Seattle: two days early
    await story.hears("ok back in seattle", "back home in Seattle")
    assert await story.held("travel.status") == "completed"
    assert await story.held("travel.location") == "Seattle"
    assert await story.held("travel.return_date") == "2026-12-03"
    where = await story.hears("where am i", "In Seattle")
    assert "Tahoe" not in where.text.split("trip to Tahoe is over")[0]
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "you're back home in Seattle" in about.text
    assert "in Tahoe" not in about.text
    assert "back Saturday, December 5" not in about.text
    story.later(days=1)
    assert "travel.location = Seattle" in await story.block()


async def test_the_kids_at_their_dads_this_weekend_is_kept_with_its_days(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Said on Wednesday, the weekend at their dad's is a plan kept with its day (not
    nothing, and not "the kids are away" now); said on Saturday with "till sunday", they
    are away now (until Sunday's end: ``tests/extraction/test_extraction_told_stories.py``)."""
    story = Story(tg)
    await story.start(start_bot)
    story.says("the kids are at their dad's this weekend")
    asked = await story.yes("Are your kids away on Saturday, November 28?")
    assert "today" not in asked
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "kids away on Saturday, November 28" in about.text
    assert await story.held("family.kids.status") is None, "not away yet on Wednesday"

    story.now = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)  # Saturday
    story.says("kids r at their dads till sunday")
    await story.yes("Are your kids away today?")
    assert await story.held("family.kids.status") == "away"
    about = await story.hears("what do you know about me", "Here's what I know")
    assert "Your kids are away" in about.text


async def test_the_founding_story_with_restarts_never_says_two_things_at_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The Amazon return before the Tahoe trip, already in Tahoe, back home early, with
    the bot restarted mid-conversation: at every step /state, "where am i" and "what do
    you know about me" tell one story, and the errand's day is never the trip's."""
    story = Story(tg)
    await story.start(start_bot)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("gotta return the amazon package by friday before tahoe")
    await story.yes("Is the Amazon return due Friday, November 27?")
    await story.hears("leaving for tahoe sunday, back the 5th", "plan")
    assert await story.held("travel.depart_date") == "2026-11-29", "Friday was the errand's"
    told = await story.told()
    assert "leaving Sunday, November 29" in told
    assert "in tahoe" not in told.lower()

    await story.restart(start_bot)
    story.now = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)  # Sunday, 9 am in Portland
    await story.hears("were already in tahoe lol, got in last nite", "you left yesterday")
    await story.restart(start_bot)
    told = await story.told()
    assert "In Tahoe" in told
    assert "since Saturday, November 28" in told
    assert "Sunday, November 29" not in told, "the plan's day, which their words corrected"
    assert "back home" not in told.lower()

    story.now = datetime(2026, 12, 3, 17, 0, tzinfo=UTC)  # Thursday: home two days early
    story.says("we got back home last night")
    await story.restart(start_bot)
    await story.hears("where am i", "In Portland")
    told = await story.told()
    assert "in tahoe" not in told.lower()
    assert "your trip to Tahoe is over; you're back home in Portland" in told
    assert "December 5" not in told, "no day of the trip still ahead"
    assert await story.held("travel.return_date") == "2026-12-02"
    assert "Conflicts" not in await story.block()
    assert not tg.open_prompts(ALICE)
