"""A family member's place told as news: "my brother tom moved to denver last week".

Canon keeps how family members are (sick, well, away or home), never where they live or
are: such news changes nothing, and "Nothing in that changes what I know" read as if it
had not been understood. The reply says what was heard and that it is not kept, as
"where is tom?" does (``state_answers.NOT_KEPT``). Pure patterns over
``reply_patterns.normalised`` text; a word is a person when it is a first name or a
relation ("the meeting moved to 3" names no one).
"""

from __future__ import annotations

import re

from core.domain.kin_words import RELATIONS
from core.extraction.first_names import is_first_name

_KIN = "|".join(sorted(RELATIONS))
_PLACE = re.compile(
    rf"(?:^|\b(?:and|but|so|oh|also|btw|anyway|fyi|guess what)\s+|,\s*)"
    rf"(?:(?P<kin>(?:my|our) (?:{_KIN}))(?: (?!(?:is|are|has|have|just|finally|now|got|moved|moving|lives|living|in|at)\b)(?P<kin_name>[a-z]+))?|(?P<name>[a-z]+))"
    # "my son david and his wife moved": the member with the one they live with.
    r"(?: and (?:his|her|their) (?:wife|husband|partner|family|kids|girlfriend|boyfriend))?"
    r"(?:'s| is| are| has| have| just| finally| now| officially| got)* "
    r"(?P<what>moved|moving|relocated|relocating|lives|living|settled|in|at|got a place"
    r"|bought a (?:house|place|flat|condo))\b"
)
_MOVES = frozenset(["moved", "moving", "relocated", "relocating", "lives", "living", "settled"])


def family_place(normalised: str) -> str | None:
    """What a message says of a family member's place, as Canon does not keep it ("where
    your brother lives", "where Tom is"); None when it names no member's place."""
    for match in _PLACE.finditer(normalised):
        kin, named = match["kin"], match["kin_name"] or match["name"]
        if kin is not None and named is not None and not is_first_name(named):
            named = None  # "my mom lives in ohio": "lives" is no name
        if kin is None and (named is None or not is_first_name(named)):
            continue
        person = named.title() if named is not None else kin.replace("our ", "my ")
        person = person.replace("my ", "your ")
        what = match["what"]
        if what not in ("in", "at") and what not in _MOVES and not what.startswith(("got", "b")):
            continue
        many = person.split()[-1] in ("kids", "children")
        if what in ("in", "at"):
            return f"where {person} {'are' if many else 'is'}"
        return f"where {person} {'live' if many else 'lives'}"
    return None
