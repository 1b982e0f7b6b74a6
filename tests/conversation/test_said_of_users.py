"""A user's own word and what the household says of them are judged together
(``core.domain.said_of_users``): a status placing the user that their own trip state
contradicts is never a fact beside it, in any view of theirs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from canon_testing import calibrated_policy, make_observation

from core.conversation.context import build_context
from core.conversation.responder import StateTools
from core.domain.household import household_users
from core.domain.principals import user_principal
from core.domain.said_of_users import judged
from core.domain.state import CommittedFact
from core.engine.engine import Engine
from core.store.factory import open_store

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
USERS = household_users({}, {ALICE: "Alice", BOB: "Bob"})


def fact(entity: str, field: str, value: str, principal: str | None) -> CommittedFact:
    return CommittedFact(
        entity, field, value, 1, "user_confirmation", None, 0.9, "e", NOW, NOW, "r", None, principal
    )


@pytest.mark.parametrize(
    ("household_says", "her_trip", "by", "overruled"),
    [
        ("away", "completed", ALICE, True),  # she is home by her own word: hers wins
        ("home", "in_progress", ALICE, True),  # she is away by her own word
        ("away", "in_progress", ALICE, False),  # they agree: both stand
        ("home", "completed", ALICE, False),
        ("sick", "completed", ALICE, False),  # says nothing of where she is
        ("away", "planning", ALICE, False),  # a planned trip says nothing of now
        ("away", "completed", BOB, False),  # Bob's word on her entity is no word of hers
        ("away", "completed", None, True),  # written before principals: her own entity's
    ],
)
def test_her_own_trip_state_overrules_the_households_whereabouts(
    household_says: str, her_trip: str, by: str | None, overruled: bool
) -> None:
    said = fact(FAMILY, "family.alice.status", household_says, BOB)
    own = fact(ALICE, "travel.status", her_trip, by)
    kept, out = judged([said, own], USERS, ALICE)
    assert (said not in kept, [o.said for o in out]) == (overruled, [said] if overruled else [])
    assert own in kept
    # Bob reading, or a household whose users Canon does not know: nothing is judged.
    assert judged([said, own], USERS, BOB)[1] == []
    assert judged([said, own], household_users({}, {}), ALICE)[1] == []


def test_the_block_lists_it_as_what_someone_else_said() -> None:
    said = fact(FAMILY, "family.alice.status", "away", BOB)
    own = fact(ALICE, "travel.status", "completed", ALICE)
    kept, out = judged([said, own], USERS, ALICE)
    block = build_context(kept, [], NOW, viewer=ALICE, overruled=out).text
    assert "family.alice.status" not in block
    assert "Conflicts:" in block
    assert "the user's own word is that they are at home, and it wins" in block


async def test_the_models_state_tool_lists_it_apart_from_the_facts() -> None:
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, calibrated_policy())
    for entity, field, value, by in (
        (ALICE, "profile.name", "Alice", ALICE),
        (FAMILY, "family.alice.status", "away", BOB),
        (ALICE, "travel.status", "completed", ALICE),
    ):
        obs = make_observation(field, value, entity=entity, source="user_confirmation", at=NOW)
        assert (await engine.ingest(obs, now=NOW, principal=user_principal(by))).committed
    tools = StateTools(engine, [ALICE, FAMILY], NOW, "ref", USERS)
    for asked in (None, FAMILY):
        state = await tools.get_state(entity_id=asked)
        assert "family.alice.status" not in state.get(FAMILY, {})
        (apart,) = state["said_of_you_by_others"]
        assert (apart["value"], apart["your_own_word"]) == ("away", "home")
