"""A conversation is the unit of order: a slow reply in one chat never holds another, and
one chat's messages, taps and replies happen in the order they came, in one process or
in two on one PostgreSQL database.

The model is the scripted OpenAI fake, reached through the real ``openai`` client and
the assistant's turn graph, whose slow answers are held back until the test lets them go
(``Held``); or ``HeldModel``, a model whose every answer waits for the test. No answer
takes a set time: what a test asserts holds however slow the machine is.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from budgets import budget
from canon_testing import calibrated_policy
from chat_harness import ALICE, AUDIENCE, BOB, Clock
from fakes.openai_server import (
    DEFAULT_KEY,
    DEFAULT_MODEL,
    Content,
    Dynamic,
    FakeOpenAI,
    Held,
    Reply,
)
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage

from core.conversation.assistant import AssistantGraph
from core.conversation.chat import Button, CanonChat
from core.conversation.chat_model import ChatModel, OpenAIChatModel, ToolChoice
from core.conversation.chat_order import ChatOrder
from core.conversation.testing import RecordingMessenger
from core.domain.policy import Policy, default_policy
from core.engine.engine import Engine
from core.extraction.linguistics import model as language_model
from core.extraction.llm_config import LLMConfig
from core.extraction.offline import extract_offline
from core.extraction.types import Extraction, SourceKind
from core.store.chat_turns import Lane
from core.store.factory import open_store
from core.store.memory import MemoryStore
from core.store.protocol import StoreBackend

pytestmark = pytest.mark.timeout(120)
ANSWER_S = budget(12.0)
"""How long the client waits for the model: longer than any answer a test holds back."""


@dataclass
class OrderedMessenger(RecordingMessenger):
    """A ``RecordingMessenger`` that also keeps one timeline of everything, across chats."""

    timeline: list[tuple[str, int, str]] = field(default_factory=list)

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        self.timeline.append(("send", chat_id, text))
        return await super().send(chat_id, text, buttons)

    async def edit(
        self, chat_id: int, message_id: int, text: str, buttons: Sequence[Button] = ()
    ) -> bool:
        self.timeline.append(("edit", chat_id, text))
        return await super().edit(chat_id, message_id, text, buttons)

    async def answer_tap(self, callback_id: str, text: str | None = None) -> None:
        self.timeline.append(("tap answered", 0, text or ""))
        await super().answer_tap(callback_id, text)

    def said(self, chat_id: int) -> list[str]:
        return [text for kind, chat, text in self.timeline if kind == "send" and chat == chat_id]


def answers(by_word: dict[str, Reply | str]) -> Dynamic:
    """A model answer chosen by a word of the user's newest message (a text, or a reply
    such as ``Held``); "I see." when no word is there."""

    def choose(body: dict[str, Any]) -> Reply:
        newest = next(m for m in reversed(body["messages"]) if m["role"] == "user")
        for word, reply in by_word.items():
            if word in json.dumps(newest["content"]).lower():
                return Content(reply) if isinstance(reply, str) else reply
        return Content("I see.")

    return Dynamic(choose)


class HeldModel:
    """A ``ChatModel`` answering by a word of the user's newest message; each word's answer
    waits until the test lets it go (``let_go``). While it is asked it runs ``check`` (is
    the chat's order free?) and keeps what it found."""

    window = 32_000

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers
        self.gates = {word: asyncio.Event() for word in answers}
        self.asked = {word: asyncio.Event() for word in answers}
        self.check: Callable[[], Any] | None = None
        self.order_free: list[bool] = []

    def let_go(self, *words: str) -> None:
        for word in words or tuple(self.gates):
            self.gates[word].set()

    async def complete(
        self,
        system: Sequence[str],
        messages: Sequence[AnyMessage],
        tools: Sequence[dict[str, Any]] = (),
        tool_choice: ToolChoice = "auto",
        model: str | None = None,
    ) -> AIMessage:
        newest = next(m for m in reversed(messages) if isinstance(m, HumanMessage))
        word = next(w for w in self.answers if w in str(newest.content).lower())
        if self.check is not None:
            self.order_free.append(await self.check())
        self.asked[word].set()
        await self.gates[word].wait()
        return AIMessage(content=self.answers[word])

    async def close(self) -> None:
        return None


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
        url: str,
        messenger: RecordingMessenger,
        policy: Policy | None = None,
        chat_model: ChatModel | None = None,
    ) -> Service:
        store = open_store(url)
        await store.open()
        config = LLMConfig(
            base_url=model.base_url,
            model=DEFAULT_MODEL,
            api_key=DEFAULT_KEY,
            timeout_s=ANSWER_S,
            max_retries=0,
            summarise="off",
        )
        graph = AssistantGraph(chat_model or OpenAIChatModel(config))
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
    deadline = asyncio.get_running_loop().time() + budget(12.0)
    while asyncio.get_running_loop().time() < deadline:
        if len(model.requests) >= requests:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the model was asked {len(model.requests)} times, not {requests}")


def lane_watched(
    service: Service, talk: OrderedMessenger, monkeypatch: pytest.MonkeyPatch
) -> asyncio.Event:
    """Set once ``service`` asks its store for a chat's message lane (its message then waits
    there while another worker holds the lane); the moment it takes the lane goes into
    ``talk``'s timeline as ("lane", chat, ""). Instruments the real store, nothing else."""
    conversation = service.store.conversation
    real = conversation.chat_turn
    asked = asyncio.Event()

    @asynccontextmanager
    async def chat_turn(chat_id: int, lane: Lane = "order") -> AsyncIterator[None]:
        if lane == "messages":
            asked.set()
        async with real(chat_id, lane):
            if lane == "messages":
                talk.timeline.append(("lane", chat_id, ""))
            yield

    monkeypatch.setattr(conversation, "chat_turn", chat_turn)
    return asked


def lane_taken_after(talk: OrderedMessenger, chat_id: int, reply: str) -> bool:
    """Whether the watched worker took ``chat_id``'s message lane only after ``reply`` was sent."""
    timeline = talk.timeline
    return timeline.index(("lane", chat_id, "")) > timeline.index(("send", chat_id, reply))


async def test_a_slow_reply_in_one_chat_never_holds_another_chat(
    model: FakeOpenAI, services: Callable[..., Any], tmp_path: Path
) -> None:
    """Alice's answer is held back until Bob has his: however slow the machine, Bob's
    whole turn runs while the model still writes hers."""
    cooked = asyncio.Event()
    by_word: dict[str, Reply | str] = {
        "cook": Held(cooked, Content("Risotto, slowly.")),
        "morning": "Morning, Bob!",
    }
    model.script(*[answers(by_word)] * 2)
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
    cooked.set()
    await alice
    assert talk.said(ALICE) == ["Risotto, slowly."]
    replies = [text for kind, _chat, text in talk.timeline if kind == "send"]
    assert replies == ["Morning, Bob!", "Risotto, slowly."]


async def test_a_tap_while_the_model_writes_a_reply_is_taken_at_once_and_replies_keep_order(
    services: Callable[..., Any], tmp_path: Path
) -> None:
    held = HeldModel(
        {"lisbon": "Safe travels!", "cook": "Risotto, slowly.", "dessert": "Tiramisu."}
    )
    held.let_go("lisbon", "dessert")
    talk = OrderedMessenger()
    # A store that still calibrates: what Alice says is put to her as a question.
    url = f"sqlite:///{tmp_path / 'canon.db'}"
    service = await services(url, talk, default_policy(), held)
    clock = service.chat.clock
    await service.chat.on_text(talk.incoming(ALICE, "I'm flying to Lisbon on Friday", clock()))
    question = talk.prompt(ALICE)
    entity = AUDIENCE.entity_of(ALICE)
    asked = await service.store.open_review_items([entity])  # the trip, as one question
    assert asked
    assert await service.store.facts(entity) == []
    talk.timeline.clear()

    cooking = asyncio.create_task(
        service.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await held.asked["cook"].wait()  # the model is writing the reply, and does not finish
    dessert = asyncio.create_task(
        service.chat.on_text(talk.incoming(ALICE, "and for dessert?", clock()))
    )
    assert await talk.tap(service.chat, ALICE, "Yes", message=question) == "Confirmed"
    # The tap is committed while the model still writes the reply to the earlier message.
    assert await service.store.open_review_items([entity]) == []
    assert {f.field for f in await service.store.facts(entity)} >= {asked[0].field}
    assert talk.shown[(ALICE, question.message_id)].buttons == ()
    assert not cooking.done()
    assert not dessert.done()  # the next message waits for the reply before it
    assert not held.asked["dessert"].is_set()

    held.let_go("cook")
    await asyncio.gather(cooking, dessert)
    assert talk.said(ALICE)[-2:] == ["Risotto, slowly.", "Tiramisu."]
    log = await service.store.conversation.messages(ALICE)
    assert [(m.role, m.text) for m in log[-4:]] == [
        ("user", "what should I cook tonight?"),
        ("assistant", "Risotto, slowly."),
        ("user", "and for dessert?"),
        ("assistant", "Tiramisu."),
    ]


@dataclass
class WatchedMessenger(OrderedMessenger):
    """An ``OrderedMessenger`` that notes, for every message it sends, whether the chat's
    order was held in this process at that moment."""

    order: ChatOrder | None = None
    held_at_send: list[tuple[str, bool]] = field(default_factory=list)

    async def send(self, chat_id: int, text: str, buttons: Sequence[Button] = ()) -> int:
        if self.order is not None:
            self.held_at_send.append((text, self.order.held(chat_id)))
        return await super().send(chat_id, text, buttons)


async def test_no_order_of_the_chat_is_held_while_the_model_answers_or_anything_is_sent(
    services: Callable[..., Any], tmp_path: Path
) -> None:
    """Instrumented: the model checks, while it is asked, that this process holds no
    section of the chat and that the store's lease on the chat's order can be taken from
    another connection; the extractor checks the process's order while it reads, and the
    messenger while it sends an acknowledgement, a reply or a read's answer."""
    held = HeldModel({"cook": "Risotto, slowly.", "morning": "Morning!"})
    held.let_go()
    talk = WatchedMessenger()
    url = f"sqlite:///{tmp_path / 'canon.db'}"
    service = await services(url, talk, None, held)
    other = await services(url, RecordingMessenger())  # another worker on the same store
    read_while_held: list[bool] = []

    def extractor(
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction:
        read_while_held.append(service.chat.order.held(ALICE))
        return extract_offline(
            text,
            at=at,
            entity_id=entity_id,
            source=source,
            known_people=known_people,
            recent_subject=recent_subject,
        )

    service.chat.extractor = extractor

    async def order_is_free() -> bool:
        if service.chat.order.held(ALICE):
            return False
        try:  # the lease would be let go only after this answer: waiting means it is held
            async with asyncio.timeout(budget(2.0)), other.store.conversation.chat_turn(ALICE):
                return True
        except TimeoutError:
            return False

    held.check = order_is_free
    talk.order = service.chat.order
    clock = service.chat.clock
    await service.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    await service.chat.on_text(talk.incoming(ALICE, "good morning, I'm in Lisbon", clock()))
    await service.chat.show_state(ALICE, ALICE)
    assert held.order_free == [True, True]
    assert read_while_held == [False, False]
    said = talk.said(ALICE)
    assert said[0] == "Risotto, slowly."
    assert "Morning!" in said
    assert "Lisbon" in said[-1]  # /state, after the acknowledgement and the reply
    assert len(said) >= 4
    assert talk.held_at_send == [(text, False) for text in said]


async def test_one_chats_messages_stay_in_order_under_concurrent_taps(
    services: Callable[..., Any], tmp_path: Path
) -> None:
    words = ["first", "second", "third", "fourth"]
    held = HeldModel({w: f"{w.title()} answered." for w in words} | {"lisbon": "Noted."})
    held.let_go("lisbon")
    talk = OrderedMessenger()
    url = f"sqlite:///{tmp_path / 'canon.db'}"
    service = await services(url, talk, default_policy(), held)
    clock = service.chat.clock
    await service.chat.on_text(talk.incoming(ALICE, "I'm flying to Lisbon on Friday", clock()))
    question = talk.prompt(ALICE)
    # Every message and a few taps on the one question at once, in this order.
    calls = [
        service.chat.on_text(talk.incoming(ALICE, f"the {word} thing", clock())) for word in words
    ]
    taps = [talk.tap(service.chat, ALICE, "Yes", message=question) for _ in range(3)]
    running = [asyncio.create_task(c) for c in [calls[0], taps[0], calls[1], taps[1], *calls[2:]]]
    running.append(asyncio.create_task(taps[2]))
    await held.asked["first"].wait()
    for word in reversed(words):  # the model finishes the later messages first
        held.let_go(word)
        await asyncio.sleep(0)
    notices = [r for r in await asyncio.gather(*running) if isinstance(r, str)]
    assert sorted(notices) == ["Already answered.", "Already answered.", "Confirmed"]
    assert [t for t in talk.said(ALICE) if t.endswith(" answered.")] == [
        f"{w.title()} answered." for w in words
    ]
    log = [(m.role, m.text) for m in await service.store.conversation.messages(ALICE)]
    talked = [m for m in log if m[1].startswith("the ") or m[1].endswith(" answered.")]
    assert talked == [
        pair
        for w in words
        for pair in (("user", f"the {w} thing"), ("assistant", f"{w.title()} answered."))
    ]


async def test_two_services_on_one_postgresql_keep_one_chats_order(
    model: FakeOpenAI,
    services: Callable[..., Any],
    postgres_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other worker's message for the chat waits in the store's line until the first
    worker's reply is out (seen, not timed: it asked for the line while the first's answer
    was held back, and took it after that reply); Bob's, meanwhile, does not wait."""
    cooked = asyncio.Event()
    by_word: dict[str, Reply | str] = {
        "cook": Held(cooked, Content("Risotto, slowly.")),
        "dessert": "Tiramisu.",
    }
    model.script(*[answers(by_word)] * 3)
    talk = OrderedMessenger()
    first = await services(postgres_url, talk)
    second = await services(postgres_url, talk)  # another worker, its own connections
    in_line = lane_watched(second, talk, monkeypatch)
    clock = first.chat.clock
    slow = asyncio.create_task(
        first.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await model_is_thinking(model, 1)  # the first worker holds the chat's message lane
    later = asyncio.create_task(
        second.chat.on_text(talk.incoming(ALICE, "and for dessert?", clock()))
    )
    await in_line.wait()  # the other worker asked the store for the chat's turn
    await second.chat.on_text(talk.incoming(BOB, "good morning", clock()))  # Bob does not wait
    assert talk.said(BOB) == ["I see."]
    assert not later.done()
    cooked.set()
    await asyncio.gather(slow, later)
    assert talk.said(ALICE) == ["Risotto, slowly.", "Tiramisu."]
    assert lane_taken_after(talk, ALICE, "Risotto, slowly.")
    log = await first.store.conversation.messages(ALICE)
    assert [(m.role, m.text) for m in log] == [
        ("user", "what should I cook tonight?"),
        ("assistant", "Risotto, slowly."),
        ("user", "and for dessert?"),
        ("assistant", "Tiramisu."),
    ]


async def test_on_two_services_a_tap_is_taken_while_the_other_writes_a_reply(
    services: Callable[..., Any], postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Across workers the chat's order and its message line are the store's: a tap on
    one worker is committed while the other's model writes a reply, and a message on the
    first waits for that reply."""
    held = HeldModel(
        {"lisbon": "Safe travels!", "cook": "Risotto, slowly.", "dessert": "Tiramisu."}
    )
    held.let_go("lisbon", "dessert")
    talk = OrderedMessenger()
    first = await services(postgres_url, talk, default_policy(), held)
    second = await services(postgres_url, talk, default_policy(), held)
    in_line = lane_watched(second, talk, monkeypatch)
    clock = first.chat.clock
    await first.chat.on_text(talk.incoming(ALICE, "I'm flying to Lisbon on Friday", clock()))
    question = talk.prompt(ALICE)
    entity = AUDIENCE.entity_of(ALICE)
    assert await first.store.open_review_items([entity])

    cooking = asyncio.create_task(
        first.chat.on_text(talk.incoming(ALICE, "what should I cook tonight?", clock()))
    )
    await held.asked["cook"].wait()
    assert await talk.tap(second.chat, ALICE, "Yes", message=question) == "Confirmed"
    assert await second.store.open_review_items([entity]) == []
    dessert = asyncio.create_task(
        second.chat.on_text(talk.incoming(ALICE, "and for dessert?", clock()))
    )
    await in_line.wait()  # the second worker asked the store for the chat's message lane
    assert not cooking.done()
    held.let_go("cook")
    await asyncio.gather(cooking, dessert)
    assert talk.said(ALICE)[-2:] == ["Risotto, slowly.", "Tiramisu."]
    assert lane_taken_after(talk, ALICE, "Risotto, slowly."), "dessert waited in line"


async def test_a_message_given_up_in_line_lets_the_next_go_only_after_the_one_before() -> None:
    """The chat's line, on its own: messages hold their place in the order they came; one
    that gives up while waiting does not let the message after it overtake the one
    being answered."""
    store = MemoryStore()
    await store.open()
    order = ChatOrder(store.conversation)
    happened: list[str] = []
    first_in, let_go = asyncio.Event(), asyncio.Event()

    async def message(name: str, slow: bool = False) -> None:
        async with order.message(ALICE):
            happened.append(f"{name} in")
            if slow:
                first_in.set()
                await let_go.wait()
            happened.append(f"{name} out")

    first = asyncio.create_task(message("first", slow=True))
    second = asyncio.create_task(message("second"))
    third = asyncio.create_task(message("third"))
    await first_in.wait()  # the tasks ran in turn: the second and third are in line
    assert happened == ["first in"]
    second.cancel()  # the user's second message gave up while waiting
    await asyncio.wait({second})
    async with order.section(ALICE):  # a tap meanwhile
        happened.append("tap")
    assert happened == ["first in", "tap"]
    let_go.set()
    await asyncio.gather(first, third, second, return_exceptions=True)
    assert happened == ["first in", "tap", "first out", "third in", "third out"]
    await store.close()


async def test_idle_waits_for_the_chats_messages_and_sections_and_no_other_chats() -> None:
    """``idle`` returns once nothing of the chat is in its line or its order: a message
    whose reply is being written and a tap waiting for the chat's order keep it waiting,
    another chat never does."""
    store = MemoryStore()
    await store.open()
    order = ChatOrder(store.conversation)
    await order.idle(ALICE)  # nothing ever ran: idle at once
    answer, replied, ask, tapped = (asyncio.Event() for _ in range(4))
    happened: list[str] = []

    async def message() -> None:
        async with order.message(ALICE):
            await answer.wait()  # the model writes the reply, nothing held
            async with order.section(ALICE):
                happened.append("replied")
                replied.set()
            await ask.wait()  # the reply goes out, nothing held
            async with order.section(ALICE):
                happened.append("asked the next question")

    async def tap() -> None:
        async with order.section(ALICE):
            await tapped.wait()
            happened.append("tap")

    async def bob() -> None:
        async with order.message(BOB), order.section(BOB):
            await asyncio.Event().wait()  # never answered

    talking = [asyncio.create_task(message()), asyncio.create_task(bob())]
    await asyncio.sleep(0)  # both took their place in line
    assert order.busy(ALICE)
    assert order.busy(BOB)
    idle = asyncio.create_task(order.idle(ALICE))
    answer.set()
    await replied.wait()
    tapping = asyncio.create_task(tap())  # takes the chat's order before the next question
    await asyncio.sleep(0)
    ask.set()
    await asyncio.sleep(0)
    assert not idle.done(), "the message waits for the tap's section to end"
    tapped.set()
    await idle
    assert happened == ["replied", "tap", "asked the next question"]
    assert tapping.done()
    assert talking[0].done()
    assert not order.busy(ALICE)
    assert order.busy(BOB), "Bob's chat is busy, Alice's idle all the same"
    talking[1].cancel()
    await order.idle(BOB)  # a message given up leaves its chat idle too
    await store.close()
