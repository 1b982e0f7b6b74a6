"""Ordinary typing through the real bot: the founding sentence, arrivals, lowercase
known names, conditions, questions about plans and spoken time zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.domain.ids import new_id
from core.domain.state import CommittedFact

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


@pytest.mark.parametrize(
    ("said", "zone"),
    [
        ("i'm on east coast time", "America/New_York"),
        ("my timezone is CET", "Europe/Paris"),
        ("we're on pacific time", "America/Los_Angeles"),
    ],
)
async def test_a_time_zone_said_as_people_say_it(
    tg: FakeTelegram, start_bot: StartBot, said: str, zone: str
) -> None:
    runner = await start_bot()
    tg.user_says(ALICE, said)
    await tg.prompt(ALICE, "time zone", within=60)
    believed = await _facts(runner) | await _asked(runner)
    assert believed.get("profile.timezone") == zone


async def test_a_known_name_in_lower_case_from_the_first_word(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Emma is known (her school is in the family's state): "emma is sick today" is about her."""
    runner = await start_bot(settings={"family_entity": "family:smith"})
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts(  # type: ignore[attr-defined]
        [_family_fact("family.emma.status", "well")]
    )
    reply = await tg.say(ALICE, "emma is sick today", expect="Emma", within=60)
    assert "not sure what you mean" not in reply.text
    items = await runner.chat.engine.store.open_review_items(["family:smith"])
    facts = {f.field: f.value for f in await runner.chat.engine.store.facts("family:smith")}
    assert (facts | {i.field: i.candidate_value for i in items})["family.emma.status"] == "sick"


async def test_a_relative_day_survives_in_the_field(tg: FakeTelegram, start_bot: StartBot) -> None:
    """ "Emma's school is closed tomorrow": the closure is tomorrow's, in the user's day."""
    runner = await start_bot(settings={"family_entity": "family:smith"})
    sent = tg.user_says(ALICE, "Emma's school is closed tomorrow")
    await tg.reply_after(ALICE, sent, "", within=60)
    assert runner.chat is not None
    items = await runner.chat.engine.store.open_review_items(["family:smith"])
    facts = {f.field: f.value for f in await runner.chat.engine.store.facts("family:smith")}
    said = facts | {i.field: i.candidate_value for i in items}
    # No time zone is known yet: the user's day is UTC's.
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    assert str(said.get("family.school.schedule", ""))[:10] == tomorrow
    assert said.get("family.school.event_status") == "cancelled"


def _family_fact(field: str, value: object) -> CommittedFact:
    at = datetime.now(UTC) - timedelta(days=2)
    return CommittedFact(
        "family:smith",
        field,
        value,
        1,
        "user_confirmation",
        "seed",
        0.9,
        new_id(),
        at,
        at,
        "user_confirmation",
    )  # type: ignore[arg-type]


async def test_an_errand_typed_as_a_command_is_asked_as_a_to_do(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "return the amazon thing tmrw", after the founding story: asked as the return due
    tomorrow, never kept unasked and never "I'm not sure what you mean"."""
    runner = await start_bot()
    await tg.say(ALICE, "return the amazon thing tmrw", expect="Amazon return", within=60)
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    assert (await _asked(runner)).get("financial.amazon_return.due_date") == tomorrow
    assert "financial.amazon_return.status" not in await _facts(runner)
    assert "not sure" not in tg.bot_messages(ALICE)[-1].text


async def test_hey_its_sam_asks_her_name_and_sams_here_asks_nothing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The writer saying who is writing ("hey its sam") names her; someone arriving
    ("sam's here") does not."""
    runner = await start_bot()
    await tg.say(ALICE, "sam's here", expect="")
    assert "profile.name" not in await _asked(runner) | await _facts(runner)
    tg.user_says(ALICE, "hey its sam")
    await tg.prompt(ALICE, "Is your name Sam?")
