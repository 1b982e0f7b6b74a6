"""A subject of two said with "me", as learners and chat say it: "My husband and me are
arrive Dubai tomorrow", "me and my wife are flying to London", "Me and husband will arrive".
Said as "my husband and I" the clause is the writer's own, and its verb reads as one of
theirs ("me and my wife are flying" is "my wife and I are flying": a plan of the writer's).

Only at the head of a clause and before a verb of the two of them (a form of "be", "will",
"have" or a plain verb that is no preposition): "she gave it to my husband and me" keeps
its "me", an object, and "me and my wife livin in memphis", no verb of a tense, is left as
typed (a caption as much as a claim).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_HEAD = r"(?:^|(?<=[.,;:!?]\s)|(?<=\n)|(?<=\band\s)|(?<=\bso\s)|(?<=\bbut\s))"
_WHO = r"(?P<who>(?:(?:my|our)\s+)?(?:[a-z]+\s+){0,1}[a-z]+)"
_VERB_NEXT = (
    r"(?=\s+(?:(?:are|r|is|am|were|was|will|'ll|have|has|had|would|can|could|must|should)\b|"
    r"(?!(?:to|for|with|at|in|on|and|too|as|both|all|from|of|by|about|yesterday|today|"
    r"tomorrow|tonight)\b)(?![a-z]+(?:ing|in)\b)[a-z]+\s+(?:(?:to|in|at|into|on|home|back|tomorrow|tonight|today)\b|"
    r"[A-Z])))"
)
_KIN = (
    r"(?:husband|hubby|wife|wifey|partner|son|daughter|kids?|children|mum|mom|mother|dad|"
    r"father|sister|brother|family|friend|boyfriend|girlfriend|fiance|fiancee|parents|"
    r"grandma|grandpa|baby|colleague|boss)"
)
_THEY_AND_ME = gated(
    _HEAD + r"(?P<my>[Mm]y|[Oo]ur)\s+(?P<kin>(?:[a-z]+\s+)?" + _KIN + r")\s+and\s+me" + _VERB_NEXT
)
"""'my husband and me' opening a clause, a verb next."""
_ME_AND_THEY = gated(
    _HEAD
    + r"[Mm]e\s+(?:and|&)\s+(?:(?P<my>my|our)\s+)?(?P<kin>(?:[a-z]+\s+)?"
    + _KIN
    + r")"
    + _VERB_NEXT
)
"""'me and my wife' / 'Me and husband' opening a clause, a verb next."""


def me_as_i(text: str) -> str:
    """``text`` with a subject of two said with "me" said with "I" ("my husband and me
    are" -> "my husband and I are", "me and my wife are" -> "my wife and I are")."""
    if not re.search(r"(?i)\band\s+me\b|\bme\s+(?:and|&)\s", text):
        return text
    said = _THEY_AND_ME.sub(lambda m: f"{m.group('my')} {m.group('kin')} and I", text)
    said = _ME_AND_THEY.sub(
        lambda m: f"{'my' if m.group('my') is None else m.group('my')} {m.group('kin')} and I",
        said,
    )
    # "Me and my mother is arrive": the two of them "are".
    return said if said == text else _AND_I_IS.sub(" and I are", said)


_AND_I_IS = gated(r"\s+and\s+I\s+is\b")
