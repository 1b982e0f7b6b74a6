"""/wrong and an Edit of an auto-commit: P0 false-state incidents, from the user's side.

The user marks a value Canon committed on its own as wrong; Canon logs a P0
incident, asks for the right value at once (an Edit), and the rollback rule
drops travel from Stage 2 to Stage 1 with a message to the owner.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from canon_testing import NOW, make_observation
from chat_harness import ALICE, Conversation

from core.domain.policy import RolloutConfig
from core.domain.rollout import PolicyEvent
from core.engine.rollout_gates import read_rollout

ME = "user:primary"


@pytest.fixture
async def tahoe(talk: Conversation) -> Conversation:
    """Travel at Stage 2; 'We're in Tahoe' auto-committed (no calibration in the way)."""
    engine = talk.engine
    engine.policy = replace(engine.policy, rollout=RolloutConfig(calibration_mutations=0))
    await engine.record_policy_events(
        [PolicyEvent("t:travel:2", NOW, "stage", "travel", "stage", "M", "2", "t", "owner")]
    )
    assert await talk.say(ALICE, "We're in Tahoe") == [
        "Noted: you're in Tahoe; your trip is under way."
    ]
    return talk


async def p0_incidents(talk: Conversation) -> list[PolicyEvent]:
    state, _ = await read_rollout(talk.engine, ME)
    return [e for e in state.domain("travel").incidents if e.key == "p0"]


async def test_wrong_logs_a_p0_asks_for_the_right_value_and_rolls_travel_back(
    tahoe: Conversation,
) -> None:
    talk = tahoe
    mark = talk.messenger.mark()
    await talk.chat.wrong(ALICE, ALICE, "location")
    sent = talk.messenger.sent_after(mark, ALICE)
    assert sent[0].text == (
        "You said your location (Tahoe) is wrong. What is right? "
        "Send it (Edit), or Yes to forget it, No to keep it."
    )
    assert sent[0].labels == ("Yes", "No", "Edit")
    assert sent[1].text.startswith("What is the correct value for your location?")
    incidents = await p0_incidents(talk)
    assert [e.event_id.rsplit(":", 1)[0] for e in incidents] == [f"p0:{ME}:travel.location"]
    assert "travel.location = Tahoe" in incidents[0].reason
    state, _ = await read_rollout(talk.engine, ME)
    assert state.domain("travel").stage == "1"

    await talk.say(ALICE, "Reno")
    fact = await talk.engine.store.fact(ME, "travel.location")
    assert fact is not None
    assert fact.value == "Reno"
    assert len(await p0_incidents(talk)) == 1, "/wrong and its Edit are one incident"

    mark = talk.messenger.mark()
    assert await talk.chat.deliver_alerts() == 2
    dropped, raised = talk.messenger.sent_after(mark, ALICE)
    assert dropped.text.startswith("⚠️ Rollback: travel dropped from Stage 2 to Stage 1")
    # The Edit corrected an auto-commit: 1 of the week's 2 travel changes Canon made on
    # its own (location Tahoe, status in progress) was corrected.
    assert raised.text.startswith(
        "⚠️ Rollback: 50% of my travel changes for you were corrected this week"
    )


async def test_yes_to_a_wrong_value_forgets_it(tahoe: Conversation) -> None:
    await tahoe.chat.wrong(ALICE, ALICE, "travel.location")
    await tahoe.chat.cancel(ALICE)
    assert await tahoe.tap(ALICE, "Yes") == "Confirmed"
    assert await tahoe.engine.store.fact(ME, "travel.location") is None
    # The Yes corrected an auto-commit: the rollback rules ran at once.
    state, _ = await read_rollout(tahoe.engine, ME)
    assert state.domain("travel").confirm_next == 20


@pytest.mark.parametrize(
    ("query", "answer", "buttons"),
    [
        ("weather", 'I hold nothing about "weather". I know: your location, your trip.', ()),
        (
            "travel",
            'Several things match "travel". Which one should I correct?',
            ("Your location", "Your trip"),
        ),
        ("", "Which value is wrong? For example: /wrong my location", ()),
    ],
)
async def test_wrong_names_one_held_value(
    tahoe: Conversation, query: str, answer: str, buttons: tuple[str, ...]
) -> None:
    mark = tahoe.messenger.mark()
    await tahoe.chat.wrong(ALICE, ALICE, query)
    [reply] = tahoe.messenger.sent_after(mark, ALICE)
    assert reply.text == answer
    assert reply.labels == buttons
    assert await p0_incidents(tahoe) == []


async def test_a_value_the_user_confirmed_is_not_a_p0(talk: Conversation) -> None:
    await talk.say(ALICE, "I live in Seattle now")
    assert await talk.tap(ALICE, "Yes") == "Confirmed"
    await talk.chat.wrong(ALICE, ALICE, "city")
    assert talk.messenger.texts(ALICE)[-1].startswith("What is the correct value")
    state, _ = await read_rollout(talk.engine, ME)
    assert [e for d in state.domains.values() for e in d.incidents] == []


async def test_an_edit_to_a_question_from_newer_evidence_is_a_change_not_a_p0(
    tahoe: Conversation,
) -> None:
    """Answering Canon's question about a newer word (Reno) with another value is the
    world moving on, not Canon having been wrong about Tahoe: no P0, no rollback. Only
    the user's own /wrong (or /undo, /forget) sets an auto-commit aside."""
    talk = tahoe
    reno = make_observation("travel.location", "Reno", at=NOW)
    assert (await talk.engine.ingest(reno, now=NOW)).decision == "ask_user"
    await talk.chat.sweep()
    prompt = talk.prompt(ALICE)
    assert "Reno" in prompt.text
    assert await talk.tap(ALICE, "Edit") == "Send the value"
    await talk.say(ALICE, "Truckee")
    fact = await talk.engine.store.fact(ME, "travel.location")
    assert fact is not None
    assert fact.value == "Truckee"
    assert await p0_incidents(talk) == []
    state, _ = await read_rollout(talk.engine, ME)
    assert state.domain("travel").stage == "2"
