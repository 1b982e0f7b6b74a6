"""Which extractor Canon uses: the LLM one when a model is configured, else the rules."""

from __future__ import annotations

from collections.abc import Callable

from core.extraction.llm_config import LLMConfig
from core.extraction.offline import extract_offline
from core.extraction.reader_mode import DEFAULT_READER, ReaderMode
from core.extraction.types import Extractor


def configured_extractor(llm: LLMConfig | None, reader: ReaderMode = DEFAULT_READER) -> Extractor:
    """``LLMExtractor`` if a model is configured (``Settings.llm``): the model reads, the
    offline (linguistic) reading may only downgrade it and stands in when the model fails.

    Otherwise the offline extractor, which a front end runs where ``reader`` says
    (``Settings.reader``): in the reading process, or on the reading thread.
    """
    if llm is None:
        if reader == "process":
            from core.extraction.reading_process import ReadInProcess

            return ReadInProcess()
        return extract_offline
    # The model's client library loads only when a model is configured (it is slow to import).
    from core.extraction.llm import LLMExtractor

    return LLMExtractor(llm, fallback=extract_offline)


def warm_reader(extractor: Extractor, progress: Callable[[str], None] | None = None) -> None:
    """Load the language pipeline where ``extractor`` reads messages: in the reading
    process (started now) or in this process. Raises ``LanguageModelMissing`` when it is
    loaded here and missing (the reading process leaves that to each message); ``progress``
    hears of a slow load here."""
    from core.extraction.reading_process import ReadInProcess, reading_process

    if isinstance(extractor, ReadInProcess):
        reading_process().start()
        return
    from core.extraction.linguistics import model

    model.load(progress)
