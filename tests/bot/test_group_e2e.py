"""Related changes from one message are one question, end to end over the Bot API double.

"I paid $2,100 rent" proposes the rent's status, amount and currency: one prompt asks
them together, one Yes commits all three, one No rejects all three, and Edit lets
the user fix one part, after which the rest is still asked as one question, with the
fixed part among them: it commits with their Yes, never alone.
"""

from __future__ import annotations

from typing import Any

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram
from story_chat import Story

from bot.app import BotRunner
from core.domain.policy import default_policy, with_overrides

pytestmark = pytest.mark.timeout(60)

RENT = "Did you pay $2,100 rent?"
PAID = {
    "financial.rent.status": "paid",
    "financial.rent.amount": 2100,
    "financial.rent.currency": "USD",
}


async def _rent_asked(tg: FakeTelegram) -> ChatMessage:
    tg.user_says(ALICE, "I paid $2,100 rent")
    return await tg.prompt(ALICE, RENT)


async def _facts(runner: BotRunner) -> dict[str, Any]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts("user:primary")}


async def _statuses(runner: BotRunner) -> list[str]:
    assert runner.chat is not None
    store = runner.chat.engine.store
    items = await store.review_items(["pending", "queued", "confirmed", "rejected", "edited"])
    return sorted(i.status for i in items)


def _labels(message: ChatMessage) -> list[str]:
    return [b["text"] for row in message.buttons for b in row]


async def test_one_message_with_three_parts_is_asked_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    prompt = await _rent_asked(tg)
    assert tg.open_prompts(ALICE) == [prompt]
    assert _labels(prompt) == ["Yes", "No", "Edit"]
    assert "financial" not in prompt.text
    asked = [m for m in tg.bot_messages(ALICE) if "rent" in m.text and m.buttons]
    assert asked == [prompt], "status, amount and currency are not asked one by one"

    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert prompt.text.startswith(RENT)
    assert prompt.text.endswith("✅ Confirmed")
    assert await _facts(runner) == PAID
    assert await _statuses(runner) == ["confirmed"] * 3
    assert tg.open_prompts(ALICE) == []


async def test_no_to_one_sentence_rejects_every_part(tg: FakeTelegram, start_bot: StartBot) -> None:
    """ "Did you pay $2,100 rent?" reads as one thing: its No is a No to all of it."""
    runner = await start_bot()
    prompt = await _rent_asked(tg)
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert prompt.text.endswith("❌ Rejected, nothing changed")
    assert await _facts(runner) == {}
    assert await _statuses(runner) == ["rejected"] * 3


PLAN = "planing a trip to tahoe next weekend"
PARTS = ["your trip is to Tahoe", "you're planning a trip", "you leave on "]
"""The parts' buttons, as the question's lines say them (``core.domain.part_words``)."""


async def _plan_asked(tg: FakeTelegram, start_bot: StartBot) -> tuple[BotRunner, ChatMessage]:
    runner = await start_bot(policy=default_policy())
    tg.user_says(ALICE, PLAN)
    return runner, await tg.prompt(ALICE, "Is all of this right?\n• Is your trip going to Tahoe?")


async def _said_no(tg: FakeTelegram, prompt: ChatMessage, how: str) -> ChatMessage:
    """No to ``prompt`` (tapped, or typed as ``how``): which part is wrong, asked."""
    if how == "tap":
        await tg.tap(ALICE, prompt, "No")
    else:
        tg.user_says(ALICE, how)
    return await tg.reply_after(ALICE, prompt.message_id, "Which part is wrong?")


@pytest.mark.parametrize(
    ("no", "all_of_it"),
    [
        ("tap", "All of it"),  # the button
        ("no", "no"),  # typed twice: a second No is all of it
        ("/reject", "none of it"),  # the command, then words
        ("nope", "tap No"),  # the question's No tapped again
    ],
)
async def test_no_to_a_listed_question_asks_which_part_and_all_of_it_rejects_every_part(
    tg: FakeTelegram, start_bot: StartBot, no: str, all_of_it: str
) -> None:
    runner, prompt = await _plan_asked(tg, start_bot)
    asked = len(await _statuses(runner))
    pick = await _said_no(tg, prompt, no)
    labels = _labels(pick)
    assert [label[: len(part)] for label, part in zip(labels, PARTS, strict=False)] == PARTS
    assert labels[-2:] == ["All of it", "Cancel"]
    assert await _statuses(runner) == ["pending"] * asked, "nothing answered yet"
    if all_of_it == "All of it":
        await tg.tap(ALICE, pick, all_of_it)
    elif all_of_it == "tap No":
        await tg.tap(ALICE, prompt, "No")
    else:
        tg.user_says(ALICE, all_of_it)
    await tg.settled(prompt)
    assert prompt.text.endswith("❌ Rejected, nothing changed")
    await tg.wait_for(lambda: not pick.buttons)
    assert pick.text == "Which part is wrong?\n→ All of it"
    assert await _facts(runner) == {}
    assert await _statuses(runner) == ["rejected"] * asked


@pytest.mark.parametrize(
    ("wrong", "field"),
    [(PARTS[2], "travel.depart_date"), (PARTS[0].removesuffix("Tahoe"), "travel.destination")],
)
async def test_no_to_one_part_rejects_it_alone_and_asks_the_rest_again(
    tg: FakeTelegram, start_bot: StartBot, wrong: str, field: str
) -> None:
    runner, prompt = await _plan_asked(tg, start_bot)
    asked = len(await _statuses(runner))
    pick = await _said_no(tg, prompt, "tap")
    part = next(label for label in _labels(pick) if label.startswith(wrong))
    await tg.tap(ALICE, pick, part)
    await tg.wait_for(lambda: len(tg.open_prompts(ALICE)) == 1 and not prompt.buttons)
    (rest,) = tg.open_prompts(ALICE)
    assert rest.message_id > pick.message_id
    assert part.removeprefix(wrong) not in rest.text, rest.text
    assert prompt.text.endswith(f"❌ No to {part}\n↓ The rest is asked again below.")
    assert pick.text == f"Which part is wrong?\n→ {part}"
    assert (await _statuses(runner)).count("rejected") == 1
    await tg.tap(ALICE, rest, "Yes")
    await tg.settled(rest)
    held = await _facts(runner)
    assert field not in held
    assert len(held) == asked - 1
    assert await _statuses(runner) == ["confirmed"] * (asked - 1) + ["rejected"]
    assert tg.open_prompts(ALICE) == []


async def test_cancel_or_news_leaves_the_question_open(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner, prompt = await _plan_asked(tg, start_bot)
    pick = await _said_no(tg, prompt, "tap")
    await tg.tap(ALICE, pick, "Cancel")
    await tg.wait_for(lambda: not pick.buttons)
    pick = await _said_no(tg, prompt, "no")
    await tg.say(ALICE, "what's the weather like", expect="")
    await tg.wait_for(lambda: not pick.buttons)
    assert tg.open_prompts(ALICE) == [prompt]
    assert set(await _statuses(runner)) == {"pending"}
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert (await _facts(runner))["travel.destination"] == "Tahoe"


async def test_a_typed_yes_answers_the_whole_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    prompt = await _rent_asked(tg)
    tg.user_says(ALICE, "yes")
    await tg.settled(prompt)
    assert await _facts(runner) == PAID


async def test_edit_fixes_one_part_and_the_rest_is_still_one_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    prompt = await _rent_asked(tg)
    await tg.tap(ALICE, prompt, "Edit")
    parts = await tg.reply_after(ALICE, prompt.message_id, "Which part should I change?")
    assert _labels(parts) == [
        "the rent status is paid",
        "the rent amount is 2,100",
        "the rent currency is USD",
        "Cancel",
    ]
    await tg.tap(ALICE, parts, "the rent amount is 2,100")
    await tg.settled(parts)
    request = await tg.reply_after(ALICE, parts.message_id, "correct value")
    typed = tg.user_says(ALICE, "2000")
    # The edited part is answered; the other two are asked again, together, with the
    # new amount among them: nothing is committed before their answer.
    again = await tg.reply_after(ALICE, typed, "rent", within=10)
    await tg.wait_for(lambda: len(tg.open_prompts(ALICE)) == 1 and not prompt.buttons)
    (rest,) = tg.open_prompts(ALICE)
    assert rest.message_id > request.message_id
    assert "2,100" not in rest.text
    assert "2,000" in rest.text
    assert _labels(rest) == ["Yes", "No", "Edit"]
    assert again.message_id <= rest.message_id
    assert prompt.text.endswith("↓ The rest is asked again below.")
    assert (await _facts(runner)) == {}

    await tg.tap(ALICE, rest, "Yes")
    await tg.settled(rest)
    assert await _facts(runner) == {**PAID, "financial.rent.amount": 2000}
    assert await _statuses(runner) == ["confirmed", "confirmed", "confirmed", "edited"]
    assert tg.open_prompts(ALICE) == []


async def test_editing_the_first_part_by_its_buttons_keeps_the_rest_together(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    prompt = await _rent_asked(tg)
    await tg.tap(ALICE, prompt, "Edit")
    parts = await tg.reply_after(ALICE, prompt.message_id, "Which part should I change?")
    await tg.tap(ALICE, parts, "the rent status is paid")
    request = await tg.reply_after(ALICE, parts.message_id, "Tap one")
    choice = next(label for label in _labels(request) if label not in ("paid", "Cancel"))
    await tg.tap(ALICE, request, choice)
    await tg.settled(prompt)
    rest = await tg.prompt(ALICE)
    assert rest.message_id > request.message_id
    assert choice in rest.text.casefold(), "the new status is asked with the rest"
    await tg.tap(ALICE, rest, "No")
    await tg.settled(rest)
    # No to the question as it now stands: the fixed status goes with the rest.
    assert await _facts(runner) == {}
    assert await _statuses(runner) == ["edited", "rejected", "rejected", "rejected"]


BILLS = ["electricity", "water", "gas", "internet", "trash", "phone"]


async def test_flood_control_counts_each_message_as_one_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    store = runner.chat.engine.store
    for i, bill in enumerate(BILLS):
        sent = tg.user_says(ALICE, f"I paid ${100 + i} for the {bill} bill")
        await tg.reply_after(ALICE, sent, "")
    await tg.wait_for(lambda: len(tg.open_prompts(ALICE)) == 1)
    pending = await store.review_items(["pending"])
    queued = await store.review_items(["queued"])
    # max_pending is 5: five messages of three parts are shown, the sixth waits whole.
    assert len({p.group_key for p in pending}) == 5
    assert len(pending) == 15
    assert len(queued) == 3
    assert len({q.group_key for q in queued}) == 1

    for _ in BILLS:
        prompt = await tg.prompt(ALICE)
        await tg.tap(ALICE, prompt, "Yes")
        await tg.settled(prompt)
    await tg.wait_for(lambda: not tg.open_prompts(ALICE))
    assert len(await _facts(runner)) == 18
    assert await store.review_items(["pending", "queued"]) == []


async def test_after_a_restart_an_open_group_is_shown_again_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot()
    asked = await _rent_asked(tg)
    await stop_bot(tg, first)
    second = await start_bot()
    await tg.wait_for(lambda: not asked.buttons)
    (again,) = tg.open_prompts(ALICE)
    assert again.text.startswith(RENT)
    assert asked.text.endswith("↓ Asked again below (I restarted).")
    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    assert await _facts(second) == PAID


ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)
ARRIVED = "Is all of this right?\n• Are you in Tahoe?\n• Is your trip under way?\n• Did you leave"


@pytest.mark.timeout(120)
async def test_a_wrong_day_asks_which_day_and_undo_takes_back_only_the_yes(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The founding story's arrival asked as one question: only its day was wrong. A No
    to every part left Canon believing the trip still planned; now the day alone is
    asked again (which day it was, then: she taps Thursday), the rest is asked again with
    it and her Yes puts the trip under way. /undo after it takes back that Yes exactly: the
    plan as it was, the day as it was."""
    story = Story(tg)
    runner = await story.start(start_bot, ASKS_ABOUT_TRAVEL)
    story.says("i live in portland")
    await story.yes("Do you live in Portland?")
    await story.hears("going to tahoe saturday", "")
    await story.yes_to_all()
    story.later(days=3.2)  # Saturday afternoon
    await story.hears("made it to tahoe!! drove up yesterday", "")
    arrived = await tg.prompt(ALICE, ARRIVED)
    planned = await _facts(runner)
    pick = await _said_no(tg, arrived, "no")
    await tg.tap(ALICE, pick, "you left on Friday, November 27")
    # Not Friday, but the trip did leave: which day, asked (a button a day, or typed).
    day = await tg.prompt(ALICE, "What day did you leave, then (not Friday, November 27)?")
    assert "Friday, Nov 27" not in _labels(day), _labels(day)
    await tg.tap(ALICE, day, "Thursday, Nov 26")
    rest = await tg.reply_after(ALICE, day.message_id, ARRIVED)
    assert "Did you leave on Thursday, November 26?" in rest.text, rest.text
    assert "November 27" not in rest.text, rest.text
    await tg.tap(ALICE, rest, "Yes")
    await tg.settled(rest)
    held = await _facts(runner)
    assert held == {
        **planned,
        "travel.status": "in_progress",
        "travel.location": "Tahoe",
        "travel.depart_date": "2026-11-26",  # her day, never the one she said was wrong
    }
    await story.quiet()
    undo = await story.hears("/undo", "Undo")
    assert "departure date back from Thursday, November 26 to Saturday" in undo.text
    await story.yes("Undo")
    assert await _facts(runner) == planned
