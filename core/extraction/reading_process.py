"""Messages read in a process of their own, so the event loop never shares the GIL with
spaCy.

The reading thread (``core.extraction.extraction_thread``) keeps the event loop free
while a message is parsed, but not its interpreter: spaCy's compiled parser and
recogniser take and drop the GIL thousands of times a message, and each drop can hand
it between the reading thread and the event loop. Here the whole reading of a message
(the parse and the rules: ``extract_offline``) runs in a child process started once,
on the first message (``spawn``: no copy of the parent's threads or connections), and
reused. The parent only sends requests down a pipe and waits: one thread of its own
sends what waits as one batch (the child parses the batch in one ``nlp.pipe`` call, as
the reading thread does; no timer, so a lone message never waits for company) and
hands each answer back to its caller as it arrives, in order.

If the child dies, the messages it was reading are sent once more to a new one; a
message that outlives two children fails for its caller with ``ReadingProcessDied``.
``close`` stops the child and waits for it (``canon serve`` calls it as it stops; it is
registered with ``atexit``, which is how the bot's process joins it: the playground starts
a bot again in the same process), and the child stops by itself when the
parent's end of the pipe closes, so a parent killed outright leaves no reader behind.

    payloads = await reading_process().read(ReadRequest(text, at, known_people=people))
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from core.errors import ReadingProcessDied
from core.extraction.handed_back import fail, hand_back, succeed
from core.extraction.offline import extract_offline
from core.extraction.reading_child import CHUNK, Answer, serve
from core.extraction.types import Extraction, ReadRequest, SourceKind

log = logging.getLogger(__name__)
_POLL_S = 0.25
"""How often a wait for an answer checks that the child is still alive."""
_STOP_S = 5.0
"""How long ``close`` waits for the child to finish before it is terminated."""
_DRAIN_S = 30.0
"""How long ``close`` waits for the messages being read to be answered."""


class ReadInProcess:
    """The offline extractor, marked to be read in the reading process: a front end that
    awaits a message (``message_observations``) sends it there; called directly it reads
    here, exactly as ``extract_offline`` (what a batch import or a scenario does)."""

    def __call__(
        self,
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction:
        return extract_offline(
            text,
            at=at,
            entity_id=entity_id,
            source=source,
            known_people=known_people,
            recent_subject=recent_subject,
        )

    def __repr__(self) -> str:
        return "ReadInProcess()"


@dataclass(frozen=True)
class _Job:
    request: ReadRequest
    done: asyncio.Future[Extraction]
    loop: asyncio.AbstractEventLoop


class ReadingProcess:
    """One child process that reads messages, those queued together in one batch."""

    def __init__(self, chunk: int = CHUNK) -> None:
        self._chunk = chunk
        self._context = multiprocessing.get_context("spawn")
        self._queue: list[_Job] = []
        self._guard = threading.Lock()
        self._draining = False
        self._sender = ThreadPoolExecutor(max_workers=1, thread_name_prefix="canon-read-pipe")
        self._life = threading.Lock()  # starting and stopping the child
        self._child: BaseProcess | None = None
        self._conn: Connection | None = None
        self._exit_registered = False

    async def read(self, request: ReadRequest) -> Extraction:
        """``extract_offline``'s reading of ``request``, done in the reading process."""
        loop = asyncio.get_running_loop()
        job = _Job(request, loop.create_future(), loop)
        with self._guard:
            self._queue.append(job)
            start, self._draining = not self._draining, True
        if start:
            self._sender.submit(self._drain)
        return await job.done

    def start(self) -> None:
        """Start the child now (it loads the language pipeline), not on the first message:
        what a front end does as it starts, so its first user does not wait for the load."""
        self._started()

    @property
    def pid(self) -> int | None:
        """The child's process id while one runs (for tests and ``canon bench``)."""
        child = self._child
        return child.pid if child is not None and child.is_alive() else None

    def cpu_seconds(self) -> float:
        """CPU the current child has used so far (0 without one, or without ``/proc``)."""
        pid = self.pid
        if pid is None:
            return 0.0
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        """Stop the child and wait for it, after the messages being read are answered; a
        later ``read`` starts a new child."""
        # The sending thread runs one drain at a time: what is submitted after it waits
        # for the messages in flight (else closing the pipe under them would start a child).
        with suppress(RuntimeError, TimeoutError):  # RuntimeError: the interpreter is exiting
            self._sender.submit(lambda: None).result(timeout=_DRAIN_S)
        with self._life:
            self._stop_child(graceful=True)

    def _drain(self) -> None:
        while True:
            with self._guard:
                batch, self._queue = self._queue, []
                if not batch:
                    self._draining = False
                    return
            # A caller that gave up waiting (a cancelled turn) has no one to read for.
            self._exchange([job for job in batch if not job.done.done()])

    def _exchange(self, jobs: list[_Job]) -> None:
        reason: BaseException | None = None
        for _ in range(2):  # the child dying mid-batch: once more with a new one
            if not jobs:
                return
            try:
                conn, child = self._started()
                conn.send([job.request for job in jobs])
                while jobs:
                    answers = _answers(conn, child)
                    answered, jobs = jobs[: len(answers)], jobs[len(answers) :]
                    _hand_back_all(list(zip(answered, answers, strict=True)))
                return
            except (EOFError, OSError, ReadingProcessDied) as e:
                log.warning("the reading process stopped (%s); starting another", e)
                reason = e
            except Exception as e:  # a request that cannot be sent, an answer not unpickled
                reason = e
                jobs, failed = [], jobs
                for job in failed:
                    hand_back(job.loop, job.done, fail, e)
            with self._life:
                self._stop_child(graceful=False)
        error = ReadingProcessDied(f"the reading process stopped twice reading it ({reason})")
        for job in jobs:
            hand_back(job.loop, job.done, fail, error)

    def _started(self) -> tuple[Connection, BaseProcess]:
        with self._life:
            if self._child is not None and self._conn is not None and self._child.is_alive():
                return self._conn, self._child
            self._stop_child(graceful=False)
            ours, theirs = self._context.Pipe()
            child = self._context.Process(
                target=serve, args=(theirs, self._chunk), name="canon-reader", daemon=True
            )
            child.start()
            theirs.close()  # else our copy keeps the pipe open and a dead child is never seen
            self._child, self._conn = child, ours
            if not self._exit_registered:
                atexit.register(self.close)
                self._exit_registered = True
            return ours, child

    def _stop_child(self, *, graceful: bool) -> None:
        child, conn = self._child, self._conn
        self._child = self._conn = None
        if conn is not None:
            if graceful and child is not None and child.is_alive():
                with suppress(OSError):
                    conn.send(None)
            conn.close()
        if child is not None:
            child.join(_STOP_S if graceful else 0.5)
            if child.is_alive():
                child.terminate()
                child.join(_STOP_S)
            if child.is_alive():
                child.kill()
                child.join()
            child.close()


def _answers(conn: Connection, child: BaseProcess) -> list[Answer]:
    """The next chunk's answers from the child (it is checked on while they are awaited)."""
    while not conn.poll(_POLL_S):
        if not child.is_alive():
            raise ReadingProcessDied(f"exit code {child.exitcode}")
    answers: list[Answer] = conn.recv()
    return answers


def _hand_back_all(answered: list[tuple[_Job, Answer]]) -> None:
    """Each job's answer, settled on its caller's loop: one call a loop for the lot."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[_Job, Answer]]] = {}
    for job, answer in answered:
        loops.setdefault(job.loop, []).append((job, answer))
    for loop, jobs in loops.items():
        with suppress(RuntimeError):  # a closed event loop: nobody waits for these any more
            loop.call_soon_threadsafe(_settle_all, jobs)


def _settle_all(jobs: list[tuple[_Job, Answer]]) -> None:
    for job, (ok, value) in jobs:
        if ok or not isinstance(value, BaseException):
            succeed(job.done, value)
        else:
            fail(job.done, value)


_shared: ReadingProcess | None = None
_shared_guard = threading.Lock()


def reading_process() -> ReadingProcess:
    """The process's reader (one child, started on the first message it is sent)."""
    global _shared
    with _shared_guard:
        if _shared is None:
            _shared = ReadingProcess()
        return _shared


def close_reading_process() -> None:
    """Stop the shared reader's child if one runs (a front end stopping)."""
    with _shared_guard:
        shared = _shared
    if shared is not None:
        shared.close()
