"""Dead letters in Telegram: the owner is alerted once and answers once, end to end."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from canon_testing import NOW, make_observation, two_retries_failed
from chatkit import ALICE, BOB, StartBot
from fakes.telegram_api import FakeTelegram

pytestmark = pytest.mark.timeout(60)
ALERT = "⚠️"
SAID_WHY = (
    'The field event_ts is not a valid date and time ("yesterday"): write it as RFC 3339, '
    "like 2026-12-01T09:30:00Z."
)


def _alerts(tg: FakeTelegram, chat_id: int) -> list[str]:
    return [m.text for m in tg.bot_messages(chat_id) if m.text.startswith(ALERT)]


async def test_a_permanent_travel_dead_letter_alerts_the_owner_once_and_is_answered_once(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    await two_retries_failed(str(tmp_path / "canon.db"))
    clock = [NOW + timedelta(minutes=10)]  # the third retry is due at 36 minutes
    runner = await start_bot(clock=lambda: clock[0])
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    clock[0] = NOW + timedelta(minutes=40)
    # A run of the dead-letter job retries for the third time: the owner hears of it.
    await runner.tend_dead_letters()
    await tg.wait_for(lambda: len(_alerts(tg, ALICE)) == 1)
    assert "travel update could not be applied" in _alerts(tg, ALICE)[0]
    assert _alerts(tg, BOB) == []
    prompt = await tg.prompt(ALICE, "failed validation three times")
    assert [b["text"] for b in prompt.buttons[0]] == ["Yes", "No", "Edit"]
    # Why, in a sentence (the field, what was wrong, what to do), not the validator's repr.
    assert SAID_WHY in prompt.text, prompt.text
    assert "'yesterday'" not in prompt.text
    assert "$." not in prompt.text
    assert "The field event_ts is not a valid date and time" in _alerts(tg, ALICE)[0]

    # Yes: tried again, still invalid; the same question stays open.
    sent = len(tg.bot_messages(ALICE))
    await tg.tap(ALICE, prompt, "Yes")
    await tg.reply_after(ALICE, prompt.message_id, f"Still invalid. {SAID_WHY}")
    assert prompt.buttons
    await runner.tend_dead_letters()  # a later cycle of the job
    assert len(tg.open_prompts(ALICE)) == 1
    assert len(_alerts(tg, ALICE)) == 1

    # No: discarded, settled for good.
    await tg.tap(ALICE, prompt, "No")
    await tg.settled(prompt)
    assert prompt.text.endswith("Discarded")
    await runner.tend_dead_letters()
    assert tg.open_prompts(ALICE) == []
    assert len(_alerts(tg, ALICE)) == 1
    assert len(tg.bot_messages(ALICE)) == sent + 1  # only the "still invalid" reply
    assert runner.chat is not None
    store = runner.chat.engine.store
    assert await store.open_alerts() == []
    (letter,) = await store.dead_letters()
    assert letter.status == "discarded"


async def test_edit_applies_a_corrected_payload_sent_as_json(
    tg: FakeTelegram, start_bot: StartBot, tmp_path: Path
) -> None:
    await two_retries_failed(str(tmp_path / "canon.db"))
    clock = [NOW + timedelta(minutes=10)]
    runner = await start_bot(clock=lambda: clock[0])
    await tg.say(ALICE, "/start", expect="I keep your assistant's beliefs true")
    clock[0] = NOW + timedelta(minutes=40)
    await runner.tend_dead_letters()
    prompt = await tg.prompt(ALICE, "failed validation three times")
    await tg.tap(ALICE, prompt, "Edit")
    await tg.reply_after(ALICE, prompt.message_id, "Send the corrected payload as JSON")
    await tg.say(ALICE, "{oops", expect="Send the corrected payload as JSON (")
    fixed = make_observation("travel.location", "Reno", source="calendar", at=clock[0])
    tg.user_says(ALICE, json.dumps(fixed))
    await tg.settled(prompt)
    assert prompt.text.endswith("The corrected payload was applied")
    assert runner.chat is not None
    [event] = await runner.chat.engine.store.events_for("user:primary", "travel.location")
    assert event.event_id == fixed["event_id"]
    (letter,) = await runner.chat.engine.store.dead_letters()
    assert letter.status == "resolved"
