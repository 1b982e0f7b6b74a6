"""A turn reads only the speaker's questions, however many others are open.

Speed is what ``canon bench`` prints (``bot_turn_p99_ms_with_2000_open``); here
the reason for it is the specification: the store is wrapped so that every
review item it hands out is recorded, and a user's turn must not be handed
anyone else's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from canon_testing import make_observation
from chat_harness import ALICE, BOB, Conversation

from core.domain.review_items import ReviewItem
from core.store.sqlite import SQLiteStore


class ReadRecorder:
    """The real store, noting the entity of every review item a read returns."""

    def __init__(self, store: SQLiteStore) -> None:
        self._store = store
        self.entities_read: list[str] = []

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr

        async def recorded(*args: Any, **kwargs: Any) -> Any:
            result = await attr(*args, **kwargs)
            found = result if isinstance(result, list) else [result]
            self.entities_read += [r.entity_id for r in found if isinstance(r, ReviewItem)]
            return result

        return recorded


async def _open_for_bob(talk: Conversation, n: int) -> None:
    """``n`` calendar entries about Bob's projects: questions (most queued behind the cap)."""
    for i in range(n):
        payload = make_observation(
            f"project.p{i}.status", "shipped", source="calendar", entity="user:bob"
        )
        assert (await talk.engine.ingest(payload, now=talk.clock())).decision == "ask_user"


def _recording(talk: Conversation) -> ReadRecorder:
    recorder = ReadRecorder(talk.store)
    talk.engine.store = recorder  # type: ignore[assignment]
    return recorder


Turn = Callable[[Conversation], Awaitable[Any]]


async def _chat(talk: Conversation) -> None:
    assert await talk.say(ALICE, "what do you know about me")


async def _claim(talk: Conversation) -> None:
    await talk.say(ALICE, "I live in Seattle now")
    assert talk.prompt(ALICE).text.startswith("Do you live in Seattle?")


async def _pending(talk: Conversation) -> None:
    await talk.chat.show_pending(ALICE, ALICE)


@pytest.mark.parametrize("turn", [_chat, _claim, _pending], ids=["chat", "claim", "pending"])
async def test_a_turn_reads_none_of_another_users_questions(talk: Conversation, turn: Turn) -> None:
    await _open_for_bob(talk, 12)
    await talk.chat.sweep()  # Bob's first question is on his screen
    assert talk.messenger.prompts(BOB)
    recorder = _recording(talk)
    await turn(talk)
    assert "user:bob" not in recorder.entities_read


async def test_answering_reads_none_of_another_users_questions(talk: Conversation) -> None:
    await _open_for_bob(talk, 12)
    await talk.say(ALICE, "I live in Seattle now")
    await talk.say(ALICE, "Feature X is blocked on legal review")
    recorder = _recording(talk)
    assert await talk.tap(ALICE, "Yes") == "Confirmed"
    assert talk.prompt(ALICE).text.startswith("Is Feature X blocked?")
    assert set(recorder.entities_read) == {"user:primary"}
