"""What a person still tripped over in the thirty-first round's chat: "what did i tell you
about the car" was "I'm not sure what you mean"; "my brother tom moved to denver last
week" was "Nothing in that changes"; the PG&E bill was "the pg e bill" in every question
and in /state; and an Edit's value buttons still set the value after its ten minutes,
when a typed value no longer does. Now a question about what was said lists what is held
on it (or says nothing is, and what Canon keeps), a member's move is heard and said not
to be kept, the payee reads as written, and a late tap is told the Edit ended.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.conversation.offline_replies import offline_answer
from core.conversation.state_answers import UNSURE
from core.domain.policy import default_policy

pytestmark = pytest.mark.timeout(150)

TUESDAY_MORNING = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
"""Tuesday 1 December 2026, 9 am in Portland."""

NOT_KEPT_CAR = "I have nothing about the car"


async def test_what_was_told_about_a_topic(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("my car is in the shop until friday", "")
    for asked in ("what did i tell you about the car", "What did I say about the car?"):
        car = await story.hears(asked, "car")
        assert car.text.startswith(NOT_KEPT_CAR), car.text
        assert "I keep only" in car.text, car.text
    await story.hears("the PG&E bill is $180 and due on the 10th", "PG&E")
    await story.yes_to_all()
    await story.hears("emma is sick", "Emma")
    await story.yes_to_all()
    story.later(hours=3)
    await story.restart(start_bot)
    # Another spelling of the bill, in texting words: what is held on it, as /state says it.
    bill = await story.hears("what did i tell u abt the pge bill", "About the pge bill")
    assert "The PG&E bill ($180) is due Thursday, December 10 — " in bill.text, bill.text
    assert "Emma" not in bill.text, bill.text
    emma = await story.hears("what do you know about emma", "About Emma")
    assert "Emma is sick" in emma.text, emma.text
    assert "PG&E" not in emma.text, emma.text
    # A kind Canon keeps, of which nothing is held: not told yet.
    sister = await story.hears("what did i say about my sister", "your sister")
    assert sister.text == "You haven't told me anything about your sister yet.", sister.text
    # The user as a whole is still "what do you know about me".
    me = await story.hears("what do you know about me", "Here's what I know")
    assert "Emma is sick" in me.text, me.text
    assert "PG&E" in me.text, me.text


async def test_what_was_told_and_still_asked(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears("My granddaughter Chloe has the flu, poor thing.", "Chloe")
    # Said, and waiting for her Yes: the question, not "you haven't told me".
    chloe = await story.hears("What did I tell you about Chloe?", "Chloe")
    assert chloe.text.startswith("Nothing settled about Chloe yet."), chloe.text
    assert "Is Chloe sick today?" in chloe.text, chloe.text
    await story.yes("Chloe")
    held = await story.hears("What did I tell you about Chloe?", "About Chloe")
    assert "Chloe is sick" in held.text, held.text


@pytest.mark.parametrize(
    ("said", "heard"),
    [
        ("my brother tom moved to denver last week", "where Tom lives"),
        ("tom is in denver now, he moved there last week", "where Tom is"),
        ("btw my mom lives in ohio", "where your mom lives"),
        ("my sister jen just moved to austin", "where Jen lives"),
    ],
)
async def test_a_members_place_is_heard_and_not_kept(
    tg: FakeTelegram, start_bot: StartBot, said: str, heard: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    reply = await story.hears(said, "")
    assert f"I don't keep track of {heard}" in reply.text, reply.text
    assert "Nothing in that changes" not in reply.text, reply.text
    assert not tg.open_prompts(ALICE)


@pytest.mark.parametrize(
    "said",
    [
        "the meeting moved to 3 tomorrow",  # no one's place
        "work moved the deadline again",
        "my car is in the shop until friday",
    ],
)
async def test_look_alikes_name_no_members_place(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    reply = await story.hears(said, "")
    assert "don't keep track of where" not in reply.text, reply.text


async def test_a_members_place_asked_is_no_news(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    asked = await story.hears("is tom in denver?", "")
    assert "Thanks for telling me" not in asked.text, asked.text


@pytest.mark.parametrize(
    ("first", "again"),
    [
        ("the PG&E bill is $180 and due on the 10th", "paid the pg e bill"),
        ("pg e bill is due on the 15th", "just paid the Pge bill"),
    ],
)
async def test_one_payee_however_spelled(
    tg: FakeTelegram, start_bot: StartBot, first: str, again: str
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears(first, "PG&E bill")
    asked = await story.yes_to_all()
    await story.hears(again, "")
    asked += await story.yes_to_all()
    assert asked
    assert all("pg e" not in q.casefold() for q in asked), asked
    assert any("PG&E bill" in q for q in asked[1:]), asked
    state = await story.hears("/state", "PG&E")
    paid = "($180) is paid" if "$180" in first else "is paid"
    assert f"The PG&E bill {paid} — " in state.text, state.text
    assert "pg e" not in state.text, state.text
    assert "pge" not in state.text.casefold(), state.text


async def test_an_edit_tapped_late_says_it_ended(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    story.says("emma is sick")
    question = await tg.prompt(ALICE, "Emma")
    await tg.tap(ALICE, question, "Edit")
    options = await tg.prompt(ALICE, "correct value")
    story.later(minutes=11)
    query = await tg.tap(ALICE, options, "well")
    await tg.settled(options)
    await story.quiet()
    told = [c.params.get("text") for c in tg.methods("answerCallbackQuery")]
    assert told[-1] is not None, (query, told)
    assert "Edit has ended" in told[-1], (query, told)
    assert "Edit has ended" in options.text, options.text
    assert await story.held("family.emma.status") is None
    # The question is still open, its buttons still answer it.
    assert question.buttons
    await story.yes("Emma")
    assert await story.held("family.emma.status") == "sick"


async def test_an_edit_tapped_in_time_still_sets_it(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    story.says("emma is sick")
    question = await tg.prompt(ALICE, "Emma")
    await tg.tap(ALICE, question, "Edit")
    options = await tg.prompt(ALICE, "correct value")
    story.later(minutes=9)
    await tg.tap(ALICE, options, "well")
    await tg.settled(options)
    await story.quiet()
    assert await story.held("family.emma.status") == "well"


def test_unsure_is_what_a_riddle_still_gets() -> None:
    assert offline_answer("purple monkey dishwasher", [], [], TUESDAY_MORNING) == UNSURE


async def test_a_grouped_question_pending_reads_line_by_line(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    await story.hears(
        "We are driving to Phoenix on Friday to see my sister and will be back Sunday.", "Phoenix"
    )
    pending = await story.hears("/pending", "waiting for you")
    lines = pending.text.splitlines()
    assert lines[1] == "• Is all of this right?", pending.text
    assert any(line.startswith("   – ") and "Phoenix" in line for line in lines), pending.text
    assert " • " not in pending.text, pending.text


async def test_a_bill_left_unread_is_told_how_to_say(tg: FakeTelegram, start_bot: StartBot) -> None:
    story = Story(tg, now=TUESDAY_MORNING)
    await story.start(start_bot, policy=default_policy())
    unread = await story.hears("electric bill landed lol 143 bucks smh", "")
    assert unread.text.startswith("I couldn't read the electric bill in that."), unread.text
    # Said as the reply suggests, it is asked and kept.
    await story.hears("the electric bill is $143, due the 15th", "electric bill")
    await story.yes_to_all()
    assert await story.held("financial.electric_bill.status") == "due"
