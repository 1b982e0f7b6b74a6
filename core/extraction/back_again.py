"""Being back, then something else after a comma: "back home from the hospital, 6 days was
plenty", "ok i'm back in the office, who took my monitor".

Being back (home, in the office, at work, at one's desk) is a state of the speaker now;
what follows the comma is a remark of its own, in whatever tense ("6 days was plenty"),
and must not turn the return into a story. ``segments`` cuts the sentence there.
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import cut_at_gap
from core.extraction.word_gates import gated

_BACK_THEN_COMMA = gated(
    r"^(?:(?:ok|okay|so|well|finally|just|safely|and|phew|whew|yay+|ugh|oh|alright|lol)[!.]*\s+)*"
    r"(?:(?:i'm|im|i\s+am|we're|we\s+are)\s+)?(?:(?:finally|just|safely|now|officially)\s+)?"
    r"back\s+(?:home|in\s+the\s+office|at\s+(?:work|the\s+office|my\s+desk)|in\s+town)"
    # "from the hospital", "from rehab": where from ("back at work after our honeymoon"
    # is left whole: what it came back from is read with what follows).
    r"(?:\s+from\s+(?:the\s+|my\s+|a\s+)?[a-z0-9'-]+(?:\s+[a-z'-]+){0,2})?"
    # "back home now, kids wiped out": the time it holds from, before the comma.
    r"(?:\s+(?:now|again|at\s+last|finally|safe\s+and\s+sound))?"
    r"\s*,\s*(?=\S)",
    re.I,
)

PAST_DAY = gated(r"\b(?:last|ago|yesterday|(?:19|20)\d\d)\b", re.I)
"""A day gone by ("back home from the hospital last june"): a story, not a state now."""


def cut_after_coming_back(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``kept`` (piece, joint) with a piece that opens on being back cut at its comma."""
    out: list[tuple[str, str]] = []
    for piece, joint in kept:
        m = _BACK_THEN_COMMA.match(piece)
        if m is None or PAST_DAY.search(piece, 0, m.end()):
            out.append((piece, joint))
            continue
        out.append((piece[: m.end()].rstrip(" ,"), joint))
        out.append((piece[m.end() :], "comma"))
    return out


_AND_BACK = gated(
    r"\s+(?:and|n|&)\s+(?=(?:(?:now|finally|just|safely)\s+)?back\s+(?:home|in)\b)", re.I
)
_WENT_TO = gated(
    r"\b(?:flew|went|drove|headed|travell?ed|popped|took\s+(?:a|the)\s+\w+)\b(?:\s+\w+){0,3}?"
    # A place by its name, not an errand ("went to the store and back home now").
    r"\s+(?:to|2)\s+(?!(?:the|a|my|our|his|her|their|work|school|bed|church|class)\b)\w",
    re.I,
)
"""A journey to a named place told in the past ("flew to denver", "drove down to eugene")."""


def cut_before_coming_back(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``kept`` with "... and back home/in <place> ..." after a journey told in the past cut
    off as a clause of its own: "flew to denver last night and back home this morning" is
    a trip there and the speaker back, not the speaker in Denver coming back today."""
    out: list[tuple[str, str]] = []
    for piece, joint in kept:
        m = _AND_BACK.search(piece)
        if m is None or not _WENT_TO.search(piece, 0, m.start()):
            out.append((piece, joint))
            continue
        out.append((piece[: m.start()], joint))
        out.append((piece[m.end() :], "and"))
    return out


_HERE_THEN_GOING_BACK = gated(
    r"^(?:(?:ok|okay|so|yeah|um+|uh+|well|and)[,!]?\s+)*(?:i'm|im|i\s+am|we're|we\s+are)\s+"
    r"(?:(?:still|now|currently|here)\s+)?in\s+\S[^,;]*?(?P<gap>\s+)"
    r"(?=(?:flying|driving|heading|coming|getting|taking\s+the\s+\w+|going)\s+(?:back|home)\b)",
    re.I,
)
"""Where the writer is, then the way back run on without a comma, as dictation types it: "im
in phoenix right now for the conference flying back friday morning"."""


def cut_before_going_back(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``kept`` with a piece that opens on where the writer is and runs on into "flying back
    …" cut before the way back: read as one, the day back made the whole a plan and the
    place was lost; with a comma ("…, flying back friday") the two were read already."""
    return cut_at_gap(kept, _HERE_THEN_GOING_BACK.match)
