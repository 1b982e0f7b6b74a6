"""Editing a value, end to end over the Bot API double: safe, natural, and never a trap.

Edit offers a closed set's values as buttons and understands natural words; dates
are read against the time the message was written; a value that is not valid is
refused with an example and the user can try again; and a command, a question, a
new statement or a late message ends the edit without being swallowed.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import make_observation
from chatkit import ALICE, StartBot
from fakes.telegram_api import ChatMessage, FakeTelegram

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(60)

# Wednesday 25 November 2026, 9:00 UTC: the bot's clock and the messages' time.
WEDNESDAY = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
LEFT = "I stopped waiting for a new value; the question is still open."


async def _asked(runner: BotRunner, tg: FakeTelegram, field: str, value: Any, source: str) -> Any:
    """Evidence that needs the user's word, shown to Alice as a question."""
    assert runner.chat is not None
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    obs = make_observation(field, value, source=source, at=WEDNESDAY)
    out = await runner.chat.engine.ingest(obs, now=WEDNESDAY)
    assert out.review_item_id is not None, "the evidence must become a question"
    await runner.chat.sweep()
    return await tg.prompt(ALICE)  # the one open question, whatever its wording


def _sent_at(when: datetime) -> int:
    return int(when.timestamp())


async def _fact(runner: BotRunner, field: str) -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", field)
    return None if fact is None else (fact.value, fact.resolution)


def _labels(message: ChatMessage) -> list[str]:
    return [b["text"] for row in message.buttons for b in row]


async def test_edit_offers_a_closed_sets_values_in_plain_words_and_a_tap_applies_one(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.status", "in_progress", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    request = await tg.reply_after(ALICE, prompt.message_id, "Tap one, or type it")
    assert _labels(request) == ["planned", "under way", "back home", "cancelled", "Cancel"]

    await tg.tap(ALICE, request, "back home")
    await tg.settled(prompt)
    assert prompt.text.endswith("Edited to completed")
    assert not request.buttons, "the choice buttons went with the answer"
    assert await _fact(runner, "travel.status") == ("completed", "user_edit")


async def test_the_cancel_button_keeps_the_question_open(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.status", "in_progress", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    request = await tg.reply_after(ALICE, prompt.message_id, "Tap one")
    await tg.tap(ALICE, request, "Cancel")
    await tg.settled(request)
    assert request.text == "OK, cancelled. The question is still open."
    assert _labels(prompt) == ["Yes", "No", "Edit"]
    # Not in edit mode any more: "back" is conversation, not the trip's new status.
    await tg.say(ALICE, "back", expect="")
    assert await _fact(runner, "travel.status") is None


@pytest.mark.parametrize(
    ("field", "value", "source", "typed", "stored"),
    [
        ("financial.amazon_return.status", "due", "email", "returned", "pending"),
        ("financial.amazon_return.status", "due", "email", "Sent it back", "pending"),
        ("travel.status", "in_progress", "calendar", "  Home ", "completed"),
        ("travel.status", "in_progress", "calendar", "back", "completed"),
    ],
)
async def test_natural_words_are_accepted_for_a_closed_set(
    tg: FakeTelegram,
    start_bot: StartBot,
    field: str,
    value: str,
    source: str,
    typed: str,
    stored: str,
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, field, value, source)
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Tap one")
    tg.user_says(ALICE, typed, date=_sent_at(WEDNESDAY))
    await tg.settled(prompt)
    assert prompt.text.endswith(f"Edited to {stored}")
    assert await _fact(runner, field) == (stored, "user_edit")


@pytest.mark.parametrize(
    ("typed", "stored", "shown"),
    [
        ("Saturday", "2026-11-28", "Saturday, November 28"),
        ("next Friday", "2026-12-04", "Friday, December 4"),
        ("the 28th", "2026-11-28", "Saturday, November 28"),
        ("tomorrow", "2026-11-26", "Thursday, November 26"),
        ("28 Nov", "2026-11-28", "Saturday, November 28"),
        ("2026-11-28", "2026-11-28", "Saturday, November 28"),
    ],
)
async def test_a_date_is_read_against_the_messages_time_and_stored_as_iso(
    tg: FakeTelegram, start_bot: StartBot, typed: str, stored: str, shown: str
) -> None:
    """Stored as an ISO date; the settled question shows the day as a person says it."""
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.depart_date", "2026-12-01", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "like 'Saturday' or '28 Nov'")
    tg.user_says(ALICE, typed, date=_sent_at(WEDNESDAY))
    await tg.settled(prompt)
    assert prompt.text.endswith(f"Edited to {shown}")
    assert await _fact(runner, "travel.depart_date") == (stored, "user_edit")


async def test_a_value_that_is_not_valid_is_refused_with_an_example_and_can_be_retried(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.depart_date", "2026-12-01", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send a date")
    sent = tg.user_says(ALICE, "soon", date=_sent_at(WEDNESDAY))
    refusal = await tg.reply_after(ALICE, sent, "I need a date")
    assert refusal.text == "I need a date, like 'Saturday' or '28 Nov'. Try again, or /cancel."
    assert prompt.buttons, "the question is still open"
    assert await _fact(runner, "travel.depart_date") is None, "nothing was stored"

    tg.user_says(ALICE, "Saturday", date=_sent_at(WEDNESDAY))
    await tg.settled(prompt)
    assert await _fact(runner, "travel.depart_date") == ("2026-11-28", "user_edit")


async def test_a_command_ends_the_edit_and_runs(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.depart_date", "2026-12-01", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send a date")
    sent = tg.user_says(ALICE, "/pending", date=_sent_at(WEDNESDAY))
    await tg.reply_after(ALICE, sent, LEFT)
    await tg.reply_after(ALICE, sent, "leave on")  # /pending ran as usual
    assert prompt.buttons, "the question is still open"
    # Edit mode is over, but a day typed under the open question that proposes one
    # answers it, as it does with no Edit tapped (test_asked_days_e2e).
    tg.user_says(ALICE, "Saturday", date=_sent_at(WEDNESDAY))
    await tg.settled(prompt)
    assert await _fact(runner, "travel.depart_date") == ("2026-11-28", "user_edit")


@pytest.mark.parametrize(
    ("typed", "reply"),
    [
        ("what's on my calendar?", LEFT),  # a question
        # a statement: processed as a message, so its question waits behind the open one
        ("Emma is sick today and staying home from school", "after the current question"),
    ],
)
async def test_a_question_or_a_new_statement_ends_the_edit_and_is_handled_normally(
    tg: FakeTelegram, start_bot: StartBot, typed: str, reply: str
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    tg.user_says(ALICE, "I live in Seattle now", date=_sent_at(WEDNESDAY))
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "What is the correct value")
    sent = tg.user_says(ALICE, typed, date=_sent_at(WEDNESDAY))
    await tg.reply_after(ALICE, sent, LEFT)
    await tg.reply_after(ALICE, sent, reply)
    assert await _fact(runner, "profile.home_city") is None, "the message was not the value"
    assert prompt.buttons, "the question is still open"


async def test_edit_mode_times_out_by_the_messages_time(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked(runner, tg, "travel.depart_date", "2026-12-01", "calendar")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send a date")
    late = WEDNESDAY + timedelta(minutes=11)
    sent = tg.user_says(ALICE, "Saturday", date=_sent_at(late))
    await tg.reply_after(ALICE, sent, LEFT)
    assert await _fact(runner, "travel.depart_date") is None
    assert prompt.buttons, "the question is still open"
    # Edit again, in time: the value is taken.
    await tg.tap(ALICE, prompt, "Edit")
    tg.user_says(ALICE, "Saturday", date=_sent_at(WEDNESDAY + timedelta(minutes=1)))
    await tg.settled(prompt)
    assert await _fact(runner, "travel.depart_date") == ("2026-11-28", "user_edit")
