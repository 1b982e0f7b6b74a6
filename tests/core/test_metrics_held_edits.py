"""An edit of one part of a grouped question is one answer in the metrics.

"I paid $2,100 rent" is one question of three parts (status, amount, currency). Editing
the amount to 2000 settles that part as edited and asks its new value again with the rest
(``held_edit``); the group's Yes then settles the re-asked part too. The user answered
each part once: three answers, the amount's reading wrong (edited to another value), not
four with the re-asked amount counted again as a right reading.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from canon_testing import NOW

from core.engine.answers import held_follow_ups
from core.engine.engine import Engine
from core.engine.metrics import measure
from core.engine.review import answer_review
from core.extraction.offline import extract_offline
from core.signals.intake import message_payloads


def _said(text: str) -> list[dict[str, Any]]:
    return message_payloads(
        text, at=NOW, entity_id="user:primary", message_ref="tg:7:1", extractor=extract_offline
    )


async def test_an_edited_part_and_its_re_asked_question_count_as_one_answer(
    engine: Engine,
) -> None:
    outcomes = await engine.ingest_batch(_said("I paid $2,100 rent"), now=NOW)
    asked = {o.field: o.review_item_id for o in outcomes if o.review_item_id}
    assert set(asked) == {
        "financial.rent.status",
        "financial.rent.amount",
        "financial.rent.currency",
    }

    edited = await answer_review(
        engine, asked["financial.rent.amount"], "edit", "2000", now=NOW + timedelta(minutes=1)
    )
    assert edited.held is not None, "the part is asked again with the rest"
    settled = await answer_review(
        engine, edited.held.id, "confirm", now=NOW + timedelta(minutes=2), whole_group=True
    )
    assert len(settled.group) == 3
    facts = {f.field: f.value for f in await engine.store.facts("user:primary")}
    assert facts["financial.rent.amount"] == 2000

    items = await engine.store.review_items(["confirmed", "edited"])
    assert held_follow_ups(items) == {edited.held.id}
    report = await measure(
        engine.store, since=NOW - timedelta(hours=1), now=NOW + timedelta(hours=1)
    )
    assert report.overall.counts["answers"] == 3
    assert report.counts["intent_answers"] == 3
    assert report.system["intent_extraction_precision"].value == 2 / 3
    assert report.breakdown["intent_extraction_misses"]["assertive"].value == 1


async def test_a_question_answered_the_moment_it_was_asked_is_still_counted(
    engine: Engine,
) -> None:
    """Asked and edited at the same instant (a frozen clock): the edit is no follow-up of
    itself, and an ungrouped question has none."""
    outcomes = await engine.ingest_batch(_said("I paid $2,100 rent"), now=NOW)
    amount = next(o.review_item_id for o in outcomes if o.field == "financial.rent.amount")
    assert amount is not None
    edited = await answer_review(engine, amount, "edit", "2000", now=NOW)
    assert edited.held is not None
    await answer_review(engine, edited.held.id, "edit", "1900", now=NOW)
    items = await engine.store.review_items(["pending", "edited"])
    held = held_follow_ups(items)
    assert amount not in held
    assert edited.held.id in held
    assert len(held) == 2, "the second edit's re-asked question continues the same answer"
    report = await measure(
        engine.store, since=NOW - timedelta(hours=1), now=NOW + timedelta(hours=1)
    )
    assert report.overall.counts["answers"] == 1
