"""Which extractor Canon uses: the LLM one when a model is configured, else the rules."""

from __future__ import annotations

from core.extraction.llm_config import LLMConfig
from core.extraction.offline import extract_offline
from core.extraction.types import Extractor


def configured_extractor(llm: LLMConfig | None) -> Extractor:
    """``LLMExtractor`` if a model is configured (``Settings.llm``): the model reads, the
    offline (linguistic) reading may only downgrade it and stands in when the model fails.

    Otherwise the offline extractor.
    """
    if llm is None:
        return extract_offline
    # The model's client library loads only when a model is configured (it is slow to import).
    from core.extraction.llm import LLMExtractor

    return LLMExtractor(llm, fallback=extract_offline)
