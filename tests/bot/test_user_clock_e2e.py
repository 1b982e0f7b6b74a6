"""Dates in chat resolve on the user's own clock once Canon knows their timezone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(60)

LA = ZoneInfo("America/Los_Angeles")


def _late_evening_in_los_angeles() -> datetime:
    """The latest 22:30 in Los Angeles before now: already the next day in UTC."""
    now = datetime.now(LA)
    late = now.replace(hour=22, minute=30, second=0, microsecond=0)
    return late if late <= now else late - timedelta(days=1)


@pytest.mark.parametrize("timezone_known", [True, False])
async def test_tomorrow_is_the_users_tomorrow(
    tg: FakeTelegram, start_bot: StartBot, timezone_known: bool
) -> None:
    late = _late_evening_in_los_angeles()
    # The bot's clock stands a minute after the message: how old a message is changes how
    # sure Canon is of it, and this test is about which day "tomorrow" is, not about age.
    runner = await start_bot(clock=lambda: late + timedelta(minutes=1))
    assert runner.chat is not None
    if timezone_known:
        tg.user_says(ALICE, "My time zone is America/Los_Angeles", date=int(late.timestamp()) - 60)
        prompt = await tg.prompt(ALICE, "time zone")
        await tg.tap(ALICE, prompt, "Yes")
        await tg.settled(prompt)
    sent = tg.user_says(ALICE, "Dentist appointment tomorrow", date=int(late.timestamp()))
    # Whether Canon notes the plan or asks about it is the resolver's business; the
    # observation's date is what this test is about.
    await tg.reply_after(ALICE, sent, "")
    events = await runner.chat.engine.store.events_for(
        "user:primary", "family.dentist_appointment.schedule"
    )
    dates = {e.value for e in events}
    # Without a timezone the message's own (UTC) day is all Canon has.
    today = late.date() if timezone_known else late.astimezone(UTC).date()
    assert dates == {(today + timedelta(days=1)).isoformat()}
