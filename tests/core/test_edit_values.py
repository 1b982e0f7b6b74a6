"""One check of an Edit's value for every surface (``core.engine.edit_values``), through
``answer_review``: a place is known or insisted on, and nothing changes until it is."""

from __future__ import annotations

from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.ids import new_id
from core.domain.state import CommittedFact
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, InvalidAnswer, UnknownPlace


async def _asked(engine: Engine, field: str = "travel.location", value: Any = "Tahoe") -> str:
    out = await engine.ingest(make_observation(field, value, source="calendar"), now=NOW)
    assert out.review_item_id is not None
    return out.review_item_id


async def _seed(engine: Engine, entity: str, field: str, value: str) -> None:
    fact = CommittedFact(
        entity, field, value, 1, "user_confirmation", "seed", 1.0, new_id(), NOW, NOW,
        "user_confirm",
    )  # fmt: skip
    await engine.store.import_facts([fact])


async def test_an_unknown_place_is_refused_and_nothing_changes(engine: Engine) -> None:
    question = await _asked(engine)
    with pytest.raises(UnknownPlace) as refused:
        await answer_review(engine, question, "edit", "  purple ", now=NOW)
    assert refused.value.place == "purple"
    assert str(refused.value) == 'I don\'t know a place called "purple"'
    assert isinstance(refused.value, InvalidAnswer)
    assert await engine.store.fact("user:primary", "travel.location") is None
    item = await engine.store.review_item(question)
    assert item is not None
    assert item.status == "pending"

    used = await answer_review(engine, question, "edit", "purple", now=NOW, new_place=True)
    assert used.committed_value == "purple"


async def test_an_answered_question_is_already_answered_whatever_the_value(
    engine: Engine,
) -> None:
    question = await _asked(engine)
    await answer_review(engine, question, "reject", now=NOW)
    with pytest.raises(AlreadyAnswered):
        await answer_review(engine, question, "edit", "purple", now=NOW)


async def test_an_item_read_before_it_was_answered_is_already_answered(engine: Engine) -> None:
    """The HTTP API hands ``answer_review`` the item it read for the reach check; read
    before another answer settled it, it still says pending, and the store's
    transaction, which reads it again under the entity's lock, refuses the second
    answer all the same (nothing committed twice)."""
    question = await _asked(engine)
    stale = await engine.store.review_item(question)
    assert stale is not None
    assert stale.status == "pending"
    await answer_review(engine, question, "confirm", now=NOW)
    for action, value in (("confirm", None), ("reject", None), ("edit", "Moscow")):
        with pytest.raises(AlreadyAnswered):
            await answer_review(engine, question, action, value, now=NOW, item=stale)
    fact = await engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert (fact.value, fact.version) == ("Tahoe", 1)


async def test_home_is_the_home_city_when_it_is_known(engine: Engine) -> None:
    unknown = await _asked(engine)
    with pytest.raises(UnknownPlace):
        await answer_review(engine, unknown, "edit", "home", now=NOW)
    await _seed(engine, "user:primary", "profile.home_city", "Kittery Point")
    got = await answer_review(engine, unknown, "edit", "back home", now=NOW)
    assert got.committed_value == "Kittery Point"


async def test_a_number_or_a_status_is_not_a_place_question(engine: Engine) -> None:
    status = await _asked(engine, "travel.status", "in_progress")
    with pytest.raises(InvalidAnswer) as refused:
        await answer_review(engine, status, "edit", "purple", now=NOW)
    assert not isinstance(refused.value, UnknownPlace)
