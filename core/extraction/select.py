"""Which extractor Canon uses: the LLM one when a model is configured, else the rules."""

from __future__ import annotations

from collections.abc import Mapping

from core.extraction.llm import LLMExtractor, load_llm_config
from core.extraction.offline import extract_offline
from core.extraction.types import Extractor


def configured_extractor(environ: Mapping[str, str] | None = None) -> Extractor:
    """``LLMExtractor`` if ``CANON_LLM_BASE_URL``/``_MODEL`` are set: the model reads, the
    offline (linguistic) reading may only downgrade it and stands in when the model fails.

    Otherwise the offline extractor. A half or invalid configuration raises
    ``ConfigError`` rather than quietly running without the model.
    """
    config = load_llm_config(environ)
    if config is None:
        return extract_offline
    return LLMExtractor(config, fallback=extract_offline)
