"""One word about a trip, and what it means for the trip's other fields (a table).

Each row: what Canon already holds, the word a message says, and the companions the
engine decides with it (in the same question or the same commit). Today is Saturday
2026-11-28 in Portland; "ahead" is a day after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from core.domain.observation_record import ObservationRecord, observation_record
from core.domain.state import CommittedFact, Scalar
from core.domain.validation import validate
from core.engine.next_trip import finished_trips_days
from core.engine.trip_state import (
    at_home,
    companion_ids,
    companions_of,
    plans_a_trip,
    stated_fields,
)
from core.errors import PayloadInvalid

NOW = datetime(2026, 11, 28, 17, tzinfo=UTC)  # 09:00 in Portland
ME = "user:primary"

PLANNED = {
    "travel.status": "planning",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-29",
    "travel.return_date": "2026-12-02",
}
AWAY = {
    "travel.status": "in_progress",
    "travel.location": "Tahoe",
    "travel.destination": "Tahoe",
    "travel.depart_date": "2026-11-22",
    "travel.return_date": "2026-12-02",
}
HOME = {"profile.home_city": "Portland", "profile.timezone": "America/Los_Angeles"}


def _facts(state: Mapping[str, Scalar]) -> list[CommittedFact]:
    return [
        CommittedFact(ME, f, v, 1, "calendar", "cal:1", 0.9, f"e-{f}", NOW, NOW, "auto_commit")
        for f, v in state.items()
    ]


def _word(
    field: str, value: Scalar, intent: str = "assertive", evidence: str | None = None
) -> ObservationRecord:
    """A word as the engine decides on it: a valid payload's record."""
    told = {} if evidence is None else {"evidence_text": evidence}
    payload = {
        **told,
        "event_id": "00000000-0000-4000-8000-000000000001",
        "event_ts": NOW.isoformat(),
        "entity_id": ME,
        "domain": field.split(".")[0],
        "field": field,
        "candidate_value": value,
        "intent": intent,
        "source": {"type": "conversation_assertive", "ref": "tg:111:5"},
    }
    validate("state_observation", payload)
    return observation_record(payload)


@pytest.mark.parametrize(
    ("held", "said", "implied"),
    [
        # Back home before the plan's return day: the trip ends, the user is home, and it
        # ended early, today (no day of it still ahead, and not none).
        (
            AWAY | HOME,
            ("travel.status", "completed"),
            {"travel.location": "Portland", "travel.return_date": "2026-11-28"},
        ),
        # Back home, no home city known: the trip's place is forgotten with it.
        (
            AWAY,
            ("travel.status", "completed"),
            {"travel.location": None, "travel.return_date": "2026-11-28"},
        ),
        # Home before a planned trip even left (it happened after all): nothing ahead stays.
        (
            PLANNED | HOME,
            ("travel.status", "completed"),
            {
                "travel.location": "Portland",
                "travel.depart_date": None,
                "travel.return_date": None,
            },
        ),
        # Called off: its destination and days leave the plan; where the user is stays.
        (
            PLANNED | HOME | {"travel.location": "Portland"},
            ("travel.status", "cancelled"),
            {
                "travel.destination": None,
                "travel.depart_date": None,
                "travel.return_date": None,
            },
        ),
        # Arriving where the plan went starts the trip, and a departure still ahead moves
        # to the day it began: today, when the word tells no other arrival day.
        (
            PLANNED | HOME,
            ("travel.location", "Tahoe"),
            {"travel.status": "in_progress", "travel.depart_date": "2026-11-28"},
        ),
        # The day the words tell: "got in last night" began the trip yesterday.
        (
            PLANNED | HOME,
            ("travel.location", "Tahoe", "assertive", "we're in tahoe, got in last night"),
            {"travel.status": "in_progress", "travel.depart_date": "2026-11-27"},
        ),
        (
            PLANNED | HOME,
            ("travel.status", "in_progress", "assertive", "landed in tahoe yesterday"),
            {"travel.depart_date": "2026-11-27"},
        ),
        # The plan's day is today, and "got in last night" (the founding story on its own
        # day): it began yesterday, not on the plan's day.
        (
            PLANNED | HOME | {"travel.depart_date": "2026-11-28"},
            ("travel.location", "Tahoe", "assertive", "were already in tahoe, got in last nite"),
            {"travel.status": "in_progress", "travel.depart_date": "2026-11-27"},
        ),
        # A departure already behind stays: the trip began when it said.
        (
            AWAY | HOME | {"travel.status": "planning"},
            ("travel.location", "Tahoe", "assertive", "got in last night"),
            {"travel.status": "in_progress"},
        ),
        # Back on the day the words tell ("got back last night"): the trip ended yesterday,
        # not on the plan's day still ahead.
        (
            AWAY | HOME,
            ("travel.status", "completed", "assertive", "we got back home last night"),
            {"travel.location": "Portland", "travel.return_date": "2026-11-27"},
        ),
        # "drove back this morning", "flew home today": a return told by its verb is dated.
        (
            AWAY | HOME,
            (
                "travel.status",
                "completed",
                "assertive",
                "home sweet home 🏠 drove back this morning",
            ),
            {"travel.location": "Portland", "travel.return_date": "2026-11-28"},
        ),
        (
            AWAY | HOME,
            ("travel.status", "completed", "assertive", "back home! flew home yesterday"),
            {"travel.location": "Portland", "travel.return_date": "2026-11-27"},
        ),
        # ... but never before it began: a day that cannot be the end leaves it unknown.
        (
            AWAY | HOME | {"travel.depart_date": "2026-11-28"},
            ("travel.status", "completed", "assertive", "we got back home last night"),
            {"travel.location": "Portland", "travel.return_date": None},
        ),
        # Being in the home city while away ends the trip early: back today, not the 2nd.
        (
            AWAY | HOME,
            ("travel.location", "Portland"),
            {"travel.status": "completed", "travel.return_date": "2026-11-28"},
        ),
        # Moved house while at home: the user is at the new home ("we moved to denver").
        (
            HOME | {"travel.location": "Portland", "travel.status": "completed"},
            ("profile.home_city", "Denver"),
            {"travel.location": "Denver"},
        ),
        # A move to where a trip is planned: the trip is off, its place and days with it.
        (
            PLANNED | HOME | {"travel.location": "Portland"},
            ("profile.home_city", "Tahoe"),
            {
                "travel.location": "Tahoe",
                "travel.status": "cancelled",
                "travel.destination": None,
                "travel.depart_date": None,
                "travel.return_date": None,
            },
        ),
        # ... but not while away on a trip, nor from somewhere else, nor to the same home.
        (AWAY | HOME, ("profile.home_city", "Denver"), {}),
        (HOME | {"travel.location": "Reno"}, ("profile.home_city", "Denver"), {}),
        (HOME | {"travel.location": "Portland"}, ("profile.home_city", "portland"), {}),
        ({"travel.location": "Portland"}, ("profile.home_city", "Denver"), {}),
        (HOME | {"travel.location": "Portland"}, ("profile.home_city", "Denver", "planning"), {}),
        # Back with no home known forgets the trip's place (above); said again once back,
        # where the user is since ("Back home in Oakland?" confirmed) stays.
        (
            {"travel.status": "completed", "travel.location": "Oakland"},
            ("travel.status", "completed", "assertive", "hey im back"),
            {},
        ),
        # Somewhere else, or a plan, or what might have been: nothing else moves.
        (AWAY | HOME, ("travel.location", "Reno"), {}),
        (HOME, ("travel.status", "planning"), {}),
        (AWAY | HOME, ("travel.status", "completed", "historical"), {}),
    ],
)
def test_a_trip_word_moves_the_trip_together(
    held: dict[str, Scalar], said: tuple[Any, ...], implied: dict[str, Scalar]
) -> None:
    word = _word(*said)
    companions = companions_of(word, _facts(held), NOW)
    assert {c.field: c.candidate_value for c in companions} == implied
    for c in companions:
        assert c.source == word.source, "a companion is asked or decided with its word"
        assert c.intent == ("retract" if c.candidate_value is None else "assertive")


def test_what_the_message_says_itself_is_not_implied() -> None:
    """'we're back home in Seattle' states the place: the home city is not implied."""
    word = _word("travel.status", "completed")
    said = [word, _word("travel.location", "Seattle")]
    companions = companions_of(word, _facts(AWAY | HOME), NOW, stated_fields(said))
    assert {c.field for c in companions} == {"travel.return_date"}


def _said(*pairs: tuple[str, Scalar]) -> list[dict[str, Any]]:
    return [
        {"entity_id": ME, "field": f, "candidate_value": v, "intent": "assertive"} for f, v in pairs
    ]


IN_PORTLAND = _said(("travel.location", "portland"), ("travel.status", "in_progress"))


@pytest.mark.parametrize(
    ("held", "message", "status"),
    [
        # Home, with a trip under way: the trip is over.
        ({**AWAY, **HOME}, IN_PORTLAND, "completed"),
        # Home, with no trip under way: no trip at all.
        ({**PLANNED, **HOME}, IN_PORTLAND, None),
        (HOME, IN_PORTLAND, None),
        # Somewhere else, or home unknown: the extractor's reading stands.
        (
            {**AWAY, **HOME},
            _said(("travel.location", "Reno"), ("travel.status", "in_progress")),
            "in_progress",
        ),
        (AWAY, IN_PORTLAND, "in_progress"),
    ],
)
def test_in_the_home_city_is_home(
    held: Mapping[str, Scalar], message: list[dict[str, Any]], status: str | None
) -> None:
    out = at_home(message, ME, held)
    assert [p["candidate_value"] for p in out if p["field"] == "travel.status"] == (
        [] if status is None else [status]
    )
    # The trip over and home are one step: home is the end's companion, decided with it.
    home_apart = [] if status == "completed" else message[:1]
    assert [p for p in out if p["field"] == "travel.location"] == home_apart


@pytest.mark.parametrize("held", [{**AWAY, **HOME}, {**PLANNED, **HOME}])
def test_back_in_the_home_city_goes_with_the_trips_end(held: Mapping[str, Scalar]) -> None:
    """Found by the life property (test_life_coherence): "back in portland this morning"
    in Tahoe took the trip's end on its own and asked "Are you in Portland?" apart, so the
    trip was over while Canon still had her in Tahoe. Home is now the end's companion
    ("Back home in Portland?": one commit or one question)."""
    said = _said(("travel.location", "portland"), ("travel.status", "completed"))
    out = at_home(said, ME, held)
    assert [(p["field"], p["candidate_value"]) for p in out] == [("travel.status", "completed")]
    word = _word("travel.status", "completed")
    companions = companions_of(word, _facts(held), NOW, stated_fields([word]))
    assert ("travel.location", "Portland") in {(c.field, c.candidate_value) for c in companions}


@pytest.mark.parametrize(
    ("home", "said", "spelt"),
    [
        # Home by its nickname is home as the user confirmed it.
        ("New York", "NYC", "New York"),
        ("New York", "new york city", "New York"),
        ("Los Angeles", "LA", "Los Angeles"),
        ("San Francisco", "sf", "San Francisco"),
        # Another place, or the same spelling, is left as written.
        ("New York", "Newark", "Newark"),
        ("Portland", "portland", "portland"),
    ],
)
def test_home_by_another_name_is_home(home: str, said: str, spelt: str) -> None:
    # (With the trip's end in the message too, home would go with it as its companion.)
    message = _said(("travel.location", said), ("profile.home_city", said))
    out = at_home(message, ME, {"profile.home_city": home})
    assert [p["candidate_value"] for p in out if p["field"] != "travel.status"] == [spelt] * 2


OVER = {"travel.status": "completed", "travel.destination": "Tahoe"} | {
    f: PLANNED[f] for f in ("travel.depart_date", "travel.return_date")
}
VALUES: dict[str, list[Scalar]] = {
    "travel.status": ["planning", "in_progress", "completed", "cancelled", None],
    "travel.location": ["Tahoe", "Portland", "Reno", None],
    "travel.destination": ["Tahoe", "Denver", None],
    "travel.depart_date": ["2026-11-29", "2026-11-20", None],
    "travel.return_date": ["2026-12-02", "2026-11-27", None],
    "profile.home_city": ["Portland", "Denver", "Tahoe", None],
}


@given(
    field=st.sampled_from(sorted(VALUES)),
    data=st.data(),
    intent=st.sampled_from(["assertive", "planning", "hypothetical", "historical", "retract"]),
    held=st.sampled_from([{}, PLANNED, AWAY, OVER, HOME, PLANNED | HOME, AWAY | HOME, OVER | HOME]),
    evidence=st.sampled_from([None, "got back last night", "landed friday", "we're here"]),
)
def test_every_companion_a_word_may_imply_has_an_id_read_before_it_is_decided(
    field: str,
    data: st.DataObject,
    intent: str,
    held: dict[str, Scalar],
    evidence: str | None,
) -> None:
    """The engine reads ``companion_ids`` with the batch's seen ids, before it decides: a
    companion (``companions_of``, or a new plan's ``finished_trips_days``) whose id was not
    read could be logged twice. So every companion's id is among them, whatever the word
    and the trip held; and a word that implies nothing reads none."""
    value = data.draw(st.sampled_from(VALUES[field]))
    try:
        word = _word(field, value, intent, evidence)
    except PayloadInvalid:
        assume(False)
    facts = _facts(held)
    # The engine forgets a finished trip's days only for a plan (``plans_a_new_trip``).
    left = finished_trips_days(word, facts, set()) if plans_a_trip(word) else []
    made = [*companions_of(word, facts, NOW), *left]
    read = companion_ids(word)
    assert {c.event_id for c in made} <= set(read)
    if intent not in ("assertive", "retract") and not (
        field == "travel.status" and value == "planning"
    ):
        assert read == []
