"""The reading process: messages read in a child process, as the reading thread reads them.

- evaluation messages (every sixth of the realistic sets' dev halves and the labelled
  set) read the same in the reading process as on the reading thread, sent in one burst;
- the context a front end reads with (the user's clock, known names, the speaker) crosses
  the pipe: the answer is ``extract_offline``'s called here;
- what waits while a message is read is sent in one batch after it, parsed in one call;
- no child until the first message; ``close`` stops it and waits, the next message
  starts another;
- a child killed while reading: the messages are read again by a new one; a message that
  kills every child fails for its caller with ``ReadingProcessDied``, and the next is read;
- a caller that gives up leaves nothing stuck; a parent killed outright leaves no reader.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest
from budgets import budget

from core.conversation.message_intake import message_observations
from core.engine.engine import Engine
from core.errors import ReadingProcessDied
from core.extraction import reading_child
from core.extraction.extraction_thread import ExtractionThread
from core.extraction.linguistics import parse
from core.extraction.offline import extract_offline
from core.extraction.offline_input import parsed_text
from core.extraction.reader_mode import ReaderMode
from core.extraction.reading_child import read_batch
from core.extraction.reading_process import (
    ReadingProcess,
    ReadInProcess,
    close_reading_process,
    reading_process,
)
from core.extraction.select import configured_extractor
from core.extraction.types import ReadRequest

HERE = Path(__file__).parent
AT = datetime(2026, 2, 19, 12, 0, tzinfo=UTC)
TEXTS = [
    "emma is sick today",
    "we're in tahoe now, got in last night",
    "paid rent, $2,100",
    "what should we cook tonight?",
    "flying to austin tmrw",
    "if it rains we'll stay home",
]


@pytest.fixture(scope="module")
def reader() -> Iterator[ReadingProcess]:
    """The process's own reader (``reading_process``, the one ``message_observations``
    sends to) for the module's tests: a child loads the pipeline, seconds each. The tests
    that close it or kill its child come after those that only read, so that a new child
    is started only where a test is about one; the module's last test closes it."""
    yield reading_process()
    close_reading_process()


def _evaluation_texts() -> dict[str, str]:
    """The dev halves of the realistic sets and the labelled set (never a held-out file):
    {text: the file it is first in}."""
    files = [*sorted((HERE / "realistic").glob("*-dev*.jsonl")), HERE / "labelled_messages.jsonl"]
    assert not any("heldout" in f.name for f in files)
    texts: dict[str, str] = {}
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.setdefault(json.loads(line)["text"], path.name)
    return texts


async def test_evaluation_messages_read_the_same_in_the_process_as_on_the_thread(
    reader: ReadingProcess,
) -> None:
    # Every twelfth message, in file order, and each set is in the sample: reading all of
    # them twice (on the thread, in the process) took two minutes of the suite, every
    # sixth still 37 s of it.
    every = _evaluation_texts()
    texts = list(every)[::12]
    assert {every[t] for t in texts} == set(every.values()), "a set left out of the sample"
    assert len(texts) > 1000
    people = frozenset({"emma", "noah"})
    requests = [ReadRequest(t, AT, known_people=people) for t in texts]

    def on_thread(r: ReadRequest) -> Any:
        return extract_offline(r.text, at=r.at, known_people=r.known_people)

    parse.clear()
    thread = ExtractionThread()
    threaded = await asyncio.gather(
        *(
            thread.run(lambda r=r: on_thread(r), parsed_text(r.text, r.source, people))
            for r in requests
        )
    )
    in_process = await asyncio.gather(*(reader.read(r) for r in requests))
    differing = sum(1 for a, b in zip(threaded, in_process, strict=True) if a != b)
    assert differing == 0  # a count only: no message of any set is printed


@pytest.mark.parametrize(
    ("text", "at", "entity", "people"),
    [
        (
            "flying to austin tmrw",
            datetime(2026, 2, 19, 23, 30, tzinfo=ZoneInfo("America/Chicago")),
            "user:sam",
            frozenset(),
        ),
        ("emma is sick", AT, "user:primary", frozenset({"emma"})),
        (
            "back from lisbon on the 3rd",
            datetime(2026, 2, 20, 1, 0, tzinfo=ZoneInfo("Europe/London")),
            "user:jo",
            frozenset(),
        ),
        ("", AT, "user:primary", frozenset()),
    ],
)
async def test_the_readers_context_crosses_the_pipe(
    reader: ReadingProcess, text: str, at: datetime, entity: str, people: frozenset[str]
) -> None:
    request = ReadRequest(text, at, entity, known_people=people)
    inline = extract_offline(text, at=at, entity_id=entity, known_people=people)
    assert await reader.read(request) == inline


async def test_a_message_read_in_the_process_fails_as_it_would_inline(
    reader: ReadingProcess,
) -> None:
    naive = datetime(2026, 2, 19, 12, 0)
    with pytest.raises(ValueError, match="timezone-aware"):
        extract_offline("home now", at=naive)
    with pytest.raises(ValueError, match="timezone-aware"):
        await reader.read(ReadRequest("home now", naive))
    assert await reader.read(ReadRequest("home now", AT)) == extract_offline("home now", at=AT)


@pytest.mark.parametrize(
    ("chunk", "calls"),
    [(16, [TEXTS]), (4, [TEXTS[:4], TEXTS[4:]]), (3, [TEXTS[:3], TEXTS[3:]])],
)
def test_a_batch_is_parsed_a_chunk_at_a_time_then_read_in_order(
    monkeypatch: pytest.MonkeyPatch, chunk: int, calls: list[list[str]]
) -> None:
    """The child's side (``read_batch`` runs what ``serve`` runs, here in the test)."""
    primed: list[list[str]] = []
    real = parse.prime
    monkeypatch.setattr(parse, "prime", lambda texts: (primed.append(list(texts)), real(texts)))
    parse.clear()
    answers = read_batch([ReadRequest(t, AT) for t in TEXTS], chunk)
    assert primed == [[parsed_text(t) for t in call] for call in calls]
    assert answers == [(True, extract_offline(t, at=AT)) for t in TEXTS]


@pytest.mark.parametrize(
    ("reader", "kind"), [("process", ReadInProcess), ("thread", type(extract_offline))]
)
def test_the_offline_extractor_is_read_where_the_settings_say(
    reader: ReaderMode, kind: type
) -> None:
    assert isinstance(configured_extractor(None, reader), kind)
    assert configured_extractor(None, "thread") is extract_offline


class _RecordingReader(ReadingProcess):
    """A reader that notes each batch it sends down the pipe."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[list[str]] = []

    def _started(self) -> tuple[Connection, Any]:
        conn, child = super()._started()
        sent = self.sent

        class Recording:
            def send(self, batch: list[ReadRequest]) -> None:
                sent.append([r.text for r in batch])
                conn.send(batch)

            def __getattr__(self, name: str) -> Any:
                return getattr(conn, name)

        return cast(Connection, Recording()), child


async def test_a_lone_message_goes_at_once_and_those_waiting_go_together_after_it() -> None:
    recording = _RecordingReader()
    try:
        first = asyncio.ensure_future(recording.read(ReadRequest("paid rent, $2,100", AT)))
        await asyncio.sleep(0)  # the first is on its way before anyone else writes
        rest = [asyncio.ensure_future(recording.read(ReadRequest(t, AT))) for t in TEXTS]
        await first
        await asyncio.gather(*rest)
        assert recording.sent[0] == ["paid rent, $2,100"]
        assert [t for batch in recording.sent[1:] for t in batch] == TEXTS
        assert len(recording.sent) == 2  # everyone who wrote meanwhile: one batch
    finally:
        recording.close()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_no_child_until_the_first_message_and_close_waits_for_it() -> None:
    lazy = ReadingProcess()
    assert lazy.pid is None  # made, never sent anything: no process, no pipeline loaded
    assert await lazy.read(ReadRequest("emma is sick", AT)) == extract_offline(
        "emma is sick", at=AT
    )
    pid = lazy.pid
    assert pid is not None
    lazy.close()
    assert lazy.pid is None
    assert _gone(pid)  # joined: not running, not left a zombie
    assert await lazy.read(ReadRequest("home now", AT)) == extract_offline("home now", at=AT)
    assert lazy.pid not in (None, pid)
    lazy.close()


async def test_a_child_killed_while_reading_is_replaced_and_its_messages_read_again(
    reader: ReadingProcess,
) -> None:
    await reader.read(ReadRequest("warm up", AT))
    pid = reader.pid
    assert pid is not None
    burst = [f"{t} ({n})" for n in range(20) for t in TEXTS]
    reading = [asyncio.ensure_future(reader.read(ReadRequest(t, AT))) for t in burst]
    await asyncio.sleep(0)
    os.kill(pid, signal.SIGKILL)
    got = await asyncio.gather(*reading)
    assert got == [extract_offline(t, at=AT) for t in burst]
    assert reader.pid not in (None, pid)


class _KillsItsReader:
    """Unpickled in the child, it ends the child: a message no reader survives."""

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (os._exit, (3,))


async def test_a_message_no_child_survives_fails_for_its_caller_and_the_next_is_read(
    reader: ReadingProcess,
) -> None:
    with pytest.raises(ReadingProcessDied, match="stopped twice"):
        await reader.read(cast(ReadRequest, _KillsItsReader()))
    assert await reader.read(ReadRequest("paid rent, $2,100", AT)) == extract_offline(
        "paid rent, $2,100", at=AT
    )


async def test_a_caller_that_gives_up_leaves_nothing_stuck(reader: ReadingProcess) -> None:
    job = asyncio.ensure_future(reader.read(ReadRequest("we're in tahoe now", AT)))
    await asyncio.sleep(0)
    job.cancel()
    with pytest.raises(asyncio.CancelledError):
        await job
    assert await reader.read(ReadRequest("home now", AT)) == extract_offline("home now", at=AT)


def test_a_parent_killed_outright_leaves_no_reader_behind(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(
        textwrap.dedent(
            """
            import asyncio, sys
            from datetime import UTC, datetime
            from core.extraction.types import ReadRequest
            from core.extraction.reading_process import ReadingProcess

            async def main() -> None:
                reader = ReadingProcess()
                await reader.read(ReadRequest("home now", datetime.now(UTC)))
                print(reader.pid, flush=True)
                await asyncio.sleep(600)

            if __name__ == "__main__":
                asyncio.run(main())
            """
        )
    )
    parent = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=os.getcwd()
    )
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert not _gone(child)
    finally:
        parent.kill()
        parent.wait()
    # Its end of the pipe closed: the child stops by itself (and init reaps it).
    deadline = time.monotonic() + budget(12.0)
    while not _gone(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _gone(child)


async def test_message_observations_read_in_the_process_match_the_extractor_inline(
    engine: Engine, reader: ReadingProcess
) -> None:
    """The front ends' path with ``CANON_READER=process`` (the bot's and the API's)."""

    async def payloads(text: str, ref: str) -> list[tuple[str, object]]:
        found = await message_observations(
            engine,
            text,
            at=AT,
            entity_id="user:primary",
            message_ref=ref,
            extractor=ReadInProcess(),
        )
        return [(p["field"], p["candidate_value"]) for p in found]

    together = await asyncio.gather(*(payloads(t, f"p:{i}") for i, t in enumerate(TEXTS)))
    inline = [extract_offline(t, at=AT).observations for t in TEXTS]
    assert together == [[(o.field, o.candidate_value) for o in found] for found in inline]
    assert ReadInProcess()("emma is sick", at=AT) == extract_offline("emma is sick", at=AT)
    assert reader.pid is not None  # read by the process's own reader, the module's


async def test_close_while_messages_are_read_answers_them_then_stops(
    reader: ReadingProcess,
) -> None:
    burst = [f"{t} [{n}]" for n in range(10) for t in TEXTS]
    reading = [asyncio.ensure_future(reader.read(ReadRequest(t, AT))) for t in burst]
    await asyncio.sleep(0)
    await asyncio.to_thread(reader.close)
    assert await asyncio.gather(*reading) == [extract_offline(t, at=AT) for t in burst]
    assert reader.pid is None  # closed: no child started again under the messages in flight


def test_answers_that_do_not_pickle_come_back_as_a_plain_error() -> None:
    class Unpicklable(Exception):
        def __reduce__(self) -> Any:
            raise TypeError("no")

    ok, error = reading_child._picklable((False, Unpicklable("odd")))
    assert not ok
    assert isinstance(error, RuntimeError)
    assert "odd" in str(error)
