"""The trip called off by a write that commits at once (no question in between): her own
client's word, her owner's ``canon ingest``, a source trusted to confirm. What the trip
dated is asked once whether it keeps its day, as after a Yes to "Is your trip off?",
whoever's write it was: a question to her, never a change (``core.engine.errand_trip_off``).
A write that is only asked, a trip still on, or an errand dated by her asks nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.principals import (
    SYSTEM,
    Principal,
    signal_principal,
    token_principal,
    user_principal,
)
from core.engine.due_before_trip import anchored_words
from core.engine.engine import Engine
from core.engine.errand_trip_off import is_trip_off_question

ME = "user:primary"
DUE = "financial.amazon_return.due_date"
SUNDAY = "2026-02-22"
BEFORE_WE_GO = anchored_words("gotta return the amazon package before we go")
LATER = NOW + timedelta(hours=2)


def _said(field: str, value: Any, words: str, **extra: Any) -> dict[str, Any]:
    return make_observation(field, value, evidence_text=words, **extra)


async def _planned(eng: Engine, due_words: str = BEFORE_WE_GO) -> None:
    """A trip leaving Sunday, and the Amazon return due by a day (the trip's, by default)."""
    me = user_principal(ME)
    plan = [
        _said("travel.status", "planning", "we're off to tahoe sunday"),
        _said("travel.depart_date", SUNDAY, "we're off to tahoe sunday"),
        _said("financial.amazon_return.status", "due", due_words),
        _said(DUE, SUNDAY, due_words),
    ]
    for out in await eng.ingest_batch(plan, now=NOW, principal=me):
        if not out.committed:
            assert out.review_item_id is not None
            await eng.answer(out.review_item_id, "confirm", now=NOW, principal=me)


async def _keep_asked(eng: Engine) -> list[tuple[str | None, Any]]:
    return [
        (i.field, i.candidate_value)
        for i in await eng.store.open_review_items([ME])
        if is_trip_off_question(i)
    ]


WRITERS = [
    ("her own client", user_principal(ME)),
    ("her own client's token", token_principal("t1", "user", ME)),
    ("the owner's canon ingest", SYSTEM),
    ("a source trusted to confirm", signal_principal("family-calendar")),
]


@pytest.mark.parametrize(("who", "principal"), WRITERS, ids=[w for w, _ in WRITERS])
async def test_a_trip_called_off_at_once_asks_once_whether_the_errand_keeps_its_day(
    engine: Engine, who: str, principal: Principal
) -> None:
    await _planned(engine)
    off = _said("travel.status", "cancelled", "trip's off", source="user_confirmation", at=LATER)
    (out, *_) = await engine.ingest_batch([off], now=LATER, principal=principal)
    assert out.committed, (who, out.reasons)
    assert await _keep_asked(engine) == [(DUE, SUNDAY)]
    held = await engine.store.fact(ME, DUE)
    assert held is not None
    assert held.value == SUNDAY  # asked, not changed
    # Said again the same way: asked once.
    again = _said(
        "travel.status", "cancelled", "yes it's off", source="user_confirmation", at=LATER
    )
    await engine.ingest_batch([again], now=LATER, principal=principal)
    assert await _keep_asked(engine) == [(DUE, SUNDAY)]


@pytest.mark.parametrize("answer", ["confirm", "reject"])
async def test_her_answer_after_a_cancel_ingested_keeps_or_forgets_the_day(
    engine: Engine, answer: str
) -> None:
    await _planned(engine)
    off = _said("travel.status", "cancelled", "trip's off", source="user_confirmation", at=LATER)
    await engine.ingest_batch([off], now=LATER, principal=SYSTEM)
    (asked,) = [i for i in await engine.store.open_review_items([ME]) if is_trip_off_question(i)]
    await engine.answer(asked.id, answer, now=LATER, principal=user_principal(ME))
    held = await engine.store.fact(ME, DUE)
    assert (None if held is None else held.value) == (SUNDAY if answer == "confirm" else None)
    status = await engine.store.fact(ME, "financial.amazon_return.status")
    assert status is not None
    assert status.value == "due"  # still to do either way


NOT_ASKED = [
    # Only asked ("trip's off" in words that need her Yes): nothing is off yet.
    ("asked first", BEFORE_WE_GO, "cancelled", "conversation_assertive"),
    # The trip under way, not off.
    ("under way", BEFORE_WE_GO, "in_progress", "user_confirmation"),
    # Dated by herself: the trip going changes nothing of it.
    ("her own day", "return the amazon package by sunday", "cancelled", "user_confirmation"),
]


@pytest.mark.parametrize(
    ("case", "due_words", "status", "source"), NOT_ASKED, ids=[c[0] for c in NOT_ASKED]
)
async def test_nothing_is_asked_unless_a_trip_that_dated_it_is_off(
    engine: Engine, case: str, due_words: str, status: str, source: str
) -> None:
    await _planned(engine, due_words)
    said = _said("travel.status", status, "trip's off", source=source, at=LATER)
    await engine.ingest_batch([said], now=LATER, principal=SYSTEM)
    assert await _keep_asked(engine) == [], case
    held = await engine.store.fact(ME, DUE)
    assert held is not None
    assert held.value == SUNDAY
