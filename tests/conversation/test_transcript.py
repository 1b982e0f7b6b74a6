"""What reached a chat is recorded as it reached it, and read back as the chat reads now."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from canon_testing import NOW

from core.conversation.testing import RecordingMessenger
from core.conversation.transcript import TranscribingMessenger, chat_lines, read_chat
from core.store.factory import open_store
from core.store.protocol import StoreBackend

CHAT = 7
CHART = b"\x89PNG\r\n\x1a\n" + bytes(range(64))


@pytest.fixture
async def store() -> AsyncIterator[StoreBackend]:
    opened = open_store("memory://")
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


async def test_sends_photos_and_edits_that_reached_the_chat_are_read_back_as_it_reads_now(
    store: StoreBackend,
) -> None:
    chat = RecordingMessenger()
    messenger = TranscribingMessenger(chat, store.conversation, lambda: NOW)
    asked = await messenger.send(CHAT, "Do you live in Seattle?", [("Yes", "c:t1"), ("No", "r:t1")])
    chart = await messenger.send_photo(CHAT, CHART, "Last 7 days: 1 change")
    assert await messenger.edit(CHAT, asked, "Do you live in Seattle?\n✅ Confirmed")
    chat.gone.add((CHAT, chart))
    assert not await messenger.edit(CHAT, chart, "never shown")  # gone: nothing to record
    await messenger.answer_tap("tap-1", "Confirmed")
    assert chat.tap_answers == {"tap-1": "Confirmed"}

    lines = await read_chat(store.conversation, CHAT, limit=50)
    assert [(ln.message_id, ln.from_bot, ln.text, ln.buttons, ln.edited) for ln in lines] == [
        (1, True, "Do you live in Seattle?\n✅ Confirmed", (), True),
        (2, True, "Last 7 days: 1 change", (), False),
    ]
    assert lines[1].photo == CHART
    assert await read_chat(store.conversation, CHAT + 1, limit=50) == []


async def test_buttons_removed_are_recorded_and_the_text_reads_as_it_did(
    store: StoreBackend,
) -> None:
    """An Edit's options losing their buttons (``drop_buttons``): the chat read back shows
    the request as it read, without them; a message that is gone records nothing."""
    chat = RecordingMessenger()
    messenger = TranscribingMessenger(chat, store.conversation, lambda: NOW)
    options = await messenger.send(CHAT, "Tap one, or type it", [("back home", "e:t1:v2")])
    gone = await messenger.send(CHAT, "Tap one again", [("planned", "e:t2:v0")])
    assert await messenger.drop_buttons(CHAT, options)
    chat.gone.add((CHAT, gone))
    assert not await messenger.drop_buttons(CHAT, gone)

    lines = await read_chat(store.conversation, CHAT, limit=50)
    assert [(ln.text, ln.buttons, ln.edited) for ln in lines] == [
        ("Tap one, or type it", (), True),
        ("Tap one again", (("planned", "e:t2:v0"),), False),
    ]
    assert chat.shown[(CHAT, options)].text == "Tap one, or type it"


async def test_the_open_question_keeps_its_buttons_and_a_window_starts_at_its_first_reply(
    store: StoreBackend,
) -> None:
    log = store.conversation
    await log.append_message(CHAT, "user", "old words", NOW, message_id=1)
    await log.record_shown(CHAT, 2, "sent", "an old reply", NOW)
    await log.append_message(CHAT, "user", "I live in Denver", NOW, message_id=3)
    later = NOW + timedelta(minutes=1)
    await log.record_shown(CHAT, 4, "sent", "Do you live in Denver?", later, buttons=[("Yes", "c")])
    # An id an old playground gave out again (before the record was kept): the bot's wins.
    await log.append_message(CHAT, "user", "a reused id", NOW, message_id=4)
    said, shown = await log.messages(CHAT), await log.shown(CHAT, limit=1)

    whole = chat_lines(said, await log.shown(CHAT))
    assert [ln.text for ln in whole] == [
        "old words",
        "an old reply",
        "I live in Denver",
        "Do you live in Denver?",
    ]
    assert whole[-1].buttons == (("Yes", "c"),)
    # Only the last record: the user's messages before it would stand without replies.
    assert [ln.text for ln in chat_lines(said, shown, whole=False)] == ["Do you live in Denver?"]


async def test_a_chats_record_is_pruned_every_tenth_of_what_it_keeps(
    store: StoreBackend,
) -> None:
    """Bounded without a delete after every message: with 40 kept, the record is pruned
    every 4th message sent, so it never holds more than 43 and keeps the last 40."""
    messenger = TranscribingMessenger(RecordingMessenger(), store.conversation, lambda: NOW, 40)
    sizes: list[int] = []
    for n in range(1, 101):
        await messenger.send(CHAT, f"reply {n}")
        sizes.append(len(await store.conversation.shown(CHAT)))
    assert max(sizes) == 43
    assert sizes[39:44] == [40, 41, 42, 43, 40]
    kept = await store.conversation.shown(CHAT)
    assert [s.text for s in kept] == [f"reply {n}" for n in range(61, 101)]
    other = TranscribingMessenger(RecordingMessenger(), store.conversation, lambda: NOW, 40)
    await other.send(CHAT + 1, "another chat")
    assert len(await store.conversation.shown(CHAT + 1)) == 1
