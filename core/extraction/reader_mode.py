"""Where a front end reads chat messages with the offline extractor (``CANON_READER``).

``process``: in a child process of its own (``core.extraction.reading_process``), so the
event loop's interpreter never shares its GIL with spaCy; ``thread``: on one thread of
the front end's process (``core.extraction.extraction_thread``). Both parse the messages
that wait together in one batch and give the same readings; the README's "Issue 25,
ninth round" measures the two.
"""

from __future__ import annotations

from typing import Literal

ReaderMode = Literal["process", "thread"]
READER_MODES: tuple[ReaderMode, ...] = ("process", "thread")
DEFAULT_READER: ReaderMode = "thread"
