"""The STATE-INPUT line grammar: normalisation, errors, and the diff against the last reading."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.projections.manual import LineError, diff_zone, parse_line, parse_zone

CANONICAL = "- [user:primary] travel.status = in_progress #intent=assertive"


@pytest.mark.parametrize(
    ("line", "canonical"),
    [
        (CANONICAL, CANONICAL),
        ("-   [User:Primary]   Travel.Status=in_progress   #INTENT=Assertive  ", CANONICAL),
        ("travel.status = in_progress", CANONICAL),
        ("* [user:primary] travel.status = in_progress", CANONICAL),
        (
            "- travel.destination = Lake   Tahoe #intent=planning #expires=2026-02-23",
            "- [user:primary] travel.destination = Lake Tahoe #intent=planning"
            " #expires=2026-02-24T00:00:00Z",
        ),
        (
            "- [family:home] family.emma.status = sick",
            "- [family:home] family.emma.status = sick #intent=assertive",
        ),
        (
            '- profile.name = "Room #5 \\"A\\""',
            '- [user:primary] profile.name = "Room #5 \\"A\\"" #intent=assertive',
        ),
        (
            "- financial.rent.amount = 1,250",
            "- [user:primary] financial.rent.amount = 1250 #intent=assertive",
        ),
        (
            "- travel.status = null #intent=retract",
            "- [user:primary] travel.status = null #intent=retract",
        ),
    ],
)
def test_lines_normalise_to_one_canonical_form(line: str, canonical: str) -> None:
    entry = parse_line(line)
    assert entry is not None
    assert entry.line == canonical
    assert parse_line(canonical) == entry  # the canonical form reads back the same


def test_values_and_expiry_are_typed() -> None:
    entry = parse_line("- travel.destination = Tahoe #expires=2026-02-23")
    assert entry is not None
    assert (entry.entity_id, entry.field, entry.value, entry.intent) == (
        "user:primary",
        "travel.destination",
        "Tahoe",
        "assertive",
    )
    assert entry.expires == datetime(2026, 2, 24, tzinfo=UTC)
    amount = parse_line("financial.rent.amount = 12.50")
    assert amount is not None
    assert amount.value == 12.5


@pytest.mark.parametrize("line", ["", "   ", "<!-- a comment -->"])
def test_blank_and_comment_lines_say_nothing(line: str) -> None:
    assert parse_line(line) is None


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("just some prose", "expected"),
        ("- [robot:x] travel.status = in_progress", "entity"),
        ("- weather.today = sunny", "field"),
        ("- travel.status = flying", "must be one of"),
        ("- travel.status =", "missing value"),
        ("- travel.status = planning #intent=wish", "#intent=wish"),
        ("- travel.status = planning #mood=good", "unknown tag"),
        ("- travel.status = planning #intent=planning #intent=planning", "given twice"),
        ("- travel.depart_date = 2026-02-21 #expires=soon", "#expires=soon"),
        ("- financial.rent.amount = lots", "needs a number"),
        ("- travel.status = planning #intent=retract", "a retraction has no value"),
        ('- profile.name = "unterminated', "bad quoted value"),
    ],
)
def test_bad_lines_say_why(line: str, error: str) -> None:
    with pytest.raises(LineError, match=error):
        parse_line(line)


def test_a_second_line_for_the_same_field_is_a_conflict_not_an_override() -> None:
    parsed = parse_zone("- travel.status = planning\n- travel.status = in_progress\nbad\n")
    assert [e.value for e in parsed.entries] == ["planning"]
    assert [(b.number, b.error.split(";")[0]) for b in parsed.bad] == [
        (2, "user:primary travel.status is already set on another line of this zone"),
        (3, "expected '- [entity] domain.field = value #intent=...'"),
    ]


def _accepted(body: str) -> dict[str, tuple[str, str, str]]:
    return {e.line_hash: (e.entity_id, e.field, e.intent) for e in parse_zone(body).entries}


@pytest.mark.parametrize(
    ("before", "after", "added", "removed"),
    [
        ("", "- travel.status = planning\n", ["travel.status"], []),
        ("- travel.status = planning\n", "- travel.status = planning\n", [], []),
        ("- travel.status = planning\n", "-  travel.status=planning  \n", [], []),
        ("- travel.status = planning\n", "", [], ["travel.status"]),
        ("- travel.status = planning\n", "- travel.status = in_progress\n", ["travel.status"], []),
        ("- travel.status = null #intent=retract\n", "", [], []),
    ],
)
def test_the_diff_against_the_last_reading(
    before: str, after: str, added: list[str], removed: list[str]
) -> None:
    diff = diff_zone(_accepted(before), frozenset(), parse_zone(after))
    assert [e.field for e in diff.added] == added
    assert [field for _, _, field in diff.removed] == removed


def test_bad_lines_are_reported_once() -> None:
    first = parse_zone("nonsense\n")
    diff = diff_zone({}, frozenset(), first)
    assert len(diff.new_bad) == 1
    again = diff_zone({}, frozenset(b.line_hash for b in first.bad), parse_zone("  nonsense \n"))
    assert again.new_bad == ()


@given(st.text(max_size=80))
def test_any_line_parses_or_raises_a_line_error(text: str) -> None:
    try:
        entry = parse_line(text)
    except LineError as e:
        error = str(e)
        entry = None
        assert error, "a refusal always says why"
    if entry is not None:
        assert parse_line(entry.line) == entry
