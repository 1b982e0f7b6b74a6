"""The clock moves; what Canon says must stay true (issue 24). Stories told through the
bot on an explicit clock, each asked again on and after the day its words end: what
/state, "where am i", "what do you know about me", "what's due" and the context block
say must be true when it is said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import MONDAY, SATURDAY, Story

pytestmark = pytest.mark.timeout(120)


async def test_the_acknowledgement_says_yesterday_and_today_where_they_are(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Arrived last night, said on Monday: "you left yesterday", not "on Sunday, November
    29"; home the same day: "back today", never "back since Monday, November 30" said on
    that Monday."""
    story = Story(tg, now=MONDAY)
    await story.at_home_in_portland(start_bot)
    await story.hears("planing a trip to tahoe next weekend", "plan")
    noted = await story.hears("were already in tahoe, got in last nite", "Noted")
    assert noted.text.endswith("you left yesterday."), noted.text
    story.later(hours=6)
    noted = await story.hears("we got back home today", "Noted")
    assert noted.text.endswith("back today."), noted.text
    assert "November 30" not in noted.text


async def test_home_the_day_after_is_back_since_yesterday(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=SATURDAY)
    await story.at_home_in_portland(start_bot)
    await story.hears("were in tahoe!!", "you're in Tahoe")
    story.now = MONDAY
    noted = await story.hears("we got back home last night", "Noted")
    assert noted.text.endswith("back since yesterday."), noted.text


async def test_a_stay_confirmed_by_yes_ends_when_its_words_said(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "kids r at their dads till sunday", confirmed on Saturday, keeps its end: on
    Sunday they are away, on Monday nothing says they still are (/state says it in the
    past; the block lists it as expired)."""
    story = Story(tg, now=SATURDAY)
    await story.at_home_in_portland(start_bot)
    story.says("kids r at their dads till sunday")
    await story.yes("Are your kids away today?")
    fact = await story.engine.store.fact("user:primary", "family.kids.status")
    assert fact is not None
    assert fact.valid_until is not None, "the end the words gave"
    story.later(days=1)  # Sunday
    assert "Your kids are away" in (await story.hears("what do you know about me", "Here")).text
    assert "family.kids.status = away" in await story.block()

    story.now = MONDAY
    told = await story.told()
    assert "kids are away" not in told.lower(), told
    assert "Your kids were away (ended)" in told
    block = await story.block()
    live, _, expired = block.partition("Expired")
    assert "kids.status" not in live
    assert "family.kids.status was away until" in expired


async def test_the_weekend_at_their_dads_is_over_on_monday(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Said on Wednesday: the weekend away is a plan with its day; on Monday it is not
    told as ahead, nor as now."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says("the kids are at their dad's this weekend")
    await story.yes("Are your kids away on Saturday, November 28?")
    story.now = MONDAY
    told = await story.told()
    assert "kids away on Saturday" not in told, told
    assert "kids are away" not in told.lower()
    assert "kids_away.schedule = " not in (await story.block()).partition("Expired")[0]


async def test_the_amazon_return_past_its_day_was_due_and_is_overdue(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Due Friday; asked on Monday, it "was due Friday" and is overdue (not "is due
    Friday", and not dropped as if it were done)."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    story.says("gotta return the amazon package by friday")
    await story.yes("Is the Amazon return due Friday, November 27?")
    about = await story.hears("what do you know about me", "Here")
    assert "the Amazon return is due Friday, November 27" in about.text
    story.now = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)  # Friday: due today
    owed = await story.hears("what's due", "Amazon")
    assert "is due Friday, November 27" in owed.text

    story.now = MONDAY
    owed = await story.hears("what's due", "Amazon")
    assert owed.text == "The Amazon return was due Friday, November 27 (overdue).", owed.text
    told = await story.told()
    assert "is due" not in told, told
    assert "the Amazon return was due Friday, November 27 (overdue)" in told
    assert "The Amazon return was due (overdue)" in told
    block = await story.block()
    assert "financial.amazon_return.status = due, OVERDUE since" in block
