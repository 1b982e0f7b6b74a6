"""Pieces of a sentence cut at a joint that belong to the clause after them.

``segments`` cuts a sentence at its joints; a few cuts leave a piece that says nothing on
its own and qualifies, or shares the subject of, the piece after it:

- a doubt set off by commas ("In another year, perhaps, I shall go back to Naples");
- a family member coordinated with the next one ("mom and dad are sick", "my wife and my
  son have the flu"): the cut after "and" leaves the first member without its verb;
- whom the writer goes with, listed ("we leave for Tahoe with Jordan and the kids on
  Sunday"): the piece after "and" is one more companion, with no verb of its own, and the
  day after it is the trip's.
"""

from __future__ import annotations

import re

from core.extraction.family_members import names_a_relation
from core.extraction.word_gates import gated

_HEDGE_LAST = gated(
    r"(?:^|,\s*)(?:perhaps|maybe|probably|possibly|hopefully|likely|presumably|surely)$", re.I
)
_MEMBER_ONLY = gated(
    # "are mom and dad sick?": a question's verb may come before the first member.
    r"^(?:(?:are|is|were|was|did|do|does|has|have)\s+)?(?:(?:my|our|the|both)\s+)?"
    r"(?P<rel>[a-z'-]+)$",
    re.I,
)


_WITH_LAST = gated(r"\bw(?:ith|/)\s+(?:[a-z'-]+\s+){0,2}[a-z'-]+$", re.I)
"""A piece that ends with whom: "… with Jordan", "… w/ my sister"."""
_COMPANION_ONLY = gated(
    r"^(?:(?:the|my|our|his|her|their|both|all|two|three|four)\s+){0,2}"
    r"(?:(?:little|big|older|younger|baby|eldest|oldest|youngest|step|best|grand)\s+)?"
    r"(?!(?:i|we|he|she|they|it|you|that|this|there|then)\b)[a-z'-]+"
    r"(?:\s+(?:too|as\s+well|also))?"
    # What may follow: when, or where; never a verb ("… and the kids are staying home").
    r"(?:\s+(?:on|this|next|in|at|for|from|to|by|until|till|tomorrow|tmrw|tonight|today|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?:(?!\b(?:is|are|was|were|will|'s|'re|"
    r"has|have|had|can|can't|won't|gets?|got|stays?|stayed)\b).)*)?$",
    re.I,
)
"""One more companion after "and", with at most a when or a where: "the kids on Sunday"."""
_NOT_COMPANIONS = frozenset({"then", "also", "now", "so", "still", "back", "home", "not", "just"})


def _companion_alone(piece: str) -> bool:
    m = _COMPANION_ONLY.match(piece.strip())
    return m is not None and piece.strip().split()[0].lower() not in _NOT_COMPANIONS


def _member_alone(piece: str) -> bool:
    m = _MEMBER_ONLY.match(piece.strip())
    return m is not None and names_a_relation(m.group("rel"))


def kept_with_their_clause(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``kept`` (piece, joint) with the pieces that belong to the next one joined to it."""
    out: list[tuple[str, str]] = []
    carry: tuple[str, str, str] | None = None  # piece, its joint, what joins it to the next
    for i, (piece, joint) in enumerate(kept):
        if carry is not None:
            piece, joint = f"{carry[0]}{carry[2]}{piece}", carry[1]
            carry = None
        last = i == len(kept) - 1
        if _HEDGE_LAST.search(piece) and not last:
            carry = (piece, joint, ", ")
            continue
        if not last and kept[i + 1][1] == "and" and _member_alone(piece):
            carry = (piece, joint, " and ")
            continue
        if joint == "and" and out and _WITH_LAST.search(out[-1][0]) and _companion_alone(piece):
            out[-1] = (f"{out[-1][0]} and {piece}", out[-1][1])
            continue
        out.append((piece, joint))
    if carry is not None:
        out.append((carry[0], carry[1]))
    return out
