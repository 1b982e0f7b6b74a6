"""Machine zones in Markdown files: finding them with markdown-it-py and splicing them.

A zone is the text between two HTML comment lines at the top level of a
document::

    <!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->
    ...Canon writes here...
    <!-- STATE:END zone_id=active_reminders -->

``STATE`` zones are Canon's (rendered from canonical state); ``STATE-INPUT``
zones are the user's (read as manual observations, never written). A marker
counts only as a whole top-level HTML block, so a marker inside a code fence,
a list item or a block quote is ordinary text. Splicing replaces the lines
strictly between a zone's markers and leaves every other byte as it was,
including line endings (LF, CRLF or CR) and any text that merely looks like a
marker.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final, Literal

from core.errors import ZoneError

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

ZoneKind = Literal["STATE", "STATE-INPUT"]
SCHEMA_VERSION: Final = "v1"
_MARKER = re.compile(
    r"^<!--\s*(?P<kind>STATE|STATE-INPUT):(?P<edge>BEGIN|END)\s+zone_id=(?P<zone>[A-Za-z0-9_]+)"
    r"(?:\s+schema=(?P<schema>[A-Za-z0-9_.]+))?\s*-->$"
)
_MAY_MARK: Final = re.compile(r"<!--\s*STATE")
"""What every marker's text holds: a file without it has no zone, and is not parsed (a
markdown-it parse of 8 MB takes many seconds, and the workspace is anyone's to write)."""
# markdown-it splits lines exactly here (after normalising \r\n and \r to \n),
# so line numbers in its token maps index this split too.
_NEWLINE: Final = re.compile(r"\r\n|\r|\n")


@cache
def _parser() -> MarkdownIt:
    """The CommonMark parser, made when a zone is first read: every command reads the
    settings, which name the renderer's config from this package, and most never read
    a zone (markdown-it's import and setup, about 0.1 s of a start)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


@dataclass(frozen=True)
class Zone:
    """One zone of a document: its kind, id and the line numbers of its markers (0-based)."""

    kind: ZoneKind
    zone_id: str
    schema: str
    begin: int
    end: int

    @property
    def inner(self) -> range:
        """The line numbers between the markers: the zone's body."""
        return range(self.begin + 1, self.end)


@dataclass(frozen=True)
class Line:
    """A line without its terminator, and the terminator ('' for a last line without one)."""

    text: str
    end: str


def split_lines(text: str) -> list[Line]:
    """Lines as markdown-it counts them, each with its own line ending kept."""
    lines: list[Line] = []
    pos = 0
    for m in _NEWLINE.finditer(text):
        lines.append(Line(text[pos : m.start()], m.group()))
        pos = m.end()
    if pos < len(text):
        lines.append(Line(text[pos:], ""))
    return lines


def join_lines(lines: list[Line]) -> str:
    return "".join(line.text + line.end for line in lines)


def begin_marker(kind: ZoneKind, zone_id: str, schema: str = SCHEMA_VERSION) -> str:
    return f"<!-- {kind}:BEGIN zone_id={zone_id} schema={schema} -->"


def end_marker(kind: ZoneKind, zone_id: str) -> str:
    return f"<!-- {kind}:END zone_id={zone_id} -->"


def zone_block(kind: ZoneKind, zone_id: str, body: str = "") -> str:
    """A complete zone (markers and ``body``) with LF endings, ready to insert."""
    return f"{begin_marker(kind, zone_id)}\n{body}{end_marker(kind, zone_id)}\n"


def find_zones(text: str) -> list[Zone]:
    """Every zone of ``text`` in document order.

    Raises ZoneError for markers that do not pair up: an END without its BEGIN,
    a BEGIN inside another zone or never closed, or a zone id used twice. A
    file in that state is not touched at all.
    """
    zones: list[Zone] = []
    open_zone: tuple[ZoneKind, str, str, int] | None = None
    seen: set[str] = set()
    for kind, edge, zone_id, schema, line in _markers(text):
        where = f"line {line + 1}"
        if edge == "BEGIN":
            if open_zone is not None:
                raise ZoneError(
                    f"{where}: zone {zone_id!r} begins inside zone {open_zone[1]!r} "
                    f"(opened on line {open_zone[3] + 1}); zones cannot nest"
                )
            if zone_id in seen:
                raise ZoneError(f"{where}: zone {zone_id!r} appears twice")
            open_zone = (kind, zone_id, schema, line)
            continue
        if open_zone is None or open_zone[1] != zone_id or open_zone[0] != kind:
            raise ZoneError(f"{where}: {kind}:END for zone {zone_id!r} without its BEGIN")
        seen.add(zone_id)
        zones.append(Zone(kind, zone_id, open_zone[2], open_zone[3], line))
        open_zone = None
    if open_zone is not None:
        raise ZoneError(
            f"line {open_zone[3] + 1}: zone {open_zone[1]!r} has no "
            f"{open_zone[0]}:END marker (is it inside an unclosed code fence or HTML block?)"
        )
    return zones


def zone_copies(text: str) -> list[Zone]:
    """Every complete zone of ``text`` in document order, whatever else it holds: each END
    closes the BEGIN of the same zone right before it (no other marker between), and a
    marker that pairs with nothing, or a zone's second copy, is passed over, never an error.

    ``find_zones`` is strict, for reading a person's zones; this is for writing Canon's: a
    stray marker or a forged copy written outside Canon's zones (by the assistant, or a
    stranger's text it copied into its notes) must not stop Canon writing them, and a copy
    is written like the original, so no forged one stands as Canon's. The zones never
    overlap, so each may be spliced; a well-formed file has exactly ``find_zones``'s."""
    zones: list[Zone] = []
    opened: tuple[ZoneKind, str, str, int] | None = None
    for kind, edge, zone_id, schema, line in _markers(text):
        if edge == "BEGIN":
            opened = (kind, zone_id, schema, line)
        elif opened is not None and opened[:2] == (kind, zone_id):
            zones.append(Zone(kind, zone_id, opened[2], opened[3], line))
            opened = None
        else:
            opened = None
    return zones


def marked_zone_ids(text: str, kind: ZoneKind) -> set[str]:
    """The ids of the ``kind`` zones any marker of ``text`` names, paired or not."""
    return {zone_id for k, _edge, zone_id, _schema, _line in _markers(text) if k == kind}


def _markers(text: str) -> list[tuple[ZoneKind, str, str, str, int]]:
    found: list[tuple[ZoneKind, str, str, str, int]] = []
    if _MAY_MARK.search(text) is None:
        return found
    for token in _parser().parse(text):
        # Only a whole top-level HTML block is a marker; fences and lists are text.
        if token.type != "html_block" or token.level != 0 or token.map is None:
            continue
        start, stop = token.map
        if stop - start != 1:
            continue
        m = _MARKER.match(token.content.strip())
        if m is None:
            continue
        kind: ZoneKind = "STATE" if m["kind"] == "STATE" else "STATE-INPUT"
        found.append((kind, m["edge"], m["zone"], m["schema"] or SCHEMA_VERSION, start))
    return found


def zone_body(text: str, zone: Zone) -> str:
    """The body of ``zone`` with LF line endings (what hashes and parsers see)."""
    lines = split_lines(text)
    return "".join(lines[i].text + "\n" for i in zone.inner)


def newline_of(text: str) -> str:
    """The document's line ending: that of its first line, LF when it has none."""
    m = _NEWLINE.search(text)
    return m.group() if m else "\n"


def splice(text: str, bodies: Mapping[str, str]) -> str:
    """``text`` with the body of each zone named in ``bodies`` replaced.

    Bodies are given with LF endings and written with the line ending of the
    zone's BEGIN marker line; every line outside the replaced bodies is kept
    byte for byte. Zones not named are left alone.
    """
    zones = {z.zone_id: z for z in find_zones(text)}
    missing = sorted(set(bodies) - set(zones))
    if missing:
        raise ZoneError(f"no zone {', '.join(missing)} in the document")
    return splice_zones(text, [zones[z] for z in bodies], bodies)


def splice_zones(text: str, zones: list[Zone], bodies: Mapping[str, str]) -> str:
    """``text`` with the body of each of ``zones`` (found in ``text``, none overlapping
    another; several may be copies of one zone) replaced by ``bodies[zone_id]``, as
    ``splice`` does."""
    lines = split_lines(text)
    out: list[Line] = []
    pos = 0
    for zone in sorted(zones, key=lambda z: z.begin):
        out.extend(lines[pos : zone.begin + 1])
        newline = lines[zone.begin].end or "\n"
        out.extend(Line(t, newline) for t in body_lines(bodies[zone.zone_id]))
        pos = zone.end
    out.extend(lines[pos:])
    return join_lines(out)


def body_lines(body: str) -> list[str]:
    """The lines of an LF body, without terminators ('' is no lines)."""
    if not body:
        return []
    return body[:-1].split("\n") if body.endswith("\n") else body.split("\n")
