"""What the speaker is doing now, said after a comma with its "I'm" left out: "hotel in
cleveland charged me twice, $189 each, calling them now", "flight got cancelled, rebooking
rn".

The story before the comma is past; the "-ing … now" after it is the speaker's present,
a clause of its own, so the message is not taken for a story. ``segments`` cuts there.
"""

from __future__ import annotations

import re

_DOING_NOW = re.compile(
    r",\s*(?=(?:(?:just|still|already)\s+)?[a-z]{3,}ing\b[^,.;!?]{0,40}?\b(?:now|rn|right\s+now|atm)"
    r"\s*[!.]*$)",
    re.I,
)


def cut_before_doing_now(kept: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``kept`` (piece, joint) with a last "-ing … now" after a comma cut off as a clause."""
    out: list[tuple[str, str]] = []
    for piece, joint in kept:
        m = _DOING_NOW.search(piece)
        if m is None or not piece[: m.start()].strip():
            out.append((piece, joint))
            continue
        out.append((piece[: m.start()].rstrip(" ,"), joint))
        out.append((piece[m.end() :], "comma"))
    return out
