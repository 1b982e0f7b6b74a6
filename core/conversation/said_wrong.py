"""A held value called wrong in plain words: "actually the return is wrong", "no wait the
return date is wrong", "the departure's not right".

Said so, it is ``/wrong`` with the part it names ("return", "return date"): Canon asks
for the right value of that part (an Edit, waiting) rather than answering "nothing
changed". Pure: the words in, the part's words out (``plain_commands`` finds the field).
"""

from __future__ import annotations

import re

_SAID_WRONG = re.compile(
    r"^(?:(?:actually|no|nope|wait|hmm+|oh|oops|sorry|ugh|um+|hold\s+on|hang\s+on|erm)\b[\s,.!-]*)*"
    r"(?:the\s+|my\s+|our\s+|that\s+)?(?P<part>[a-z][a-z ]{1,30}?)\s*"
    r"(?:\s(?:is|was|are)\s+|'s\s+|s\s+)"
    r"(?:(?:all|totally|completely|a\s+bit|still)\s+)?"
    r"(?:wrong|incorrect|not\s+right|off|messed\s+up)\b(?:\s+(?:now|there|btw|lol))?[\s.!?]*$"
)
_NOT_A_PART = frozenset(
    {"it", "that", "this", "something", "everything", "what", "which", "i", "you"}
)


def wrong_part(text: str) -> str | None:
    """The words of the part ``text`` says is wrong ("return date"), or None."""
    m = _SAID_WRONG.match(" ".join(text.casefold().replace("’", "'").split()))
    if m is None or m.group("part").strip() in _NOT_A_PART:
        return None
    return m.group("part").strip()
