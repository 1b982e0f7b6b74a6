"""Which older open questions a newer observation settles (``core.domain.snapshot.advance``).

A newer word about a condition always settled the older questions on it ("Lily is fine
now" leaves one question, not "sick?" and "well?"). The user's own newer word about their
own trip does too: "we got back home last night" after "got in last nite" left the
arrival's "Did you leave on Sunday, November 29?" open beside the return's question on the
same day, to be asked alone (found in the playground). Nobody else's word closes the
user's questions, and a field that is neither keeps its competing questions.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from core.domain.review_items import NewReviewItem
from core.domain.snapshot import FieldSnapshot, OpenItem, advance
from core.domain.write_batch import Accepted, CommitPlan

USER = "user:alice"
THEN = datetime(2026, 11, 30, 22, 12, tzinfo=UTC)
NOW = THEN + timedelta(seconds=7)


def _asked(field: str, value: str | None, source: str, principal: str | None) -> Accepted:
    """A newer observation about ``field`` that raised a question of its own."""
    review = NewReviewItem(
        id="q-new",
        kind="change",
        event_id="e-new",
        entity_id=USER,
        field=field,
        candidate_value=value,
        current_value=None,
        confidence=0.9,
        reasons=("asked",),
        source_key=f"{source}:tg:1:14",
        created_at=NOW,
        principal=principal,
    )
    return Accepted(
        payload={},
        event_id="e-new",
        entity_id=USER,
        field=field,
        domain=field.split(".")[0],
        intent="assertive",
        value_key=f'"{value}"',
        source_type=source,
        source_ref="tg:1:14",
        event_ts=NOW,
        decided_at=NOW,
        decision="ask_user",
        confidence=0.9,
        margin=0.0,
        reasons=("asked",),
        patch=(),
        review=review,
        principal=principal,
    )


@pytest.mark.parametrize(
    ("field", "source", "principal", "older_settled"),
    [
        ("travel.depart_date", "conversation_assertive", USER, True),
        ("travel.return_date", "conversation_assertive", USER, True),
        ("travel.status", "conversation_assertive", USER, True),  # a condition anyway
        ("travel.depart_date", "conversation_assertive", "user:bob", False),
        ("travel.depart_date", "agent", "token:01a2", False),
        ("travel.depart_date", "calendar", "source:work", False),
        ("financial.rent.amount", "conversation_assertive", USER, False),
    ],
    ids=[
        "the user's departure",
        "the user's return",
        "the user's trip status",
        "a household member's word",
        "an agent's word",
        "a calendar's word",
        "not a trip",
    ],
)
def test_an_older_open_question_is_settled_only_by_the_users_newer_trip_word(
    field: str, source: str, principal: str, older_settled: bool
) -> None:
    older = OpenItem("q-old", '"2026-11-29"', "2026-11-29", 0.9, THEN)
    snap = FieldSnapshot(USER, field, open_items=(older,))

    after, settled = advance(snap, _asked(field, None, source, principal), THEN)

    assert settled == (("q-old",) if older_settled else ())
    assert [i.id for i in after.open_items] == (["q-new"] if older_settled else ["q-old", "q-new"])


def test_a_question_no_observation_raised_is_never_settled_by_age() -> None:
    """A correction's or a conflict's question (no evidence time) stays open."""
    older = OpenItem("q-conflict", '"2026-11-29"', "2026-11-29", 0.9, None)
    snap = FieldSnapshot(USER, "travel.depart_date", open_items=(older,))

    _, settled = advance(
        snap, _asked("travel.depart_date", None, "conversation_assertive", USER), THEN
    )

    assert settled == ()


def _commit(field: str, value: str) -> CommitPlan:
    return CommitPlan(
        USER, field, value, False, "calendar", "cal:1", 0.95, "e-new", NOW, NOW, "auto", None, ""
    )


@pytest.mark.parametrize(
    ("older_by", "newer_by", "committed", "older_settled"),
    [
        (USER, USER, False, True),
        ("token:01a2", USER, False, True),  # the user's own word about themselves
        (USER, "token:01a2", False, False),  # an assistant's proposal is only asked
        (USER, "user:bob", False, False),
        (USER, "source:work", False, False),
        ("token:01a2", "token:01a2", False, True),  # its own older proposal
        (USER, "source:work", True, True),  # a commit settles what it replaces
    ],
    ids=[
        "the user's own newer word",
        "the user's word over an assistant's question",
        "an assistant's word over the user's question",
        "a household member's word",
        "a calendar's asked word",
        "an assistant's word over its own question",
        "a calendar's committed word",
    ],
)
def test_a_condition_question_is_settled_by_its_speaker_or_a_commit(
    older_by: str, newer_by: str, committed: bool, older_settled: bool
) -> None:
    """Where the user is now is a condition: a newer word settles older questions on it,
    but one only asked never settles another speaker's (before, an assistant's proposal
    closed the user's own "Are you in Tahoe?", and her No to it lost Tahoe)."""
    older = OpenItem("q-old", '"Tahoe"', "Tahoe", 0.77, THEN, older_by)
    snap = FieldSnapshot(USER, "travel.location", open_items=(older,))
    newer = _asked("travel.location", "Paris", "agent", newer_by)
    if committed:
        newer = replace(newer, review=None, commit=_commit("travel.location", "Paris"))

    _, settled = advance(snap, newer, THEN)

    assert settled == (("q-old",) if older_settled else ())
