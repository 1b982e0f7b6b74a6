"""The bot's commands, end to end over HTTP against the Bot API double."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from chatkit import ALICE, StartBot
from fakes.telegram_api import FakeTelegram

from core.conversation import texts
from core.domain.ids import new_id
from core.domain.state import CommittedFact

pytestmark = pytest.mark.timeout(60)


async def _tahoe(tg: FakeTelegram) -> None:
    # No departure day: one under way before its day is a conflict, asked (test_conflict_questions_e2e).
    await tg.say(ALICE, "We're planning a trip to Tahoe", expect="plan")
    await tg.say(ALICE, "We're in Tahoe", expect="Noted: you're in Tahoe; your trip is under way.")


async def test_commands_are_published_at_start(tg: FakeTelegram, start_bot: StartBot) -> None:
    await start_bot()
    assert [c["command"] for c in tg.commands] == [name for name, _ in texts.COMMANDS]
    assert all("-" not in c["command"] for c in tg.commands)


@pytest.mark.parametrize(
    ("command", "expect"),
    [
        ("/start", "I keep your assistant's beliefs true"),
        ("/help", "/forget <field>"),
        ("/state", "• You're in Tahoe — you told me, just now"),
        ("/state travel", "Travel (you)"),
        ("/state weather", "Unknown domain 'weather'"),
        ("/pending", "Nothing is waiting"),
        ("/why travel.status", "Your trip: under way — taken from you, just now (sure: 0.90)"),
        ("/why", "Which one should I explain?"),  # what is held, a button each
        ("/why travel.nothing", 'I hold nothing about "travel.nothing"'),
        # A value named instead of a field: being in Tahoe, and the trip there.
        ("/why tahoe", 'Several things match "tahoe". Which one should I explain?'),
        ("/why lake tahoe", 'I hold nothing about "lake tahoe"'),
        ("/history travel.status", "planned → under way (taken from you)"),
        # No Edit waits; the trip planned and under way is followed by a workflow: /cancel leaves it.
        ("/cancel", "Left Trip: under way (step 2 of 3)"),
        ("/confirm", "There is no open question"),
    ],
)
async def test_command_answers(
    tg: FakeTelegram, start_bot: StartBot, command: str, expect: str
) -> None:
    await start_bot()
    await _tahoe(tg)
    await tg.say(ALICE, command, expect=expect)


async def test_forget_asks_first_then_retracts(tg: FakeTelegram, start_bot: StartBot) -> None:
    runner = await start_bot()
    await _tahoe(tg)
    tg.user_says(ALICE, "/forget travel.location")
    prompt = await tg.prompt(ALICE, "Forget your location (Tahoe)?")
    assert [b["text"] for b in prompt.buttons[0]] == ["Yes", "No"]
    assert runner.chat is not None
    assert await runner.chat.engine.store.fact("user:primary", "travel.location") is not None
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert await runner.chat.engine.store.fact("user:primary", "travel.location") is None
    await tg.say(ALICE, "/forget my location", expect='I hold nothing about "my location". I know:')


async def test_undo_reverts_the_last_commit_after_asking(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await _tahoe(tg)
    # "We're in Tahoe" was one answer (the trip under way, and where the user is): it is
    # taken back as one, never the trip alone with the user left "in Tahoe".
    tg.user_says(ALICE, "/undo")
    prompt = await tg.prompt(ALICE, "Undo all of this?")
    assert "• your trip back from in progress to planning" in prompt.text
    assert "• forget your location (Tahoe); it had no value before" in prompt.text
    await tg.tap(ALICE, prompt, "Yes")
    await tg.settled(prompt)
    assert prompt.text.endswith("✅ Done: all of it is as it was before.")
    assert runner.chat is not None
    fact = await runner.chat.engine.store.fact("user:primary", "travel.status")
    assert fact is not None
    assert fact.value == "planning"
    assert await runner.chat.engine.store.fact("user:primary", "travel.location") is None


async def test_long_state_is_split_under_telegrams_limit(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    assert runner.chat is not None
    at = datetime.now(UTC) - timedelta(hours=1)
    await runner.chat.engine.store.import_facts(  # type: ignore[attr-defined]
        [
            CommittedFact(
                "user:primary",
                f"project.project_number_{i:03d}.status",
                "in_progress",
                1,
                "conversation_assertive",
                "seed",
                0.9,
                new_id(),
                at,
                at,
                "auto_commit",
            )
            for i in range(200)
        ]
    )
    sent = tg.user_says(ALICE, "/state")
    await tg.reply_after(ALICE, sent, "Project Number 199 is in progress")
    chunks = [m for m in tg.bot_messages(ALICE) if m.message_id > sent]
    assert len(chunks) > 1
    assert all(len(m.text) <= 4096 for m in chunks)
    assert sum(m.text.count("• Project Number") for m in chunks) == 200


async def test_conversation_log_is_chronological_and_complete(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    runner = await start_bot()
    await tg.say(ALICE, "hello", expect="Hi!")
    await tg.say(ALICE, "/pending", expect="Nothing is waiting")
    assert runner.chat is not None
    log = await runner.chat.log.messages(ALICE)
    assert [(m.role, m.text[:8]) for m in log] == [
        ("user", "hello"),
        ("assistant", "Hi! What"),
        ("user", "/pending"),
        ("assistant", "Nothing "),
    ]
    assert len({m.id for m in log}) == len(log)
