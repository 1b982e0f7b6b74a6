"""Beliefs that hold together, in the chat: the founding story.

The plan said the trip leaves on a day still ahead; the user writes that they are
already there, "got in last nite". The trip began on the day the words name, so the
departure moves to it with the arrival, in one commit or one question. Whatever the
user answers, Canon never holds a trip under way with its departure in the future.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from canon_testing import make_observation
from chatkit import ALICE, StartBot, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

from core.domain.phrasing import show_date
from core.domain.policy import default_policy
from core.store import Store

pytestmark = pytest.mark.timeout(60)
ME = "user:primary"


def _yesterday() -> date:
    return datetime.now(UTC).date() - timedelta(days=1)


async def _trip(store: Store) -> dict[str, object]:
    return {f.field: f.value for f in await store.facts(ME) if f.field.startswith("travel.")}


async def test_already_there_since_last_night_began_the_trip_yesterday(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "planing a trip to tahoe next weekend", expect="Sounds like a plan")
    await tg.say(
        ALICE,
        "were already in tahoe, got in last nite",
        expect="Noted: you're in Tahoe; your trip is under way; you left yesterday.",
    )
    assert tg.open_prompts(ALICE) == [], "nothing left to ask: the beliefs hold together"
    assert runner.chat is not None
    trip = await _trip(runner.chat.engine.store)
    assert (trip["travel.status"], trip["travel.depart_date"]) == (
        "in_progress",
        _yesterday().isoformat(),
    )


async def test_while_calibrating_the_day_is_asked_with_the_arrival_and_survives_a_restart(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot(policy=default_policy())
    tg.user_says(ALICE, "planing a trip to tahoe next weekend")
    plan = await tg.prompt(ALICE, "Is all of this right?")
    await tg.tap(ALICE, plan, "Yes")
    await tg.settled(plan)
    tg.user_says(ALICE, "were already in tahoe, got in last nite")
    arrival = await tg.prompt(ALICE, "Did you leave on")
    assert arrival.text.splitlines()[:4] == [
        "Is all of this right?",
        "• Are you in Tahoe?",
        "• Is your trip under way?",
        f"• Did you leave on {show_date(_yesterday().isoformat())}?",
    ]
    await stop_bot(tg, first)

    second = await start_bot(policy=default_policy())
    again = await tg.prompt(ALICE, "Did you leave on")
    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    assert "Confirmed" in again.text
    assert second.chat is not None
    trip = await _trip(second.chat.engine.store)
    assert (trip["travel.status"], trip["travel.depart_date"]) == (
        "in_progress",
        _yesterday().isoformat(),
    )
    assert tg.open_prompts(ALICE) == []


async def test_no_to_the_arrival_keeps_the_plan_whole(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(policy=default_policy())
    tg.user_says(ALICE, "planing a trip to tahoe next weekend")
    plan = await tg.prompt(ALICE, "Is all of this right?")
    await tg.tap(ALICE, plan, "Yes")
    await tg.settled(plan)
    assert runner.chat is not None
    planned = await _trip(runner.chat.engine.store)
    tg.user_says(ALICE, "were already in tahoe, got in last nite")
    arrival = await tg.prompt(ALICE, "Did you leave on")
    await tg.tap(ALICE, arrival, "No")
    which = await tg.reply_after(ALICE, arrival.message_id, "Which part is wrong?")
    await tg.tap(ALICE, which, "All of it")
    await tg.settled(arrival)
    assert await _trip(runner.chat.engine.store) == planned, "still a plan, still ahead"
    assert tg.open_prompts(ALICE) == []


async def _departure_put_ahead(tg: FakeTelegram, start_bot: StartBot) -> tuple[Store, ChatMessage]:
    """A trip under way, then a note that puts its departure three days ahead: the
    timeline check's question, shown ("Did you leave on <today>?"); the bot's store."""
    runner = await start_bot()
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
    assert runner.chat is not None
    ahead = (datetime.now(UTC).date() + timedelta(days=3)).isoformat()
    note = make_observation(
        "travel.depart_date", ahead, source="manual_markdown", at=datetime.now(UTC), entity=ME
    )
    assert (await runner.chat.engine.ingest(note, now=datetime.now(UTC))).committed
    await tg.say(ALICE, "what's pending?", expect="question waiting for you")
    return runner.chat.engine.store, await tg.prompt(ALICE, "in the future")


async def test_a_departure_put_ahead_again_is_asked_and_no_forgets_it(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The timeline check, for a departure that lands ahead of a trip already under way
    (a note, a calendar): "Did you leave on <the day it was known under way>?". No
    cannot keep a departure in the future: it forgets it."""
    store, prompt = await _departure_put_ahead(tg, start_bot)
    today = datetime.now(UTC).date()
    question, why = prompt.text.splitlines()
    assert question == f"Did you leave on {show_date(today.isoformat())}?"
    assert why.startswith("The trip is under way, but your departure date is still ")
    # No: not that day. Which day, then? A second No forgets it.
    await tg.tap(ALICE, prompt, "No")
    await tg.reply_after(ALICE, prompt.message_id, "Which day was it, then?")
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert prompt.text.endswith("❌ Rejected: I forgot your departure date")
    trip = await _trip(store)
    assert trip["travel.status"] == "in_progress"
    assert "travel.depart_date" not in trip
    await tg.say(ALICE, "We're in Tahoe", expect="")
    assert tg.open_prompts(ALICE) == [], "settled: not asked again"


async def test_no_to_the_day_a_trip_began_asks_which_day_it_was(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """ "Did you leave on <today>?" No, and the day it was typed: the departure is that day,
    not forgotten (a user who meant "no, I left yesterday" keeps it)."""
    store, prompt = await _departure_put_ahead(tg, start_bot)
    today = datetime.now(UTC).date()
    await tg.tap(ALICE, prompt, "No")
    await tg.reply_after(ALICE, prompt.message_id, "Which day was it, then?")
    yesterday = today - timedelta(days=1)
    tg.user_says(ALICE, yesterday.isoformat())
    await tg.settled(prompt)
    trip = await _trip(store)
    assert trip["travel.depart_date"] == yesterday.isoformat()
    assert trip["travel.status"] == "in_progress"
