"""Conflicts across related fields: a pure function of facts, open questions and now."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.conversation.context import build_context
from core.domain.review_items import ReviewStatus
from core.domain.state import CommittedFact, Scalar
from core.engine.consistency import Conflict, find_conflicts
from core.store import ReviewItem

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
ME = "user:primary"


def fact(field: str, value: Scalar, *, entity: str = ME, until: datetime | None = None) -> Any:
    return CommittedFact(
        entity_id=entity,
        field=field,
        value=value,
        version=1,
        source_type="conversation_assertive",
        source_ref="tg:1:1",
        confidence=0.9,
        event_id=f"ev-{field}",
        evidence_ts=NOW - timedelta(days=1),
        committed_at=NOW - timedelta(days=1),
        resolution="auto_commit",
        valid_until=until,
    )


def question(
    field: str,
    value: Scalar,
    seq: int,
    *,
    status: ReviewStatus = "pending",
    source_key: str = "conversation_assertive:tg:1:1",
) -> ReviewItem:
    return ReviewItem(
        id=f"q{seq}",
        seq=seq,
        kind="change",
        event_id=None,
        entity_id=ME,
        field=field,
        candidate_value=value,
        current_value=None,
        confidence=0.6,
        reasons=(),
        source_key=source_key,
        status=status,
        created_at=NOW,
        promoted_at=NOW,
        answered_at=None,
        answer=None,
    )


TRIP = [fact("travel.destination", "Tahoe"), fact("travel.depart_date", "2026-11-29")]

TOKYO_TRIP = [
    fact("profile.home_city", "New York"),
    fact("travel.destination", "Tokyo"),
    fact("travel.status", "completed"),
    fact("travel.location", "New York"),
    fact("travel.depart_date", "2026-11-14"),
]
"""Home in New York from a trip to Tokyo that left on the 14th."""

CASES: list[tuple[str, list[Any], list[ReviewItem], list[tuple[str, str | None, Scalar]]]] = [
    ("a planned trip is consistent", [*TRIP, fact("travel.status", "planning")], [], []),
    (
        "a return before the departure",
        [*TRIP, fact("travel.return_date", "2026-11-27")],
        [],
        [("return_before_departure", "travel.return_date", None)],
    ),
    (
        "a return on the departure day is a day trip",
        [*TRIP, fact("travel.return_date", "2026-11-29")],
        [],
        [],
    ),
    (
        "date-times compare by their day",
        [fact("travel.depart_date", "2026-11-29T08:00"), fact("travel.return_date", "2026-11-28")],
        [],
        [("return_before_departure", "travel.return_date", None)],
    ),
    (
        "under way with the departure still ahead: did it start the day it was known under way?",
        [*TRIP, fact("travel.status", "in_progress"), fact("travel.location", "Tahoe")],
        [],
        [("departure_ahead_trip_under_way", "travel.depart_date", "2026-11-22")],
    ),
    (
        "under way since a past departure is consistent",
        [fact("travel.depart_date", "2026-11-20"), fact("travel.status", "in_progress")],
        [],
        [],
    ),
    (
        "under way on the departure day is consistent",
        [fact("travel.depart_date", "2026-11-23"), fact("travel.status", "in_progress")],
        [],
        [],
    ),
    (
        "over with the departure still ahead",
        [*TRIP, fact("travel.status", "completed")],
        [],
        [("departure_ahead_trip_over", "travel.depart_date", None)],
    ),
    (
        "a return told after the planned departure: the plan's departure is the older word",
        [*TRIP, replace(fact("travel.return_date", "2026-11-27"), evidence_ts=NOW)],
        [],
        [("return_before_departure", "travel.depart_date", None)],
    ),
    (
        "a departure set after the return: the return is the older word",
        [
            fact("travel.destination", "Tahoe"),
            replace(fact("travel.depart_date", "2026-11-29"), evidence_ts=NOW),
            fact("travel.return_date", "2026-11-27"),
        ],
        [],
        [("return_before_departure", "travel.return_date", None)],
    ),
    (
        "at the destination of a trip still planned: it has begun",
        [
            fact("travel.destination", "Tahoe"),
            fact("travel.status", "planning"),
            fact("travel.location", "tahoe"),
        ],
        [],
        [("at_destination_trip_planned", "travel.status", "in_progress")],
    ),
    (
        "a planned trip home while at home is no trip begun",
        [
            fact("travel.destination", "Oakland"),
            fact("travel.status", "planning"),
            fact("travel.location", "Oakland"),
            fact("profile.home_city", "Oakland"),
        ],
        [],
        [],
    ),
    (
        "somewhere else while a trip is planned is consistent",
        [
            fact("travel.destination", "Tahoe"),
            fact("travel.status", "planning"),
            fact("travel.location", "Reno"),
        ],
        [],
        [],
    ),
    (
        "over while still at the destination (any case)",
        [
            fact("travel.destination", "Tahoe"),
            fact("travel.status", "completed"),
            fact("travel.location", "tahoe"),
        ],
        [],
        [("trip_over_still_at_destination", "travel.location", None)],
    ),
    (
        "over while still at the destination, with a home city to go back to",
        [
            fact("travel.destination", "Tahoe"),
            fact("travel.status", "completed"),
            fact("travel.location", "Tahoe"),
            fact("profile.home_city", "Oakland"),
        ],
        [],
        [("trip_over_still_at_destination", "travel.location", "Oakland")],
    ),
    (
        "over, and home is where the trip went (moved there since): home, not still away",
        [
            fact("travel.destination", "Denver"),
            fact("travel.status", "completed"),
            fact("travel.location", "Denver"),
            fact("profile.home_city", "denver"),
        ],
        [],
        [],
    ),
    (
        "home again on a clock set while away: the home city's clock is proposed",
        [*TOKYO_TRIP, fact("profile.timezone", "Asia/Tokyo")],
        [],
        [("home_again_on_the_trip_clock", "profile.timezone", "America/New_York")],
    ),
    (
        "home again on a clock kept from before the trip: the user's own choice",
        [
            *TOKYO_TRIP[:-1],
            fact("travel.depart_date", "2026-11-23"),
            fact("profile.timezone", "UTC"),
        ],
        [],
        [],
    ),
    (
        "home again on the home city's own clock",
        [*TOKYO_TRIP, fact("profile.timezone", "America/New_York")],
        [],
        [],
    ),
    (
        "still away on the trip's clock",
        [*TOKYO_TRIP[:2], fact("travel.location", "Tokyo"), fact("profile.timezone", "Asia/Tokyo")],
        [],
        [],
    ),
    (
        "over and home again is consistent",
        [
            fact("travel.destination", "Tahoe"),
            fact("travel.status", "completed"),
            fact("travel.location", "Oakland"),
        ],
        [],
        [],
    ),
    (
        "an expired fact takes no part",
        [*TRIP[1:], fact("travel.status", "in_progress", until=NOW)],
        [],
        [],
    ),
    (
        "a cancelled trip keeps its dates",
        [*TRIP, fact("travel.status", "cancelled")],
        [],
        [],
    ),
    (
        "a date that is not a date is not compared",
        [fact("travel.depart_date", "soon"), fact("travel.return_date", "2026-01-01")],
        [],
        [],
    ),
    (
        "two open questions disagree about one field: listed, not asked",
        [],
        [question("family.lily.status", "sick", 1), question("family.lily.status", "well", 2)],
        [("open_questions_disagree", None, None)],
    ),
    (
        "two open questions that agree are no conflict",
        [],
        [question("family.lily.status", "sick", 1), question("family.lily.status", "sick", 2)],
        [],
    ),
    (
        "answered questions are no conflict",
        [],
        [
            question("family.lily.status", "sick", 1, status="superseded"),
            question("family.lily.status", "well", 2),
        ],
        [],
    ),
]


@pytest.mark.parametrize(
    ("facts", "items", "expected"),
    [pytest.param(f, i, e, id=name) for name, f, i, e in CASES],
)
def test_conflicts(
    facts: list[CommittedFact],
    items: list[ReviewItem],
    expected: list[tuple[str, str | None, Scalar]],
) -> None:
    found = find_conflicts(facts, items, NOW)
    assert [(c.kind, c.suspect, c.proposed) for c in found] == expected


def test_today_is_the_users_day_in_their_time_zone() -> None:
    """At 01:00 UTC on the 29th it is still the 28th in California: the departure is ahead."""
    late = datetime(2026, 11, 29, 1, 0, tzinfo=UTC)
    under_way = replace(fact("travel.status", "in_progress"), evidence_ts=late)
    facts = [fact("travel.depart_date", "2026-11-29"), under_way]
    assert find_conflicts(facts, [], late) == ()
    in_la = [*facts, fact("profile.timezone", "America/Los_Angeles")]
    assert [c.proposed for c in find_conflicts(in_la, [], late)] == ["2026-11-28"]


@pytest.mark.parametrize(
    ("set_at", "doubted"),
    [
        # 7 pm on the 13th in New York (UTC's 14th): set the evening before the trip left.
        (datetime(2026, 11, 14, 0, 0, tzinfo=UTC), False),
        # 11 pm on the 13th in New York (UTC's 14th, 4 am): still the day before.
        (datetime(2026, 11, 14, 4, 0, tzinfo=UTC), False),
        # 8 am on the 14th in New York: the day the trip left.
        (datetime(2026, 11, 14, 13, 0, tzinfo=UTC), True),
        # 10 pm on the 15th in Tokyo (UTC's 15th, 1 pm): while away.
        (datetime(2026, 11, 15, 13, 0, tzinfo=UTC), True),
    ],
)
def test_a_clock_set_before_the_trip_left_is_told_by_the_home_calendar(
    set_at: datetime, doubted: bool
) -> None:
    """The day the trip left is a day of the home calendar: a clock set the evening
    before, in New York, is the user's own choice though UTC had already turned the day."""
    clock = replace(fact("profile.timezone", "Asia/Tokyo"), evidence_ts=set_at)
    found = [c.kind for c in find_conflicts([*TOKYO_TRIP, clock], [], NOW)]
    assert ("home_again_on_the_trip_clock" in found) is doubted, found


def test_the_sentence_says_the_contradiction_in_plain_words() -> None:
    facts = [*TRIP, fact("travel.return_date", "2026-11-27"), fact("travel.status", "in_progress")]
    sentences = [c.sentence for c in find_conflicts(facts, [], NOW)]
    assert sentences == [
        "Your return date (Friday, November 27) is before your departure date "
        "(Sunday, November 29)",
        "The trip is under way, but your departure date is still Sunday, November 29, "
        "in the future",
    ]


def test_the_key_names_kind_fields_and_values_and_nothing_else() -> None:
    one = find_conflicts([*TRIP, fact("travel.return_date", "2026-11-27")], [], NOW)
    later = find_conflicts(
        [*TRIP, fact("travel.return_date", "2026-11-27")], [], NOW + timedelta(hours=5)
    )
    moved = find_conflicts([*TRIP, fact("travel.return_date", "2026-11-26")], [], NOW)
    assert one[0].key == later[0].key
    assert one[0].key != moved[0].key
    assert one[0].key == (
        "return_before_departure|user:primary|"
        'travel.depart_date="2026-11-29",travel.return_date="2026-11-27"'
    )


def test_entities_are_checked_apart() -> None:
    facts = [
        fact("travel.depart_date", "2026-11-29"),
        fact("travel.return_date", "2026-11-27", entity="user:bob"),
    ]
    assert find_conflicts(facts, [], NOW) == ()


def test_conflict_is_a_frozen_value() -> None:
    c = find_conflicts([*TRIP, fact("travel.status", "completed")], [], NOW)[0]
    assert isinstance(c, Conflict)
    with pytest.raises(AttributeError):
        c.kind = "return_before_departure"  # type: ignore[misc]


def test_the_context_block_lists_conflicts_first_and_their_question_once() -> None:
    facts = [*TRIP, fact("travel.status", "in_progress")]
    conflicts = find_conflicts(facts, [], NOW)
    asked = question("travel.depart_date", "2026-11-23", 1, source_key=conflicts[0].source_key)
    block = build_context(facts, [asked], NOW, conflicts=conflicts)
    lines = block.text.splitlines()
    assert lines[2:4] == [
        "Conflicts:",
        "- user:primary: The trip is under way, but your departure date is still "
        "Sunday, November 29, in the future",
    ]
    assert "proposed" not in block.text, "the question is the conflict, not a second entry"
    assert "Awaiting" not in block.text
