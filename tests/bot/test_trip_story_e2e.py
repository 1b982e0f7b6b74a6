"""The trip holds together, end to end through the bot (the strict Bot API double).

Coming home ends the trip and moves the user in one step ("Back home in Portland?"),
never a separate "forget your location?" or "forget your departure date?"; a trip called
off leaves the plan (destination and days) in one step; "where am I?" never says a place
only a finished trip supported, and names a question still open about it; a calendar
flight to Denver, read from a feed, makes "landed in Denver" surer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from canon_testing import calibrated_policy
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

from bot.app import BotRunner
from core.conversation.context_read import load_context
from core.domain import phrasing
from core.domain.ids import new_id
from core.domain.policy import with_overrides
from core.domain.state import CommittedFact
from core.projections.render import RenderConfig, render
from core.signals.rules import Rule
from core.sources.base import SourceConfig
from core.sources.config import parse_source
from core.sources.poller import poll_once

pytestmark = pytest.mark.timeout(90)

NOW = datetime.now(UTC).replace(microsecond=0)
"""The messages of the Bot API double carry the real time: so does the story."""
ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)
"""Every travel change is a question (what calibration or a strict policy does)."""
TAKES_TRAVEL = with_overrides(
    calibrated_policy(),
    {
        "certain_extraction": 0.8,
        "rollout": {"calibration_mutations": 0},
        "domains": {"travel": {"ask_threshold": 0.4, "auto_threshold": 0.6, "margin_threshold": 0}},
    },
)
"""Every travel word Canon reads is committed (a policy that trusts plain travel words)."""


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


def _last_night(zone: str = "UTC") -> str:
    """The day "last night" names when said now on the clock of ``zone`` (the home city's
    when no time zone is known: Portland's for a Portland home)."""
    now = datetime.now(UTC).astimezone(ZoneInfo(zone))
    return phrasing.show_date((now - timedelta(days=1)).date().isoformat())


async def _back_since(runner: BotRunner) -> str:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.return_date")
    assert fact is not None, "the trip ended on the day the words told"
    return phrasing.show_date(fact.value)


async def test_back_home_with_a_known_home_city(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND)
    await tg.say(
        ALICE,
        "we got back home last night",
        expect="Noted: your trip is over; you're back home in Portland; back since yesterday.",
    )
    assert await _where(runner) == "Portland"
    assert await _back_since(runner) == _last_night("America/Los_Angeles")
    await tg.say(ALICE, "where am I?", expect="In Portland")
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "your trip to Tahoe is over; you're back home in Portland" in about.text
    assert "in Tahoe" not in about.text
    assert not tg.open_prompts(ALICE), "no separate question about the location"


async def test_in_the_home_city_is_home_not_a_trip(tg: FakeTelegram, start_bot: StartBot) -> None:
    """ "I'm in Portland" reads as a trip under way, unless Portland is home: with a trip
    under way it ends the trip; with none it says where the user is and nothing more."""
    runner = await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND, policy=TAKES_TRAVEL)
    await tg.say(ALICE, "i'm in portland", expect="your trip is over")
    assert await _where(runner) == "Portland"
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "on your trip" not in about.text

    bob = await _started(start_bot, *HOME_PORTLAND, policy=TAKES_TRAVEL, entity="user:bob")
    await tg.say(BOB, "im in portland today", expect="Portland")
    assert bob.chat is not None
    assert await bob.chat.engine.store.fact("user:bob", "travel.status") is None


async def test_back_home_without_a_home_city_forgets_the_trip_place(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _started(start_bot, *IN_TAHOE)
    await tg.say(
        ALICE,
        "we got back home last night",
        expect="Noted: your trip is over; you're back home; back since yesterday.",
    )
    assert await _where(runner) is None
    # Home, wherever that is: never "in Tahoe", and no pretending to know the city.
    await tg.say(ALICE, "where am I?", expect="Back home: your trip is over (you told me")
    assert not tg.open_prompts(ALICE)


async def test_back_home_is_one_question_when_canon_asks(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "we got back home last night")
    # The day "last night" names goes with it: the trip ended then.
    asked = f"Back home in Portland since {_last_night('America/Los_Angeles')}?"
    question = await tg.prompt(ALICE, asked)
    assert [b["text"] for row in question.buttons for b in row][:2] == ["Yes", "No"]

    # While it is open, the answers name it and say nothing it would contradict.
    where = await tg.say(ALICE, "where am I?", expect=asked)
    assert where.text.startswith("In Tahoe")
    assert "I've asked you" in where.text
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert f'I\'ve asked you: "{asked}"' in about.text

    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _where(runner) == "Portland"
    assert not tg.open_prompts(ALICE), "one question settled the trip and the stay"
    where = await tg.say(ALICE, "where am I?", expect="In Portland")
    assert "asked" not in where.text


async def test_a_day_trip_then_home_is_home_not_the_trip_place(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "we drove up to tahoe for the day yesterday, back home now": the place the trip went
    is not home, so the question offers the home city, never "Back home in Tahoe?". With
    no trip known, being back is being home, never a trip over (``home_without_trip``)."""
    runner = await _started(start_bot, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "we drove up to tahoe for the day yesterday, back home now")
    question = await tg.prompt(ALICE, "Are you in Portland?")
    assert "Tahoe" not in question.text
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _where(runner) == "Portland"
    where = await tg.say(ALICE, "where am i?", expect="In Portland")
    assert "Tahoe" not in where.text


async def test_where_am_i_names_an_open_arrival_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """At home in Portland, "we're already in tahoe, got in last night" is asked, not
    taken: until the answer, "where am I?" says what is known and names the question."""
    at_home = (
        _fact("travel.location", "Portland"),
        _fact("travel.status", "planning"),
        _fact("travel.destination", "Tahoe"),
        _fact("travel.depart_date", NOW.date().isoformat()),  # the plan said today
    )
    runner = await _started(start_bot, *at_home, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "we're already in tahoe, got in last night")
    question = await tg.prompt(ALICE, "Tahoe")
    where = await tg.say(ALICE, "where am i?", expect="I've asked you")
    assert where.text.startswith("In Portland")
    assert question.text.splitlines()[0] in where.text
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "you're in Portland" in about.text
    assert "I've asked you" in about.text
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _where(runner) == "Tahoe"
    where = await tg.say(ALICE, "where am i?", expect="In Tahoe")
    assert "asked" not in where.text


async def test_a_return_ends_the_days_still_ahead_in_the_same_question(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Home before the plan's last days: the trip, the stay and its days in one Yes,
    never a second "Should I forget your departure date?"."""
    ahead = (
        _fact("travel.depart_date", (NOW + timedelta(days=1)).date().isoformat()),
        _fact("travel.return_date", (NOW + timedelta(days=4)).date().isoformat()),
    )
    runner = await _started(start_bot, *IN_TAHOE, *ahead, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "we got back home last night")
    question = await tg.prompt(ALICE, "Back home in Portland?")
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _trip(runner) == {
        "travel.status": "completed",
        "travel.location": "Portland",
        "travel.destination": "Tahoe",  # where the trip went, over
    }
    await tg.say(ALICE, "/pending", expect="Nothing is waiting for your confirmation.")
    assert not tg.open_prompts(ALICE), "no day of the trip is asked about on its own"


PLANNED_TAHOE = (
    _fact("travel.status", "planning"),
    _fact("travel.destination", "Tahoe"),
    _fact("travel.depart_date", (NOW + timedelta(days=1)).date().isoformat()),
    _fact("travel.return_date", (NOW + timedelta(days=4)).date().isoformat()),
    _fact("travel.location", "Portland"),
)


@pytest.mark.parametrize("said", ["the tahoe trip is cancelled", "we're not going anymore"])
async def test_a_cancelled_trip_leaves_the_plan_in_one_question(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """Called off: the trip's status, destination and days leave the plan together;
    where the user is stays; nothing still says "leave for Tahoe"."""
    runner = await _started(start_bot, *PLANNED_TAHOE, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, said)
    question = await tg.prompt(ALICE, "Is your trip to Tahoe off?")
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert await _trip(runner) == {"travel.status": "cancelled", "travel.location": "Portland"}
    assert not tg.open_prompts(ALICE)
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "your trip is off; you're in Portland" in about.text
    assert "leaving" not in about.text
    assert runner.chat is not None
    engine = runner.chat.engine
    block = await load_context(engine.store, engine.policy, ["user:primary"], NOW)
    assert "Tahoe" not in block.text
    assert "depart" not in block.text
    heartbeat = render(await engine.store.facts(), [], [], RenderConfig(), NOW)["HEARTBEAT.md"][
        "active_reminders"
    ]
    assert "Tahoe" not in heartbeat
    assert "Trip" not in heartbeat


async def test_the_same_cancellation_commits_together_when_canon_is_sure(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await _started(start_bot, *PLANNED_TAHOE, *HOME_PORTLAND, policy=TAKES_TRAVEL)
    await tg.say(ALICE, "trip's off", expect="Noted: the trip is off.")
    assert not tg.open_prompts(ALICE)
    assert await _trip(runner) == {"travel.status": "cancelled", "travel.location": "Portland"}


async def _trip(runner: BotRunner) -> dict[str, Any]:
    """The user's committed travel fields."""
    assert runner.chat is not None
    facts = await runner.chat.engine.store.facts("user:primary")
    return {f.field: f.value for f in facts if f.domain == "travel"}


@dataclass(frozen=True)
class _Calendar:
    """The settings a pass of the sources reads: one ICS feed, no rules, no workspace."""

    sources: tuple[SourceConfig, ...]
    workspace: Path
    rules: tuple[Rule, ...] = ()


def _flight_feed(folder: Path, start: datetime, end: datetime) -> _Calendar:
    feed = folder / "travel.ics"
    stamp = "%Y%m%dT%H%M%SZ"
    feed.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:denver-1\r\n"
        f"DTSTAMP:{start:{stamp}}\r\nDTSTART:{start:{stamp}}\r\nDTEND:{end:{stamp}}\r\n"
        "SUMMARY:Flight to Denver\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    source = parse_source({"name": "travel", "kind": "ics", "url": str(feed)}, 0, {}, folder)
    return _Calendar((source,), folder / "no-workspace")


async def test_a_calendar_flight_corroborates_landing_there(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    """The calendar's flight to Denver (read from an ICS feed two days before, when it was
    a plan: destination and dates) supports "landed in Denver" (where the user is): Alice's
    word counts for more than Bob's, who has no such flight, within the cap."""
    runner = await start_bot(policy=TAKES_TRAVEL)  # the calendar's plan is taken, not asked
    assert runner.chat is not None
    engine = runner.chat.engine
    before = NOW - timedelta(days=2)
    feed = _flight_feed(tmp_path, NOW - timedelta(hours=3), NOW + timedelta(days=3))
    report = await poll_once(engine, feed, before)
    assert report.ok
    planned = {f.field: f.value for f in await engine.store.facts("user:primary")}
    assert planned["travel.destination"] == "Denver"
    assert "travel.location" not in planned, "the calendar alone says nothing of where she is"

    await tg.say(ALICE, "landed in Denver", expect="Denver")
    await tg.say(BOB, "landed in Denver", expect="Denver")
    [alice] = await engine.store.events_for("user:primary", "travel.location", "Denver")
    [bob] = await engine.store.events_for("user:bob", "travel.location", "Denver")
    assert [kind for kind, _ in alice.corroborators] == ["calendar"]
    assert bob.corroborators == ()
    assert alice.confidence > bob.confidence
    assert "corroboration 1.00" in bob.reasons[0]
    assert "corroboration 1.00" not in alice.reasons[0]  # above 1, within the cap
    why = await tg.say(ALICE, "/why location", expect="Denver")
    assert "(the calendar agreed)" in why.text


async def test_where_am_i_names_the_home_question_waiting_behind_another(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Asked about mom first, then "ok im home, finally": "where am I?" names the home
    question still waiting (not mom's, which the chat shows), and "how's mom?" mom's."""
    policy = with_overrides(ASKS_ABOUT_TRAVEL, {"domains": {"family": {"auto_threshold": 0.99}}})
    mom_sick = _fact("family.mom.status", "sick")
    await _started(start_bot, *IN_TAHOE, *HOME_PORTLAND, mom_sick, policy=policy)
    tg.user_says(ALICE, "mom is doing much better today")
    mom = await tg.prompt(ALICE, "mom")
    await tg.say(ALICE, "ok we're home, finally", expect="after the current question")

    where = await tg.say(ALICE, "where am i", expect="In Tahoe")
    assert 'I have a question for you about it: "Back home in Portland' in where.text
    assert "mom" not in where.text.lower()
    how = await tg.say(ALICE, "how's mom?", expect="Mom is sick")
    assert f"I've asked you: \"{mom.text.splitlines()[0]}" in how.text

    await tg.tap(ALICE, mom, "Yes")
    home = await tg.prompt(ALICE, "Back home in Portland")
    where = await tg.say(ALICE, "where am i", expect="In Tahoe")
    assert f"I've asked you: \"{home.text.splitlines()[0]}" in where.text


async def test_the_story_typed_before_any_answer_ends_at_home_with_nothing_left_to_ask(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """People type on without answering: the plan, being there, being back, then Yes to
    each question in turn. Each Yes meets what the ones before it committed: being in
    Tahoe starts the planned trip, and the trip over forgets the departure still
    "ahead" and where the trip was, said in one line below the answer, never asked as
    "Should I forget your location?" or "Should I forget your return date?"."""
    runner = await _started(start_bot, policy=ASKS_ABOUT_TRAVEL)
    plan = await tg.say(ALICE, "ok so we leave for tahoe in 3 days", expect="Is your trip going")
    leaving = plan.text.split("Do you leave on ", 1)[1].split("?", 1)[0]
    for text in ("were already in tahoe lol, got in last nite", "we got back home last night"):
        await tg.say(ALICE, text, expect="after the current question")
    # One question at a time, in the order said: each is answered Yes.
    for asked in ("Is your trip going to Tahoe?", "Are you in Tahoe?", "Is your trip over?"):
        question = await tg.prompt(ALICE, asked)
        assert "forget" not in question.text.lower()
        await tg.tap(ALICE, question, "Yes")
        await tg.settled(question)
    also = await tg.reply_after(ALICE, 0, "So I also forgot")
    assert (
        also.text == f"So I also forgot your departure date ({leaving}) and your location (Tahoe)."
    )
    assert await _where(runner) is None
    await tg.say(ALICE, "where am I?", expect="Back home: your trip is over")
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert "in Tahoe" not in about.text
    # Why Tahoe was forgotten, in words: what it followed from, not "you said" nor
    # "you confirmed" (she confirmed the trip over, never this).
    await tg.say(
        ALICE,
        "/why my location",
        expect="I worked it out from your answer (The trip to Tahoe is over, but I still "
        "have your location as Tahoe): (forget it)",
    )
    assert not tg.open_prompts(ALICE)


async def test_got_in_last_night_on_the_planned_day_moves_the_departure_back(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The founding story on its own day: the plan said leave Sunday, and on Sunday
    morning "were already in tahoe lol, got in last nite". They left Saturday: the
    question says so, and after Yes nothing says "since Sunday" (the plan's day, which
    the person's words corrected)."""
    today = datetime.now(UTC).astimezone(ZoneInfo("America/Los_Angeles")).date()
    planned_today = (
        _fact("travel.status", "planning"),
        _fact("travel.destination", "Tahoe"),
        _fact("travel.depart_date", today.isoformat()),
        _fact("travel.return_date", (today + timedelta(days=5)).isoformat()),
        _fact("travel.location", "Portland"),
    )
    runner = await _started(start_bot, *planned_today, *HOME_PORTLAND, policy=ASKS_ABOUT_TRAVEL)
    tg.user_says(ALICE, "were already in tahoe lol, got in last nite")
    last_night = _last_night("America/Los_Angeles")
    question = await tg.prompt(ALICE, f"Did you leave on {last_night}?")
    await tg.tap(ALICE, question, "Yes")
    await tg.settled(question)
    assert runner.chat is not None
    depart = await runner.chat.engine.store.fact("user:primary", "travel.depart_date")
    assert depart is not None
    assert depart.value == (today - timedelta(days=1)).isoformat()
    about = await tg.say(ALICE, "what do you know about me?", expect="Here's what I know")
    assert f"since {last_night}" in about.text
    assert phrasing.show_date(today.isoformat()) not in about.text
    assert not tg.open_prompts(ALICE)
