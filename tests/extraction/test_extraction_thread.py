"""The reading thread: messages that arrive together are parsed in one batch, off the loop.

- a job's answer is the one it would give inline, each caller gets its own;
- what waits while a message is parsed is parsed in one ``nlp.pipe`` call after it;
- a message on its way (its store reads still running) is waited for and parsed with
  what waits; one that never comes (its read failed) holds nobody up;
- a job that fails fails for its caller only; the thread goes on reading;
- the event loop is free while the thread reads (a tick is never held up by a parse);
- a caller that gives up leaves nothing stuck behind it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from budgets import budget

from core.conversation.message_intake import message_observations
from core.engine.engine import Engine
from core.extraction import extraction_thread
from core.extraction.extraction_thread import ExtractionThread
from core.extraction.linguistics import parse
from core.extraction.offline import extract_offline
from core.extraction.offline_input import parsed_text

AT = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
TEXTS = [
    "emma is sick today",
    "we're in tahoe now, got in last night",
    "paid rent, $2,100",
    "what should we cook tonight?",
    "the website shipped yesterday",
    "if it rains we'll stay home",
]


Read = list[tuple[str, object, str]]


def _read(text: str) -> Read:
    found = extract_offline(text, at=AT).observations
    return [(o.field, o.candidate_value, o.intent) for o in found]


async def _waits_for_company(reader: ExtractionThread) -> None:
    """Until the reading thread has the first message and waits for the one on its way
    (a budget only against a hang)."""
    assert await asyncio.to_thread(reader.awaiting_company.wait, budget(5))


def _reading(text: str) -> Callable[[], Read]:
    return lambda: _read(text)


async def test_each_caller_gets_what_inline_reading_gives() -> None:
    inline = [_read(t) for t in TEXTS]
    parse.clear()
    reader = ExtractionThread()
    got = await asyncio.gather(*(reader.run(_reading(t), parsed_text(t)) for t in TEXTS))
    assert got == inline


async def test_messages_waiting_together_are_parsed_in_one_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batches: list[list[str]] = []
    real_prime = parse.prime
    first_started = threading.Event()
    release_first = threading.Event()

    def prime(texts: list[str]) -> None:
        batches.append(list(texts))
        real_prime(texts)

    def slow_first() -> str:
        first_started.set()
        release_first.wait()  # set by the test, whatever becomes of it
        return "first"

    monkeypatch.setattr(parse, "prime", prime)
    parse.clear()
    reader = ExtractionThread()
    first = asyncio.ensure_future(reader.run(slow_first, None))
    try:
        assert await asyncio.to_thread(first_started.wait, budget(5))
        # Everyone who writes while the first message is read waits as one batch.
        rest = [asyncio.ensure_future(reader.run(_reading(t), parsed_text(t))) for t in TEXTS]
        await asyncio.sleep(0)  # each writer's first step queues its message
        assert reader.queued == len(TEXTS)
    finally:
        release_first.set()
    assert await first == "first"
    await asyncio.gather(*rest)
    assert batches == [[parsed_text(t) for t in TEXTS]]
    assert {parsed_text(t) for t in TEXTS} <= set(parse.cached_texts())


def _recording_batches(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    batches: list[list[str]] = []
    real_prime = parse.prime

    def prime(texts: list[str]) -> None:
        batches.append(list(texts))
        real_prime(texts)

    monkeypatch.setattr(parse, "prime", prime)
    parse.clear()
    return batches


async def test_a_message_on_its_way_is_parsed_with_the_one_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Long enough that only the message's arrival can end the wait, whatever the machine.
    monkeypatch.setattr(extraction_thread, "COMPANY_WAIT_S", 30.0)
    batches = _recording_batches(monkeypatch)
    reader = ExtractionThread()
    first, second = TEXTS[0], TEXTS[1]
    with reader.on_its_way() as ticket:
        waiting = asyncio.ensure_future(reader.run(_reading(first), parsed_text(first)))
        await _waits_for_company(reader)  # the thread has the first, and waits for
        assert not waiting.done()  # the second, still being read
        arrived = await reader.run(_reading(second), parsed_text(second), ticket)
    assert [await waiting, arrived] == [_read(first), _read(second)]
    assert batches == [[parsed_text(first), parsed_text(second)]]


async def test_a_message_that_never_comes_holds_nobody_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(extraction_thread, "COMPANY_WAIT_S", 30.0)
    batches = _recording_batches(monkeypatch)
    reader = ExtractionThread()
    text = TEXTS[2]
    waiting: asyncio.Future[Read] | None = None

    async def a_read_that_fails() -> None:
        nonlocal waiting
        with reader.on_its_way():
            waiting = asyncio.ensure_future(reader.run(_reading(text), parsed_text(text)))
            await _waits_for_company(reader)
            raise LookupError("the speaker's facts could not be read")

    with pytest.raises(LookupError):
        await a_read_that_fails()
    assert waiting is not None
    assert await waiting == _read(text)  # withdrawn: the thread stops waiting for it
    assert batches == []  # read alone: nothing else came
    with reader.on_its_way() as ticket:  # and the next message is read as before
        assert await reader.run(lambda: "next", None, ticket) == "next"


async def test_a_failing_job_fails_for_its_caller_only() -> None:
    reader = ExtractionThread()

    def broken() -> str:
        raise ValueError("unreadable")

    results = await asyncio.gather(
        reader.run(lambda: "before", None),
        reader.run(broken, None),
        reader.run(lambda: "after", None),
        return_exceptions=True,
    )
    assert results[0] == "before"
    assert results[2] == "after"
    assert isinstance(results[1], ValueError)
    assert str(results[1]) == "unreadable"
    assert await reader.run(lambda: "still reading", None) == "still reading"


async def test_the_loop_ticks_while_the_thread_reads() -> None:
    reader = ExtractionThread()
    reading = threading.Event()
    done_reading = threading.Event()
    ticks = 0

    def long_read() -> str:
        reading.set()
        done_reading.wait()  # set by the test, whatever becomes of it
        return "read"

    job = asyncio.ensure_future(reader.run(long_read, None))
    try:
        assert await asyncio.to_thread(reading.wait, budget(5))
        # The read has not finished, and the loop still runs everybody else.
        for _ in range(5):
            await asyncio.sleep(0)
            ticks += 1
        assert ticks == 5
        assert not job.done()  # it waits for done_reading: not a moment's chance
    finally:
        done_reading.set()
    assert await job == "read"


async def test_a_caller_that_gives_up_leaves_nothing_stuck() -> None:
    reader = ExtractionThread()
    started = threading.Event()

    given_up = threading.Event()

    def slow() -> str:
        started.set()
        given_up.wait()  # its caller gives up while it reads
        return "late"

    job = asyncio.ensure_future(reader.run(slow, None))
    try:
        assert await asyncio.to_thread(started.wait, budget(5))
        job.cancel()
        with pytest.raises(asyncio.CancelledError):
            await job
    finally:
        given_up.set()
    assert await reader.run(lambda: "next", None) == "next"


async def test_message_observations_read_on_the_thread_match_inline(engine: Engine) -> None:
    """The front ends' path: the same payloads as the extractor called directly."""

    async def payloads(text: str, ref: str) -> list[tuple[str, object]]:
        found = await message_observations(
            engine,
            text,
            at=AT,
            entity_id="user:primary",
            message_ref=ref,
            extractor=extract_offline,
        )
        return [(p["field"], p["candidate_value"]) for p in found]

    together = await asyncio.gather(*(payloads(t, f"t:{i}") for i, t in enumerate(TEXTS)))
    assert together == [[(f, v) for f, v, _ in _read(t)] for t in TEXTS]


def test_a_job_whose_loop_closed_does_not_stop_the_thread() -> None:
    """A caller's event loop gone before its answer (a process shutting down, a test's
    loop) leaves the thread reading for everyone else."""
    reader = ExtractionThread()
    started, finish = threading.Event(), threading.Event()

    def slow() -> str:
        started.set()
        finish.wait()  # set by the test once the loop has closed
        return "nobody hears this"

    gone = asyncio.new_event_loop()
    job = gone.create_task(reader.run(slow, None))
    try:
        gone.run_until_complete(asyncio.sleep(0))  # the job is queued and being read
        assert started.wait(budget(5))
        job.cancel()
        gone.run_until_complete(asyncio.gather(job, return_exceptions=True))
        gone.close()
    finally:
        finish.set()
    assert asyncio.run(reader.run(lambda: "still reading", None)) == "still reading"
