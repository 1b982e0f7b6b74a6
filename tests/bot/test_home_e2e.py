"""Home, end to end through the bot (the strict Bot API double): moving house, home by its
nickname, and the clock coming home.

A person who lived in Portland, visited Denver once and then moved there: their Yes to
"Do you live in Denver?" puts them in Denver (they were at home, and home moved with
them), and being home in Denver is never again "still at the place your trip went": no
"Back home from Denver?" after it, and no "In Portland" from "where am i". A trip planned
to the new home is asked off with the move. A New Yorker back "home in nyc" is home in
New York, not asked "Do you live in NYC?"; back from Tokyo on Tokyo's clock, they are
asked once for the home city's.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.conversation.context_read import load_context
from core.domain.ids import new_id
from core.domain.policy import Policy, with_overrides
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(90)

NOW = datetime.now(UTC).replace(microsecond=0)
"""The messages of the Bot API double carry the real time: so does the story."""
ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)
"""Every travel change is a question (what calibration or a strict policy does)."""


def _fact(field: str, value: Any, days: float) -> CommittedFact:
    when = NOW - timedelta(days=days)
    return CommittedFact(
        "user:primary", field, value, 1, "user_confirmation", "seed", 1.0, new_id(), when,
        when, "user_confirmation",
    )  # fmt: skip


async def _seeded(start_bot: StartBot, *facts: CommittedFact, policy: Policy) -> BotRunner:
    runner = await start_bot(policy=policy)
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts(list(facts))  # type: ignore[attr-defined]
    return runner


async def _yes_to(tg: FakeTelegram, said: str, asked: str) -> str:
    """Alice says ``said``, is asked a question containing ``asked`` and taps Yes; the
    question's text as it was asked (the settled prompt shows its outcome instead)."""
    tg.user_says(ALICE, said)
    question = await tg.prompt(ALICE, asked)
    text = question.text
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    return text


async def _held(runner: BotRunner, field: str) -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", field)
    return None if fact is None else fact.value


async def _block(runner: BotRunner) -> str:
    assert runner.chat is not None
    engine = runner.chat.engine
    return (await load_context(engine.store, engine.policy, ["user:primary"], NOW)).text


VISITED_DENVER = (
    _fact("profile.home_city", "Portland", days=60),
    _fact("travel.destination", "Denver", days=20),
    _fact("travel.status", "completed", days=12),
    _fact("travel.location", "Portland", days=12),
)
"""Home in Portland, back from a trip to Denver twelve days ago."""


async def test_a_move_to_a_city_once_visited_puts_you_home_there(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _seeded(start_bot, *VISITED_DENVER, policy=calibrated_policy())
    said = "so we moved to denver!! closed on the house last week"
    await _yes_to(tg, said, "Do you live in Denver?")
    # One Yes: home is Denver and so is where they are; nothing more to ask.
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    assert await _held(runner, "travel.location") == "Denver"
    where = await tg.say(ALICE, "where am i", expect="Denver")
    assert "Portland" not in where.text
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "Portland" not in about.text

    # Saying so again (a day in town) is home, not a trip to Denver still unfinished.
    await tg.say(ALICE, "im in denver", expect="")
    await tg.say(ALICE, "where am i", expect="Denver")
    assert not [p for p in tg.open_prompts(ALICE) if "Back home from" in p.text]
    block = await _block(runner)
    assert "Conflicts" not in block
    assert "travel.location = Denver" in block


async def test_a_move_to_where_a_trip_was_planned_calls_the_trip_off(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """A week in Denver was planned; then "we moved to denver": a trip to one's own home
    is no trip. Asked with the move, one Yes leaves no "trip to Denver planned" beside
    "home city Denver" anywhere."""
    ahead = (NOW + timedelta(days=10)).date()
    runner = await _seeded(
        start_bot,
        _fact("profile.home_city", "Portland", days=60),
        _fact("travel.location", "Portland", days=3),
        _fact("travel.status", "planning", days=3),
        _fact("travel.destination", "Denver", days=3),
        _fact("travel.depart_date", ahead.isoformat(), days=3),
        _fact("travel.return_date", (ahead + timedelta(days=7)).isoformat(), days=3),
        policy=calibrated_policy(),
    )
    said = "big news we moved to denver last weekend! new apartment"
    moved = await _yes_to(tg, said, "Do you live in Denver?")
    assert "Is your trip to Denver off?" in moved
    assert "Should I forget" not in moved, "the plan's days go with it, not line by line"
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "home city Denver" in about.text
    assert "planned" not in about.text
    assert "leaving" not in about.text
    block = await _block(runner)
    assert "travel.destination" not in block
    assert "travel.depart_date" not in block
    assert "travel.location = Denver" in block


IN_TOKYO = (
    _fact("profile.home_city", "New York", days=90),
    _fact("travel.destination", "Tokyo", days=20),
    _fact("travel.depart_date", (NOW - timedelta(days=6)).date().isoformat(), days=20),
    _fact("travel.status", "in_progress", days=5),
    _fact("travel.location", "Tokyo", days=5),
)
"""A New Yorker on a trip to Tokyo since six days ago."""


async def test_home_by_its_nickname_is_home(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await _seeded(start_bot, *IN_TOKYO, policy=ASKS_ABOUT_TRAVEL)
    await _yes_to(tg, "back home in nyc, jetlagged", "Back home in New York")
    await tg.wait_for(lambda: not tg.open_prompts(ALICE), within=3)
    assert await _held(runner, "profile.home_city") == "New York", "as the person confirmed it"
    assert await _held(runner, "travel.location") == "New York"
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "NYC" not in about.text


async def test_back_home_asks_for_the_home_clock_once(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """A New Yorker in Tokyo told Canon "my time zone is japan time now"; back home,
    Canon must not go on reading "tomorrow" and "last night" on Tokyo's clock, nor say
    "your time zone is Japan time". It asks once, and Yes puts the clock back."""
    on_tokyo_time = _fact("profile.timezone", "Asia/Tokyo", days=5)
    runner = await _seeded(start_bot, *IN_TOKYO, on_tokyo_time, policy=ASKS_ABOUT_TRAVEL)
    await _yes_to(tg, "finally back home, so jetlagged lol", "Back home in New York")
    clock = await tg.prompt(ALICE, "Is your time zone Eastern time (America/New York)?")
    assert "back home in New York" in clock.text
    assert await _held(runner, "profile.timezone") == "Asia/Tokyo", "asked, not assumed"
    assert "Conflicts" in await _block(runner), "the assistant is told the clock is in doubt"

    await tg.tap(ALICE, clock, "Yes")
    await tg.settled(clock)
    assert await _held(runner, "profile.timezone") == "America/New_York"
    about = await tg.say(ALICE, "what do you know about me", expect="Here's what I know")
    assert "Japan" not in about.text
    assert not tg.open_prompts(ALICE), "asked once"
