"""Stories of the twenty-fifth round told through the bot as people type them (the Bot
API double, the offline extractor, a fresh store's calibrating policy, a clock the story
moves on, restarts): an arrival keeps its own day however it is queued, what is known
already is said to be known, and "where am i" says what it knows while it asks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

MONDAY_NOON = datetime(2026, 11, 30, 19, 40, tzinfo=UTC)
"""Monday 30 November 2026, 11:40 in Portland."""


async def _home_in_portland(story: Story, start_bot: StartBot) -> None:
    await story.start(start_bot, policy=default_policy())
    story.says("we live in portland")
    await story.yes("Do you live in Portland?")


@pytest.mark.parametrize("answered_first", [False, True], ids=["queued", "plan answered"])
async def test_an_arrival_keeps_its_own_day_whenever_it_is_asked(
    tg: FakeTelegram, start_bot: StartBot, answered_first: bool
) -> None:
    """ "we got to tahoe yesterday" said while the plan's question ("we leave for tahoe
    sunday") is open waits behind it; once the plan is confirmed the day the trip left is
    asked as the day the words told (Sunday, November 29), as it is when the plan was
    answered first. It was asked as "Did you leave on Monday, November 30?": the day it
    was said."""
    story = Story(tg, now=MONDAY_NOON)
    await _home_in_portland(story, start_bot)
    story.says("we leave for tahoe sunday")
    plan = await tg.prompt(ALICE, "Tahoe")
    if answered_first:
        await story.yes("Tahoe")
    arrived = await story.hears("we got to tahoe yesterday", "")
    if not answered_first:
        assert arrived.text == "I'll ask you about that after the current question."
        await tg.tap(ALICE, plan, "Yes")
        await tg.settled(plan)
        await story.yes("under way")
    left = await tg.prompt(ALICE, "Did you leave on")
    assert "Did you leave on Sunday, November 29?" in left.text, left.text
    await story.yes("Did you leave on")
    assert not tg.open_prompts(ALICE)
    assert await story.held("travel.depart_date") == "2026-11-29"
    assert await story.held("travel.status") == "in_progress"
    chat = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert "Sunday, November 29" in chat, chat


@pytest.mark.parametrize(
    "again", ["we live in portland", "hi i live in portland", "home is portland"]
)
async def test_a_fact_said_again_is_known_already(
    tg: FakeTelegram, start_bot: StartBot, again: str
) -> None:
    """Home said again once it is confirmed: the reply says Canon knows it already (it was
    "I'm not sure what you mean" or "Nothing in that changes what I know"), and asks
    nothing; after a restart too."""
    story = Story(tg, now=MONDAY_NOON)
    await _home_in_portland(story, start_bot)
    said = await story.hears(again, "")
    assert said.text == "I know that already: you live in Portland.", said.text
    assert not said.buttons
    await story.restart(start_bot)
    said = await story.hears(again, "")
    assert said.text == "I know that already: you live in Portland.", said.text
    assert not tg.open_prompts(ALICE)


async def test_where_am_i_says_what_it_knows_while_the_arrival_is_asked(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Home known, the arrival's question open: "where am i" names home and the question
    (it said "I don't know where you are yet — tell me" as if nothing were known)."""
    story = Story(tg, now=MONDAY_NOON)
    await _home_in_portland(story, start_bot)
    story.says("we leave for tahoe sunday")
    await story.yes("Tahoe")
    story.says("we got to tahoe yesterday")
    await tg.prompt(ALICE, "Are you in Tahoe?")
    where = await story.hears("where am i", "")
    assert where.text.startswith(
        "Your home is Portland (you confirmed it, just now), but I "
        "don't know where you are right now."
    ), where.text
    assert "I don't know where you are yet" not in where.text
    assert "Are you in Tahoe?" in where.text


async def test_a_question_closed_by_a_newer_word_says_whose_word_and_when(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The arrival's question, closed unanswered by "we got back home last night", says
    what closed it: the user's own later message, when, in its words (it said "☑️ Settled
    by newer evidence")."""
    story = Story(tg, now=MONDAY_NOON)
    await _home_in_portland(story, start_bot)
    story.says("we got to tahoe yesterday")
    arrival = await tg.prompt(ALICE, "Tahoe")
    story.later(minutes=20)
    await story.hears("ok we got back home last night, kids exhausted", "Back home")
    await tg.settled(arrival)
    closed = arrival.text.split("\n")[-1]
    assert closed == (
        '☑️ Closed: you said later (Monday at 12:00) "we got back home last night", so I go '
        "by that instead"
    ), arrival.text
    assert "newer evidence" not in arrival.text


async def test_where_am_i_names_the_home_question_it_waits_on(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Back from a trip, home not yet confirmed: "where am i" asked the user to tell
    which city home is ("I live in Portland") while "Do you live in Portland?" was open;
    it now names that question (found in the playground). With no trip known, being back
    home ends none (``home_without_trip``): the trip is told first."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy())
    await story.hears("we're in denver")
    await story.yes_to_all()
    await story.hears("we got back home last night")
    await story.yes_to_all()
    assert await story.held("travel.status") == "completed"
    story.says("we live in portland")
    await tg.prompt(ALICE, "Do you live in Portland?")
    where = await story.hears("where am i", "")
    assert '"Do you live in Portland?"' in where.text, where.text
