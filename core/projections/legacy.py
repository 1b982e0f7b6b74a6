"""``projection_mode=legacy_string``: sections under exact heading anchors.

For workspaces that have no zones yet, Canon may write the section under an
exact heading line (``## Active Reminders``, ``## State Change Log``; also
``## Current State`` in MEMORY.md). A section runs from the line after its
heading to the next level-1 or level-2 heading (or the end of the file).
Each anchor must appear exactly once as a real heading (a line in a code
fence does not count); otherwise nothing is written. The caller backs the
file up before every write and records a ``legacy_string_projection_used``
warning: this mode exists to bridge to zones (``canon migrate``), not to stay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from markdown_it import MarkdownIt

from core.errors import ZoneError
from core.projections.zones import Line, body_lines, join_lines, split_lines

ANCHORS: Final = {
    "active_reminders": "## Active Reminders",
    "state_change_log": "## State Change Log",
    "current_state": "## Current State",
}
_PARSER: Final = MarkdownIt("commonmark")


def sections(text: str) -> dict[str, range]:
    """Anchor line -> the line numbers of its section body, for every level 1-2 heading."""
    lines = split_lines(text)
    heads = [
        t.map[0]
        for t in _PARSER.parse(text)
        if t.type == "heading_open" and t.level == 0 and t.tag in ("h1", "h2") and t.map
    ]
    out: dict[str, range] = {}
    counts: dict[str, int] = {}
    for i, start in enumerate(heads):
        anchor = lines[start].text.strip()
        counts[anchor] = counts.get(anchor, 0) + 1
        stop = heads[i + 1] if i + 1 < len(heads) else len(lines)
        out[anchor] = range(start + 1, stop)
    for anchor, n in counts.items():
        if n > 1 and anchor in ANCHORS.values():
            raise ZoneError(f"heading {anchor!r} appears {n} times; legacy mode needs it once")
    return out


def anchored(text: str, zone_ids: tuple[str, ...]) -> dict[str, range]:
    """zone_id -> section body lines, for the anchors of ``zone_ids`` present in ``text``."""
    found = sections(text)
    return {z: found[ANCHORS[z]] for z in zone_ids if ANCHORS[z] in found}


def section_body(text: str, lines_range: range) -> str:
    lines = split_lines(text)
    return "".join(lines[i].text + "\n" for i in lines_range)


def legacy_body(body: str, at_end: bool) -> str:
    """A zone body as a section body: a blank line, the body, and a blank line before what follows."""
    return "\n" + body + ("" if at_end else "\n")


def legacy_splice(text: str, bodies: Mapping[str, str]) -> str:
    """``text`` with the section under each anchor in ``bodies`` (zone_id -> body) replaced."""
    found = anchored(text, tuple(bodies))
    missing = [ANCHORS[z] for z in bodies if z not in found]
    if missing:
        raise ZoneError(f"heading {missing[0]!r} not found; legacy mode needs it exactly once")
    lines = split_lines(text)
    out: list[Line] = []
    pos = 0
    for zone_id, span in sorted(found.items(), key=lambda kv: kv[1].start):
        out.extend(lines[pos : span.start])
        newline = lines[span.start - 1].end or "\n"
        if not lines[span.start - 1].end:
            out[-1] = Line(out[-1].text, newline)
        at_end = span.stop == len(lines)
        new = legacy_body(bodies[zone_id], at_end)
        out.extend(Line(t, newline) for t in body_lines(new))
        pos = span.stop
    out.extend(lines[pos:])
    return join_lines(out)
