"""A memory told as one: "I remember the summer we drove to Marseille", "I still remember
the night we landed in Lagos", "I think back to the summer we spent in Crete".

The main verb is a present "remember" (or "recall", "think back to"), so
the clause reads as news about now, and the past it frames ("we landed in Lagos") would
set where the writer is. What is remembered is a story: the clause is historical.

Only a remembered occasion or a remembered past act counts: "I remember the day/night/
summer … when …", "I remember when/how we …", "I remember landing in …"; not "remember to
call the bank" (a note to oneself) or "I remember her name".
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_REMEMBERED = gated(
    r"\b(?:i|we)\s+(?:(?:still|often|always|sometimes|clearly|vividly|distinctly)\s+)?"
    r"(?:remember|recall|recollect|think\s+back\s+to|can\s+still\s+see)\s+"
    r"(?:(?:the|that|those|one|our|my)\s+(?:(?:first|last|very|whole|same|long|hot|cold|"
    r"awful|wonderful|strange)\s+)*(?:day|night|summer|winter|spring|autumn|fall|time|year|"
    r"morning|evening|afternoon|week|weekend|trip|moment|holiday|christmas|flight|drive|"
    r"journey|crossing)s?\b|when\b|how\s+(?:we|i|it|they|she|he)\b|"
    r"(?:landing|arriving|driving|flying|living|being|going|walking|sitting|moving|"
    r"seeing|meeting)\b)"
)


def memory_told(low: str) -> bool:
    """Whether the lower-cased clause ``low`` tells a memory as one."""
    return _REMEMBERED.search(low) is not None
