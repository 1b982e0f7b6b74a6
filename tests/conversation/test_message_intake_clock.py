"""A chat message is read on its speaker's committed clock, whichever entity their
household's facts live on (the speaker's own, or a ``family:*`` one); with no time zone
committed, on their home city's ("I live in Portland" is Pacific time)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from core.conversation.message_intake import message_observations
from core.domain.ids import new_id
from core.domain.policy import default_policy
from core.domain.principals import Principal, token_principal, user_principal
from core.engine.consistency import users_zone
from core.engine.engine import Engine
from core.extraction.types import Extraction
from core.store.factory import open_store

SENT = datetime(2026, 11, 24, 6, 30, tzinfo=UTC)  # 22:30 on Monday in Los Angeles


def _timezone(entity: str, zone: str, field: str = "profile.timezone") -> dict[str, Any]:
    return {
        "event_id": new_id(),
        "event_ts": "2026-11-24T06:00:00Z",
        "entity_id": entity,
        "domain": "profile",
        "field": field,
        "candidate_value": zone,
        "intent": "assertive",
        "source": {"type": "user_confirmation", "ref": "test"},
    }


@pytest.mark.parametrize("family", [None, "family:smith"])
async def test_the_message_time_is_on_the_speakers_own_clock(family: str | None) -> None:
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, default_policy())
    said = [await engine.ingest(_timezone("user:alice", "America/Los_Angeles"), now=SENT)]
    if family is not None:  # the household's own zone is not the speaker's
        said.append(await engine.ingest(_timezone(family, "Asia/Tokyo"), now=SENT))
    assert all(outcome.committed for outcome in said)
    read_at: list[datetime] = []

    def extractor(text: str, *, at: datetime, **_: Any) -> Extraction:
        read_at.append(at)
        return Extraction(text, "none")

    payloads = await message_observations(
        engine,
        "dinner tonight",
        at=SENT,
        entity_id="user:alice",
        message_ref="test:1",
        extractor=extractor,
        family_entity=family,
    )
    await store.close()
    assert payloads == []
    assert read_at == [SENT]  # the same instant ...
    assert read_at[0].tzinfo == ZoneInfo("America/Los_Angeles")  # ... on Alice's clock
    assert read_at[0].day == 23


async def _read_at(facts: list[tuple[str, str]]) -> datetime:
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, default_policy())
    for field, value in facts:
        said = await engine.ingest(_timezone("user:alice", value, field), now=SENT)
        assert said.committed
    read = await _read_at_once(engine, "on our way home now", "test:1")
    await store.close()
    return read


@pytest.mark.parametrize(
    ("facts", "zone"),
    [
        ([("profile.home_city", "Portland")], "America/Los_Angeles"),
        ([("profile.home_city", "Berlin")], "Europe/Berlin"),
        # The zone the user gave wins over the home city's.
        (
            [("profile.home_city", "Portland"), ("profile.timezone", "America/New_York")],
            "America/New_York",
        ),
        # A region has no one zone: the message keeps UTC.
        ([("profile.home_city", "Tahoe")], "UTC"),
        ([], "UTC"),
    ],
)
async def test_with_no_time_zone_the_home_citys_clock_reads_the_message(
    facts: list[tuple[str, str]], zone: str
) -> None:
    at = await _read_at(facts)
    assert at == SENT
    assert str(at.tzinfo) == zone


@pytest.mark.parametrize(
    ("state", "zone"),
    [
        ({"profile.home_city": "Portland"}, "America/Los_Angeles"),
        ({"profile.home_city": "San Francisco", "profile.timezone": "Asia/Tokyo"}, "Asia/Tokyo"),
        ({"profile.home_city": "Nowhereville"}, None),
        ({"profile.home_city": 3}, None),
        ({}, None),
    ],
)
def test_users_zone(state: dict[str, Any], zone: str | None) -> None:
    assert users_zone(state) == zone


async def _read_after_saying(home: str, principal: Principal) -> datetime:
    """Where the user's home city was said in chat (still waiting for a Yes) by
    ``principal``, the instant the next message is read at."""
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, default_policy())
    said = {**_timezone("user:alice", home, "profile.home_city"), "intent": "assertive"}
    said["source"] = {"type": "conversation_assertive", "ref": "tg:1:1"}
    outcome = await engine.ingest(said, now=SENT, principal=principal)
    assert not outcome.committed  # a profile fact waits for the user's Yes
    read = await _read_at_once(engine, "flying to austin tmrw", "tg:1:2")
    await store.close()
    return read


async def test_a_home_city_still_to_confirm_sets_the_clock_when_the_user_said_it() -> None:
    """ "i live in chicago", then "flying to austin tmrw" before the first question is
    answered: tomorrow is Chicago's tomorrow."""
    at = await _read_after_saying("Portland", user_principal("user:alice"))
    assert str(at.tzinfo) == "America/Los_Angeles"


async def test_an_agents_proposal_of_a_home_city_is_no_evidence_of_the_users_clock() -> None:
    agent = token_principal("tok-1", "agent", "user:alice", "planner")
    at = await _read_after_saying("Portland", agent)
    assert str(at.tzinfo) == "UTC"


async def _read_at_once(engine: Engine, text: str, ref: str) -> datetime:
    """The instant ``text``, sent by Alice at SENT, is read at."""
    read_at: list[datetime] = []

    def extractor(text: str, *, at: datetime, **_: Any) -> Extraction:
        read_at.append(at)
        return Extraction(text, "none")

    await message_observations(
        engine, text, at=SENT, entity_id="user:alice", message_ref=ref, extractor=extractor
    )
    return read_at[0]
