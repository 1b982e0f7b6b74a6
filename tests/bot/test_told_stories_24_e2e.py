"""Stories of the twenty-fourth round told through the bot as people type them (the Bot
API double, the offline extractor, a fresh store's calibrating policy, a clock the story
moves on, restarts): the questions a user sees are the questions Canon says it asked,
and being somewhere before a trip is not being away on it."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

MONDAY_NOON = datetime(2026, 11, 30, 19, 40, tzinfo=UTC)
"""Monday 30 November 2026, 11:40 in Portland: when the lead told it, on the real clock."""


def _quoted_questions(text: str) -> list[str]:
    """The questions an answer says Canon asked ('I've asked you: "…"')."""
    return re.findall(r'asked you: "([^"]+)"', text)


async def test_a_question_closed_unanswered_keeps_the_words_it_was_asked_in(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The arrival said while the plan's question is open waits behind it, is then shown
    as "Is your trip to Tahoe under way?", and is superseded by "we got back home": its
    message keeps that question under its outcome (it read "Are you in Tahoe?", a
    question never asked), every question "where am i" says was asked is one the chat
    showed, and one question is open at the end, before and after a restart."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy())
    story.says("hi i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("we leave for tahoe sun, back the 6th")
    plan = await tg.prompt(ALICE, "Is your trip going to Tahoe?")
    await story.hears("were already in tahoe, got in last nite", "after the current question")
    await tg.tap(ALICE, plan, "Yes")
    arrival = await tg.prompt(ALICE, "Is your trip to Tahoe under way?")
    where = await story.hears("where am i", "")
    story.later(seconds=5)
    await story.hears("ok we got back home last night, kids exhausted", "Back home in Portland?")
    await tg.settled(arrival)
    assert arrival.text.startswith("Is your trip to Tahoe under way?\n"), arrival.text
    assert "Are you in Tahoe?" not in arrival.text
    asked = [
        m.text.split("\n")[0] for m in tg.bot_messages(ALICE) if m.message_id < where.message_id
    ]
    assert _quoted_questions(where.text) == ["Is your trip to Tahoe under way?"]
    assert set(_quoted_questions(where.text)) <= set(asked)
    assert [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)] == ["Back home in Portland?"]
    await story.restart(start_bot)
    assert [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)] == ["Back home in Portland?"]
    await story.yes("Back home in Portland?")
    told = await story.told()
    assert "in tahoe" not in told.lower().replace("trip to tahoe", ""), told
    assert "asked you" not in told


@pytest.mark.parametrize("calibrating", [True, False], ids=["fresh store", "calibrated"])
@pytest.mark.parametrize(
    ("home", "said"),
    [
        (None, "im in portland, we leave for tahoe sunday"),
        (None, "in portland rn, leavin for tahoe sun"),
        ("Seattle", "im in portland, we leave for tahoe sunday"),
    ],
)
async def test_at_a_place_before_a_trip_elsewhere_is_not_away_on_it(
    tg: FakeTelegram, start_bot: StartBot, home: str | None, said: str, calibrating: bool
) -> None:
    """Where the user is may be kept, but the trip is planned, not under way, and is
    taken as a plan: never "Noted: ... your trip is under way" and then "Are you planning
    a trip? ... that would be a step back" about a trip nobody took."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy() if calibrating else None)
    if home is not None:
        story.says(f"i live in {home.lower()}")
        await story.yes(f"Do you live in {home}?")
    reply = await story.hears(said, "Tahoe")
    if reply.buttons:
        await story.yes("Tahoe")
    assert await story.held("travel.status") == "planning"
    assert await story.held("travel.destination") == "Tahoe"
    assert await story.held("travel.depart_date") == "2026-12-06"
    assert await story.held("travel.location") in (None, "Portland")
    assert not tg.open_prompts(ALICE)
    await story.restart(start_bot)
    told = await story.told()
    assert "trip to Tahoe planned" in told, told
    chat = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert "trip is under way" not in chat, chat
    assert "step back" not in chat, chat


async def test_did_i_return_that_package_over_the_days_of_a_trip(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The founding story's errand asked about in a person's words: "that package" is the
    Amazon return, whether it is only asked about so far or known; before any return
    was told, the answer says none is known (it was "I'm not sure what you mean")."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy())
    none_known = await story.hears("did i return that package?", "")
    assert "I don't know of a return you have to make" in none_known.text
    story.says("hey, we live in portland")
    await story.yes("Do you live in Portland?")
    story.says("me n the kids r headed to tahoe thurs, back sun")
    await story.yes("Tahoe")
    story.says("gotta return the amazon package before we go")
    await tg.prompt(ALICE, "Amazon return")
    asked = await story.hears("did i return that package?", "")
    assert asked.text.startswith("Not settled yet."), asked.text
    assert "Amazon return" in asked.text
    await story.yes("Amazon return")
    await story.restart(start_bot)
    story.later(days=2)  # Wednesday, the day before the trip leaves
    known = await story.hears("did i return that package?", "")
    assert known.text.startswith("The Amazon return is due Thursday, December 3"), known.text


async def test_forgot_the_amazon_return_is_still_to_do(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Back from the trip, "forgot the amazon return" is the past only in its words: the
    errand was not done and is still due, so the reply says so (it was "Sounds like
    that's in the past, so nothing about now changed"); with no such errand known it
    stays the past."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy())
    unknown = await story.hears("forgot the amazon return", "past")
    assert unknown.text == "Sounds like that's in the past, so nothing about now changed."
    story.says("gotta return the amazon package by wed")
    await story.yes("Amazon return")
    await story.restart(start_bot)
    story.later(days=3)  # Thursday: the day has gone by
    forgot = await story.hears("forgot the amazon return", "still to do")
    assert forgot.text.startswith("So it's still to do: the Amazon return was due"), forgot.text
    assert "(overdue)" in forgot.text


async def test_an_errand_before_we_go_is_due_by_the_trips_day_and_late_after_it(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "gotta return the amazon package before we go" with the Tahoe trip planned for
    Thursday is due Thursday (it had no day, so after the trip it was still just "due");
    back home on Monday, the return left undone is overdue, and nothing says Tahoe."""
    story = Story(tg)  # Wednesday 25 November
    await story.at_home_in_portland(start_bot)
    await story.hears(
        "me n the kids r headed to tahoe for thanksgiving, leavin thurs mornin, back sun", "plan"
    )
    story.says("gotta return the amazon package before we go")
    await story.yes("Are you back on Sunday, November 29?")
    asked = await story.yes("Amazon return")
    assert "Thursday, November 26" in asked, asked
    assert await story.held("financial.amazon_return.due_date") == "2026-11-26"
    await story.restart(start_bot)
    story.now = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)  # Thursday noon in Portland
    await story.hears("made it to tahoe!! roads were insane", "you're in Tahoe")
    story.now = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)  # Monday, 9 am in Portland
    await story.hears("we got back home last night", "home")
    if tg.open_prompts(ALICE):
        await story.yes("home")
    assert await story.held("travel.status") == "completed"
    forgot = await story.hears("forgot the amazon return", "Amazon return")
    assert forgot.text == (  # due by the day the trip left (round 31)
        "So it's still to do: the Amazon return was due before you left on Thursday, "
        "November 26 (overdue)."
    )
    told = await story.told()
    assert "the Amazon return was due Thursday, November 26 (overdue)" in told, told
    assert "in tahoe" not in told.lower().replace("trip to tahoe", ""), told


async def test_back_home_leaves_no_question_of_the_arrival_to_be_asked_alone(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Told in the playground by the lead: the plan carries an errand, whose question is
    open when "were already in tahoe, got in last nite" comes; the arrival is asked after
    it as one question (in Tahoe, under way, left on Sunday), and "we got back home"
    settles it. Before, the arrival's "Did you leave on Sunday, November 29?" stayed open
    beside the return's own question about the same day and was asked alone next ("Do you
    leave on Sunday, November 29?"), a step of a story already over; a Yes wrote a
    departure the return's question was about to clear."""
    story = Story(tg, now=MONDAY_NOON)
    await story.start(start_bot, policy=default_policy())
    story.says("hi i live in portland")
    await story.yes("Do you live in Portland?")
    story.says("we leave for tahoe sun, back the 6th. gotta return the amazon package before we go")
    await story.yes("Is all of this right?")
    # Due by the plan of its own message (it was "Do you still have to do the Amazon
    # return?", with no day, until the twenty-sixth round).
    errand = await tg.prompt(ALICE, "Is the Amazon return due Sunday, December 6?")
    await story.hears("were already in tahoe, got in last nite", "after the current question")
    await tg.tap(ALICE, errand, "Yes")
    arrival = await tg.prompt(ALICE, "• Did you leave on Sunday, November 29?")
    where = await story.hears("where am i", "")
    story.later(seconds=5)
    await story.hears("ok we got back home last night, kids exhausted", "")
    await tg.settled(arrival)
    shown = [m.text for m in tg.bot_messages(ALICE) if m.message_id < where.message_id]
    for quoted in _quoted_questions(where.text):  # each as the chat showed it
        assert any(m.startswith(quoted) for m in shown), (quoted, shown)
    assert [p.text.split("\n")[0] for p in tg.open_prompts(ALICE)] == ["Back home in Portland?"]
    await story.yes("Back home in Portland?")
    assert tg.open_prompts(ALICE) == []
    told = await story.told()
    assert "in tahoe" not in told.lower().replace("trip to tahoe", ""), told
    assert "November 29" not in told, told
