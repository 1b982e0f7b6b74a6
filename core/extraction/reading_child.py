"""The reading process's side: batches of messages in, one answer per message out.

``serve`` is what the reading process runs (``core.extraction.reading_process`` starts
it): it receives a list of ``ReadRequest``s and, ``CHUNK`` of them at a time, parses
their texts in one ``nlp.pipe`` call (as the reading thread does), reads each message
with ``extract_offline`` and sends the chunk's answers back in order, so the first
turns go on (in the parent, on another core) while the rest are read. Everything crossing the pipe is plain picklable data: the request
carries what the reading thread's closure captured (the user's clock, known names).
"""

from __future__ import annotations

import logging
import pickle
import signal
from collections.abc import Iterator
from multiprocessing.connection import Connection

from core.extraction.types import Extraction, ReadRequest, read_text

log = logging.getLogger(__name__)


CHUNK = 16
"""Messages parsed in one ``nlp.pipe`` call: a batch of 100 is parsed and answered 16 at
a time, so the first turns go on (in the parent, on another core) while the rest are
read; a parse costs about the same per message at 16 as at 100."""

Answer = tuple[bool, Extraction | BaseException]
"""(True, the message's Extraction) or (False, the error reading it raised)."""


def read_batch(batch: list[ReadRequest], chunk: int = CHUNK) -> list[Answer]:
    """Each request's answer, as ``serve`` sends them (for tests: the same code path)."""
    return [answer for part in _chunks(batch, chunk) for answer in _answers(part)]


def serve(conn: Connection, chunk: int = CHUNK) -> None:
    """Read batches from ``conn`` until it closes or says ``None`` (the parent is done),
    ``chunk`` messages parsed at a time."""
    # Ctrl-C in a terminal reaches the whole process group: the parent decides when the
    # reader stops (it sends None, or its end of the pipe closes when it dies).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _load_pipeline()
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        for part in _chunks(batch, chunk):
            # A chunk's answers in one message: the parent's thread that receives them
            # waits for its GIL once a chunk, not once a message, while its event loop runs.
            try:
                conn.send([_picklable(answer) for answer in _answers(part)])
            except (BrokenPipeError, OSError):
                return


def _load_pipeline() -> None:
    """Load the language pipeline before the first batch; a missing one is left for each
    message to report (its error crosses the pipe to the message's caller)."""
    from core.errors import LanguageModelMissing
    from core.extraction.linguistics import model

    try:
        model.load()
    except LanguageModelMissing as e:
        log.error("language pipeline unusable: %s", e)


def _chunks(batch: list[ReadRequest], size: int) -> Iterator[list[ReadRequest]]:
    for start in range(0, len(batch), size):
        yield batch[start : start + size]


def _answers(batch: list[ReadRequest]) -> Iterator[Answer]:
    """The batch's answers, each computed when it is asked for (so ``serve`` sends it as
    soon as it is read), after the batch's texts are parsed together."""
    from core.extraction.linguistics import parse
    from core.extraction.offline import extract_offline
    from core.extraction.offline_input import parsed_text

    texts = [t for r in batch if (t := parsed_text(r.text, r.source, r.known_people)) is not None]
    try:
        if len(texts) > 1:
            parse.prime(texts)
    except Exception:
        # Each message parses its own text again, and fails (to its caller) there.
        log.exception("parsing a batch of messages failed")
    for r in batch:
        try:
            found = read_text(extract_offline, r)
        except Exception as e:  # handed to the message's caller, who raises it
            yield (False, e)
        else:
            yield (True, found)


def _picklable(answer: Answer) -> Answer:
    ok, value = answer
    if ok:
        return answer
    try:
        pickle.dumps(value)
    except Exception:
        return (False, RuntimeError(f"reading the message failed: {value!r}"))
    return answer
