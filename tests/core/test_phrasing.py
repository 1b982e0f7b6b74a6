"""Every field of the catalogue is asked about in plain words.

A question never shows a dotted field name, an underscore, a raw ``None`` or
the confidence arithmetic, and it ends with a question mark.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from core.domain.fields import FIELD_SPECS
from core.domain.phrasing import question
from core.domain.phrasing_reasons import reason_line
from core.domain.tense import due_day_gone

ME = "user:primary"
SLUG = {"project": "feature_x", "family": "emma", "financial": "rent"}


@dataclass(frozen=True)
class Change:
    entity_id: str
    field: str
    candidate_value: Any
    current_value: Any = None


def _field(pattern: str) -> str:
    domain = pattern.split("\\.", 1)[0]
    return pattern.replace("\\.", ".").replace("[a-z0-9_]+", SLUG.get(domain, "x"))


def _samples() -> list[tuple[str, Any]]:
    cases: list[tuple[str, Any]] = []
    for spec in FIELD_SPECS:
        field = _field(spec.pattern)
        if spec.values:
            cases += [(field, v) for v in spec.values]
        elif spec.numeric:
            cases += [(field, 2100), (field, 12.5)]
        elif "date" in field or "schedule" in field:
            cases += [(field, "2025-03-01"), (field, "2025-03-01T15:00:00-08:00")]
        else:
            cases.append((field, "Seattle"))
        cases.append((field, None))  # a retraction (/forget)
    return cases


def _plain(text: str) -> None:
    assert not re.search(r"[a-z]\.[a-z]", text), text
    assert "_" not in text, text
    assert "None" not in text, text
    assert "confidence" not in text, text
    assert text.endswith("?"), text


@pytest.mark.parametrize(("field", "value"), _samples())
@pytest.mark.parametrize("entity", [ME, "user:bob", "family:household"])
def test_every_catalogue_field_and_value_is_asked_in_plain_words(
    field: str, value: Any, entity: str
) -> None:
    _plain(question([Change(entity, field, value, "old")], ME))


def test_an_unknown_configured_field_is_still_plain() -> None:
    _plain(question([Change(ME, "travel.seat_number", "12A")], ME))


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ([("family:h", "family.emma.status", "sick")], "Is Emma sick today?"),
        ([(ME, "profile.home_city", "Seattle")], "Do you live in Seattle?"),
        ([("user:bob", "profile.employer", "Acme")], "Does Bob work for Acme?"),
        ([(ME, "project.feature_x.status", "shipped")], "Has Feature X shipped?"),
        ([(ME, "travel.depart_date", "2025-03-01")], "Do you leave on Saturday, March 1?"),
        ([(ME, "profile.home_city", None)], "Should I forget your home city?"),
        (
            [(ME, "profile.timezone", "America/Los_Angeles")],
            "Is your time zone Pacific time (America/Los Angeles)?",
        ),
        ([(ME, "profile.timezone", "Asia/Tokyo")], "Is your time zone Japan time (Asia/Tokyo)?"),
        ([(ME, "profile.timezone", "Asia/Dubai")], "Is your time zone Asia/Dubai?"),
        (
            [
                (ME, "financial.rent.status", "paid"),
                (ME, "financial.rent.amount", 2100),
                (ME, "financial.rent.currency", "USD"),
            ],
            "Did you pay $2,100 rent?",
        ),
        (
            # No currency was written ("paid rent 2100 today"): the number goes after.
            [(ME, "financial.rent.status", "paid"), (ME, "financial.rent.amount", 2100)],
            "Did you pay rent (2,100)?",
        ),
        (
            [(ME, "travel.status", "completed"), (ME, "travel.location", "Portland")],
            "Back home in Portland?",
        ),
        (
            [(ME, "travel.status", "completed"), (ME, "travel.location", None)],
            "Back home?",
        ),
        (
            [("user:bob", "travel.status", "completed"), ("user:bob", "travel.location", "Reno")],
            "Is Bob back home in Reno?",
        ),
        (
            [(ME, "travel.status", "in_progress"), (ME, "travel.destination", "Tahoe")],
            "Is your trip to Tahoe under way?",
        ),
        (
            [(ME, "financial.rent.amount", 12.5), (ME, "financial.rent.currency", "CAD")],
            "Is rent 12.50 CAD now?",
        ),
        # An errand or a bill is named as people name it, with the day it is due.
        (
            [
                (ME, "financial.amazon_return.status", "due"),
                (ME, "financial.amazon_return.due_date", "2026-02-20"),
            ],
            "Is the Amazon return due Friday, February 20?",
        ),
        ([(ME, "financial.rent.status", "due")], "Is the rent due?"),
        # Goods still to go back, with no day: what is left to do, not "is it due?".
        (
            [(ME, "financial.amazon_return.status", "due")],
            "Do you still have to do the Amazon return?",
        ),
        (
            [("family:smith", "financial.ikea_return.status", "due")],
            "Does Smith still have to do the Ikea return?",
        ),
        (
            [(ME, "financial.package_return.status", "pending")],
            "Has the package return gone back (its refund still to come)?",
        ),
        (
            [(ME, "financial.rent.due_date", "2026-03-01")],
            "Is the rent due on Sunday, March 1?",
        ),
        # A return ends the trip's days still ahead in the same question.
        (
            [
                (ME, "travel.status", "completed"),
                (ME, "travel.location", "Portland", "Tahoe"),
                (ME, "travel.depart_date", None, "2026-03-01"),
                (ME, "travel.return_date", None, "2026-03-04"),
            ],
            "Back home in Portland?",
        ),
        # A trip called off takes its destination and days along.
        (
            [
                (ME, "travel.status", "cancelled", "planning"),
                (ME, "travel.destination", None, "Tahoe"),
                (ME, "travel.depart_date", None, "2026-03-01"),
            ],
            "Is your trip to Tahoe off?",
        ),
        # A move to where a trip was planned: the move, where it leaves the user, and the
        # trip off as one line (not a line per forgotten day).
        (
            [
                (ME, "profile.home_city", "Denver", "Portland"),
                (ME, "travel.location", "Denver", "Portland"),
                (ME, "travel.status", "cancelled", "planning"),
                (ME, "travel.destination", None, "Denver"),
                (ME, "travel.depart_date", None, "2026-03-01"),
                (ME, "travel.return_date", None, "2026-03-08"),
            ],
            "Is all of this right?\n• Do you live in Denver?\n• Are you in Denver?\n"
            "• Is your trip to Denver off?",
        ),
        # What forgetting would lose is named with its value, alone or in a group: "Should
        # I forget your return date?" left the user to guess which day.
        (
            [(ME, "travel.return_date", None, "2026-11-29")],
            "Should I forget your return date (Sunday, November 29)?",
        ),
        (
            [(ME, "financial.amazon_return.due_date", None, "2026-11-29")],
            "Should I forget the Amazon return due date (Sunday, November 29)?",
        ),
        # The day held, asked whether it stays (its trip called off): keep it, not "Is it due".
        (
            [(ME, "financial.amazon_return.due_date", "2026-12-05", "2026-12-05")],
            "Keep Saturday, December 5 as the Amazon return's day?",
        ),
        (
            [(ME, "financial.amazon_return.due_date", "2026-12-07", "2026-12-05")],
            "Is the Amazon return due on Monday, December 7?",
        ),
        (
            [(ME, "profile.home_city", "Reno"), (ME, "travel.return_date", None, "2026-11-29")],
            "Is all of this right?\n• Do you live in Reno?\n"
            "• Should I forget your return date (Sunday, November 29)?",
        ),
        (
            [("user:bob", "travel.location", None, "Reno")],
            "Should I forget Bob's location (Reno)?",
        ),
    ],
)
def test_questions_read_as_people_talk(changes: list[tuple[str, str, Any]], expected: str) -> None:
    assert question([Change(*c) for c in changes], ME) == expected


def test_unrelated_changes_from_one_message_are_one_question_with_parts() -> None:
    text = question(
        [Change(ME, "profile.home_city", "Seattle"), Change(ME, "profile.employer", "Acme")], ME
    )
    assert text.splitlines() == [
        "Is all of this right?",
        "• Do you live in Seattle?",
        "• Do you work for Acme?",
    ]


def test_a_planned_trip_with_its_days_is_not_also_asked_as_planned() -> None:
    text = question(
        [
            Change(ME, "travel.destination", "Lake Tahoe"),
            Change(ME, "travel.status", "planning"),
            Change(ME, "travel.depart_date", "2026-11-29"),
            Change(ME, "travel.return_date", "2026-12-05"),
        ],
        ME,
    )
    assert text.splitlines()[0] == "Is all of this right?"
    assert "• Is your trip going to Lake Tahoe?" in text.splitlines()
    assert "planning a trip" not in text
    assert len(text.splitlines()) == 4


NOW = datetime(2025, 3, 1, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("source_key", "reasons", "age", "expected"),
    [
        ("conversation_assertive:tg:1:2", (), timedelta(hours=1), "you said it an hour ago"),
        (
            "conversation_assertive:tg:1:2",
            ("conversation_assertive 0.90 × recency 1.00 × assertive 1.00 × corroboration 1.15",),
            timedelta(seconds=5),
            "you said it just now; another source agrees",
        ),
        # Who agrees, when the factor line names them: her own earlier word (the trip she
        # confirmed vouching for her arrival) is no other source; a calendar is.
        *(
            (
                "conversation_assertive:tg:1:2",
                (f"conversation_assertive 0.90 × recency 1.00 × assertive 1.00 × {factor}",),
                timedelta(seconds=5),
                f"you said it just now; {said}",
            )
            for factor, said in (
                ("corroboration 1.08 (user_confirmation)", "it matches what you told me before"),
                ("corroboration 1.08 (calendar)", "your calendar agrees"),
                ("corroboration 1.15 (calendar, user_confirmation)", "your calendar agrees"),
                ("corroboration 1.15 (calendar, transactions_email)", "other sources agree"),
                ("corroboration 1.08 (static_markdown)", "your notes agree"),
                ("corroboration 1.08 (webhook)", "another source agrees"),
            )
        ),
        (
            "conversation_assertive:tg:1:2",
            ("conversation_assertive 0.90 × recency 1.00 × assertive 1.00 × corroboration 1.00",),
            timedelta(seconds=5),
            "you said it just now",
        ),
        (
            "transactions_email:email:receipts@mail.chase.com r1@mail.chase.com",
            (),
            timedelta(0),
            "from a receipt from chase.com",
        ),
        # The Message-ID is the sender's to write: it names nobody (trust20).
        ("transactions_email:email:r1@chase.com", (), timedelta(0), "from a receipt"),
        (
            "email:email:billing@evil.example r1@chase.com",
            (),
            timedelta(0),
            'from an email by "billing@evil.example"',
        ),
        (
            "calendar:evt-1",
            ("moves travel.status backwards (completed -> planning)",),
            timedelta(0),
            "from your calendar; that would be a step back",
        ),
        (
            "conversation_assertive:tg:1:3",
            ("user_confirmation outranks conversation_assertive for travel within 48 h",),
            timedelta(0),
            "you said it just now; you told me otherwise not long ago",
        ),
        (
            "conversation_assertive:tg:1:4",
            ("calendar outranks conversation_assertive for travel within 48 h",),
            timedelta(0),
            "you said it just now; your calendar says otherwise",
        ),
        (
            "email:email:x@example.com <x@example.com>",
            ("static_markdown outranks email for project within 24 h",),
            timedelta(0),
            'from an email by "x@example.com"; it disagrees with a more reliable source',
        ),
        (
            # The new evidence outranks: nothing holds the change back.
            "calendar:evt-2",
            ("calendar outranks conversation_assertive for travel",),
            timedelta(0),
            "from your calendar",
        ),
    ],
)
def test_the_reason_is_one_short_plain_line(
    source_key: str, reasons: tuple[str, ...], age: timedelta, expected: str
) -> None:
    assert reason_line(source_key, reasons, NOW - age, NOW) == expected


@pytest.mark.parametrize(
    ("held", "expected"),
    [
        # Held as still to go back, said sent back: what changed is that it is done.
        ("due", "Mark the Amazon return done?"),
        # Nothing held, or held as sent back already: asked as what its pending means
        # ("Is it still pending?" read as "not done yet").
        (None, "Has the Amazon return gone back (its refund still to come)?"),
        ("pending", "Has the Amazon return gone back (its refund still to come)?"),
    ],
)
def test_an_errand_said_done_is_asked_as_what_changed(held: str | None, expected: str) -> None:
    sent_back = Change(ME, "financial.amazon_return.status", "pending", held)
    assert question([sent_back], ME) == expected


@pytest.mark.parametrize(
    ("place", "asked"),
    [
        ("Tahoe", "Are you planning a trip to Tahoe on Friday, December 4?"),
        (None, "Are you planning a trip on Friday, December 4?"),
    ],
)
def test_a_trip_planned_again_is_one_question_naming_its_place_and_day(
    place: str | None, asked: str
) -> None:
    again = [
        Change(ME, "travel.status", "planning", "completed"),
        Change(ME, "travel.depart_date", "2026-12-04", "2026-11-29"),
    ]
    if place is not None:
        again.insert(1, Change(ME, "travel.destination", place, place))
    assert question(again, ME) == asked
    # A first plan keeps its lines (its place and day asked one by one).
    first = [Change(ME, c.field, c.candidate_value) for c in again]
    assert question(first, ME).startswith("Is all of this right?")


_RETURN = "financial.amazon_return"
_DUE = [Change(ME, f"{_RETURN}.status", "due"), Change(ME, f"{_RETURN}.due_date", "2026-12-05")]


@pytest.mark.parametrize(
    ("changes", "today", "asked"),
    [
        (_DUE, None, "Is the Amazon return due Saturday, December 5?"),
        (_DUE, date(2026, 12, 5), "Is the Amazon return due Saturday, December 5?"),
        (_DUE, date(2026, 12, 8), "Was the Amazon return due Saturday, December 5?"),
        (_DUE[1:], date(2026, 12, 8), "Was the Amazon return due on Saturday, December 5?"),
        (_DUE[1:], date(2026, 12, 1), "Is the Amazon return due on Saturday, December 5?"),
        # No day asked, or another kind of day: nothing to put in the past.
        (_DUE[:1], date(2026, 12, 8), "Do you still have to do the Amazon return?"),
    ],
)
def test_an_errands_day_gone_by_is_asked_in_the_past(
    changes: list[Change], today: date | None, asked: str
) -> None:
    assert question(changes, ME, due_gone=due_day_gone(changes, today)) == asked
