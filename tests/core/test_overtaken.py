"""The one rule every door answers by (``core.domain.overtaken``): an older question's Yes
never overturns a person's newer word that the answerer was not shown.

Bob's "I think Noah is sick" was asked at 14:00; Alice's "Noah is well" was committed at
14:02. Bob's Yes as first shown would make Noah sick again over her newer word: refused
(the engine raises ``Overtaken``, nothing changes). Named as read ("seen_since" 14:02),
his Yes is his word. Tables for the cases, properties for what holds of every case."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.overtaken import overtaking_word
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact

ASKED = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)
FIELD = "family.noah.status"


def _question(candidate: str = "sick", current: str | None = None) -> ReviewItem:
    return ReviewItem(
        id="q1",
        seq=1,
        kind="change",
        event_id="e1",
        entity_id="family:smith",
        field=FIELD,
        candidate_value=candidate,
        current_value=current,
        confidence=0.6,
        reasons=(),
        source_key="telegram",
        status="pending",
        created_at=ASKED,
        promoted_at=ASKED,
        answered_at=None,
        answer=None,
        principal="user:bob",
    )


def _word(
    value: str,
    minutes: float,
    by: str | None = "user:alice",
    source: str = "conversation_assertive",
) -> CommittedFact:
    at = ASKED + timedelta(minutes=minutes)
    return CommittedFact(
        entity_id="family:smith",
        field=FIELD,
        value=value,
        version=2,
        source_type=source,
        source_ref="m2",
        confidence=0.9,
        event_id="e2",
        evidence_ts=at,
        committed_at=at,
        resolution="auto_commit",
        principal=by,
    )


SEEN_AT_IT = ASKED + timedelta(minutes=2)

CASES = [
    # (what is held now, the answer, what the answerer was shown, overtaken?)
    pytest.param(_word("well", 2), "confirm", None, True, id="her newer word, unseen"),
    pytest.param(_word("well", 2), "confirm", SEEN_AT_IT, False, id="her newer word, shown"),
    pytest.param(_word("well", 2), "confirm", ASKED, True, id="an older word shown, not hers"),
    pytest.param(_word("well", 2, "token:t1"), "confirm", None, True, id="her client's word"),
    pytest.param(_word("well", 2), "reject", None, False, id="a No overturns nothing"),
    pytest.param(_word("well", 2), "edit", None, False, id="an Edit is a new word"),
    pytest.param(_word("sick", 2), "confirm", None, False, id="the Yes's value already held"),
    pytest.param(_word("well", -5), "confirm", None, False, id="held before it was asked"),
    pytest.param(_word("well", 2, None), "confirm", None, False, id="a source's, not a person's"),
    pytest.param(
        _word("well", 2, "token:t1", "calendar"), "confirm", None, False, id="a calendar's token"
    ),
    pytest.param(
        _word("well", 2, "user:alice", "user_confirmation"), "confirm", None, True, id="her Yes"
    ),
    pytest.param(None, "confirm", None, False, id="nothing held"),
    pytest.param(_word("well", 0), "confirm", None, True, id="the same instant, another word"),
]


@pytest.mark.parametrize(("held", "action", "seen", "overtaken"), CASES)
def test_when_a_yes_is_overtaken(
    held: CommittedFact | None, action: str, seen: datetime | None, overtaken: bool
) -> None:
    assert (overtaking_word(_question(), held, action, seen) is not None) is overtaken


def test_the_same_instant_over_the_value_it_was_asked_over_is_known() -> None:
    """One message, or a clock that stood still: the question named it as the field's."""
    assert overtaking_word(_question(current="well"), _word("well", 0), "confirm") is None


minutes = st.floats(min_value=-600, max_value=600, allow_nan=False)
values = st.sampled_from(["sick", "well", "away"])
principals = st.sampled_from(["user:alice", "user:bob", "token:t1", None])
actions = st.sampled_from(["confirm", "reject", "edit"])


@given(values, minutes, principals, actions, st.none() | minutes)
def test_what_is_overtaken_is_the_held_word_and_only_a_yes_over_it(
    value: str, after: float, by: str | None, action: str, seen_after: float | None
) -> None:
    held = _word(value, after, by)
    seen = None if seen_after is None else ASKED + timedelta(minutes=seen_after)
    found = overtaking_word(_question(), held, action, seen)
    if found is not None:
        assert found is held
        assert (action, by is not None) == ("confirm", True)
        assert value != "sick"
        assert held.committed_at >= ASKED  # newer than the question
        assert seen is None or seen < held.committed_at  # and not shown


@given(values, minutes, principals)
def test_a_person_s_newer_other_word_unseen_always_overtakes(
    value: str, after: float, by: str | None
) -> None:
    """No regression: a Yes never replaces a person's word newer than the question with
    the question's older value unless the answerer was shown it."""
    held = _word(value, abs(after) + 0.01, by)
    regresses = value != "sick" and by is not None
    assert (overtaking_word(_question(), held, "confirm") is not None) is regresses
    shown = overtaking_word(_question(), held, "confirm", held.committed_at)
    assert shown is None


@given(values, minutes, principals, minutes, minutes)
def test_a_later_seen_never_overtakes_what_an_earlier_one_let_through(
    value: str, after: float, by: str | None, first: float, more: float
) -> None:
    held = _word(value, after, by)
    earlier = ASKED + timedelta(minutes=first)
    later = earlier + timedelta(minutes=abs(more))
    if overtaking_word(_question(), held, "confirm", earlier) is None:
        assert overtaking_word(_question(), held, "confirm", later) is None


def _asked_of_alice(shown_after: float) -> ReviewItem:
    """Bob's word about Alice asked of her (her own entity), queued behind her own question
    and put to her ``shown_after`` minutes after it was raised."""
    return replace(
        _question(candidate="cancelled"),
        entity_id="user:alice",
        field="travel.status",
        promoted_at=ASKED + timedelta(minutes=shown_after),
    )


def _hers(value: str, minutes: float, by: str = "user:alice") -> CommittedFact:
    word = _word(value, minutes, by, "user_confirmation")
    return replace(word, entity_id="user:alice", field="travel.status")


@pytest.mark.parametrize(
    ("shown_after", "held", "overtaken"),
    [
        # Her Yes to her own plan at +2 put his question to her at +2: read knowing it.
        (2, _hers("planning", 2), False),
        # Shown at +1, her own word at +2: said after she read it, unseen in it.
        (1, _hers("planning", 2), True),
        # Someone else's word before it was shown is no word of hers: still overtakes.
        (2, _hers("planning", 1, "user:bob"), True),
    ],
)
def test_her_own_word_before_the_question_was_put_to_her_does_not_overtake_it(
    shown_after: float, held: CommittedFact, overtaken: bool
) -> None:
    found = overtaking_word(_asked_of_alice(shown_after), held, "confirm")
    assert (found is not None) is overtaken
