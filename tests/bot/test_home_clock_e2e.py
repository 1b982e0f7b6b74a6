"""The clock comes home too, end to end through the bot (the strict Bot API double).

A New Yorker in Tokyo told Canon "my time zone is japan time now"; back home, Canon
must not go on reading "tomorrow" and "last night" on Tokyo's clock, nor say "your time
zone is Japan time" of someone home in New York. It asks, once: "Is your time zone
Eastern time (America/New York)?", and Yes puts the clock back.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.conversation.context import load_context
from core.domain.ids import new_id
from core.domain.policy import with_overrides
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(90)

NOW = datetime.now(UTC).replace(microsecond=0)
ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)


def _fact(field: str, value: Any, days: float) -> CommittedFact:
    when = NOW - timedelta(days=days)
    return CommittedFact(
        "user:primary", field, value, 1, "user_confirmation", "seed", 1.0, new_id(), when,
        when, "user_confirmation",
    )  # fmt: skip


IN_TOKYO_ON_TOKYO_TIME = (
    _fact("profile.home_city", "New York", days=90),
    _fact("travel.destination", "Tokyo", days=20),
    _fact("travel.depart_date", (NOW - timedelta(days=6)).date().isoformat(), days=20),
    _fact("travel.status", "in_progress", days=5),
    _fact("travel.location", "Tokyo", days=5),
    _fact("profile.timezone", "Asia/Tokyo", days=5),
)


async def _zone(runner: BotRunner) -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "profile.timezone")
    return None if fact is None else fact.value


async def test_back_home_asks_for_the_home_clock_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(policy=ASKS_ABOUT_TRAVEL)
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts(list(IN_TOKYO_ON_TOKYO_TIME))  # type: ignore[attr-defined]

    tg.user_says(ALICE, "finally back home, so jetlagged lol")
    home = await tg.prompt(ALICE, "Back home in New York")
    await tg.tap(ALICE, home, "Yes")
    await tg.settled(home)
    clock = await tg.prompt(ALICE, "Is your time zone Eastern time (America/New York)?")
    assert "back home in New York" in clock.text
    assert await _zone(runner) == "Asia/Tokyo", "asked, not assumed"
    block = await load_context(
        runner.chat.engine.store, runner.chat.engine.policy, ["user:primary"], NOW
    )
    assert "Conflicts" in block.text, "the assistant is told the clock is in doubt"

    await tg.tap(ALICE, clock, "Yes")
    await tg.settled(clock)
    assert await _zone(runner) == "America/New_York"
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "Japan" not in about.text
    assert not tg.open_prompts(ALICE), "asked once"
