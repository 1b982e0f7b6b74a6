"""Real typing through the real bot: texting without apostrophes, run-on arrivals,
lowercase known names, conditions in chat spelling, a time zone inside a polite mail,
and a relative day on a school closure.

The message time and the bot's clock are Wednesday 25 November 2026, 09:00 UTC, so
"tomorrow" is Thursday the 26th."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(90)

WEDNESDAY = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
SENT = int(WEDNESDAY.timestamp())


async def _believed(runner: BotRunner, entity: str = "user:primary") -> dict[str, object]:
    """What Canon holds or asks about for ``entity``: committed facts and open questions."""
    assert runner.chat is not None
    store = runner.chat.engine.store
    facts: dict[str, object] = {f.field: f.value for f in await store.facts(entity)}
    asked: dict[str, object] = {
        i.field: i.candidate_value for i in await store.open_review_items([entity])
    }
    return facts | asked


async def _say(tg: FakeTelegram, text: str, expect: str) -> str:
    sent = tg.user_says(ALICE, text, date=SENT)
    reply = await tg.reply_after(ALICE, sent, expect, 60)
    return str(reply.text)


@pytest.mark.parametrize(
    "text",
    [
        "were already in tahoe got in last nite",
        "were already in tahoe, got in last nite",
        "ok were finally in tahoe drove up last nite",
    ],
)
async def test_a_typed_arrival_without_apostrophes_puts_the_user_there(
    tg: FakeTelegram, start_bot: StartBot, text: str
) -> None:
    """ "were" is "we're" when no subject comes before or after it, and the past clause
    run on after the present one explains the arrival instead of dating it."""
    runner = await start_bot(clock=lambda: WEDNESDAY)
    reply = await _say(tg, text, "Tahoe")
    believed = await _believed(runner)
    assert believed.get("travel.location") == "Tahoe"
    assert believed.get("travel.status") == "in_progress"
    assert "past" not in reply


async def test_a_known_name_in_lower_case_in_a_text_is_the_member_canon_knows(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(settings={"family_entity": "family:smith"}, clock=lambda: WEDNESDAY)
    tg.user_says(ALICE, "Emma has a fever today", date=SENT)
    prompt = await tg.prompt(ALICE, "Emma", within=60)
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    reply = await _say(tg, "emma is better today, shes back at school", "Emma")
    assert "not sure what you mean" not in reply
    assert (await _believed(runner, "family:smith"))["family.emma.status"] == "well"


@pytest.mark.parametrize(
    "text",
    [
        "if it snows 2moro were staying another nite",
        "Yeah so if the ferry gets cancelled we'll just stay with Mark and go over Saturday",
    ],
)
async def test_a_condition_typed_or_dictated_is_an_if_not_a_wish(
    tg: FakeTelegram, start_bot: StartBot, text: str
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    reply = await _say(tg, text, "if")
    assert "wish" not in reply
    assert await _believed(runner) == {}


async def test_a_time_zone_inside_a_polite_mail_sets_the_time_zone(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The salutation, the frames ("For scheduling purposes, please note that") and the
    sign-off are taken off; the news inside them is read."""
    runner = await start_bot(clock=lambda: WEDNESDAY)
    mail = (
        "Hi Sam, For scheduling purposes, please note that I am based in Chicago "
        "and on central time. Best, Dana"
    )
    await _say(tg, mail, "Chicago")
    believed = await _believed(runner)
    assert believed.get("profile.timezone") == "America/Chicago"
    assert believed.get("profile.home_city") == "Chicago"


@pytest.mark.parametrize(
    "text", ["Emma's school is closed tomorrow", "emma's school is closed tmrw"]
)
async def test_a_school_closed_tomorrow_keeps_the_day(
    tg: FakeTelegram, start_bot: StartBot, text: str
) -> None:
    runner = await start_bot(settings={"family_entity": "family:smith"}, clock=lambda: WEDNESDAY)
    await _say(tg, text, "school")
    believed = await _believed(runner, "family:smith") | await _believed(runner)
    assert believed.get("family.school.event_status") == "cancelled"
    assert believed.get("family.school.schedule") == "2026-11-26"
