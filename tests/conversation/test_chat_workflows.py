"""/setup and the trip workflow in CanonChat, driven with the RecordingMessenger over a real
SQLite file that holds Canon's data and the workflow checkpoints; a restart is a new store
connection, a new checkpointer and a new CanonChat on the same file."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from canon_testing import calibrated_policy, make_observation
from chat_harness import ALICE, AUDIENCE, BOB, Clock, Conversation

from core.conversation.chat import CanonChat
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.conversation.workflows import ChatWorkflows
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.sources.config import load_sources
from core.store.checkpoints import open_checkpointer
from core.store.factory import open_store

Start = Callable[[], Awaitable[Conversation]]
SECRET = "hunter2-calendar-token"
FEED = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:t1\r\n"
    "DTSTAMP:20260201T000000Z\r\nDTSTART;VALUE=DATE:20260401\r\n"
    "DTEND;VALUE=DATE:20260405\r\nSUMMARY:Trip to Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


@pytest.fixture
async def start(tmp_path: Path) -> AsyncIterator[Start]:
    url = f"sqlite:///{tmp_path / 'canon.db'}"
    config = tmp_path / "canon.toml"
    clock = Clock()
    stack = AsyncExitStack()

    async def open_chat() -> Conversation:
        store = open_store(url)
        await store.open()
        stack.push_async_callback(store.close)
        saver = await stack.enter_async_context(open_checkpointer(url))
        engine = Engine(store, calibrated_policy())

        def read_sources():  # type: ignore[no-untyped-def]
            return load_sources(config, {}) if config.exists() else ()

        workflows = ChatWorkflows.shipped(engine, extract_offline, saver, read_sources)
        talk = RecordingMessenger()
        chat = CanonChat(
            engine,
            store.conversation,
            talk,
            AUDIENCE,
            clock=clock,
            extractor=extract_offline,
            responder=OfflineResponder(),
            workflows=workflows,
        )
        return Conversation(chat, talk, clock, store)

    yield open_chat
    await stack.aclose()


async def command(talk: Conversation, user: int, text: str) -> list[str]:
    """``user`` sends a workflow command (as bot/handlers.py calls CanonChat); what came back."""
    mark = talk.messenger.mark()
    await talk.chat.on_command_text(talk.messenger.incoming(user, text, talk.clock()))
    if text == "/cancel":
        await talk.chat.cancel(user)
    else:
        await talk.chat.start_workflow(user, user, text.removeprefix("/"))
    return [m.text for m in talk.messenger.sent_after(mark)]


async def test_setup_end_to_end_through_the_review_loop_and_a_restart(
    start: Start, tmp_path: Path
) -> None:
    talk = await start()
    [profile] = await command(talk, ALICE, "/setup")
    assert profile.startswith("Setup: profile (step 1 of 4)\nTell me about you")

    said = await talk.say(ALICE, "hello there")
    assert said == [
        "Setup: profile (step 1 of 4)\nI didn't find your name, city or timezone there "
        "(for example: My name is Ada, I live in Lisbon, my timezone is Europe/Lisbon)."
    ]

    said = await talk.say(ALICE, "My name is Ada, I live in Lisbon")
    assert (
        said[0]
        == "Setup: profile (step 1 of 4)\nGot it: your name, your home city. Please confirm below."
    )
    assert said[1].startswith(
        "Setup: calendar (step 2 of 4)\nCalendars are read from the [[sources]]"
    )
    question = talk.prompt(ALICE)
    assert "Ada" in question.text, "the profile goes through the review loop"
    assert await talk.engine.store.fact("user:primary", "profile.name") is None
    await talk.tap(ALICE, "Yes")
    assert (await talk.engine.store.fact("user:primary", "profile.name")).value == "Ada"
    assert (await talk.engine.store.fact("user:primary", "profile.home_city")).value == "Lisbon"

    said = await talk.say(ALICE, "check")
    assert said[0].startswith("Setup: calendar (step 2 of 4)\nNo calendar source is configured yet")

    (tmp_path / "trip.ics").write_text(FEED)
    (tmp_path / "canon.toml").write_text(
        f'[[sources]]\nname = "calendar"\nkind = "ics"\nurl = "{tmp_path / "trip.ics"}"\n'
        f'password = "{SECRET}"\n'
    )
    said = await talk.say(ALICE, "check")
    assert said[0] == "Setup: calendar (step 2 of 4)\nRead calendar (ics): 1 new items."
    assert said[1].startswith("Setup: mail (step 3 of 4)\n")
    assert "Lisbon" in talk.prompt(ALICE).text, "what the calendar says is asked about"

    talk = await start()  # a restart: the workflow continues where it was
    said = await talk.say(ALICE, "skip")
    assert said[:2] == [
        "Setup: mail (step 3 of 4)\nSkipped mail.",
        "Setup: done (step 4 of 4)\nSetup is complete. /state shows what I believe, "
        "/pending what I still want to ask you.",
    ]
    shown = talk.messenger.texts(ALICE)
    logged = [m.text for m in await talk.store.conversation.messages(ALICE, limit=200)]
    assert not [t for t in [*shown, *logged] if SECRET in t], "never a secret in the chat"
    said = await talk.say(ALICE, "We're in Lisbon")
    assert not [t for t in said if t.startswith("Setup")], "a finished setup takes no messages"


async def test_cancel_leaves_a_workflow_and_an_edit_still_comes_first(start: Start) -> None:
    talk = await start()
    await command(talk, ALICE, "/setup")
    await talk.say(ALICE, "I live in Lisbon")
    await talk.tap(ALICE, "Edit")
    assert await command(talk, ALICE, "/cancel") == ["OK, cancelled. The question is still open."]
    assert await command(talk, ALICE, "/cancel") == [
        "Left Setup: calendar (step 2 of 4). /setup starts it again."
    ]
    said = await talk.say(ALICE, "check")
    assert not [t for t in said if t.startswith("Setup")]
    assert await command(talk, ALICE, "/cancel") == ["Nothing to cancel."]
    [again] = await command(talk, ALICE, "/setup")
    assert again.startswith("Setup: profile (step 1 of 4)")


async def test_a_second_workflow_waits_for_the_first(start: Start) -> None:
    talk = await start()
    await command(talk, BOB, "/setup")
    assert await command(talk, BOB, "/trip") == [
        "Setup: profile (step 1 of 4)\nYou're in Setup; /cancel leaves it first."
    ]
    [alice] = await command(talk, ALICE, "/setup")
    assert alice.startswith("Setup: profile (step 1 of 4)"), "each chat has its own workflows"


async def test_the_trip_follows_committed_beliefs_not_mentions(start: Start) -> None:
    talk = await start()
    said = await talk.say(ALICE, "We're planning a trip to Tahoe next weekend")
    assert "Trip: planned (step 1 of 3)\nI'll follow this trip" in said[-1], (
        "a planned trip starts one"
    )

    talk.clock.advance(hours=80)  # past the 72 h in which your word outranks the calendar
    evidence = make_observation("travel.status", "in_progress", source="calendar", at=talk.clock())
    asked = await talk.engine.ingest(evidence, now=talk.clock())
    assert asked.review_item_id is not None
    mark = talk.messenger.mark()
    await talk.chat.sweep()
    shown = [m.text for m in talk.messenger.sent_after(mark, ALICE)]
    assert shown == [talk.prompt(ALICE).text], "only asked: the trip is still planned"
    assert "Is your trip under way?" in shown[0]

    mark = talk.messenger.mark()
    await talk.tap(ALICE, "Yes")
    after = [m.text for m in talk.messenger.sent_after(mark, ALICE)]
    assert "Trip: under way (step 2 of 3)\nYour trip is under way." in after, after

    talk = await start()  # after a restart, the trip is where it was
    talk.clock.advance(days=9)
    said = await talk.say(ALICE, "We're back home")
    assert "Trip: back home (step 3 of 3)\nWelcome back; the trip is over." in said, said
    said = await talk.say(ALICE, "thanks")
    assert not [t for t in said if t.startswith("Trip")], "a finished trip does not start again"


async def test_trip_command_starts_one_where_the_beliefs_are(start: Start) -> None:
    talk = await start()
    assert (await command(talk, ALICE, "/trip")) == [
        "Trip: planned (step 1 of 3)\nI'll follow this trip; it moves on when I believe it is under way, "
        "not before."
    ]
    talk.clock.advance(minutes=5)
    said = await talk.say(ALICE, "We're in Tahoe")
    assert "Trip: under way (step 2 of 3)\nYour trip is under way." in said
    assert (await talk.engine.store.fact("user:primary", "travel.status")).value == "in_progress"
