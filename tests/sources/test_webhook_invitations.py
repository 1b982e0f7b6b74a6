"""An invitation pushed to ``canon webhook`` is judged as a polled one: only an acceptance
Canon saw the user give counts.

A poll remembers what each invitation was (``core.sources.remembered.as_answered``), so a
stranger's "Flight to Moscow" that first reaches the calendar already
``PARTSTAT=ACCEPTED`` (the organiser writes that line too) is asked, never the user's
plan. The webhook remembered nothing: the same invitation pushed with ``"response":
"accepted"`` was taken as the user's own plan on the organiser's word. Now the webhook
keeps the answers it saw (as a source's cursor is kept): an invitation first pushed
accepted is the organiser's word, asked, push after push; one pushed unanswered and then
accepted is the user's. The real webhook on loopback, signed as a calendar pushes.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from aiohttp import web
from canon_testing import calibrated_policy, make_signal
from source_servers import free_port

from core.conversation.texts import prompt_body
from core.engine.engine import Engine
from core.sources.remembered import PUSHED_KEPT, answered_pushes
from core.sources.webhook import SIGNATURE_HEADER, TIMESTAMP_HEADER, sign, webhook_app
from core.store.sqlite import SQLiteStore

NOW = datetime(2031, 2, 19, 14, 30, tzinfo=UTC)
SECRET = b"0123456789abcdef-secret"
STRANGER = "promo@evil.example"


@pytest.fixture
async def webhook(engine: Engine) -> AsyncIterator[str]:
    runner = web.AppRunner(webhook_app(engine, SECRET, lambda: NOW))
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    try:
        yield f"http://127.0.0.1:{port}/signals"
    finally:
        await runner.cleanup()


async def push(url: str, response: str, minutes: int, ident: str = "moscow") -> None:
    """The stranger's invitation as the user's calendar holds it, answered ``response``."""
    signal = make_signal(
        at=NOW - timedelta(minutes=30 - minutes),
        payload_id=ident,
        payload_summary="Flight to Moscow",
        payload_start="2031-03-10",
        payload_end="2031-03-14",
        payload_invitation={"organizer": STRANGER, "response": response},
    )
    body = json.dumps([signal]).encode()
    stamp = str(int(NOW.timestamp()))
    headers = {TIMESTAMP_HEADER: stamp, SIGNATURE_HEADER: sign(SECRET, stamp, body)}
    async with httpx.AsyncClient() as client:
        sent = await client.post(url, content=body, headers=headers)
    assert sent.status_code == 202, sent.text
    assert sent.json()["valid"] == 1


async def travel(engine: Engine) -> dict[str, Any]:
    return {f.field: f.value for f in await engine.store.facts("user:primary")}


async def whys(engine: Engine) -> set[str]:
    asked = await engine.store.review_items(["pending", "queued"])
    return {prompt_body(r, "user:primary", now=NOW).splitlines()[-1] for r in asked}


async def test_an_invitation_pushed_already_accepted_is_the_organisers_word(
    engine: Engine, webhook: str
) -> None:
    await push(webhook, "accepted", 0)
    await push(webhook, "accepted", 5)  # and again: still nobody saw the user accept it

    assert "travel.destination" not in await travel(engine)
    said = await whys(engine)
    assert said
    assert all(f'"{STRANGER}" marked accepted, but I never saw you accept it' in w for w in said)
    events = await engine.store.events_for("user:primary", "travel.destination")
    assert {e.source_ref.rsplit(":", 1)[-1] for e in events if e.source_ref} == {"said_accepted"}


async def test_an_invitation_pushed_unanswered_then_accepted_is_the_users_plan(
    engine: Engine, webhook: str
) -> None:
    await push(webhook, "needs_action", 0)
    assert "travel.destination" not in await travel(engine)
    assert all(f'"{STRANGER}" you have not accepted' in w for w in await whys(engine))

    await push(webhook, "accepted", 5)

    # The user's own plan now: what is still asked is asked as their calendar's word
    # (a calendar alone is under the travel bar), no longer as the organiser's.
    events = await engine.store.events_for("user:primary", "travel.destination")
    assert [e.source_ref.rsplit(":", 1)[-1] for e in events if e.source_ref] == [
        "needs_action",
        "accepted",
    ]
    assert not [r for r in events[-1].reasons if "invitation" in r], events[-1].reasons


async def test_pushes_at_once_to_two_webhooks_on_one_store_forget_no_answer(
    engine: Engine, webhook: str, store: SQLiteStore
) -> None:
    """Each push reads what the webhook remembers, judges, and writes it back. Read and
    written apart (before), pushes at once, to one webhook or to two processes on one
    store, wrote over each other's answers: an invitation pushed unanswered was forgotten,
    and the user's own acceptance of it then counted as the organiser's word. Judged and
    remembered in one change of the store now, every answer is kept."""
    other_store = SQLiteStore(store.path)  # a second `canon webhook` on the same file
    await other_store.open()
    runner = web.AppRunner(
        webhook_app(Engine(other_store, calibrated_policy()), SECRET, lambda: NOW)
    )
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    other = f"http://127.0.0.1:{port}/signals"
    try:
        idents = [f"trip-{i}" for i in range(16)]
        await asyncio.gather(
            *(push(webhook if i % 2 else other, "needs_action", 0, x) for i, x in enumerate(idents))
        )
        state = await engine.store.source_states.source_state("(webhook)")
        assert state is not None
        assert sorted(state.cursor["invitations"]) == sorted(idents)

        await asyncio.gather(
            *(push(other if i % 2 else webhook, "accepted", 5, x) for i, x in enumerate(idents))
        )
    finally:
        await runner.cleanup()
        await other_store.close()
    state = await engine.store.source_states.source_state("(webhook)")
    assert state is not None
    assert state.cursor["invitations"] == dict.fromkeys(state.cursor["invitations"], "accepted")
    assert len(state.cursor["invitations"]) == len(idents)


@pytest.mark.parametrize(
    "signal",
    [
        "not a signal",
        {"kind": "calendar_event", "payload": "x"},
        {"kind": "calendar_event", "payload": {"id": 7, "invitation": {"response": "accepted"}}},
        {"kind": "email", "payload": {"id": "m", "invitation": {"response": "accepted"}}},
    ],
)
def test_what_is_no_calendar_invitation_passes_as_it_is(signal: Any) -> None:
    assert answered_pushes([signal], {}) == ([signal], {})


def test_the_memory_keeps_the_newest_answers() -> None:
    signals = [
        make_signal(payload_id=f"e{i}", payload_invitation={"response": "needs_action"})
        for i in range(PUSHED_KEPT + 5)
    ]
    _, memory = answered_pushes(signals, {})
    assert len(memory) == PUSHED_KEPT
    assert "e0" not in memory
    assert memory[f"e{PUSHED_KEPT + 4}"] == "needs_action"


def test_only_valid_signals_known_answers_and_short_ids_are_remembered() -> None:
    """A malformed push is dead-lettered, not seen: remembering its "unanswered" would
    let a later "accepted" count as the user's own answer."""
    unanswered = make_signal(payload_invitation={"organizer": STRANGER, "response": "needs_action"})
    assert answered_pushes([unanswered], {}, lambda _: False)[1] == {}
    odd = make_signal(payload_invitation={"response": "x" * 10_000})
    long_id = make_signal(payload_id="e" * 300, payload_invitation={"response": "needs_action"})
    assert answered_pushes([odd, long_id], {})[1] == {}
    accepted = make_signal(payload_invitation={"organizer": STRANGER, "response": "accepted"})
    [judged], memory = answered_pushes([accepted], {})
    assert judged["payload"]["invitation"]["response"] == "said_accepted"
    assert memory == {"evt-1": "said_accepted"}
