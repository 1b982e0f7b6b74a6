"""/wrong over the Bot API double: a P0 incident, the right value, the owner told."""

from __future__ import annotations

from dataclasses import replace

import pytest
from canon_testing import NOW
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation import texts
from core.domain.policy import RolloutConfig
from core.domain.rollout import PolicyEvent
from core.engine.rollout_gates import read_rollout

pytestmark = pytest.mark.timeout(60)


async def test_wrong_records_a_p0_takes_the_right_value_and_alerts_the_owner(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    engine = runner.chat.engine
    engine.policy = replace(engine.policy, rollout=RolloutConfig(calibration_mutations=0))
    await engine.record_policy_events(
        [PolicyEvent("t:travel:2", NOW, "stage", "travel", "stage", "M", "2", "t", "owner")]
    )
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe")
    await tg.say(ALICE, "/help", expect="/wrong <field> – a value I hold is wrong")
    tg.user_says(ALICE, "/wrong location")
    prompt = await tg.prompt(ALICE, "You said your location (Tahoe) is wrong.")
    assert [b["text"] for row in prompt.buttons for b in row] == ["Yes", "No", "Edit"]
    await tg.reply_after(ALICE, prompt.message_id, "What is the correct value for your location?")
    tg.user_says(ALICE, "Reno")
    await tg.settled(prompt)
    fact = await engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert fact.value == "Reno"
    state, _ = await read_rollout(engine, "user:primary")  # Alice's rollback, hers alone
    assert state.domain("travel").stage == "1"
    assert (await read_rollout(engine))[0].domain("travel").stage == "2"
    assert [e.key for e in state.domain("travel").incidents] == ["p0"]
    await runner.tend_rollout()
    dropped = await tg.reply_after(
        ALICE, prompt.message_id, "Rollback: travel dropped from Stage 2"
    )
    # The alerts read as sentences: the value in words, no dotted names or raw numbers.
    assert "your location (Tahoe) was said to be wrong" in dropped.text
    raised = await tg.reply_after(
        ALICE, prompt.message_id, "Rollback: 50% of my travel changes for you were corrected"
    )
    assert "only when I'm at least" in raised.text
    assert "for you:" in dropped.text
    for alert in (dropped, raised):
        assert "user:primary" not in alert.text, "an entity reads as a word"
        assert "travel.location" not in alert.text
        assert "auto_threshold" not in alert.text
        assert "->" not in alert.text
    assert ("wrong", "A value I hold is wrong: give the right one") in texts.COMMANDS
