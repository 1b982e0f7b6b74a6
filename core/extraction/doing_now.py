"""What the speaker is doing now, said after a comma with its "I'm" left out: "hotel in
cleveland charged me twice, $189 each, calling them now", "flight got cancelled, rebooking
rn".

The story before the comma is past; the "-ing … now" after it is the speaker's present,
a clause of its own, so the message is not taken for a story. ``segments`` cuts there.
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import Kept, cut_pieces

_DOING_NOW = re.compile(
    r",\s*(?=(?:(?:just|still|already)\s+)?[a-z]{3,}ing\b[^,.;!?]{0,40}?\b(?:now|rn|right\s+now|atm)"
    r"\s*[!.]*$)",
    re.I,
)


def cut_before_doing_now(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with a last "-ing … now" after a comma cut off as a clause."""
    return cut_pieces(kept, _DOING_NOW.search)
