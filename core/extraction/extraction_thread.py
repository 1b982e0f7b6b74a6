"""Messages that arrive together are parsed together, on a thread of their own.

Parsing is most of what reading a message costs (spaCy: a few milliseconds for a short
one), and ``nlp.pipe`` parses a batch of short messages for well under half of that each.
When many people write at once, the messages waiting to be read are the batch: the
first is parsed as soon as it comes, and whatever arrived meanwhile is parsed in one
call after it (no timer, so a lone message never waits for company).

A message whose reading has begun but is still being fetched from the store (its
speaker's facts, a round trip or two) is *on its way* (``on_its_way``): when the thread
finds company on its way it waits for it, up to ``COMPANY_WAIT_S``, before it parses.
A pipeline call costs about as much again for one short message as for sixteen together
(spaCy's per-call work: 6.6 ms for one message alone against 1.9 ms each in a batch of
16, on 2 cores), so a worker that reads one message at a time spends most of its parse on
that fixed cost. A lone message, with nothing on its way, still never waits.

Reading runs on one thread that only does this, so the event loop stays free for
everyone else's taps and replies while it works, and the pipeline is used by one thread
at a time. Each job is the extraction of one message (a plain function: the offline
extractor, never one that waits on the network); the text it will parse is primed first
(``core.extraction.offline_input.parsed_text``), so the job finds its parse cached.

    reader = extraction_thread()
    with reader.on_its_way() as ticket:
        ...  # the store reads the extraction needs
        payloads = await reader.run(lambda: extract(text), parsed_text(text), ticket)
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from core.extraction.handed_back import fail, hand_back, succeed
from core.extraction.linguistics import parse

T = TypeVar("T")
log = logging.getLogger(__name__)
COMPANY_WAIT_S = 0.005
"""The longest the thread waits for messages on their way before it parses what it has:
about the interpreter's switch interval, and less than one parse alone costs."""


class Ticket:
    """A message on its way to the reading thread (``ExtractionThread.on_its_way``)."""

    __slots__ = ("arrived",)

    def __init__(self) -> None:
        self.arrived = False


@dataclass(frozen=True)
class _Job:
    work: Callable[[], Any]
    primes: str | None
    done: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


class ExtractionThread:
    """One thread that reads messages, parsing those queued together in one batch."""

    def __init__(self) -> None:
        self._queue: list[_Job] = []
        self._guard = threading.Lock()
        self._arrival = threading.Condition(self._guard)
        self._coming = 0
        """Messages on their way: announced, not queued yet."""
        self._arrived = 0
        """Announced messages that have arrived (or withdrawn) so far."""
        self._draining = False
        self.awaiting_company = threading.Event()
        """Set while the thread waits for messages on their way (what a test waits on to
        know it waits: an event, not a pause)."""
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="canon-extract")

    @contextmanager
    def on_its_way(self) -> Iterator[Ticket]:
        """A message on its way while the block runs, until it is queued by ``run`` with
        the ticket (or the block ends without it: a read that failed comes no more)."""
        ticket = Ticket()
        with self._guard:
            self._coming += 1
        try:
            yield ticket
        finally:
            with self._guard:
                self._arrive(ticket)

    @property
    def queued(self) -> int:
        """Messages queued to be read in the next batch (what a test waits on, not a pause)."""
        with self._guard:
            return len(self._queue)

    def _all_in(self, expected: int) -> bool:
        return self._arrived >= expected

    def _arrive(self, ticket: Ticket | None) -> None:
        # Under the guard: the ticket's message is no longer on its way.
        if ticket is not None and not ticket.arrived:
            ticket.arrived = True
            self._coming -= 1
            self._arrived += 1
            self._arrival.notify()

    async def run(
        self, work: Callable[[], T], primes: str | None = None, ticket: Ticket | None = None
    ) -> T:
        """``work()``'s result, computed on the reading thread after ``primes`` (the text
        ``work`` parses, if known) is parsed with the other messages waiting (``ticket``:
        this message's, if it was announced ``on_its_way``)."""
        loop = asyncio.get_running_loop()
        job = _Job(work, primes, loop.create_future(), loop)
        with self._guard:
            self._queue.append(job)
            self._arrive(ticket)
            start, self._draining = not self._draining, True
        if start:
            self._thread.submit(self._drain)
        result: T = await job.done
        return result

    def _drain(self) -> None:
        while True:
            with self._guard:
                # Company on its way is parsed with what waits (the wait lets the GIL go,
                # so the event loop fetches it meanwhile): the company seen now, not whoever
                # sets out during the wait, so in a steady stream the wait ends when those
                # arrive rather than at the bound.
                if self._coming:
                    expected = self._arrived + self._coming
                    self.awaiting_company.set()
                    self._arrival.wait_for(partial(self._all_in, expected), COMPANY_WAIT_S)
                    self.awaiting_company.clear()
                batch, self._queue = self._queue, []
                if not batch:
                    self._draining = False
                    return
            texts = [job.primes for job in batch if job.primes is not None]
            try:
                if len(texts) > 1:
                    parse.prime(texts)
            except Exception:
                # Each job parses its own text again, and fails (to its caller) there.
                log.exception("parsing a batch of messages failed")
            for job in batch:
                if job.done.done():
                    continue  # its caller gave up waiting (a cancelled turn): no one to read for
                try:
                    result = job.work()
                except BaseException as e:  # handed to the job's caller, who raises it
                    hand_back(job.loop, job.done, fail, e)
                else:
                    hand_back(job.loop, job.done, succeed, result)


_shared: ExtractionThread | None = None
_shared_guard = threading.Lock()


def extraction_thread() -> ExtractionThread:
    """The process's reading thread (one pipeline, one thread that uses it)."""
    global _shared
    with _shared_guard:
        if _shared is None:
            _shared = ExtractionThread()
        return _shared
