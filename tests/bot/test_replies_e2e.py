"""Natural replies and the commands that explain state, end to end over the Bot API double."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.domain.ids import new_id
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(60)

NOW = datetime(2026, 2, 19, 18, 30, tzinfo=UTC)


def _fact(entity: str, field: str, value: Any, at: datetime, source: str) -> CommittedFact:
    return CommittedFact(
        entity, field, value, 1, source, "seed", 0.9, new_id(), at, at, "auto_commit"
    )


async def _seeded(start_bot: StartBot) -> BotRunner:
    runner = await start_bot(clock=lambda: NOW)
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts(  # type: ignore[attr-defined]
        [
            _fact(
                "user:primary",
                "travel.location",
                "Tahoe",
                NOW.replace(hour=8),
                "conversation_assertive",
            ),
            _fact(
                "user:primary",
                "travel.status",
                "in_progress",
                NOW.replace(hour=8),
                "conversation_assertive",
            ),
            _fact(
                "user:primary",
                "travel.return_date",
                "2026-02-22",
                NOW - timedelta(days=3),
                "calendar",
            ),
            _fact(
                "family:home",
                "family.emma.status",
                "sick",
                NOW - timedelta(days=1),
                "conversation_assertive",
            ),
            _fact(
                "user:primary",
                "financial.rent.status",
                "paid",
                NOW - timedelta(days=3),
                "transactions_email",
            ),
            _fact(
                "user:primary",
                "financial.rent.amount",
                2100,
                NOW - timedelta(days=3),
                "transactions_email",
            ),
        ]
    )
    return runner


@pytest.mark.parametrize(
    ("said", "expect"),
    [
        ("hi", "Hi! What's new?"),
        ("good morning", "Good morning!"),
        ("thanks!", "You're welcome!"),
        ("ty", "You're welcome!"),
        ("how are you?", "All good here, thanks!"),
        ("lol", "👍"),
        (
            "what do you know about me?",
            "• Travel: on your trip; you're in Tahoe; back Sunday, February 22",
        ),
        ("Where am I?", "In Tahoe, since this morning (you told me)."),
        (
            "when do I fly back?",
            "Your return: Sunday, February 22 (from your calendar, 3 days ago).",
        ),
        ("is Emma sick?", "Emma is sick (you told me, yesterday)."),
        ("did I pay rent?", "Yes, the rent ($2,100) is paid — from a receipt email, 3 days ago."),
        (
            "what's the status of the website project?",
            "I don't know how website is going yet — tell me.",
        ),
        ("where do I live?", "I don't know where you live yet — tell me."),
        ("help", "I keep your assistant's beliefs true"),
    ],
)
async def test_natural_replies_from_state(
    tg: FakeTelegram, start_bot: StartBot, said: str, expect: str
) -> None:
    await _seeded(start_bot)
    reply = await tg.say(ALICE, said, expect=expect)
    assert "Commands:" not in reply.text


async def test_a_statement_still_goes_through_extraction(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "hey there", expect="Hi!")
    await tg.say(ALICE, "I'm in Tahoe", expect="Noted: you're in Tahoe")
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert fact.value == "Tahoe"


@pytest.mark.parametrize(
    ("command", "expect", "absent"),
    [
        (
            "/why travel",
            [
                "Your location: Tahoe",
                "Your return date: Sunday, February 22",
                "Your trip: under way",
            ],
            ["rent"],
        ),
        ("/why location", ["Your location: Tahoe"], ["Your trip:", "travel."]),
        # Words naming several values get a button each (test_plain_commands_e2e taps one).
        ("/why rent", ['Several things match "rent". Which one should I explain?'], ["financial."]),
        ("/why emma", ["Emma's status: sick"], ["travel", "location"]),
        (
            "/why weather",
            ['I hold nothing about "weather". I know: emma\'s status, the rent amount, the rent'],
            [],
        ),
        ("/history weather", ['I hold nothing about "weather". I know:'], []),
    ],
)
async def test_why_and_history_take_a_domain_or_a_short_name(
    tg: FakeTelegram, start_bot: StartBot, command: str, expect: list[str], absent: list[str]
) -> None:
    await _seeded(start_bot)
    reply = await tg.say(ALICE, command, expect=expect[0])
    for text in expect:
        assert text in reply.text
    for text in absent:
        assert text not in reply.text


async def test_history_with_a_short_name_lists_each_matching_field(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    await tg.say(ALICE, "We're planning a trip to Tahoe next weekend", expect="plan")
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
    reply = await tg.say(ALICE, "/history travel", expect="Your trip, ")
    assert "Your location, " in reply.text
    assert "planned → under way" in reply.text
    location = await tg.say(ALICE, "/history location", expect="Your location, ")
    assert "Your trip, " not in location.text


async def test_undo_names_the_current_value_and_the_one_it_restores(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I'm in Portland", expect="Noted: you're in Portland")
    tg.user_says(ALICE, "I'm in Tahoe")
    moved = await tg.prompt(ALICE, "Tahoe")
    await tg.tap(ALICE, moved, "Yes")
    await tg.settled(moved)
    tg.user_says(ALICE, "/undo")
    prompt = await tg.prompt(ALICE, "Undo: your location back from Tahoe to Portland?")
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert prompt.text.endswith("❌ Kept: your location is still Tahoe.")

    tg.user_says(ALICE, "/undo")
    again = await tg.prompt(ALICE, "Undo: your location back from Tahoe to Portland?")
    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    assert again.text.endswith("✅ Done: your location is Portland again.")
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert fact.value == "Portland"


async def test_after_each_restart_the_open_question_is_shown_again_exactly_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    asked = await tg.prompt(ALICE, "Do you live in Seattle?")
    await stop_bot(tg, first)
    second = await start_bot()
    again = await tg.prompt(ALICE, "Do you live in Seattle?")
    await stop_bot(tg, second)
    third = await start_bot()
    await tg.wait_for(lambda: tg.open_prompts(ALICE) != [again])

    (latest,) = tg.open_prompts(ALICE)  # one question, one message with buttons
    assert latest.message_id > again.message_id > asked.message_id
    assert [b["text"] for b in latest.buttons[0]] == ["Yes", "No", "Edit"]
    assert asked.text.endswith("↓ Asked again below (I restarted).")
    assert again.text.endswith("↓ Asked again below (I restarted).")
    asked_count = [
        m for m in tg.bot_messages(ALICE) if m.text.startswith("Do you live in Seattle?")
    ]
    assert len(asked_count) == 3  # the question, and once after each of two restarts

    await tg.tap(ALICE, latest, "Yes")
    await tg.settled(latest)
    assert third.chat is not None
    fact = await third.chat.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"
