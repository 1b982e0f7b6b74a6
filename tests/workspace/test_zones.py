"""Zones: found only where markdown-it sees a top-level marker; splicing touches nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import ZoneError
from core.projections.zones import (
    find_zones,
    splice,
    split_lines,
    zone_block,
    zone_body,
)

BEGIN = "<!-- STATE:BEGIN zone_id=active_reminders schema=v1 -->"
END = "<!-- STATE:END zone_id=active_reminders -->"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"{BEGIN}\n- a\n{END}\n", [("STATE", "active_reminders", 0, 2)]),
        (f"# T\n\npara\n{BEGIN}\n{END}\n", [("STATE", "active_reminders", 3, 4)]),
        (
            "<!-- STATE-INPUT:BEGIN zone_id=manual_overrides schema=v1 -->\n- x = 1\n"
            "<!-- STATE-INPUT:END zone_id=manual_overrides -->\n",
            [("STATE-INPUT", "manual_overrides", 0, 2)],
        ),
        (f"```\n{BEGIN}\n{END}\n```\n", []),  # fenced: text, not markers
        (f"~~~md\n{BEGIN}\n~~~\n", []),
        (f"    {BEGIN}\n", []),  # indented code block
        (f"- item\n\n  {BEGIN}\n  {END}\n", []),  # inside a list item
        (f"> {BEGIN}\n> {END}\n", []),  # inside a block quote
        (f"see `{BEGIN}` inline\n", []),
        (f"{BEGIN}\r\n- a\r\n{END}\r\n", [("STATE", "active_reminders", 0, 2)]),
        (f"{BEGIN}\r- a\r{END}", [("STATE", "active_reminders", 0, 2)]),
        (
            "<!--   STATE:BEGIN   zone_id=x   -->\n<!-- STATE:END zone_id=x -->\n",
            [("STATE", "x", 0, 1)],
        ),
    ],
)
def test_zones_are_found_only_at_top_level(
    text: str, expected: list[tuple[str, str, int, int]]
) -> None:
    assert [(z.kind, z.zone_id, z.begin, z.end) for z in find_zones(text)] == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"{BEGIN}\n- a\n", "has no STATE:END"),
        (f"{END}\n", "without its BEGIN"),
        (f"{BEGIN}\n{BEGIN.replace('active_reminders', 'b')}\n", "cannot nest"),
        (f"{BEGIN}\n{END}\n{BEGIN}\n{END}\n", "appears twice"),
        (f"{BEGIN}\n```\n{END}\n", "has no STATE:END"),  # an unclosed fence swallows the END
        (
            f"{BEGIN}\n<!-- STATE-INPUT:END zone_id=active_reminders -->\n",
            "without its BEGIN",
        ),
    ],
)
def test_markers_that_do_not_pair_up_are_refused(text: str, message: str) -> None:
    with pytest.raises(ZoneError, match=message):
        find_zones(text)


def test_splice_replaces_only_the_zone_body_and_keeps_crlf() -> None:
    text = f"# Heartbeat\r\n\r\n{BEGIN}\r\nold line\r\n{END}\r\ntail without newline"
    out = splice(text, {"active_reminders": "- new 1\n- new 2\n"})
    assert out == (
        f"# Heartbeat\r\n\r\n{BEGIN}\r\n- new 1\r\n- new 2\r\n{END}\r\ntail without newline"
    )
    zone = find_zones(out)[0]
    assert zone_body(out, zone) == "- new 1\n- new 2\n"


def test_splice_to_an_empty_body_and_back() -> None:
    text = zone_block("STATE", "z", "- a\n")
    empty = splice(text, {"z": ""})
    assert empty == zone_block("STATE", "z")
    assert splice(empty, {"z": "- a\n"}) == text


def test_splicing_an_unknown_zone_is_an_error() -> None:
    with pytest.raises(ZoneError, match="no zone nope"):
        splice(zone_block("STATE", "z"), {"nope": "x\n"})


# -- properties -------------------------------------------------------------------

TRICKY_BLOCKS = [
    f"```\n{BEGIN}\n{END}\n```",
    "~~~python\n<!-- STATE:END zone_id=active_reminders -->\nprint('hi')\n~~~",
    "- level one\n  - level two\n    - level three ✓\n  - back to two",
    "1. first\n2. second\n   - nested [ ] box",
    f"> quoted {BEGIN}\n> still quoted",
    f"    {BEGIN}\n    indented code",
    "# Título ünïcödé 🚀\n\nSome *emphasis* and `code`.",
    "<div>\nraw html block\n</div>",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "<!-- an ordinary comment -->",
    "Line with trailing spaces   \nand a hard break",
    "Setext heading\n==============",
]
_WORDS = st.text(
    alphabet=st.characters(categories=["L", "N", "Zs"], include_characters=".,!?é漢🙂"),
    max_size=40,
).map(lambda s: s.strip() or "word")
BLOCKS = st.one_of(st.sampled_from(TRICKY_BLOCKS), _WORDS)
NEWLINES = st.sampled_from(["\n", "\r\n", "\r"])
BODIES = st.lists(_WORDS.map(lambda w: f"- {w}"), max_size=4).map(
    lambda lines: "".join(line + "\n" for line in lines)
)


def _doc(before: list[str], body: str, after: list[str], nl: str) -> str:
    zone = zone_block("STATE", "active_reminders", body).rstrip("\n")
    return nl.join([*before, zone, *after]).replace("\n", nl) + nl


@settings(max_examples=150, deadline=None)
@given(
    before=st.lists(BLOCKS, max_size=5),
    after=st.lists(BLOCKS, max_size=5),
    old=BODIES,
    new=BODIES,
    nl=NEWLINES,
)
def test_text_outside_the_zone_is_never_modified(
    before: list[str], after: list[str], old: str, new: str, nl: str
) -> None:
    blocks_before = [b + "\n" for b in before]  # a blank line after each block
    text = _doc(blocks_before, old, after and ["", *after], nl)
    [zone] = find_zones(text)
    out = splice(text, {"active_reminders": new})
    lines_in, lines_out = split_lines(text), split_lines(out)
    tail = len(lines_in) - zone.end
    assert lines_out[: zone.begin + 1] == lines_in[: zone.begin + 1]
    assert lines_out[len(lines_out) - tail :] == lines_in[zone.end :]
    assert zone_body(out, find_zones(out)[0]) == new
    # Idempotent and deterministic: the same body again changes nothing.
    assert splice(out, {"active_reminders": new}) == out


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(
        st.one_of(
            st.sampled_from([BEGIN, END, "```", "- item", "  " + BEGIN, "> q", ""]),
            st.text(max_size=30),
        ),
        max_size=12,
    ).map("\n".join),
    body=BODIES,
)
def test_any_document_either_splices_locally_or_is_refused(text: str, body: str) -> None:
    try:
        zones = find_zones(text)
    except ZoneError:
        return  # refused whole: nothing is written
    out = splice(text, {z.zone_id: body for z in zones})
    lines_in, lines_out = split_lines(text), split_lines(out)

    def outside(lines: list[object], found: list[object]) -> list[object]:
        hidden = {i for z in found for i in z.inner}  # type: ignore[attr-defined]
        return [line for i, line in enumerate(lines) if i not in hidden]

    assert outside(lines_out, find_zones(out)) == outside(lines_in, zones)


@pytest.mark.parametrize(
    "marker",
    [
        "<!-- STATE:BEGIN zone_id=z -->",
        "<!--\tSTATE-INPUT:BEGIN zone_id=z schema=v1 -->",
        "<!--STATE:BEGIN zone_id=z-->",
    ],
)
def test_a_huge_file_is_parsed_only_if_it_may_hold_a_marker(marker: str) -> None:
    """8 MB of notes without a marker is no zone, found without a parse of seconds; the
    first marker anywhere in it (however spaced) still makes it parsed, and refused here
    as a zone never closed."""
    notes = "- a line of the assistant's notes\n" * 240_000
    assert find_zones(notes) == []
    with pytest.raises(ZoneError, match="has no"):
        find_zones(f"{marker}\n- a\n")
