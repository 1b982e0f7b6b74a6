"""A member's "we" about the trip another user of the household holds is asked of that
user, naming who said it, and never taken as the speaker's own trip; look-alikes that
are not news of her trip (a question, a condition, a wish, the past, another place, an
assistant's words, a trip she does not hold) cross nothing.

Alice and Bob share the household ``family:smith``, each known by name. Each row puts a
trip on whoever holds it (confirmed), then reads one message as the bot and the HTTP
API do (``message_observations``, ``Engine.ingest_batch`` under the speaker's principal).
"""

from __future__ import annotations

from typing import Any

import pytest
from canon_testing import make_observation
from test_reported_claims import (
    ALICE,
    ALICE_HERSELF,
    ALICES_AGENT,
    ALICES_DELEGATE,
    BOB,
    BOB_IN_CHAT,
    NOW,
    Speaker,
    _household,
    _say,
)

from core.conversation import texts
from core.domain.principals import user_principal
from core.engine.engine import Engine

TAHOE_PLANNED = {"travel.status": "planning", "travel.destination": "Tahoe"}
TAHOE_UNDER_WAY = {"travel.status": "in_progress", "travel.location": "Tahoe"}
DENVER_PLANNED = {"travel.status": "planning", "travel.destination": "Denver"}


async def _holds(engine: Engine, entity: str, trip: dict[str, Any]) -> None:
    for field, value in trip.items():
        told = make_observation(field, value, entity=entity, source="user_confirmation", at=NOW)
        outcome = await engine.ingest(told, now=NOW, principal=user_principal(entity))
        assert outcome.committed, (field, outcome)


async def _trip(engine: Engine, entity: str) -> dict[str, Any]:
    return {
        f.field: f.value for f in await engine.store.facts(entity) if f.field.startswith("travel.")
    }


async def _asked(engine: Engine, entity: str, names: dict[str, str]) -> str | None:
    """The first line of ``entity``'s first open question that someone else raised."""
    items = [
        r
        for r in await engine.store.open_review_items([entity])
        if r.kind == "change" and r.principal != user_principal(entity)
    ]
    if not items:
        return None
    first = min(items, key=lambda r: r.seq)
    group = [r for r in items if r.group_key == first.group_key]
    return texts.prompt_body(first, entity, group, names=names).splitlines()[0]


ALICE_OFF = "Bob says your Tahoe trip is off — is that right?"
BOB_OFF = "Alice says your Tahoe trip is off — is that right?"

CROSSING = [
    # speaker, who holds what, the words, the question the other one is asked
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "trip's off, we're staying home", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we cancelled tahoe", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we called off the trip", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we're not doing tahoe anymore", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "the tahoe trip is off for us", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "tahoe is off for us", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "our tahoe trip is cancelled", ALICE_OFF),
    (
        BOB_IN_CHAT,
        {ALICE: TAHOE_PLANNED},
        "we're in tahoe now",
        "Bob says you're in Tahoe — is that right?",
    ),
    (
        BOB_IN_CHAT,
        {ALICE: TAHOE_PLANNED},
        "were in tahoe now!!",
        "Bob says you're in Tahoe — is that right?",
    ),
    (
        BOB_IN_CHAT,
        {ALICE: TAHOE_UNDER_WAY},
        "we're back home",
        "Bob says you're back home — is that right?",
    ),
    # Under way, "off" is the trip over early, as her own "trip's off" would be.
    (
        BOB_IN_CHAT,
        {ALICE: TAHOE_UNDER_WAY},
        "trip's off, we're heading home",
        "Bob says you're back home — is that right?",
    ),
    # "We" is read clause by clause: a clause of its own or after "and" still takes her along.
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "trip's off. we're staying home", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "trip's off and we're staying home", ALICE_OFF),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we cancelled tahoe, wish us luck", ALICE_OFF),
    # Both directions: Alice's "we" about Bob's trip is asked of Bob.
    (ALICE_HERSELF, {BOB: TAHOE_PLANNED}, "we cancelled tahoe", BOB_OFF),
    (ALICE_HERSELF, {BOB: TAHOE_PLANNED}, "trip's off, we're staying home", BOB_OFF),
    # Bob holds the same trip: his own word is his, and she is asked too.
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED, BOB: TAHOE_PLANNED}, "we cancelled tahoe", ALICE_OFF),
    # Bob holds Denver, the words name hers: asked of her (his Denver is not called off).
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED, BOB: DENVER_PLANNED}, "we cancelled tahoe", ALICE_OFF),
]


@pytest.mark.parametrize(("who", "held", "text", "question"), CROSSING)
async def test_we_about_the_trip_she_holds_is_asked_of_her_on_his_word(
    who: Speaker, held: dict[str, dict[str, Any]], text: str, question: str
) -> None:
    engine, users = await _household()
    for entity, trip in held.items():
        await _holds(engine, entity, trip)
    other = BOB if who.entity == ALICE else ALICE
    before = {e: await _trip(engine, e) for e in (ALICE, BOB)}

    await _say(engine, users, who, text)

    assert await _asked(engine, other, dict(users.names)) == question
    assert await _trip(engine, other) == before[other]  # never hers on his word
    if who.entity not in held:  # no phantom trip of the speaker's
        assert "travel.status" not in await _trip(engine, who.entity) or question.endswith(
            "you're in Tahoe — is that right?"
        )
        own = await engine.store.open_review_items([who.entity])
        assert [r.field for r in own if r.candidate_value in ("cancelled", "completed")] == []


NOT_CROSSING = [
    # speaker, who holds what, the words: nothing asked of anyone else, nothing changed
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "are we still going?"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "did we cancel tahoe?"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "if it snows we're staying home"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we might cancel tahoe"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we went to tahoe last year"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we cancelled denver"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we're in denver now"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "I cancelled my trip"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "my tahoe trip is off"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "tahoe is off for me"),
    # Read per clause: his own trip ("my") stays his whatever "we" another clause says, and
    # the "we" of an idiom ("we'll see", "wish us luck") takes nobody along.
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "I cancelled my trip, we'll see"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we'll see. I cancelled my trip"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "I cancelled my trip but we're staying home"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "my flight got cancelled, wish us luck"),
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "trip's off, we'll see"),
    # Under way already: "we're in tahoe" is no news of her trip.
    (BOB_IN_CHAT, {ALICE: TAHOE_UNDER_WAY}, "we're in tahoe now"),
    # Planned, not left: "back home" is not her trip over.
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED}, "we're back home"),
    # Bob's own trip, no place named: his, not hers.
    (BOB_IN_CHAT, {ALICE: TAHOE_PLANNED, BOB: DENVER_PLANNED}, "trip's off, we're staying home"),
    # She holds no trip: "we" takes nobody's along.
    (BOB_IN_CHAT, {}, "we cancelled tahoe"),
    (BOB_IN_CHAT, {BOB: TAHOE_PLANNED}, "we cancelled tahoe"),
    # An assistant's words are never a member's "we": agents never produce confirmations.
    (ALICES_AGENT, {BOB: TAHOE_PLANNED}, "we cancelled tahoe"),
    (ALICES_DELEGATE, {BOB: TAHOE_PLANNED}, "trip's off, we're staying home"),
]


@pytest.mark.parametrize(("who", "held", "text"), NOT_CROSSING)
async def test_look_alikes_cross_nothing(
    who: Speaker, held: dict[str, dict[str, Any]], text: str
) -> None:
    engine, users = await _household()
    for entity, trip in held.items():
        await _holds(engine, entity, trip)
    other = BOB if who.entity == ALICE else ALICE
    before = await _trip(engine, other)

    await _say(engine, users, who, text)

    assert await _asked(engine, other, dict(users.names)) is None
    assert await _trip(engine, other) == before
