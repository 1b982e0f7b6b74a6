"""Extracting many messages: parse them in batches first.

spaCy parses a batch in one ``nlp.pipe`` call several times faster than one
message at a time. ``primed`` walks the messages in chunks, parses each chunk
in one call and only then hands its messages on, so the extractor finds every
parse cached; chunks keep memory flat on files of any length (the parse cache
holds a few thousand messages).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TypeVar

from core.extraction.linguistics import parse
from core.extraction.offline_input import parsed_text
from core.extraction.types import SourceKind

T = TypeVar("T")
CHUNK = 512
"""Messages parsed per ``nlp.pipe`` call; well under the parse cache's size."""


def primed(
    items: Iterable[T],
    message: Callable[[T], tuple[str, SourceKind] | None],
    *,
    chunk: int = CHUNK,
) -> Iterator[T]:
    """``items`` in order, each chunk's messages parsed before its items are yielded.

    ``message`` says which text (and source kind) an item will be extracted
    from, or None for an item that is not extracted (a bad input line).
    """
    it = iter(items)
    while batch := list(islice(it, chunk)):
        texts: list[str] = []
        for item in batch:
            found = message(item)
            if found is not None and (text := parsed_text(*found)) is not None:
                texts.append(text)
        if texts:
            parse.prime(texts)
        yield from batch
