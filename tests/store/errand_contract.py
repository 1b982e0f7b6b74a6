"""What every backend keeps for an errand that follows the trip: where its due day came
from is read back from the log (the words of its commit, or of the question a Yes to it
confirmed), and a new day to leave moves it, once, with a reason /why can show."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from canon_testing import NOW, make_observation

from core.domain.principals import user_principal
from core.engine.due_before_trip import anchored_words
from core.engine.engine import Engine
from core.engine.errand_trip_off import is_trip_off_question

ME = "user:primary"
DUE = "financial.amazon_return.due_date"


def _said(field: str, value: Any, words: str = "", **extra: Any) -> dict[str, Any]:
    return make_observation(field, value, evidence_text=words or "we're off to tahoe", **extra)


SUNDAY, SATURDAY = "2026-02-22", "2026-02-21"
BEFORE_WE_GO = anchored_words("gotta return the amazon package before we go")


def _plan(**due_extra: Any) -> list[dict[str, Any]]:
    """A trip leaving Sunday and the errand due before it (the day from the trip)."""
    return [
        _said("travel.status", "planning"),
        _said("travel.depart_date", SUNDAY),
        _said("financial.amazon_return.status", "due", BEFORE_WE_GO),
        _said(DUE, SUNDAY, BEFORE_WE_GO, **due_extra),
    ]


async def _leave_saturday_instead(eng: Engine) -> datetime:
    """Two hours on, the user's own "actually we leave sat now", confirmed if asked: when."""
    me, later = user_principal(ME), NOW + timedelta(hours=2)
    moved = _said("travel.depart_date", SATURDAY, "actually we leave sat now", at=later)
    (out,) = await eng.ingest_batch([moved], now=later, principal=me)
    if not out.committed:
        assert out.review_item_id is not None
        await eng.answer(out.review_item_id, "confirm", now=later, principal=me)
    return later


class ErrandFollowsTripContract:
    """Mixed into each backend's ``StoreContract`` test class (its ``eng`` fixture)."""

    async def test_an_errand_dated_by_the_trip_follows_its_new_day_to_leave(
        self, eng: Engine
    ) -> None:
        me = user_principal(ME)
        sunday, saturday = SUNDAY, SATURDAY
        plan = [
            *_plan(),
            _said("financial.rent.status", "due", "rent by friday"),
            _said("financial.rent.due_date", "2026-02-20", "rent by friday"),
        ]
        for out in await eng.ingest_batch(plan, now=NOW, principal=me):
            if not out.committed:  # asked: the Yes keeps its words in the question's event
                assert out.review_item_id is not None
                await eng.answer(out.review_item_id, "confirm", now=NOW, principal=me)
        later = await _leave_saturday_instead(eng)
        due = await eng.store.fact(ME, DUE)
        assert due is not None
        assert due.value == saturday
        rent = await eng.store.fact(ME, "financial.rent.due_date")
        assert rent is not None
        assert rent.value == "2026-02-20"  # her own day keeps
        (why,) = [e for e in await eng.store.events_for(ME, DUE) if e.event_id == due.event_id]
        assert why.evidence_text is not None
        assert why.evidence_text.startswith("due before you leave; you now leave Saturday")
        # Said again, the same day: nothing more moves.
        again = _said("travel.depart_date", saturday, "yep saturday", at=later)
        await eng.ingest_batch([again], now=later, principal=me)
        assert [h.new_value for h in await eng.store.history(ME, DUE)] == [sunday, saturday]

    async def test_an_errand_day_confirmed_after_the_trip_moved_follows_it(
        self, eng: Engine
    ) -> None:
        """ "Is the Amazon return due Sunday?" answered Yes after the trip moved to
        Saturday: the day it confirms came from the trip, so it is the trip's new day."""
        me = user_principal(ME)
        saturday = SATURDAY
        plan = _plan(needs_confirmation="asked in this test")
        outs = await eng.ingest_batch(plan, now=NOW, principal=me)
        asked = outs[-1].review_item_id
        assert asked is not None
        later = await _leave_saturday_instead(eng)
        assert (await eng.store.fact(ME, DUE)) is None  # still asked
        await eng.answer(asked, "confirm", now=later, principal=me)
        due = await eng.store.fact(ME, DUE)
        assert due is not None
        assert due.value == saturday

    async def test_a_trip_called_off_asks_once_and_no_forgets_the_day(self, eng: Engine) -> None:
        """The trip called off in her own word: the errand dated by it is asked once
        whether it keeps the day (the rent, dated by her, is not); No forgets it, the
        errand still due, and /why's words say why."""
        me = user_principal(ME)
        plan = [
            *_plan(),
            _said("financial.rent.status", "due", "rent by friday"),
            _said("financial.rent.due_date", "2026-02-20", "rent by friday"),
        ]
        for out in await eng.ingest_batch(plan, now=NOW, principal=me):
            if not out.committed:
                assert out.review_item_id is not None
                await eng.answer(out.review_item_id, "confirm", now=NOW, principal=me)
        later = NOW + timedelta(hours=2)
        off = _said("travel.status", "cancelled", "trip's off", at=later)
        await eng.ingest_batch([off], now=later, principal=me)
        for item in await eng.store.open_review_items([ME]):
            if item.field == "travel.status":  # asked: Yes (its companions with it)
                await eng.answer(item.id, "confirm", now=later, principal=me)
        trip = await eng.store.fact(ME, "travel.status")
        assert trip is not None
        assert trip.value == "cancelled"
        asked = [i for i in await eng.store.open_review_items([ME]) if is_trip_off_question(i)]
        assert [(i.field, i.candidate_value) for i in asked] == [(DUE, SUNDAY)]
        # Said again: asked once, not twice.
        again = _said("travel.status", "cancelled", "yeah trip's off", at=later)
        await eng.ingest_batch([again], now=later, principal=me)
        still = [i for i in await eng.store.open_review_items([ME]) if is_trip_off_question(i)]
        assert [i.id for i in still] == [asked[0].id]
        await eng.answer(asked[0].id, "reject", now=later, principal=me)
        assert await eng.store.fact(ME, DUE) is None
        status = await eng.store.fact(ME, "financial.amazon_return.status")
        assert status is not None
        assert status.value == "due"
        rent = await eng.store.fact(ME, "financial.rent.due_date")
        assert rent is not None
        assert rent.value == "2026-02-20"
        (gone,) = [h for h in await eng.store.history(ME, DUE) if h.retracted]
        (why,) = [e for e in await eng.store.events_for(ME, DUE) if e.event_id == gone.event_id]
        assert why.evidence_text is not None
        assert "you said not to keep its day" in why.evidence_text
