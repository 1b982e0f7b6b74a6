"""Ordinary typing through the real bot: the founding sentence, arrivals, lowercase
known names, conditions, questions about plans and spoken time zones."""

from __future__ import annotations

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(90)


async def _facts(runner: BotRunner) -> dict[str, object]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts()}


async def _asked(runner: BotRunner) -> dict[str, object]:
    assert runner.chat is not None
    items = await runner.chat.engine.store.open_review_items(["user:primary"])
    return {i.field: i.candidate_value for i in items}


@pytest.mark.parametrize(
    "text",
    [
        "we're already in Tahoe, got in last night",
        "finally in Tahoe, drove up last night",
        "we're here in Tahoe, landed an hour ago",
    ],
)
async def test_the_founding_sentence_puts_the_user_in_tahoe(
    tg: FakeTelegram, start_bot: StartBot, text: str
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, text, expect="Tahoe", within=60)
    believed = await _facts(runner) | await _asked(runner)
    assert believed.get("travel.location") == "Tahoe"
    assert believed.get("travel.status") == "in_progress"
    assert "past" not in tg.bot_messages(ALICE)[-1].text


async def test_a_known_name_typed_in_lower_case_is_understood(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings={"family_entity": "family:smith"})
    tg.user_says(ALICE, "Emma is sick today")
    prompt = await tg.prompt(ALICE, "Emma", within=60)
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    reply = await tg.say(ALICE, "emma is feeling much better today", expect="Emma", within=60)
    assert "not sure what you mean" not in reply.text
    assert runner.chat is not None
    items = await runner.chat.engine.store.open_review_items(["family:smith"])
    facts = {f.field: f.value for f in await runner.chat.engine.store.facts("family:smith")}
    said = facts | {i.field: i.candidate_value for i in items}
    assert said["family.emma.status"] == "well"


async def test_a_name_nobody_told_canon_about_is_not_guessed(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings={"family_entity": "family:smith"})
    await tg.say(ALICE, "leo is sick today", expect="", within=60)
    assert runner.chat is not None
    assert await runner.chat.engine.store.facts("family:smith") == []


async def test_a_condition_reads_as_a_condition(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    reply = await tg.say(
        ALICE, "if the flight gets cancelled we'll stay another night", expect="if", within=60
    )
    assert "wish" not in reply.text
    assert await _facts(runner) == {}


async def test_a_question_about_a_plan_is_answered_as_a_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    await start_bot()
    reply = await tg.say(ALICE, "are we still on for the Portland trip?", expect="trip", within=60)
    assert "wish" not in reply.text


async def test_a_spoken_time_zone_sets_the_time_zone(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "I live in portland oregon, pacific time", expect="Portland", within=60)
    believed = await _facts(runner) | await _asked(runner)
    assert believed.get("profile.timezone") == "America/Los_Angeles"
    assert believed.get("profile.home_city") == "Portland"
