"""An Edit is checked by its question's kind and changes only that question, end to end
over the Bot API double.

A place is a place Canon knows (the extractor's gazetteer, or one the user's state
already holds) or one the user confirms as new: "purple" is not stored as where the
user is until they say yes to "I don't know a place called "purple" — use it anyway?".
An edited part of a grouped question (a new trip plan's date) is asked again with the
rest and committed with them: never written alone onto a finished trip's fields.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation
from chatkit import ALICE, StartBot, quiet, stop_bot
from fakes.telegram_api import ChatMessage, FakeTelegram

from bot.app import BotRunner
from core.domain.ids import new_id
from core.domain.policy import with_overrides
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(90)

# Wednesday 25 November 2026, 9:00 UTC: the bot's clock and the messages' time.
WEDNESDAY = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
SENT = int(WEDNESDAY.timestamp())
UNKNOWN = 'I don\'t know a place called "purple" — use it anyway?'


async def _asked_where(runner: BotRunner, tg: FakeTelegram, forget: bool = False) -> ChatMessage:
    """A calendar says Alice is in Tahoe (or, ``forget``, that she is no longer there):
    asked as a question, then Edit tapped."""
    assert runner.chat is not None
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    if forget:
        long_ago = WEDNESDAY - timedelta(days=5)  # older than the word that retracts it
        said = make_observation("travel.location", "Tahoe", at=long_ago)
        await runner.chat.engine.ingest(said, now=long_ago)
    obs = make_observation(
        "travel.location",
        None if forget else "Tahoe",
        intent="retract" if forget else "assertive",
        source="calendar",
        at=WEDNESDAY,
    )
    out = await runner.chat.engine.ingest(obs, now=WEDNESDAY)
    assert out.review_item_id is not None, "the evidence must become a question"
    await runner.chat.sweep()
    prompt = await tg.prompt(ALICE, "Should I forget your location (Tahoe)?" if forget else "Tahoe")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send a place, like 'Tahoe' or 'Portland'")
    return prompt


async def _where(runner: BotRunner) -> Any:
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.location")
    return None if fact is None else fact.value


def _labels(message: ChatMessage) -> list[str]:
    return [b["text"] for row in message.buttons for b in row]


@pytest.mark.parametrize("forget", [False, True], ids=["are-you-in", "should-i-forget"])
async def test_a_word_that_is_no_place_is_refused_until_confirmed_as_new(
    tg: FakeTelegram, start_bot: StartBot, forget: bool
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked_where(runner, tg, forget)
    before = await _where(runner)

    sent = tg.user_says(ALICE, "purple", date=SENT)
    unknown = await tg.reply_after(ALICE, sent, UNKNOWN)
    assert _labels(unknown) == ["Yes", "No"]
    assert await _where(runner) == before, "nothing is stored before the yes"
    assert prompt.buttons, "the question is still open"

    # No: the place is asked for again, and the edit goes on.
    await tg.tap(ALICE, unknown, "No")
    again = await tg.reply_after(ALICE, unknown.message_id, "Which place, then?")
    assert await _where(runner) == before
    sent = tg.user_says(ALICE, "purple", date=SENT)
    unknown = await tg.reply_after(ALICE, sent, UNKNOWN)
    assert unknown.message_id > again.message_id

    # Yes: the user knows a place Canon does not; it is theirs to name.
    await tg.tap(ALICE, unknown, "Yes")
    await tg.settled(prompt)
    assert not unknown.buttons
    assert prompt.text.endswith("Edited to purple")
    assert await _where(runner) == "purple"


async def test_a_typed_no_asks_again_and_cancel_leaves_the_question_open(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked_where(runner, tg)
    sent = tg.user_says(ALICE, "purple", date=SENT)
    purple = await tg.reply_after(ALICE, sent, UNKNOWN)
    sent = tg.user_says(ALICE, "no", date=SENT)
    await tg.reply_after(ALICE, sent, "Which place, then?")
    # Answered by typing: it loses its buttons, as an answered prompt does.
    assert not purple.buttons
    assert purple.text == f"{UNKNOWN}\n→ No"
    sent = tg.user_says(ALICE, "mauve", date=SENT)
    mauve = await tg.reply_after(ALICE, sent, 'I don\'t know a place called "mauve"')
    # No Yes is left under the older question: it can never apply the newer word.
    assert [_labels(m) for m in tg.open_prompts(ALICE)] == [_labels(prompt), ["Yes", "No"]]
    assert await _where(runner) is None
    assert _labels(mauve) == ["Yes", "No"]
    sent = tg.user_says(ALICE, "/cancel", date=SENT)
    await tg.reply_after(ALICE, sent, "OK, cancelled. The question is still open.")
    assert not mauve.buttons, "/cancel sets the waiting 'use it anyway?' aside"
    assert mauve.text.endswith("→ Cancelled")
    assert prompt.buttons, "the question is still open"
    assert await _where(runner) is None


async def test_another_place_typed_sets_the_waiting_question_aside(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked_where(runner, tg)
    sent = tg.user_says(ALICE, "purple", date=SENT)
    purple = await tg.reply_after(ALICE, sent, UNKNOWN)
    tg.user_says(ALICE, "reno", date=SENT)
    await tg.settled(prompt)
    await quiet(tg, runner)  # all "reno" does is done: what it left alone stays so
    assert await _where(runner) == "Reno"
    assert not purple.buttons
    assert purple.text == UNKNOWN


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("reno", "Reno"),  # the gazetteer's spelling
        ("south lake tahoe", "South Lake Tahoe"),
        ("Portland, Oregon", "Portland, Oregon"),  # a city and its state, kept as typed
    ],
)
async def test_a_known_place_is_taken_at_once(
    tg: FakeTelegram, start_bot: StartBot, typed: str, stored: str
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked_where(runner, tg)
    tg.user_says(ALICE, typed, date=SENT)
    await tg.settled(prompt)
    assert prompt.text.endswith(f"Edited to {stored}")
    assert await _where(runner) == stored
    await quiet(tg, runner)  # the bot said all it will about the word: no "use it anyway?"
    assert not any("use it anyway" in m.text for m in tg.bot_messages(ALICE))


async def _home_city(runner: BotRunner, city: str) -> None:
    """The user confirmed ``city`` as their home city before the story starts."""
    home = CommittedFact(
        "user:primary", "profile.home_city", city, 1, "user_confirmation", "seed",
        1.0, new_id(), WEDNESDAY, WEDNESDAY, "user_confirm",
    )  # fmt: skip
    assert runner.chat is not None
    await runner.chat.engine.store.import_facts([home])  # type: ignore[attr-defined]


async def test_a_place_the_users_state_holds_is_known(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    assert runner.chat is not None
    await _home_city(runner, "Kittery Point")
    prompt = await _asked_where(runner, tg)
    tg.user_says(ALICE, "kittery point", date=SENT)
    await tg.settled(prompt)
    assert await _where(runner) == "Kittery Point"


async def test_home_on_a_location_question_is_the_home_city(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY)
    assert runner.chat is not None
    await _home_city(runner, "Portland")
    prompt = await _asked_where(runner, tg)
    tg.user_says(ALICE, "back home", date=SENT)
    await tg.settled(prompt)
    assert await _where(runner) == "Portland"


# -- an edit changes only its own question ----------------------------------------------

ASKS_ABOUT_TRAVEL = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)
"""Every travel change is a question (what calibration or a strict policy does)."""
FINISHED_TRIP = {
    "travel.status": "completed",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-10",
    "travel.return_date": "2026-11-15",
    "travel.location": "Portland",
    "profile.home_city": "Portland",
}


async def _facts(runner: BotRunner) -> dict[str, Any]:
    assert runner.chat is not None
    return {f.field: f.value for f in await runner.chat.engine.store.facts("user:primary")}


async def _new_plan_with_its_date_edited(runner: BotRunner, tg: FakeTelegram) -> ChatMessage:
    """A finished trip to Tahoe; "flying to Denver next Friday" asked as one question;
    its date edited to 5 Dec. The question asked again, with the new date."""
    assert runner.chat is not None
    seeded = WEDNESDAY - timedelta(days=10)
    await runner.chat.engine.store.import_facts(  # type: ignore[attr-defined]
        [
            CommittedFact("user:primary", field, value, 1, "conversation_assertive", "seed",
                          0.9, new_id(), seeded, seeded, "auto_commit")
            for field, value in FINISHED_TRIP.items()
        ]
    )  # fmt: skip
    tg.user_says(ALICE, "We're flying to Denver next Friday", date=SENT)
    plan = await tg.prompt(ALICE, "Is your trip going to Denver?")
    assert "Do you leave on Friday, December 4?" in plan.text
    await tg.tap(ALICE, plan, "Edit")
    parts = await tg.reply_after(ALICE, plan.message_id, "Which part should I change?")
    await tg.tap(ALICE, parts, "you leave on Friday, December 4")
    await tg.reply_after(ALICE, parts.message_id, "What is the correct value")
    sent = tg.user_says(ALICE, "5 Dec", date=SENT)
    await tg.reply_after(
        ALICE, sent, "Changed to Saturday, December 5: I ask it again with the rest"
    )
    return await tg.prompt(ALICE, "Do you leave on Saturday, December 5?")


async def test_a_date_edit_on_a_new_plan_waits_for_the_plan_and_commits_with_it(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY, policy=ASKS_ABOUT_TRAVEL)
    again = await _new_plan_with_its_date_edited(runner, tg)
    assert "Is your trip going to Denver?" in again.text
    assert await _facts(runner) == FINISHED_TRIP, "the finished trip is untouched"

    await tg.tap(ALICE, again, "Yes")
    await tg.settled(again)
    facts = await _facts(runner)
    assert facts["travel.destination"] == "Denver"
    assert facts["travel.status"] == "planning"
    assert facts["travel.depart_date"] == "2026-12-05"


async def test_no_to_the_plan_leaves_the_finished_trip_as_it_was(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot(clock=lambda: WEDNESDAY, policy=ASKS_ABOUT_TRAVEL)
    again = await _new_plan_with_its_date_edited(runner, tg)
    await tg.tap(ALICE, again, "No")
    which = await tg.reply_after(ALICE, again.message_id, "Which part is wrong?")
    await tg.tap(ALICE, which, "All of it")
    await tg.settled(again)
    await quiet(tg, runner)  # the No is handled through: no question comes after it
    assert await _facts(runner) == FINISHED_TRIP
    assert not tg.open_prompts(ALICE)


async def test_a_relative_day_is_read_on_the_users_own_clock(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """9:00 UTC on Wednesday is 23:00 on Tuesday in Honolulu: her "tomorrow" is Wednesday."""
    runner = await start_bot(clock=lambda: WEDNESDAY)
    assert runner.chat is not None
    zone = CommittedFact(
        "user:primary", "profile.timezone", "Pacific/Honolulu", 1, "user_confirmation", "seed",
        1.0, new_id(), WEDNESDAY, WEDNESDAY, "user_confirm",
    )  # fmt: skip
    await runner.chat.engine.store.import_facts([zone])  # type: ignore[attr-defined]
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    obs = make_observation("travel.depart_date", "2026-12-01", source="calendar", at=WEDNESDAY)
    assert (await runner.chat.engine.ingest(obs, now=WEDNESDAY)).review_item_id is not None
    await runner.chat.sweep()
    prompt = await tg.prompt(ALICE, "leave")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send a date")
    tg.user_says(ALICE, "tomorrow", date=SENT)
    await tg.settled(prompt)
    assert prompt.text.endswith("Edited to Wednesday, November 25")


async def test_use_it_anyway_survives_a_restart_and_its_buttons_still_answer(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """The waiting "use it anyway?" is kept by the store with the message that asks it:
    after a restart it is asked again below the question (the last thing the chat
    waits on), the old copy loses its buttons, and Yes under the new one applies it."""
    first = await start_bot(clock=lambda: WEDNESDAY)
    prompt = await _asked_where(first, tg)
    sent = tg.user_says(ALICE, "purple", date=SENT)
    unknown = await tg.reply_after(ALICE, sent, UNKNOWN)
    await stop_bot(tg, first)

    second = await start_bot(clock=lambda: WEDNESDAY)
    await tg.wait_for(lambda: not unknown.buttons)
    assert unknown.text == f"{UNKNOWN}\n↓ Asked again below (I restarted)."
    again = await tg.prompt(ALICE, UNKNOWN)
    assert again.message_id > unknown.message_id
    assert tg.bot_messages(ALICE)[-1] is again, "what the chat waits on is asked last"
    await tg.tap(ALICE, again, "Yes")
    await tg.wait_for(lambda: not again.buttons)
    assert again.text == f"{UNKNOWN}\n→ Yes"
    await tg.wait_for(lambda: any("Edited to purple" in m.text for m in tg.bot_messages(ALICE)))
    assert await _where(second) == "purple"
    await quiet(tg, second)  # the Yes is handled through: no question comes after it
    assert tg.open_prompts(ALICE) == []
    assert prompt.message_id < again.message_id


async def test_after_a_restart_a_typed_answer_still_clears_the_buttons(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    first = await start_bot(clock=lambda: WEDNESDAY)
    await _asked_where(first, tg)
    sent = tg.user_says(ALICE, "purple", date=SENT)
    await tg.reply_after(ALICE, sent, UNKNOWN)
    await stop_bot(tg, first)

    second = await start_bot(clock=lambda: WEDNESDAY)
    again = await tg.prompt(ALICE, UNKNOWN)
    sent = tg.user_says(ALICE, "yes", date=SENT)
    await tg.wait_for(lambda: not again.buttons)
    assert again.text == f"{UNKNOWN}\n→ Yes"
    await tg.wait_for(lambda: any("Edited to purple" in m.text for m in tg.bot_messages(ALICE)))
    assert await _where(second) == "purple"
