"""What the speaker is doing now, said after a comma with its "I'm" left out: "hotel in
cleveland charged me twice, $189 each, calling them now", "flight got cancelled, rebooking
rn"; or held where the writer is till a day: "still in Lisbon, stuck until tomorrow".

The story before the comma is past; the "-ing … now" after it is the speaker's present,
a clause of its own, so the message is not taken for a story. ``segments`` cuts there. So
does a stay's end after where the writer is: "still in Lisbon" says where, "stuck until
tomorrow" till when (read as one, the day was a plan's and the place was lost).
"""

from __future__ import annotations

import re

from core.extraction.comma_cuts import Kept, cut_pieces
from core.extraction.word_gates import gated

_DOING_NOW = gated(
    r",\s*(?=(?:(?:just|still|already)\s+)?[a-z]{3,}ing\b[^,.;!?]{0,40}?\b(?:now|rn|right\s+now|atm)"
    r"\s*[!.]*$)",
    re.I,
)

_HELD_TILL = gated(
    r",\s*(?=(?:(?:still|now|prob(?:ably)?|apparently)\s+)?(?:stuck|stranded|trapped|snowed\s+in|"
    r"here)\s+(?:(?:here|there|now|still)\s+)?(?:until|till|til|untill|thru|through)\b)",
    re.I,
)


def cut_before_doing_now(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with a last "-ing … now" after a comma cut off as a clause,
    and a stay's end after a comma ("…, stuck until tomorrow")."""
    return cut_pieces(cut_pieces(kept, _DOING_NOW.search), _HELD_TILL.search)
