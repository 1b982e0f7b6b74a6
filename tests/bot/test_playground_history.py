"""The playground after a restart: the same conversation, and the open question with buttons."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.playground.server import PLAYGROUND_USER, Playground
from core.conversation.responder import OfflineResponder
from core.settings import Settings

pytestmark = pytest.mark.timeout(60)


def _playground(db: Path) -> Playground:
    return Playground(
        Settings(store_url=str(db)),
        responder=OfflineResponder(),
        poll_timeout=1.0,
    )


async def test_the_chat_and_its_open_question_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    first = _playground(db)
    await first.start()
    try:
        em = first.emulator
        em.user_says(PLAYGROUND_USER, "hello", "You")
        await em.wait_for(lambda: any("What's new?" in m.text for m in em.chat(PLAYGROUND_USER)))
        em.user_says(PLAYGROUND_USER, "I live in Seattle now", "You")
        await em.wait_for(lambda: any(m.buttons for m in em.chat(PLAYGROUND_USER)))
    finally:
        await first.stop()

    second = _playground(db)
    await second.start()
    try:
        em = second.emulator
        await em.wait_for(lambda: any(m.buttons for m in em.chat(PLAYGROUND_USER)))
        texts = [m.text for m in em.chat(PLAYGROUND_USER)]
        assert texts[:3] == ["/start", texts[1], "hello"]
        assert texts[1].startswith("Hi, I'm Canon.")
        assert texts[3].startswith("Hi! What's new?")
        assert "I live in Seattle now" in texts
        assert texts.count("/start") == 1, "a restarted playground does not start over"
        (question,) = [m for m in em.chat(PLAYGROUND_USER) if m.buttons]
        assert "Do you live in Seattle?" in question.text
        assert question is em.chat(PLAYGROUND_USER)[-1]
    finally:
        await second.stop()
