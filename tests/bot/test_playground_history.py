"""The playground after a restart: the same conversation, as the page showed it before.

A local Bot API forgets its chats when it stops; Telegram does not. The playground
replays what the store recorded (the user's messages; the bot's messages with their
buttons, the questions' outcomes, the /report chart), each under its own message id,
so the page reads as before, the open question's buttons still answer it, and nothing
is shown twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from budgets import budget
from canon_testing import NOW, calibrated_policy

from bot.playground.bot_api_types import ChatMessage
from bot.playground.emulator import BotApiEmulator
from bot.playground.server import PLAYGROUND_USER, Playground
from core.conversation import texts
from core.conversation.responder import OfflineResponder
from core.settings import Settings
from core.store.sqlite import SQLiteStore

WITHIN = budget(10.0)
"""How long the bot may take to answer: the emulator's own 10 s, stretched by the suite's
slack as every other wait of the bot's tests is (``fakes.telegram_api``)."""

pytestmark = pytest.mark.timeout(90)
ME = PLAYGROUND_USER


def _playground(db: Path, **settings: Any) -> Playground:
    return Playground(
        Settings(store_url=str(db), **settings), responder=OfflineResponder(), poll_timeout=1.0
    )


def _page(em: BotApiEmulator) -> list[tuple[Any, ...]]:
    """The chat as the page shows it: who, what, which buttons, edited, the image."""
    return [(m.message_id, m.from_bot, m.text, m.buttons, m.edited, m.photo) for m in em.chat(ME)]


async def _say(em: BotApiEmulator, text: str, expect: str) -> ChatMessage:
    """Send ``text``; the first bot message after it that contains ``expect``."""
    sent = em.user_says(ME, text, "You")

    def reply() -> ChatMessage | None:
        return next(
            (m for m in em.chat(ME) if m.from_bot and m.message_id > sent and expect in m.text),
            None,
        )

    await em.wait_for(lambda: reply() is not None, WITHIN)
    found = reply()
    assert found is not None
    return found


async def _tap(em: BotApiEmulator, question: ChatMessage, label: str) -> None:
    (data,) = [b["callback_data"] for row in question.buttons for b in row if b["text"] == label]
    em.user_taps(ME, ME, question.message_id, data)


def _questions(em: BotApiEmulator) -> list[ChatMessage]:
    return [m for m in em.chat(ME) if m.buttons]


async def test_answered_questions_the_chart_and_the_open_question_survive_a_restart(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    first = _playground(db, policy=calibrated_policy())
    await first.start()
    try:
        em = first.emulator
        await _say(em, "We're in Tahoe", "Noted: you're in Tahoe")
        seattle = await _say(em, "I live in Seattle now", "Do you live in Seattle?")
        await _tap(em, seattle, "Yes")
        await em.wait_for(lambda: "✅ Confirmed" in seattle.text, WITHIN)
        chart = await _say(em, "/report", "Last 7 days:")
        assert chart.photo is not None
        denver = await _say(em, "I live in Denver now", "Do you live in Denver?")
        await em.wait_for(lambda: em.chat(ME)[-1] is denver, WITHIN)
        before = _page(em)
    finally:
        await first.stop()

    second = _playground(db, policy=calibrated_policy())
    await second.start()  # the replay, then the bot (its open question already in view)
    try:
        em = second.emulator
        assert _page(em) == before, "the page reads as before the restart, message by message"
        by_id = {m.message_id: m for m in em.chat(ME)}
        assert by_id[seattle.message_id].text.endswith("✅ Confirmed")
        assert by_id[seattle.message_id].buttons == []
        assert by_id[chart.message_id].photo == chart.photo
        assert by_id[chart.message_id].text.startswith("Last 7 days:")
        assert [m.message_id for m in _questions(em)] == [denver.message_id]
        assert [m.text for m in em.chat(ME)].count("/start") == 1, "it does not start over"
        assert not any(texts.ASKED_AGAIN in m.text for m in em.chat(ME))

        # The replayed question is the live one: its Yes answers it, in place.
        await _tap(em, by_id[denver.message_id], "Yes")
        await em.wait_for(lambda: "✅ Confirmed" in by_id[denver.message_id].text, WITHIN)
        assert _questions(em) == []
        # New messages follow the replayed ones, as in Telegram.
        hello = em.user_says(ME, "hello", "You")
        assert hello > max(by_id)
        await em.wait_for(
            lambda: em.chat(ME)[-1].from_bot and em.chat(ME)[-1].message_id > hello, WITHIN
        )
        after = _page(em)
    finally:
        await second.stop()

    third = _playground(db, policy=calibrated_policy())
    await third.start()
    try:
        assert _page(third.emulator) == after, "and again after another restart"
    finally:
        await third.stop()


async def test_a_question_with_messages_below_it_is_asked_again_once(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    first = _playground(db, policy=calibrated_policy())
    await first.start()
    try:
        em = first.emulator
        await _say(em, "We're in Tahoe", "Noted: you're in Tahoe")
        question = await _say(em, "I live in Seattle now", "Do you live in Seattle?")
        await _say(em, "/report", "Last 7 days:")
    finally:
        await first.stop()

    for _restart in range(2):
        again = _playground(db, policy=calibrated_policy())
        await again.start()
        try:
            em = again.emulator
            # Once: the old message says where it went; the copy at the bottom has the buttons.
            (live,) = _questions(em)
            assert live is em.chat(ME)[-1]
            assert "Do you live in Seattle?" in live.text
            old = next(m for m in em.chat(ME) if m.message_id == question.message_id)
            assert old.text.endswith(texts.ASKED_AGAIN)
            assert sum("Do you live in Seattle?" in m.text for m in em.chat(ME)) == 2
        finally:
            await again.stop()

    last = _playground(db, policy=calibrated_policy())
    await last.start()
    try:
        em = last.emulator
        (live,) = _questions(em)
        await _tap(em, live, "No")
        await em.wait_for(lambda: "❌ Rejected, nothing changed" in live.text, WITHIN)
        assert _questions(em) == []
    finally:
        await last.stop()


async def test_a_chat_stored_before_the_record_was_kept_is_replayed_from_the_log(
    tmp_path: Path,
) -> None:
    """A store without the bot's record of the chat: its text only, read-only, and the
    open question asked again below it."""
    db = tmp_path / "canon.db"
    store = SQLiteStore(db)
    await store.open()
    try:
        await store.conversation.append_message(ME, "user", "hello", NOW, message_id=1)
        await store.conversation.append_message(ME, "assistant", "Hi! What's new?", NOW)
    finally:
        await store.close()
    pg = _playground(db)
    await pg.start()
    try:
        em = pg.emulator
        assert [(m.from_bot, m.text) for m in em.chat(ME)] == [
            (False, "hello"),
            (True, "Hi! What's new?"),
        ]
        assert all(m.archived for m in em.chat(ME))
    finally:
        await pg.stop()


async def test_an_error_the_user_was_told_about_is_there_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn that fails is answered by the error handler; that answer is part of the chat."""
    from core.conversation.chat_base import ChatDeps
    from core.errors import CanonError

    async def failing(self: ChatDeps, msg: Any, entity: str) -> Any:
        raise CanonError("the store is busy")

    db = tmp_path / "canon.db"
    first = _playground(db)
    await first.start()
    try:
        monkeypatch.setattr(ChatDeps, "extract", failing)  # after the message is logged
        sorry = await _say(first.emulator, "We're in Tahoe", "Sorry: the store is busy")
        before = _page(first.emulator)
    finally:
        await first.stop()
    monkeypatch.undo()

    second = _playground(db)
    await second.start()
    try:
        assert _page(second.emulator) == before
        assert second.emulator.chat(ME)[-1].message_id == sorry.message_id
    finally:
        await second.stop()


async def test_the_record_of_a_chat_is_bounded_and_still_replays_its_last_messages(
    tmp_path: Path,
) -> None:
    """Only the last ``chat_shown_keep`` messages the bot sent are kept to replay: older
    ones are pruned as the chat goes on, and the page after a restart starts there."""
    db = tmp_path / "canon.db"
    first = _playground(db, policy=calibrated_policy(), chat_shown_keep=2)
    await first.start()
    try:
        em = first.emulator
        await _say(em, "We're in Tahoe", "Noted: you're in Tahoe")
        await _say(em, "where am I?", "In Tahoe")
        last = await _say(em, "hello", "")
    finally:
        await first.stop()
    store = SQLiteStore(db)
    await store.open()
    try:
        shown = await store.conversation.shown(ME)
    finally:
        await store.close()
    assert [s.kind for s in shown] == ["sent", "sent"], "two messages kept, nothing older"
    assert shown[-1].message_id == last.message_id

    second = _playground(db, policy=calibrated_policy(), chat_shown_keep=2)
    await second.start()
    try:
        page = [m for m in second.emulator.chat(ME) if m.from_bot]
        assert [m.message_id for m in page] == [s.message_id for s in shown]
    finally:
        await second.stop()
