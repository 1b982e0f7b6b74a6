"""A feeling about the plan, typed after it without a subject or a stop: "going home to
phoenix on fri lol cant wait", "flying out sat, so hyped", "next stop lisbon lets gooo".

The tail says nothing of its own (``intent_dialogue.refers_back`` reads "can't wait" alone
as a feeling about what is coming), but left in the plan's clause its present tense makes
the plan a present fact. Cut off as a sentence of its own, each is read for what it is.
"""

from __future__ import annotations

import re

_TAIL = re.compile(
    r"(?<=\w)(?:\s*,|\s+(?:lol|lmao|omg|haha+|ahh+|ngl|fr))*\s+"
    r"(?P<tail>(?:can't|cant|cannot)\s+wait|so\s+(?:excited|hyped|pumped|stoked|ready)|"
    r"lets+\s+go+|let's\s+go+)(?P<end>[^\w]*)$",
    re.I,
)


def feeling_cut_off(text: str) -> str:
    """``text`` with a subjectless "can't wait" or "so excited" at its end made a sentence
    of its own."""
    if len(text) < 20:  # the cheap test first, and a bare "cant wait!!" stays as it is
        return text
    return _TAIL.sub(lambda m: f". {m.group('tail')}{m.group('end')}", text)
