"""Emoji that stand for a state in a note, read as the words they stand for.

Parents and sitters mark a child's state with a face or a tick: "Max 🤒 again, staying home",
"Ella ✅ fine now, Tom ❌ still off school". A sick face right after someone named is "is
poorly"; a tick or a cross between a name and its state only marks the line, so it goes and
the state is read as written.
"""

from __future__ import annotations

import re

_SICK_FACE = re.compile(
    r"(?P<who>\b(?-i:[A-Z][a-z]+)|\b(?:mum|mom|dad|nan|nana|gran|grandma|grandad|grandpa|baby|"
    r"the\s+baby|the\s+kids|kids))\s*[\U0001F912\U0001F922\U0001F92E\U0001F927\U0001F637]+",
    re.I,
)
"""A name or a relation, then a face with a thermometer, nausea, sneezing or a mask."""
_MARK = re.compile(r"(?<=\w)\s+[\u2705\u274C\u2714\u2716]\uFE0F?(?=\s+[a-z])")
"""A tick or a cross between a name and the state after it, in lower case ("Ella ✅ fine
now"); a list of places ticked off ("Tokyo ✅ Kyoto ✅ Osaka (now)") keeps its marks."""


def emoji_states(text: str) -> str:
    """``text`` with a sick face after someone read as "is poorly" and a line's tick or
    cross between words left out."""
    text = _SICK_FACE.sub(lambda m: f"{m.group('who')} is poorly", text)
    return _MARK.sub("", text)
