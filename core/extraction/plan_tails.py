"""What is typed after the news without a subject or a stop: a feeling about the plan ("going
home to phoenix on fri lol cant wait", "flying out sat, so hyped") and the day one is back
("flew to toronto yesterday, back on the 20th").

A feeling says nothing of its own (``intent_dialogue.refers_back`` reads "can't wait" alone
as a feeling about what is coming), but left in the plan's clause its present tense makes
the plan a present fact. A return day left in a past clause's segment is read as part of
the story ("flew to toronto yesterday"), and its plan is lost. Cut off as a sentence of its
own, each is read for what it is.
"""

from __future__ import annotations

import re

from core.extraction.verbless_here import ANOTHER_SUBJECT
from core.extraction.word_gates import gated

_TAIL = gated(
    r"(?<=\w)(?:\s*,|\s+(?:lol|lmao|omg|haha+|ahh+|ngl|fr))*\s+"
    r"(?P<tail>(?:can't|cant|cannot)\s+wait|so\s+(?:excited|hyped|pumped|stoked|ready)|"
    r"lets+\s+go+|let's\s+go+)(?P<end>[^\w]*)$",
    re.I,
)
_BACK_ON = gated(
    r",\s+(?=(?:and\s+)?back\s+(?:(?:in|to)\s+[a-z\u00c0-\u024f]+(?:\s+[a-z]+)?\s+|home\s+)?"
    r"(?:on\s+|by\s+)?(?:the\s+\d|\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|tomorrow\b|"
    r"next\s+(?:week|mon|tue|wed|thu|fri|sat|sun)))",
    re.I,
)
"""", back on the 20th", ", back in lisbon monday": the day one is back, after the news."""
_PAST_BEFORE = gated(
    r"\b(?:flew|drove|went|came|took|left|got|landed|arrived|headed|caught|[a-z]{3,}ed|yesterday|"
    r"last\s+(?:night|week|weekend)|ago|this\s+morning)\b"
)
"""A past clause before the return day: only then is the day cut off ("heading to my hometown
on the 12th, back the 15th" is one plan, read whole)."""

_SETS_OUT_LAST = gated(
    r"\b(?:leav(?:e|ing)|fly(?:ing)?|driv(?:e|ing)|head(?:ing)?|set(?:ting)?\s+off|going|"
    r"(?:we're|were|i'm|im|we\s+are)\s+off)\b"
)
"""A plan of setting out right before the return day ("flights booked, leaving the 20th, back
the 27th"): the past before it was the booking, not the trip, and the day back is the plan's."""


def _piece_start(text: str, end: int) -> int:
    """Where the comma-piece that ends at ``end`` starts."""
    return max(text.rfind(", ", 0, end), text.rfind(". ", 0, end), 0)


def feeling_cut_off(text: str) -> str:
    """``text`` with a subjectless "can't wait" or "so excited" at its end, and a return day
    typed after a comma, each made a sentence of its own."""
    if len(text) < 20:  # the cheap test first, and a bare "cant wait!!" stays as it is
        return text
    back = _BACK_ON.search(text)
    start = max(text.rfind(". ", 0, back.start()) if back else -1, 0)
    if (
        back is not None
        and _PAST_BEFORE.search(text.lower(), start, back.start())
        and not ANOTHER_SUBJECT.search(text, 0, back.start())
        and not _SETS_OUT_LAST.search(text.lower(), _piece_start(text, back.start()), back.start())
    ):
        # (not after "my brother flew to denver": the day he is back may be his)
        text = f"{text[: back.start()]}. {text[back.end() :]}"
    return _TAIL.sub(lambda m: f". {m.group('tail')}{m.group('end')}", text)
