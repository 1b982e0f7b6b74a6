"""The trip holds together, end to end through the bot (the strict Bot API double).

Coming home ends the trip and moves the user in one step ("Back home in Portland?"),
never a separate "forget your location?"; "where am I?" never says a place only a
finished trip supported, and names a question still open about it; a calendar
flight to Denver makes "landed in Denver" surer.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.domain.ids import new_id
from core.domain.policy import with_overrides
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(90)

NOW = datetime.now(UTC).replace(microsecond=0)
"""The messages of the Bot API double carry the real time: so does the story."""
ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)
"""Every travel change is a question (what calibration or a strict policy does)."""


def _fact(field: str, value: Any, source: str = "conversation_assertive", **at: Any) -> Any:
    when = NOW - timedelta(**(at or {"hours": 10}))
    return lambda entity: CommittedFact(
        entity, field, value, 1, source, "seed", 0.9, new_id(), when, when, "auto_commit"
    )


IN_TAHOE = (_fact("travel.location", "Tahoe"), _fact("travel.status", "in_progress"))
IN_TAHOE += (_fact("travel.destination", "Tahoe"),)
HOME_PORTLAND = (_fact("profile.home_city", "Portland", "user_confirmation", days=30),)


async def _started(start_bot: StartBot, *seeds: Any, policy: Any = None, **who: Any) -> BotRunner:
    runner = await start_bot(policy=policy or calibrated_policy())
    assert runner.chat is not None
    entity = who.get("entity", "user:primary")
    await runner.chat.engine.store.import_facts([seed(entity) for seed in seeds])  # type: ignore[attr-defined]
    return runner


async def _where(runner: BotRunner, entity: str = "user:primary") -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact(entity, "travel.location")
    return None if fact is None else fact.value


async def test_back_home_with_a_known_home_city(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND)
    await tg.say(
        ALICE,
        "we got back home last night",
        expect="Noted: your trip is over; you're back home in Portland.",
    )
    assert await _where(runner) == "Portland"
    await tg.say(ALICE, "where am I?", expect="In Portland")
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "your trip to Tahoe is over; you're back home in Portland" in about.text
    assert "in Tahoe" not in about.text
    assert not tg.open_prompts(ALICE), "no separate question about the location"


async def test_back_home_without_a_home_city_forgets_the_trip_place(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _started(start_bot, *IN_TAHOE)
    await tg.say(
        ALICE, "we got back home last night", expect="Noted: your trip is over; you're back home."
    )
    assert await _where(runner) is None
    await tg.say(ALICE, "where am I?", expect="I don't know where you are yet")
    assert not tg.open_prompts(ALICE)


async def test_back_home_is_one_question_when_canon_asks(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "we got back home last night")
    question = await tg.prompt(ALICE, "Back home in Portland?")
    assert [b["text"] for row in question.buttons for b in row][:2] == ["Yes", "No"]

    # While it is open, the answers name it and say nothing it would contradict.
    where = await tg.say(ALICE, "where am I?", expect="Back home in Portland?")
    assert where.text.startswith("In Tahoe")
    assert "I've asked you" in where.text
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert 'I\'ve asked you: "Back home in Portland?"' in about.text

    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _where(runner) == "Portland"
    assert not tg.open_prompts(ALICE), "one question settled the trip and the stay"
    where = await tg.say(ALICE, "where am I?", expect="In Portland")
    assert "asked" not in where.text


async def test_a_calendar_flight_corroborates_landing_there(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The calendar's flight to Denver (destination and dates) supports "landed in Denver"
    (where the user is): Alice's word counts for more than Bob's, who has no such flight."""
    flight = (
        _fact("travel.destination", "Denver", "calendar", days=2),
        _fact("travel.depart_date", NOW.date().isoformat(), "calendar", days=2),
        _fact("travel.return_date", (NOW + timedelta(days=3)).date().isoformat(), "calendar"),
        _fact("travel.status", "planning", "calendar", days=2),
    )
    runner = await _started(start_bot, *flight)
    assert runner.chat is not None
    store = runner.chat.engine.store
    await tg.say(ALICE, "landed in Denver", expect="Denver")
    await tg.say(BOB, "landed in Denver", expect="Denver")
    [alice] = await store.events_for("user:primary", "travel.location", "Denver")
    [bob] = await store.events_for("user:bob", "travel.location", "Denver")
    assert [kind for kind, _ in alice.corroborators] == ["calendar"]
    assert bob.corroborators == ()
    assert alice.confidence > bob.confidence
    assert "corroboration 1.00" in bob.reasons[0]
    assert "corroboration 1.00" not in alice.reasons[0]  # above 1, within the cap
    why = await tg.say(ALICE, "/why location", expect="travel.location = Denver")
    assert "+ calendar" in why.text
