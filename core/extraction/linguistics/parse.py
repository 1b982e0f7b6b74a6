"""Parsing messages with the shared pipeline, with a cache and batch priming.

A message is parsed once, whole, so each clause is read in its sentence; the
clauses the segmenter cut are then located in the parse by their offsets.
``prime`` parses many messages in one ``nlp.pipe`` call (what ``canon extract
--batch`` does), which is several times faster than one call per message.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from core.extraction.linguistics import model
from core.extraction.linguistics.reading import ClauseReading, read

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_CACHE_SIZE = 2048
BATCH = 128
"""Messages per ``nlp.pipe`` batch: the fastest size for short messages on one core."""
_cache: OrderedDict[str, Doc] = OrderedDict()
_progress: Callable[[str], None] | None = None


def announce_loading(progress: Callable[[str], None] | None) -> None:
    """Where the one-off "loading the pipeline" line goes (the CLI sends it to stderr)."""
    global _progress
    _progress = progress


def cached_texts() -> list[str]:
    """The texts whose parse is in the cache, oldest first (for tests and benchmarks)."""
    return list(_cache)


def clear() -> None:
    """Forget every parse (``canon bench`` times messages nobody has parsed yet)."""
    _cache.clear()


def _remember(text: str, doc: Doc) -> None:
    _cache[text] = doc
    _cache.move_to_end(text)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)


def parse(text: str) -> Doc:
    """The parse of ``text`` (cached: the same message is often read twice)."""
    doc = _cache.get(text)
    if doc is None:
        doc = model.load(_progress)(text)
        _remember(text, doc)
    return doc


def clause_span(message: str, clause: str, start: int) -> Span | None:
    """The tokens of ``clause``, found at ``start`` in ``message`` (None where it was not
    found, -1), from the message's cached parse."""
    if start < 0:
        return None
    return parse(message).char_span(start, start + len(clause), alignment_mode="expand")


def prime(texts: Iterable[str]) -> None:
    """Parse ``texts`` in batches so later ``parse`` calls are cache hits."""
    todo = list(dict.fromkeys(t for t in texts if t not in _cache))
    nlp = model.load(_progress)
    for text, doc in zip(todo, nlp.pipe(todo, batch_size=BATCH), strict=True):
        _remember(text, doc)


def clause_offsets(message: str, clauses: Sequence[str]) -> list[int]:
    """Where each of ``clauses`` (substrings of ``message``, in order) starts in it;
    -1 for an empty clause or one the segmenter rewrote."""
    out: list[int] = []
    pos = 0
    for clause in clauses:
        start = message.find(clause, pos) if clause.strip() else -1
        if start >= 0:
            pos = start + len(clause)
        out.append(start)
    return out


def clause_readings(
    message: str, clauses: Sequence[str], offsets: Sequence[int] | None = None
) -> list[ClauseReading | None]:
    """A reading for each of ``clauses``, substrings of ``message`` in order, which
    start at ``offsets`` (found with ``clause_offsets`` when not given).

    A clause that cannot be found in the message (the segmenter rewrote it) is
    parsed on its own; an empty one has no reading.
    """
    doc = parse(message)
    starts = clause_offsets(message, clauses) if offsets is None else offsets
    out: list[ClauseReading | None] = []
    for clause, start in zip(clauses, starts, strict=True):
        if not clause.strip():
            out.append(None)
            continue
        span = None
        if start >= 0:
            span = doc.char_span(start, start + len(clause), alignment_mode="expand")
        if span is None or len(span) == 0:
            span = parse(clause)[:]
        out.append(read(span))
    return out
