"""Where the speaker is now, then the way on after a comma, its "I'm" left out: "staying in
Porto, flying home tomorrow", "crew rest in Singapore tonight, operating back to Heathrow
tomorrow night", "van's parked up outside Bilbao, heading for the Picos on Friday", "still
in Cusco acclimatising, Machu Picchu on Saturday".

The stay before the comma is the speaker's present; the going after it, with its day
ahead, is a plan of its own. Read as one clause, the day ahead made the stay a plan too
and its place was lost. ``segments`` cuts there, as it does before "-ing … now"
(``doing_now``).
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import Kept, cut_pieces
from core.extraction.word_gates import gated

_GOING_ON = gated(
    r",\s*(?=(?:then\s+)?(?:flying|heading|driving|leaving|going|sailing|operating|catching|"
    r"taking\s+the|off\s+to|on\s+to|onward\s+to|moving\s+on\s+to)\b"
    r"[^,.;!?]{0,50}?\b(?:tomorrow|tmrw|tonight|next|on\s+\w+day|(?:mon|tues|wednes|thurs|fri|"
    r"satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th)|in\s+the\s+morning)\b"
    # "still in Cusco, Machu Picchu on Saturday": the next stop named, then its day.
    r"|(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?\s+(?:on\s+\w+day|tomorrow|tmrw|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*[!.]*$)",
    re.I,
)
_PLACED = gated(r"\b(?:in|at|outside|near|off|staying|parked|anchored|moored|based)\b", re.I)
"""The piece before the comma places the speaker somewhere (a bare "so tired, flying home
tomorrow" has nothing to keep apart)."""
_AHEAD = gated(
    r"\b(?:tomorrow|tmrw|next|will|'ll|gonna|going\s+to|(?:mon|tues|wednes|thurs|fri|satur|"
    r"sun)day|the\s+\d{1,2}(?:st|nd|rd|th))\b",
    re.I,
)
"""A day ahead before the comma makes the first piece a plan itself ("in Rome tomorrow,
flying on to Naples on Friday"): the two are one plan, left whole."""


def _going_on(piece: str) -> re.Match[str] | None:
    m = _GOING_ON.search(piece)
    if m is None or not _PLACED.search(piece, 0, m.start()) or _AHEAD.search(piece, 0, m.start()):
        return None
    return m


def cut_before_going_on(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with the way on after a stay now cut off as a clause."""
    return cut_pieces(kept, _going_on)
