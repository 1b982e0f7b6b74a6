"""The founding story's loose ends of the thirtieth round, each as a person would hit it in
the chat (the strict Bot API double, the offline extractor, a clock the story moves on).

- "what do i owe" listed the Amazon return: a return to send back is no debt ("what's due"
  still lists it).
- A No to the trip asked left the errand "before we go" typed meanwhile asked with the
  day of the plan she had just denied.
- "left tues instead" typed on a Tuesday was read as a week back: it is today.
- "leave sunday ... back the 6th" when Sunday is the 6th was kept as a day trip unasked.
- "Trip · 1/3 plan" said nothing to a person: "Trip: planned (step 1 of 3)".
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


async def test_a_return_is_no_debt(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids", "plan")
    await story.hears("also gotta return the amazon jacket before we go", "Amazon")
    await story.yes("Amazon")
    owed = await story.hears("what do i owe", "")
    assert owed.text == "You owe nothing that I know of.", owed.text
    await story.hears("still owe the plumber 180 btw", "plumber")
    await story.quiet()
    for asked in [p.text for p in tg.open_prompts(ALICE)]:
        await story.yes(asked)
    owed = await story.hears("what do i owe?", "")
    assert "plumber" in owed.text, owed.text
    assert "Amazon" not in owed.text, owed.text
    due = await story.hears("whats due", "")
    assert "The Amazon return is due Saturday, December 5" in due.text, due.text


async def test_no_to_the_asked_trip_takes_its_day_from_the_errand(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """A No to the trip asked: the errand "before we go" typed meanwhile is asked without
    the day of the plan she denied (it was "due Saturday, December 5")."""
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("hi! we live in portland btw", "Portland")
    await story.yes("Portland")
    await story.hears("so were going to tahoe this saturday w the kids, back the 6th", "Tahoe")
    await story.hears("also gotta return the amazon jacket before we go", "after the current")
    await story.no_to_all("Tahoe")
    errand = await tg.prompt(ALICE, "Amazon")
    assert "December" not in errand.text, errand.text
    assert "Saturday" not in errand.text, errand.text
    await story.yes("Amazon")
    assert await story.held("financial.amazon_return.status") == "due"
    assert await story.held("financial.amazon_return.due_date") is None
    assert await story.held("travel.depart_date") is None
    told = await story.told()
    assert "December 5" not in told, told


async def test_left_on_the_weekday_it_is_left_today(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("so were going to tahoe this saturday w the kids", "plan")
    await story.quiet()
    assert any("Trip: planned (step 1 of 3)" in m.text for m in tg.bot_messages(ALICE))
    story.later(hours=3)
    asked = await story.hears("left tues instead", "Tuesday, December 1")
    assert "November 24" not in asked.text, asked.text
    await story.yes("Tuesday, December 1")
    assert await story.held("travel.depart_date") == "2026-12-01"
    assert await story.held("travel.status") == "in_progress"
    await story.quiet()
    assert any("Trip: under way (step 2 of 3)" in m.text for m in tg.bot_messages(ALICE))
    told = await story.told()
    assert "Saturday, December 5" not in told, told


@pytest.mark.parametrize(("answer", "back"), [("No", None), ("Yes", "2026-12-06")])
async def test_back_the_day_it_leaves_by_another_name_is_asked(
    tg: FakeTelegram, start_bot: StartBot, answer: str, back: str | None
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.at_home_in_portland(start_bot)
    await story.hears("we leave for tahoe sunday, back the 6th", "plan")
    await story.tap("Are you back on Sunday, December 6?", answer)
    assert await story.held("travel.depart_date") == "2026-12-06"
    assert await story.held("travel.return_date") == back
