"""Home, end to end through the bot (the strict Bot API double): moving house, and home
called by its nickname.

A person who lived in Portland, visited Denver once and then moved there: their Yes to
"Do you live in Denver?" puts them in Denver (they were at home, and home moved with
them), and being home in Denver is never again "still at the place your trip went":
no "Back home from Denver?" after it, and no "In Portland" from "where am i". A New
Yorker back "home in nyc" is home in New York: not asked "Do you live in NYC?".
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
"""The messages of the Bot API double carry the real time: so does the story."""


def _fact(field: str, value: Any, days: int) -> Any:
    when = NOW - timedelta(days=days)
    return CommittedFact(
        "user:primary", field, value, 1, "user_confirmation", "seed", 1.0, new_id(), when,
        when, "user_confirmation",
    )  # fmt: skip


VISITED_DENVER = (
    _fact("profile.home_city", "Portland", days=60),
    _fact("travel.destination", "Denver", days=20),
    _fact("travel.status", "completed", days=12),
    _fact("travel.location", "Portland", days=12),
)
"""Home in Portland, back from a trip to Denver twelve days ago."""


async def _where(runner: BotRunner) -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    return None if fact is None else fact.value


async def test_a_move_to_a_city_once_visited_puts_you_home_there(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(policy=calibrated_policy())
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts(list(VISITED_DENVER))  # type: ignore[attr-defined]

    tg.user_says(ALICE, "so we moved to denver!! closed on the house last week")
    moved = await tg.prompt(ALICE, "Do you live in Denver?")
    await tg.tap(ALICE, moved, "Yes")
    await tg.settled(moved)
    # One Yes: home is Denver and so is where they are; nothing more to ask.
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    assert await _where(runner) == "Denver"
    where = await tg.say(ALICE, "where am i", expect="Denver")
    assert "Portland" not in where.text
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "Portland" not in about.text

    # Saying so again (a day in town) is home, not a trip to Denver still unfinished.
    await tg.say(ALICE, "im in denver", expect="")
    await tg.say(ALICE, "where am i", expect="Denver")
    assert not [p for p in tg.open_prompts(ALICE) if "Back home from" in p.text]
    block = await load_context(
        runner.chat.engine.store, runner.chat.engine.policy, ["user:primary"], NOW
    )
    assert "Conflicts" not in block.text
    assert "travel.location = Denver" in block.text


async def test_home_by_its_nickname_is_home(tg: FakeTelegram, start_bot: StartBot) -> None:
    asks_about_travel = {"domains": {"travel": {"auto_threshold": 0.99}}}
    runner = await start_bot(policy=with_overrides(calibrated_policy(), asks_about_travel))
    assert runner.chat is not None
    in_tokyo = (
        _fact("profile.home_city", "New York", days=90),
        _fact("travel.destination", "Tokyo", days=20),
        _fact("travel.status", "in_progress", days=5),
        _fact("travel.location", "Tokyo", days=5),
    )
    await runner.chat.engine.store.import_facts(list(in_tokyo))  # type: ignore[attr-defined]

    tg.user_says(ALICE, "back home in nyc, jetlagged")
    home = await tg.prompt(ALICE, "Back home in New York")
    await tg.tap(ALICE, home, "Yes")
    await tg.settled(home)
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    home_city = await runner.chat.engine.store.fact("user:primary", "profile.home_city")
    assert home_city is not None
    assert home_city.value == "New York", "the home the person confirmed stays as they said it"
    assert await _where(runner) == "New York"
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "NYC" not in about.text


async def test_a_move_to_where_a_trip_was_planned_calls_the_trip_off(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """A week in Denver was planned; then "we moved to denver": a trip to one's own home
    is no trip. Asked with the move, one Yes leaves no "trip to Denver planned" beside
    "home city Denver" anywhere."""
    runner = await start_bot(policy=calibrated_policy())
    assert runner.chat is not None
    ahead = (NOW + timedelta(days=10)).date()
    planned = (
        _fact("profile.home_city", "Portland", days=60),
        _fact("travel.location", "Portland", days=3),
        _fact("travel.status", "planning", days=3),
        _fact("travel.destination", "Denver", days=3),
        _fact("travel.depart_date", ahead.isoformat(), days=3),
        _fact("travel.return_date", (ahead + timedelta(days=7)).isoformat(), days=3),
    )
    await runner.chat.engine.store.import_facts(list(planned))  # type: ignore[attr-defined]

    tg.user_says(ALICE, "big news we moved to denver last weekend! new apartment")
    moved = await tg.prompt(ALICE, "Do you live in Denver?")
    assert "Is your trip to Denver off?" in moved.text
    assert "Should I forget" not in moved.text, "the plan's days go with it, not line by line"
    await tg.tap(ALICE, moved, "Yes")
    await tg.settled(moved)
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "home city Denver" in about.text
    assert "planned" not in about.text
    assert "leaving" not in about.text
    block = await load_context(
        runner.chat.engine.store, runner.chat.engine.policy, ["user:primary"], NOW
    )
    assert "travel.destination" not in block.text
    assert "travel.depart_date" not in block.text
    assert "travel.location = Denver" in block.text
