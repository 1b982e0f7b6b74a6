"""A trip plan asked and left unanswered past its words' end (the sweep's
``review_timeline``): her own plan whose day to leave is gone by, with no trip held, is
asked instead whether she went, once; anyone else's words about her trip, a plan still
ahead, or one beside a trip held are withdrawn or kept as they were
(``core.engine.went_on_the_trip``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import make_observation

from core.domain.principals import Principal, token_principal, user_principal
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.engine.went_on_the_trip import is_went_question

ME = "user:primary"
TUESDAY = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
MONDAY = datetime(2026, 12, 7, 18, 0, tzinfo=UTC)
ENDS = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)
"""The plan's words' end: Sunday is over in Portland."""


def _plan(depart: str, ref: str = "tg:111:3") -> list[dict[str, Any]]:
    """ "going to tahoe thursday", one message, asked (not committed) as one question."""
    said: dict[str, Any] = {
        "at": TUESDAY,
        "ref": ref,
        "evidence_text": "going to tahoe thursday",
        "needs_confirmation": "asked in this test",
        "valid_until": format_ts(ENDS),
    }
    return [
        make_observation("travel.status", "planning", **said),
        make_observation("travel.destination", "Tahoe", **said),
        make_observation("travel.depart_date", depart, **said),
    ]


async def _swept(engine: Engine, principal: Principal, depart: str = "2026-12-03") -> list[Any]:
    outs = await engine.ingest_batch(_plan(depart), now=TUESDAY, principal=principal)
    assert not any(o.committed for o in outs)
    await engine.review_timeline(ME, MONDAY)
    return await engine.store.open_review_items([ME])


async def test_her_own_plan_gone_by_is_asked_whether_she_went_once(engine: Engine) -> None:
    asked = await _swept(engine, user_principal(ME))
    assert {(i.field, i.candidate_value) for i in asked} == {
        ("travel.status", "in_progress"),
        ("travel.destination", "Tahoe"),
        ("travel.depart_date", "2026-12-03"),
    }
    assert all(is_went_question(i) for i in asked)
    assert len({i.group_key for i in asked}) == 1  # one question, answered whole
    await engine.review_timeline(ME, MONDAY + timedelta(hours=1))
    again = await engine.store.open_review_items([ME])
    assert [i.id for i in again] == [i.id for i in asked]


@pytest.mark.parametrize(
    ("who", "principal"),
    [
        ("another member's words about her", user_principal("user:bob")),
        ("her assistant's", token_principal("t1", "delegate", ME)),
    ],
)
async def test_anyone_elses_plan_for_her_is_withdrawn_not_asked_as_hers(
    engine: Engine, who: str, principal: Principal
) -> None:
    assert await _swept(engine, principal) == [], who
    assert await engine.store.fact(ME, "travel.status") is None


async def test_a_plan_whose_day_is_still_ahead_is_not_asked_whether_she_went(
    engine: Engine,
) -> None:
    """Its words' end passed (as given) while its day to leave is today: not gone by."""
    asked = await _swept(engine, user_principal(ME), depart="2026-12-07")
    assert not [i for i in asked if is_went_question(i)]
