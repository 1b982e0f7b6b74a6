"""A location she shares is where her device is: asked about, never taken as her word.

Before: a pin, a live location or a venue got "I can't name a place from a point on the
map", and a live location's moves were ignored. Now the point names the town it is in or
near, offline (``core.signals.map_points``), and Canon asks ("Are you in Truckee?"): her
Yes makes it hers, her No leaves what she said standing. A live location asks once per
town it reaches, not once per move; a forwarded location and one in a group stay set
aside; a point near no town is asked about in words.
"""

from __future__ import annotations

from typing import Any

import pytest
from chatkit import ALICE, BOB, StartBot, quiet
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner

pytestmark = pytest.mark.timeout(180)

TRUCKEE = {"latitude": 39.3280, "longitude": -120.1833}
RENO = {"latitude": 39.5296, "longitude": -119.8138}
PACIFIC = {"latitude": 0.0, "longitude": -140.0}
GROUP = {"id": -5001, "type": "group", "title": "Family"}
MALLORY = {"type": "user", "sender_user": {"id": 4242, "is_bot": False, "first_name": "Mallory"},
           "date": 1}  # fmt: skip


async def _held(runner: BotRunner) -> dict[str, Any]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts("user:primary")}


async def test_a_pin_is_asked_about_and_only_her_yes_makes_it_hers(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    sent = tg.user_sends(ALICE, {"location": TRUCKEE})
    await tg.reply_after(ALICE, sent, "📍 Your location is in Truckee, California.", within=30)
    asked = await tg.prompt(ALICE, "Truckee")
    assert "From your shared location" in asked.text  # not "You said it": she did not
    assert await _held(runner) == {}, "a point commits nothing by itself"
    await tg.tap(ALICE, asked, "Yes")
    await tg.settled(asked)
    assert (await _held(runner))["travel.location"] == "Truckee"


async def test_a_live_location_asks_once_per_town_it_reaches(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    live = tg.user_sends(ALICE, {"location": {**TRUCKEE, "live_period": 3600}})
    await tg.reply_after(ALICE, live, "Your live location is in Truckee", within=30)
    await tg.prompt(ALICE, "Truckee")
    await quiet(tg, runner)
    said = len(tg.bot_messages(ALICE))
    for step in range(3):  # moving about town: nothing new to ask
        moved = {**TRUCKEE, "latitude": TRUCKEE["latitude"] + 0.001 * step, "live_period": 3600}
        tg.user_sends(ALICE, {"location": moved}, kind="edited_message", edits=live)
        await quiet(tg, runner)
    assert len(tg.bot_messages(ALICE)) == said
    tg.user_sends(ALICE, {"location": {**RENO, "live_period": 3600}}, kind="edited_message",
                  edits=live)  # fmt: skip
    await quiet(tg, runner)
    assert any("Reno" in m.text for m in tg.bot_messages(ALICE)[said:])
    assert await _held(runner) == {}


@pytest.mark.parametrize(
    ("sent", "chat", "expect"),
    [
        ({"venue": {"location": TRUCKEE, "title": "Truckee Tahoe Airport",
                    "address": "Truckee, CA"}, "location": TRUCKEE},
         ALICE, '📍 "Truckee Tahoe Airport" is in Truckee, California.'),
        ({"location": PACIFIC}, ALICE, "I know no town near that point"),
        ({"location": TRUCKEE, "forward_origin": MALLORY}, ALICE, "forwarded from"),
        ({"location": TRUCKEE}, GROUP["id"], "I read only what you tell me in our own"),
    ],
)  # fmt: skip
async def test_a_venue_the_open_sea_a_forward_and_a_group(
    tg: FakeTelegram, start_bot: StartBot, sent: dict[str, Any], chat: int, expect: str
) -> None:
    runner = await start_bot()
    where = GROUP if chat == GROUP["id"] else None
    message = tg.user_sends(ALICE if where is None else BOB, sent, chat=where)
    await tg.reply_after(chat, message, expect, within=30)
    await quiet(tg, runner, chat)
    if "venue" not in sent:
        assert tg.open_prompts(ALICE) == []
    assert await _held(runner) == {}
