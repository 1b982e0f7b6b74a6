"""Cutting a kept piece of a sentence in two at a comma that a reader found.

``segments`` keeps a sentence's pieces as (piece, joint) pairs; several readers find a
comma inside a piece where a clause of its own begins ("…, calling them now", "…, flying
home tomorrow", "…, calpol at 6 if he's warm"). Each says where; this cuts there, the
second piece joined by a comma.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Kept = list[tuple[str, str]]


def cut_pieces(kept: Kept, find: Callable[[str], re.Match[str] | None]) -> Kept:
    """``kept`` with each piece in which ``find`` finds a comma, with words before it, cut
    there: the words before keep the piece's joint, the words after are joined by a comma."""
    out: Kept = []
    for piece, joint in kept:
        m = find(piece)
        if m is None or not piece[: m.start()].strip():
            out.append((piece, joint))
            continue
        out.append((piece[: m.start()].rstrip(" ,"), joint))
        out.append((piece[m.end() :], "comma"))
    return out


def cut_at_gap(kept: Kept, find: Callable[[str], re.Match[str] | None]) -> Kept:
    """``kept`` with each piece in which ``find`` finds a ``gap`` group (where a full stop
    or a comma should have been: "…in phoenix right now|flying back friday") cut there, the
    second piece joined by a comma."""
    out: Kept = []
    for piece, joint in kept:
        m = find(piece)
        if m is None:
            out.append((piece, joint))
            continue
        out.append((piece[: m.start("gap")], joint))
        out.append((piece[m.end("gap") :], "comma"))
    return out
