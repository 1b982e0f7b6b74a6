"""A conversation is the unit of order: a slow reply in one chat never holds another, and
one chat's messages, taps and replies happen in the order they came, in one process or
in two on one PostgreSQL database.

The model is the scripted OpenAI fake, reached through the real ``openai`` client and
the assistant's turn graph; its answers take as long as each test says.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE, AUDIENCE, BOB, Clock
from fakes.openai_server import DEFAULT_KEY, DEFAULT_MODEL, Content, Delay, Dynamic, FakeOpenAI

from core.conversation.assistant import AssistantGraph
from core.conversation.chat import Button, CanonChat
from core.conversation.chat_model import OpenAIChatModel
from core.conversation.testing import RecordingMessenger
from core.domain.policy import Policy, default_policy
from core.engine.engine import Engine
from core.extraction.linguistics import model as language_model
from core.extraction.llm_config import LLMConfig
from core.extraction.offline import extract_offline
from core.store.factory import open_store
from core.store.protocol import StoreBackend

pytestmark = pytest.mark.timeout(120)
SLOW_S = 3.0
"""How long the slow model answer takes: far longer than any other turn here."""


@dataclass
class OrderedMessenger(RecordingMessenger):
    """A ``RecordingMessenger`` that also keeps one timeline of everything, across chats."""

    timeline: list[tuple[str, int, str]] = field(default_factory=list)

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        self.timeline.append(("send", chat_id, text))
        return await super().send(chat_id, text, buttons)

    async def edit(self, chat_id: int, message_id: int, text: str) -> bool:
        self.timeline.append(("edit", chat_id, text))
        return await super().edit(chat_id, message_id, text)

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None:
        self.timeline.append(("tap answered", 0, text or ""))
        await super().answer_tap(callback_id, text)

    def said(self, chat_id: int) -> list[str]:
        return [text for kind, chat, text in self.timeline if kind == "send" and chat == chat_id]


def answers(*by_word: tuple[str, float, str]) -> Dynamic:
    """A model answer chosen by a word of the user's newest message: (word, seconds, text)."""

    def choose(body: dict[str, Any]) -> Content | Delay:
        newest = next(m for m in reversed(body["messages"]) if m["role"] == "user")
        for word, seconds, text in by_word:
            if word in json.dumps(newest["content"]).lower():
                return Delay(seconds, Content(text)) if seconds else Content(text)
        return Content("I see.")

    return Dynamic(choose)


@pytest.fixture
async def model() -> AsyncIterator[FakeOpenAI]:
    async with FakeOpenAI() as server:
        yield server


@dataclass
class Service:
    """One conversation service (a bot or API worker) over its own store connection."""

    chat: CanonChat
    store: StoreBackend
    graph: AssistantGraph


@pytest.fixture
async def services(
    model: FakeOpenAI,
) -> AsyncIterator[Callable[..., Any]]:
    """Start a conversation service over ``url`` with the fake model behind the assistant."""
    started: list[Service] = []
    await asyncio.to_thread(language_model.load)  # once per process, before any turn is timed

    async def start(
        url: str, messenger: RecordingMessenger, policy: Policy | None = None
    ) -> Service:
        store = open_store(url)
        await store.open()
        config = LLMConfig(
            base_url=model.base_url,
            model=DEFAULT_MODEL,
            api_key=DEFAULT_KEY,
            timeout_s=SLOW_S * 4,
            max_retries=0,
            summarise="off",
        )
        graph = AssistantGraph(OpenAIChatModel(config))
        chat = CanonChat(
            Engine(store, policy or calibrated_policy()),
            store.conversation,
            messenger,
            AUDIENCE,
            clock=Clock(),
            extractor=extract_offline,
            responder=graph,
        )
        service = Service(chat, store, graph)
        started.append(service)
        return service

    yield start
    for service in started:
        await service.graph.close()
        await service.store.close()


async def model_is_thinking(model: FakeOpenAI, requests: int) -> None:
    """Wait until the model has been asked ``requests`` times in all."""
    for _ in range(6000):  # a minute at most
        if len(model.requests) >= requests:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the model was asked {len(model.requests)} times, not {requests}")


async def test_a_slow_reply_in_one_chat_never_holds_another_chat(
    model: FakeOpenAI, services: Callable[..., Any], tmp_path: Path
) -> None:
    model.script(
        *[answers(("cook", SLOW_S, "Risotto, slowly."), ("morning", 0, "Morning, Bob!"))] * 2
    )
    talk = OrderedMessenger()
    service = await services(f"sqlite:///{tmp_path / 'canon.db'}", talk)
    clock = service.chat.clock
    alice = asyncio.create_task(
        service.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await model_is_thinking(model, 1)  # Alice's answer is on its way, slowly
    await service.chat.on_text(talk.incoming(BOB, "good morning", clock()))
    assert talk.said(BOB) == ["Morning, Bob!"]
    assert not alice.done()  # Bob, who wrote later, has his answer first
    await alice
    assert talk.said(ALICE) == ["Risotto, slowly."]
    replies = [text for kind, _chat, text in talk.timeline if kind == "send"]
    assert replies == ["Morning, Bob!", "Risotto, slowly."]


async def test_a_tap_during_a_reply_waits_for_it_and_the_chat_stays_in_order(
    model: FakeOpenAI, services: Callable[..., Any], tmp_path: Path
) -> None:
    model.script(
        *[answers(("cook", SLOW_S, "Risotto, slowly."), ("lisbon", 0, "Safe travels!"))] * 2
    )
    talk = OrderedMessenger()
    # A store that still calibrates: what Alice says is put to her as a question.
    service = await services(f"sqlite:///{tmp_path / 'canon.db'}", talk, default_policy())
    clock = service.chat.clock
    await service.chat.on_text(talk.incoming(ALICE, "I'm flying to Lisbon on Friday", clock()))
    question = talk.prompt(ALICE)
    talk.timeline.clear()

    message = asyncio.create_task(
        service.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await model_is_thinking(model, 2)
    tap = asyncio.create_task(talk.tap(service.chat, ALICE, "Yes", message=question))
    await asyncio.sleep(0.3)
    assert not tap.done()  # the tap waits for the reply being written
    assert talk.timeline == []
    await asyncio.gather(message, tap)
    kinds = [(kind, text) for kind, _chat, text in talk.timeline]
    assert kinds[0] == ("send", "Risotto, slowly.")  # the message's turn, whole, first
    assert kinds[1] == ("tap answered", "Confirmed")  # then the tap's
    assert any(kind == "edit" for kind, _text in kinds[2:])
    assert talk.shown[(ALICE, question.message_id)].buttons == ()  # answered: no buttons
    log = await service.store.conversation.messages(ALICE)
    assert [(m.role, m.text) for m in log[-2:]] == [
        ("user", "what should I cook tonight?"),
        ("assistant", "Risotto, slowly."),
    ]


async def test_two_services_on_one_postgresql_keep_one_chats_order(
    model: FakeOpenAI, services: Callable[..., Any], postgres_url: str
) -> None:
    model.script(*[answers(("cook", SLOW_S, "Risotto, slowly."), ("dessert", 0, "Tiramisu."))] * 3)
    talk = OrderedMessenger()
    first = await services(postgres_url, talk)
    second = await services(postgres_url, talk)  # another worker, its own connections
    clock = first.chat.clock
    slow = asyncio.create_task(
        first.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await model_is_thinking(model, 1)
    later = asyncio.create_task(
        second.chat.on_text(talk.incoming(ALICE, "and for dessert?", clock()))
    )
    await asyncio.sleep(0.3)
    assert not later.done()  # the other worker waits for the chat's turn
    await second.chat.on_text(talk.incoming(BOB, "good morning", clock()))  # Bob does not
    assert talk.said(BOB) == ["I see."]
    await asyncio.gather(slow, later)
    assert talk.said(ALICE) == ["Risotto, slowly.", "Tiramisu."]
    log = await first.store.conversation.messages(ALICE)
    assert [(m.role, m.text) for m in log] == [
        ("user", "what should I cook tonight?"),
        ("assistant", "Risotto, slowly."),
        ("user", "and for dessert?"),
        ("assistant", "Tiramisu."),
    ]
