"""A spouse named with "the", as British and Irish English say it: "the missus has gone to
Galway", "the mister is away at the match", "the wife's off sick", "the other half is in
Leeds", "the OH is working late". The writer's own spouse, said as "my wife", "my
husband", "my partner" so the family rules know whose news it is (and a trip of theirs
stays theirs, not the writer's).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_SPOUSE = {
    "missus": "wife",
    "missis": "wife",
    "mrs": "wife",
    "wife": "wife",
    "wifey": "wife",
    "mister": "husband",
    "husband": "husband",
    "hubby": "husband",
    "other half": "partner",
    "oh": "partner",
    "better half": "partner",
}
_THE_SPOUSE = gated(
    # At the head of a clause: "I met the wife of a colleague" keeps its "the".
    r"(?:^|(?<=[.,;:!?]\s)|(?<=\n)|(?<=\band\s)|(?<=\bso\s)|(?<=\bbut\s))(?P<the>[Tt]he)\s+"
    r"(?P<who>missus|missis|mrs|wife|wifey|mister|husband|hubby|other\s+half|OH|better\s+half)"
    r"(?=\s+(?:is|was|has|had|'s|will|'ll|and|went|left|got|can't|won't|isn't|flies|flew|"
    r"comes|came|gets|took)\b|'s\s)"
)


def spouse_as_mine(text: str) -> str:
    """``text`` with "the missus", "the other half" at the head of a clause as "my wife",
    "my partner"."""
    if not re.search(
        r"(?i)\bthe\s+(?:miss[iu]s|mrs|wifey?|mister|hubby|husband|other|oh|better)\b", text
    ):
        return text

    def mine(m: re.Match[str]) -> str:
        who = " ".join(m.group("who").split())
        said = _SPOUSE.get(who.lower(), "partner")
        return f"{'My' if m.group('the') == 'The' else 'my'} {said}"

    return _THE_SPOUSE.sub(mine, text)
