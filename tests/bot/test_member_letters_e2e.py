"""A member's dead letter is theirs in the chat too: asked in their own chat, whole, and
never shown to another member (the real bot, a strict Bot API double, a real SQLite store).

Before, every letter that failed for good was asked in the first user's chat: Alice read
Bob's own input (his location, quoted in its reasons) and her Edit let a payload of her
making in about him as Canon's own. Now Bob is asked in his chat and reads it whole; Alice
is only alerted that an update failed, in words that quote nothing of it; Bob's Edit is
his own word, claimed as his client may claim it (a calendar's source becomes his say,
never a calendar's nor Canon's). The HTTP API's side: tests/api/test_agent_letters_api.py;
MCP's: tests/mcp/test_mcp_dead_letter_answers.py."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from canon_testing import NOW, calibrated_policy, make_observation
from chatkit import ALICE, BOB, StartBot, quiet
from fakes.telegram_api import FakeTelegram

from core.domain.principals import user_principal
from core.engine.dead_letter_intake import RETRY_DELAYS
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(60)
HOME = "family:home"
PRIVATE = "Bob's Secret Cove"


async def _bobs_letter_nearly_failed(db: Path) -> datetime:
    """Bob's location for the household, dated "yesterday", retried all but once: the
    moment its last retry is due is returned."""
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        bad = make_observation("travel.location", PRIVATE, entity=HOME, event_ts="yesterday")
        await engine.ingest(bad, now=NOW, principal=user_principal("user:bob"))
        at = NOW
        for delay in RETRY_DELAYS[:-1]:
            at += delay
            await retry_due(engine, at)
    finally:
        await store.close()
    return at + RETRY_DELAYS[-1]


async def test_bobs_letter_is_asked_of_bob_and_alice_reads_nothing_of_it(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    due = await _bobs_letter_nearly_failed(tmp_path / "canon.db")
    clock = [NOW]
    runner = await start_bot(clock=lambda: clock[0])
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    await tg.say(BOB, "/start", expect="I keep your assistant's beliefs true")
    clock[0] = due + timedelta(minutes=1)
    await runner.tend_dead_letters()
    prompt = await tg.prompt(BOB, "failed validation three times")
    assert '("yesterday")' in prompt.text  # his own input, said whole to him
    await quiet(tg, runner, ALICE)
    alices = "\n".join(m.text for m in tg.bot_messages(ALICE))
    assert "The field event_ts was not valid." in alices  # the owner is alerted
    assert "I'll ask whoever sent it" in alices
    assert "yesterday" not in alices
    assert PRIVATE not in alices
    assert tg.open_prompts(ALICE) == []

    # His Edit is his own word: a calendar's is not his to claim, Canon's neither.
    await tg.tap(BOB, prompt, "Edit")
    await tg.reply_after(BOB, prompt.message_id, "Send the corrected payload as JSON")
    forged = make_observation("travel.location", "Reno", entity=HOME, source="calendar", at=due)
    await tg.say(BOB, json.dumps(forged), expect="may not claim calendar evidence")
    assert prompt.buttons  # still open, nothing applied
    assert runner.chat is not None
    assert await runner.chat.engine.store.events_for(HOME, "travel.location") == []
    await tg.tap(BOB, prompt, "Edit")
    fixed = make_observation("travel.location", "Reno", entity=HOME, at=due)
    tg.user_says(BOB, json.dumps(fixed))
    await tg.settled(prompt)
    [event] = await runner.chat.engine.store.events_for(HOME, "travel.location")
    assert (event.event_id, event.principal) == (fixed["event_id"], "user:bob")
    assert event.source_type == "conversation_assertive"
