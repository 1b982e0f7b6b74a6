"""Messages that arrive together are parsed together, on a thread of their own.

Parsing is most of what reading a message costs (spaCy: a few milliseconds for a short
one), and ``nlp.pipe`` parses a batch of short messages for well under half of that each.
When many people write at once, the messages waiting to be read are the batch: the
first is parsed as soon as it comes, and whatever arrived meanwhile is parsed in one
call after it (no timer, so a lone message never waits for company).

Reading runs on one thread that only does this, so the event loop stays free for
everyone else's taps and replies while it works, and the pipeline is used by one thread
at a time. Each job is the extraction of one message (a plain function: the offline
extractor, never one that waits on the network); the text it will parse is primed first
(``core.extraction.offline_input.parsed_text``), so the job finds its parse cached.

    reader = extraction_thread()
    payloads = await reader.run(lambda: extract(text), primes=parsed_text(text))
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from core.extraction.handed_back import fail, hand_back, succeed
from core.extraction.linguistics import parse

T = TypeVar("T")
log = logging.getLogger(__name__)


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
        self._draining = False
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="canon-extract")

    async def run(self, work: Callable[[], T], primes: str | None = None) -> T:
        """``work()``'s result, computed on the reading thread after ``primes`` (the text
        ``work`` parses, if known) is parsed with the other messages waiting."""
        loop = asyncio.get_running_loop()
        job = _Job(work, primes, loop.create_future(), loop)
        with self._guard:
            self._queue.append(job)
            start, self._draining = not self._draining, True
        if start:
            self._thread.submit(self._drain)
        result: T = await job.done
        return result

    def _drain(self) -> None:
        while True:
            with self._guard:
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
