"""What one principal says of a user of the household, by name, is a claim about that
user's own state, asked of that user in the second person, and never their confirmation.

Alice and Bob share the household ``family:smith``; each told Canon their name. The table
is who speaks (Bob in his chat, Alice herself, Alice's assistant with an ``agent`` or a
``delegate`` token, Bob's assistant) × what about Alice × which domain; each row is read
the way the bot and the HTTP API read a message (``message_observations``, the token's
claims, ``Engine.ingest_batch`` under the speaker's principal) on a fresh store.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from canon_testing import calibrated_policy, make_observation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.conversation import texts
from core.conversation.message_intake import message_observations
from core.domain.claims import Claimant, claim_observation, message_claimant
from core.domain.household import HouseholdUsers
from core.domain.principals import Principal, Role, token_principal, user_principal
from core.engine.engine import Engine
from core.engine.household import users_by_name
from core.extraction.offline import extract_offline
from core.store.factory import open_store

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
FAMILY = "family:smith"
ALICE, BOB = "user:alice", "user:bob"


@dataclass(frozen=True)
class Speaker:
    """Who writes: the entity the message speaks for, and as what."""

    entity: str
    role: Role = "user"

    @property
    def principal(self) -> Principal:
        if self.role == "user":
            return user_principal(self.entity)
        return token_principal(f"t-{self.role}", self.role, self.entity, "openclaw")


BOB_IN_CHAT = Speaker(BOB)
ALICE_HERSELF = Speaker(ALICE)
ALICES_AGENT = Speaker(ALICE, "agent")
ALICES_DELEGATE = Speaker(ALICE, "delegate")
BOBS_AGENT = Speaker(BOB, "agent")


async def _household() -> tuple[Engine, HouseholdUsers]:
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, calibrated_policy())
    for entity, name in ((ALICE, "Alice"), (BOB, "Bob")):
        told = make_observation(
            "profile.name", name, entity=entity, source="user_confirmation", at=NOW
        )
        assert (await engine.ingest(told, now=NOW, principal=user_principal(entity))).committed
    return engine, await users_by_name(store, [ALICE, BOB])


async def _say(engine: Engine, users: HouseholdUsers, who: Speaker, text: str) -> None:
    """``text`` read and written as the bot (a user) or the API (a token) does."""
    # A token speaks for its own user only: it links no other user's name.
    linked = users if who.role == "user" else users.only([who.entity])
    payloads = await message_observations(
        engine,
        text,
        at=NOW,
        entity_id=who.entity,
        message_ref=f"ref:{who.role}:{text}",
        extractor=extract_offline,
        family_entity=FAMILY,
        users=linked,
        by_user=who.role == "user",
    )
    claimant = None if who.role == "user" else message_claimant(Claimant(who.role))
    claimed: list[Any] = [
        p if claimant is None else claim_observation(p, claimant).payload for p in payloads
    ]
    await engine.ingest_batch(claimed, now=NOW, principal=who.principal)


async def _alices_question(engine: Engine, users: HouseholdUsers) -> str | None:
    items = [r for r in await engine.store.open_review_items([ALICE]) if r.kind == "change"]
    if not items:
        return None
    first = min(items, key=lambda r: r.seq)
    group = [r for r in items if r.group_key == first.group_key] or [first]
    return texts.prompt_body(first, ALICE, group, names=users.names).splitlines()[0]


CASES = [
    # speaker, message, Alice's facts after it (beside her name), her question's first line
    (BOB_IN_CHAT, "alice is in tahoe", {}, "Bob says you're in Tahoe — is that right?"),
    # Back home with no trip of hers known and no home: being home, nothing to ask
    # (never "Bob says you're back home" as a trip over that never began).
    (BOB_IN_CHAT, "Alice is back home", {}, None),
    (
        BOB_IN_CHAT,
        "i'm home but alice's in denver",
        {},
        "Bob says you're in Denver — is that right?",
    ),
    (BOB_IN_CHAT, "alice lives in Portland", {}, "Bob says you live in Portland — is that right?"),
    (ALICES_AGENT, "Alice is back home", {}, None),
    (
        ALICES_DELEGATE,
        "alice is in tahoe",
        {},
        "An assistant says you're in Tahoe — is that right?",
    ),
    # Where she is, in words only the household's reading places ("at her mom's" is
    # away): still her whereabouts, asked of her, never the household's fact on Bob's word.
    (BOB_IN_CHAT, "alice is at her mom's", {}, "Bob says you're away — is that right?"),
    (BOB_IN_CHAT, "Alice is on a work trip", {}, "Bob says you're away — is that right?"),
    (BOB_IN_CHAT, "alice is at home", {}, "Bob says you're back home — is that right?"),
    # What else Bob says of her own state is hers to confirm too, never lost and never
    # committed on his word: her clock, her employer, her rent.
    (
        BOB_IN_CHAT,
        "alice is on east coast time",
        {},
        "Bob says your time zone is Eastern time (America/New York) — is that right?",
    ),
    (
        BOB_IN_CHAT,
        "alice works at google now",
        {},
        "Bob says your employer is Google — is that right?",
    ),
    (BOB_IN_CHAT, "alice's rent is 2100", {}, "Bob says the rent amount is 2,100 — is that right?"),
    # Alice's own words about herself, in the third person, are hers.
    (ALICE_HERSELF, "alice is back home", {}, None),  # no trip known: none over
    # Bob's assistant does not reach Alice: its "alice" is no user, nothing is hers.
    (BOBS_AGENT, "alice is in tahoe", {}, None),
]


@pytest.mark.parametrize(("who", "text", "facts", "asked"), CASES)
async def test_a_claim_about_a_user_is_asked_of_that_user(
    who: Speaker, text: str, facts: dict[str, str], asked: str | None
) -> None:
    engine, users = await _household()
    await _say(engine, users, who, text)
    held = {f.field: f.value for f in await engine.store.facts(ALICE)}
    assert held == {"profile.name": "Alice", **facts}
    assert await _alices_question(engine, users) == asked
    # Nothing of it is the household's news about a member called Alice.
    household = {f.field for f in await engine.store.facts(FAMILY)}
    pending = {r.field for r in await engine.store.open_review_items([FAMILY])}
    assert "family.alice.status" not in household | pending


async def test_what_says_nothing_of_where_she_is_stays_the_households() -> None:
    """ "alice is sick": no whereabouts to ask her about; the household's status, as before."""
    engine, users = await _household()
    await _say(engine, users, BOB_IN_CHAT, "alice is sick")
    asked = {(r.entity_id, r.field) for r in await engine.store.open_review_items(None)}
    held = {(f.entity_id, f.field) for f in await engine.store.facts()}
    assert (FAMILY, "family.alice.status") in asked | held
    assert await _alices_question(engine, users) is None


async def test_only_alice_makes_it_a_fact_and_then_it_is_hers() -> None:
    engine, users = await _household()
    await _say(engine, users, BOB_IN_CHAT, "alice is in tahoe")
    (first, *_) = await engine.store.open_review_items([ALICE])
    await engine.answer_group(first.id, "confirm", now=NOW, principal=user_principal(ALICE))
    location = await engine.store.fact(ALICE, "travel.location")
    assert location is not None
    assert location.value == "Tahoe"
    said, answered = await engine.store.events_for(ALICE, "travel.location", None)
    assert (said.principal, said.source_type) == (BOB, "conversation_assertive")
    assert (answered.principal, answered.source_type) == (ALICE, "user_confirmation")


WHEREABOUTS = [
    *("travel.location", "travel.status", "travel.destination", "travel.return_date"),
    *("travel.depart_date", "profile.home_city"),
]
NOT_ALICE = [BOB_IN_CHAT, ALICES_AGENT, ALICES_DELEGATE, BOBS_AGENT]
PHRASES = [
    "{name} is in {place}",
    "{name}'s in {place} till sunday",
    "{name} is back home",
    "{name} got home last night",
    "{name} flew to {place}",
    "{name} is away this week",
    "{name} lives in {place}",
    "ok so {name} is still in {place} and I'm home",
    "{name} is in {place} — she's back on the 5th",
]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    who=st.sampled_from(NOT_ALICE),
    phrase=st.sampled_from(PHRASES),
    name=st.sampled_from(["alice", "Alice", "ALICE"]),
    place=st.sampled_from(["tahoe", "Denver", "paris", "Lake Tahoe"]),
)
def test_no_one_but_alice_ever_makes_a_fact_of_hers(
    who: Speaker, phrase: str, name: str, place: str
) -> None:
    """Whatever another member or an assistant says of Alice, none of it is committed as
    hers, and no event on her entity is a user confirmation: only her own answer is."""

    async def run() -> None:
        engine, users = await _household()
        await _say(engine, users, who, phrase.format(name=name, place=place))
        held = {f.field: f.value for f in await engine.store.facts(ALICE)}
        assert held == {"profile.name": "Alice"}
        confirmations = [
            e
            for field in WHEREABOUTS
            for e in await engine.store.events_for(ALICE, field)
            if e.source_type == "user_confirmation" or e.principal == ALICE
        ]
        assert confirmations == []
        for item in await engine.store.open_review_items([ALICE]):
            assert item.principal == who.principal.ref  # asked as theirs, for her to answer

    asyncio.run(run())
