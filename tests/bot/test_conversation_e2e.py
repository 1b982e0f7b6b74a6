"""End to end over HTTP: the real bot, long polling the strict Bot API double.

Each test is a conversation, as the user sees it in Telegram.
"""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, STRANGER, StartBot, quiet, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

pytestmark = pytest.mark.timeout(60)


async def test_the_tahoe_conversation(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "We're planning a trip to Tahoe next weekend", expect="Sounds like a plan")
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe; your trip is under way")
    assert runner.chat is not None
    status = await runner.chat.engine.store.fact("user:primary", "travel.status")
    assert status is not None
    assert (status.value, status.resolution) == ("in_progress", "auto_commit")
    # Under way before the planned departure day: the trip began today, in the same commit.
    assert tg.open_prompts(ALICE) == [], "the plan coming true needs no other question"

    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    assert prompt.text.splitlines() == [
        "Do you live in Seattle?",
        "You said it just now; I only change this with your OK.",
    ]
    assert [[b["text"] for b in row] for row in prompt.buttons] == [["Yes", "No", "Edit"]]

    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert prompt.text.endswith("✅ Confirmed")
    # The tap was answered before the prompt was edited.
    order = [c.method for c in tg.methods("answerCallbackQuery", "editMessageText")]
    assert order[:2] == ["answerCallbackQuery", "editMessageText"]
    fact = await runner.chat.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"
    assert fact.resolution == "user_confirm"

    await tg.say(ALICE, "where am I?", expect="In Tahoe (you told me just now).")


async def test_no_rejects_and_keeps_the_old_value(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert "Rejected" in prompt.text
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "profile.home_city") is None


async def test_edit_asks_for_the_value_validates_it_and_commits(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, "Feature X is blocked on legal review")
    prompt = await tg.prompt(ALICE, "Is Feature X blocked?")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(
        ALICE, prompt.message_id, "What is the correct value for the feature x status?"
    )
    await tg.say(ALICE, "flying", expect="I need one of planned, in progress, blocked")
    assert prompt.buttons, "a bad value leaves the question open"
    await tg.say(ALICE, "/cancel", expect="cancelled")
    await tg.tap(ALICE, prompt, "Edit")
    tg.user_says(ALICE, "shipped")
    await tg.settled(prompt)
    assert prompt.text.endswith("Edited to shipped")
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "project.feature_x.status")
    assert fact is not None
    assert (fact.value, fact.resolution) == ("shipped", "user_edit")


@pytest.mark.parametrize(
    ("typed", "outcome", "value"),
    [
        ("yes", "Confirmed", "Seattle"),
        ("Yep!", "Confirmed", "Seattle"),
        ("no", "Rejected", None),
        ("/confirm", "Confirmed", "Seattle"),
        ("/reject", "Rejected", None),
    ],
)
async def test_a_typed_answer_resolves_the_active_prompt(
    tg: FakeTelegram, start_bot: StartBot, typed: str, outcome: str, value: str | None
) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    # Typed, not tapped: the question may be far up the chat, so the answer is also
    # replied to right below what the user typed.
    await tg.say(ALICE, typed, expect=outcome)
    await tg.settled(prompt)
    assert outcome in prompt.text
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "profile.home_city")
    assert (fact.value if fact else None) == value


async def test_a_second_tap_is_answered_and_changes_nothing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    data = tg.button(prompt, "Yes")
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert runner.chat is not None
    before = await runner.chat.engine.store.history("user:primary", "profile.home_city")
    # A second tap on the same (stale) button, as a slow client would send it.
    prompt.buttons = [[{"text": "Yes", "callback_data": data}]]
    second = await tg.tap(ALICE, prompt, "Yes")
    assert tg.answered(second)
    after = await runner.chat.engine.store.history("user:primary", "profile.home_city")
    assert after == before
    assert all(c.status == 200 for c in tg.methods("answerCallbackQuery"))


async def test_prompts_come_one_at_a_time_in_order(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    tg.user_says(ALICE, "Feature X shipped today")
    first = await tg.prompt(ALICE, "Has Feature X shipped?")
    await tg.say(
        ALICE, "Emma is sick today", expect="I'll ask you about that after the current question"
    )
    assert len(tg.open_prompts(ALICE)) == 1, "the next prompt waits for an answer"
    await tg.tap(ALICE, first, "Yes")
    second = await tg.prompt(ALICE, "Is Emma sick today?")
    assert second.message_id > first.message_id


async def test_a_yes_or_no_replying_to_an_answered_question_answers_no_other(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    store = runner.chat.engine.store
    tg.user_says(ALICE, "Feature X shipped today")
    first = await tg.prompt(ALICE, "Has Feature X shipped?")
    await tg.say(ALICE, "Emma is sick today", expect="after the current question")
    await tg.tap(ALICE, first, "No")
    second = await tg.prompt(ALICE, "Is Emma sick today?")
    # Sent as Telegram replies to the first question, answered No, while the second is
    # open: each names the question it answers, so none answers the second; nor does a
    # /confirm or /reject sent so.
    for typed in ("yes", "No", "yep", "/confirm", "/reject"):
        sent = tg.user_sends(ALICE, {"text": typed, "reply_to_message": _shown(first)})
        told = await tg.reply_after(ALICE, sent, "That question was already answered")
        assert "you said No" in told.text, typed
        assert "question open now" in told.text, typed
        await quiet(tg, runner)
        assert [p.message_id for p in tg.open_prompts(ALICE)] == [second.message_id], typed
    assert [r.candidate_value for r in await store.review_items(["pending"])] == ["sick"]
    # A yes replying to the question open now answers it, as a yes without a reply does.
    tg.user_sends(ALICE, {"text": "yes", "reply_to_message": _shown(second)})
    assert "Confirmed" in (await tg.settled(second)).text
    assert [r.candidate_value for r in await store.review_items(["confirmed"])] == ["sick"]
    assert await store.review_items(["pending", "queued"]) == []


def _shown(message: ChatMessage) -> dict[str, Any]:
    """A bot message as a reply quotes it (Bot API ``reply_to_message``)."""
    bot = {"id": 1, "is_bot": True, "first_name": "Canon"}
    chat = {"id": ALICE, "type": "private", "first_name": "Alex"}
    return {"message_id": message.message_id, "from": bot, "chat": chat, "date": 1,
            "text": message.text}  # fmt: skip


async def test_strangers_get_one_refusal_and_nothing_is_stored(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(STRANGER, "We're in Tahoe", expect="private assistant")
    tg.user_says(STRANGER, "hello?")
    await tg.say(ALICE, "where am I?", expect="I don't know where you are")
    assert len(tg.bot_messages(STRANGER)) == 1
    assert runner.chat is not None
    assert await runner.chat.engine.store.facts() == []
    assert await runner.chat.log.messages(STRANGER) == []


async def test_only_the_owner_may_answer_a_prompt(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    tg.user_says(BOB, "/start")
    for user in (BOB, STRANGER):
        await tg.tap(user, prompt, "Yes")
    assert prompt.buttons, "still open"
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "profile.home_city") is None
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)


async def test_a_restarted_bot_resumes_with_the_same_prompt(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot()
    tg.user_says(ALICE, "I live in Seattle now")
    prompt = await tg.prompt(ALICE, "Do you live in Seattle?")
    await stop_bot(tg, first)

    second = await start_bot()
    again = await tg.prompt(ALICE, "Do you live in Seattle?")
    assert again.message_id > prompt.message_id, "asked again, with its buttons"
    assert tg.open_prompts(ALICE) == [again]
    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    assert "Confirmed" in again.text
    assert second.chat is not None
    fact = await second.chat.engine.store.fact("user:primary", "profile.home_city")
    assert fact is not None
    assert fact.value == "Seattle"


async def test_a_429_storm_delays_but_loses_nothing(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    tg.flood(3, retry_after=1, methods=("sendMessage",))
    await tg.say(ALICE, "We're planning a trip to Tahoe next weekend", expect="plan", within=20)
    tg.flood(2, retry_after=1)
    await tg.say(
        ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe; your trip is under way", within=20
    )
    statuses = [c.status for c in tg.methods("sendMessage")]
    assert statuses.count(429) == 5
    assert any(
        m.text.startswith("Noted: you're in Tahoe; your trip is under way")
        for m in tg.bot_messages(ALICE)
    )
