"""A trip planned after the last one is over is a new trip (``core.engine.next_trip``): a
table of what is held, what one message says, and whether its "the trip is planned" starts
the trip's lifecycle again instead of moving the finished trip back (which is asked)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

import pytest
from canon_testing import make_observation

from core.domain.observation_record import ObservationRecord, observation_record
from core.domain.policy import default_policy
from core.domain.resolver import resolve
from core.domain.state import CommittedFact, FieldEvidence, Scalar
from core.engine.next_trip import finished_trips_days, names_the_new_trip, plans_a_new_trip

NOW = datetime(2026, 12, 2, 6, tzinfo=UTC)  # Tuesday 1 December, 22:00 in Portland
ME = "user:primary"
OVER = {
    "travel.status": "completed",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-28",
    "travel.return_date": "2026-11-29",
}


def _facts(state: Mapping[str, Scalar]) -> list[CommittedFact]:
    return [
        CommittedFact(
            ME, f, v, 1, "conversation_assertive", "tg:1:1", 0.9, f"e-{f}", NOW, NOW, "auto_commit"
        )
        for f, v in state.items()
    ]


def _word(
    field: str, value: Scalar, *, ref: str = "tg:111:9", entity: str = ME
) -> ObservationRecord:
    """A plan's word as the engine decides on it: a valid payload's record."""
    return observation_record(
        make_observation(field, value, intent="planning", ref=ref, at=NOW, entity=entity)
    )


def _message(said: Mapping[str, Scalar], ref: str = "tg:111:9") -> list[ObservationRecord]:
    return [_word(f, v, ref=ref) for f, v in said.items()]


PLAN = {"travel.status": "planning"}


@pytest.mark.parametrize(
    ("held", "said", "anew"),
    [
        # Another place after the last trip is over: "we're going to denver next friday".
        (OVER, PLAN | {"travel.destination": "Denver", "travel.depart_date": "2026-12-11"}, True),
        (OVER, PLAN | {"travel.destination": "denver"}, True),
        # The same place again, leaving after the last trip ended: "back to tahoe on the 5th".
        (OVER, PLAN | {"travel.destination": "Tahoe", "travel.depart_date": "2026-12-05"}, True),
        # The finished trip's own plan again (a stale plan): a step back, asked.
        (OVER, PLAN | {"travel.destination": "Tahoe", "travel.depart_date": "2026-11-28"}, False),
        (OVER, PLAN | {"travel.destination": "tahoe"}, False),
        # Neither a place nor a day: nothing says it is another trip.
        (OVER, PLAN, False),
        # A trip still under way or planned is not over: no new lifecycle.
        (OVER | {"travel.status": "in_progress"}, PLAN | {"travel.destination": "Denver"}, False),
        # Called off (its place and days forgotten), then on again: "tahoe friday after all".
        (
            {"travel.status": "cancelled"},
            PLAN | {"travel.destination": "Tahoe", "travel.depart_date": "2026-12-04"},
            True,
        ),
        ({"travel.status": "cancelled"}, PLAN, False),
        (OVER | {"travel.status": "planning"}, PLAN | {"travel.destination": "Denver"}, False),
        # No trip on file at all: nothing to start again (and nothing to step back from).
        ({}, PLAN | {"travel.destination": "Denver"}, False),
    ],
)
def test_a_plan_after_a_finished_trip_is_a_new_trip_only_when_its_message_says_which(
    held: Mapping[str, Scalar], said: Mapping[str, Scalar], anew: bool
) -> None:
    batch = _message(said)
    status = next(o for o in batch if o.field == "travel.status")
    assert plans_a_new_trip(status, _facts(held), batch) is anew


def test_another_messages_destination_does_not_make_this_plan_a_new_trip() -> None:
    """Only the plan's own message (its evidence) says which trip it is."""
    status = _word("travel.status", "planning", ref="tg:111:9")
    elsewhere = _word("travel.destination", "Denver", ref="tg:111:8")
    assert not plans_a_new_trip(status, _facts(OVER), [status, elsewhere])


def test_only_the_status_word_begins_anew() -> None:
    batch = _message(PLAN | {"travel.destination": "Denver"})
    destination = next(o for o in batch if o.field == "travel.destination")
    assert not plans_a_new_trip(destination, _facts(OVER), batch)


@pytest.mark.parametrize(("anew", "step_back"), [(False, True), (True, False)])
def test_the_resolver_holds_a_step_back_unless_the_plan_begins_anew(
    anew: bool, step_back: bool
) -> None:
    (status,) = _message(PLAN)
    (completed,) = _facts({"travel.status": "completed"})
    decision = resolve(completed, status, default_policy(), NOW, FieldEvidence(begins_anew=anew))
    assert any("backwards" in r for r in decision.reasons) is step_back


@pytest.mark.parametrize("anew", [False, True])
def test_the_users_confirmed_return_is_no_rival_to_the_next_trip(anew: bool) -> None:
    """ "back home" confirmed yesterday, then "leavin for tahoe wed": the finished trip's
    word neither outranks the new plan ("you told me otherwise not long ago") nor competes
    with it on the margin; a plan that is no new trip still meets both."""
    (status,) = _message(PLAN)
    confirmed = CommittedFact(
        ME,
        "travel.status",
        "completed",
        1,
        "user_confirmation",
        "q",
        1.0,
        "e",
        NOW,
        NOW,
        "user_confirm",
    )
    later = NOW.replace(hour=18)
    decision = resolve(confirmed, status, default_policy(), later, FieldEvidence(begins_anew=anew))
    held_back = any("outranks" in r for r in decision.reasons)
    assert held_back is not anew, decision.reasons
    assert (decision.margin == decision.confidence) is anew, decision


@pytest.mark.parametrize(
    ("said", "forgotten"),
    [
        # "we're going to denver next friday": the old return day goes, the new departure
        # is the message's own.
        (
            PLAN | {"travel.destination": "Denver", "travel.depart_date": "2026-12-11"},
            ["travel.return_date"],
        ),
        (PLAN | {"travel.destination": "Denver"}, ["travel.depart_date", "travel.return_date"]),
        # Both days said anew: nothing of the old trip's is left to forget.
        (
            PLAN | {"travel.depart_date": "2026-12-11", "travel.return_date": "2026-12-13"},
            [],
        ),
    ],
)
def test_a_new_trip_forgets_the_finished_trips_days_its_message_does_not_give(
    said: Mapping[str, Scalar], forgotten: list[str]
) -> None:
    batch = _message(said)
    status = next(o for o in batch if o.field == "travel.status")
    stated = {(o.entity_id, o.source.key, o.field) for o in batch}
    words = finished_trips_days(status, _facts(OVER), stated)
    assert [w.field for w in words] == forgotten
    assert all(w.intent == "retract" and w.candidate_value is None for w in words)
    assert all(w.source.key == status.source.key for w in words)


def test_the_new_trips_place_is_its_own_even_where_the_last_one_went() -> None:
    """ "back to tahoe friday" after the Tahoe trip: Tahoe is the new trip's destination,
    decided with it (never a corroboration of the finished trip's, which left the question
    naming no place); a message that plans no new trip leaves its place a repeat."""
    again = _message(PLAN | {"travel.destination": "Tahoe", "travel.depart_date": "2026-12-04"})
    place = next(o for o in again if o.field == "travel.destination")
    assert names_the_new_trip(place, _facts(OVER), again)
    alone = _message({"travel.destination": "Tahoe"})
    assert not names_the_new_trip(alone[0], _facts(OVER), alone)
    ahead = {**OVER, "travel.status": "planning"}
    assert not names_the_new_trip(place, _facts(ahead), again)
    evidence = FieldEvidence(begins_anew=True)
    decided = resolve(_facts(OVER)[1], place, default_policy(), NOW, evidence)
    assert decided.effect == "change", decided
    assert resolve(_facts(OVER)[1], place, default_policy(), NOW).effect == "corroborate"
