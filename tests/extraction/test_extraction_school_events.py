"""A school's shows and days are family events: "the school play got moved to thursday".

"school" alone is an event (a day with or without it), so "the school play" was read as
school, and the rest of the sentence lost. A show word takes its event only after what
makes it one ("school play", "winter concert"); a bare "play" stays a verb. None of them
is a project that ships or is cancelled.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.offline import extract_offline

SHOWS: list[FieldRow] = [
    ("the school play got moved to next thursday", "family.school_play.event_status", "moved", "assertive"),
    ("the school play got moved to next thursday", "family.school_play.schedule", "2026-03-12", "assertive"),
    ("heads up the winter concert is friday now", "family.winter_concert.schedule", "2026-03-06", "planning|assertive"),
    ("Lily's graduation was pushed to the 12th.", "family.graduation.event_status", "moved", "assertive"),
    ("bake sale moved to wednesday fyi", "family.bake_sale.schedule", "2026-03-11", "assertive"),
    ("The spring musical has been cancelled, unfortunately.", "family.spring_musical.event_status", "cancelled", "assertive"),
    ("the book fair is on monday", "family.book_fair.schedule", "2026-03-09", "planning|assertive"),
    # Not a project that was cancelled.
    ("The spring musical has been cancelled, unfortunately.", "project.spring_musical.status", None, ""),
    ("the fundraiser is off", "project.fundraiser.status", None, ""),
]  # fmt: skip


@pytest.mark.parametrize(("text", "field", "value", "intent"), SHOWS)
def test_a_schools_shows_are_family_events(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        "the kids play outside after school",
        "we watched a play on friday",
        "i might go to a concert sometime",
    ],
)
def test_a_bare_show_word_is_no_school_event(text: str) -> None:
    fields = [o.field for o in extract_offline(text, at=AT).observations]
    assert not [f for f in fields if f.endswith(("play.schedule", "concert.schedule"))], fields
