"""A pronoun opening a chat message means the member the chat was last about: "emma's got
a temperature" in the morning, "she's poorly again" at lunch is Emma being sick. The
referent comes from the household's state (the member whose status was told last, within a
day: ``known_people.recent_subject``), passed to the extractor with the message, never
kept anywhere else; someone the message names itself, a question, a pronoun that cannot
be the member, or a day gone by leave it unread. What is read through the recalled member
is asked (``RECALLED_WHO``): the message may be about someone else."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.conversation.message_intake import message_observations
from core.conversation.recalled_member import RECALLED_WHO
from core.domain.policy import default_policy
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.store.factory import open_store

MORNING = datetime(2026, 11, 24, 8, 0, tzinfo=UTC)
ALICE = "user:alice"


async def _told(said: list[tuple[str, datetime]]) -> list[dict[str, Any]]:
    """The payloads of the last message, each message before it read and ingested as a
    chat's are."""
    store = open_store("memory://")
    await store.open()
    engine = Engine(store, default_policy())
    payloads: list[dict[str, Any]] = []
    try:
        for n, (text, at) in enumerate(said):
            payloads = await message_observations(
                engine,
                text,
                at=at,
                entity_id=ALICE,
                message_ref=f"test:{n}",
                extractor=extract_offline,
            )
            for payload in payloads:
                await engine.ingest(payload, now=at, principal=user_principal(ALICE))
    finally:
        await store.close()
    return payloads


def _fields(payloads: list[dict[str, Any]]) -> dict[str, object]:
    return {p["field"]: p["candidate_value"] for p in payloads}


@pytest.mark.parametrize(
    ("first", "later", "field", "value"),
    [
        ("emma's got a temperature", "she's poorly again", "family.emma.status", "sick"),
        ("my son is off school with a cough", "he's much better now", "family.son.status", "well"),
        ("noah has a fever", "on my break. hes still got a temp", "family.noah.status", "sick"),
        ("the kids have colds", "they're much better today", "family.kids.status", "well"),
    ],
)
async def test_a_pronoun_opening_a_message_is_the_member_told_of_last(
    first: str, later: str, field: str, value: str
) -> None:
    found = await _told([(first, MORNING), (later, MORNING + timedelta(hours=4))])
    assert _fields(found).get(field) == value
    # Canon guessed who the pronoun is: the user is asked, nothing is committed on it.
    assert {p["needs_confirmation"] for p in found if p["field"] == field} == {RECALLED_WHO}


@pytest.mark.parametrize(
    ("first", "later", "later_at"),
    [
        # Someone the message itself names is the one meant.
        ("emma's got a temperature", "my sister rang, she's poorly again", timedelta(hours=2)),
        # A question asks; it tells nothing.
        ("emma's got a temperature", "is she still poorly?", timedelta(hours=2)),
        # "he" cannot be Mum; "she" cannot be the kids.
        ("mum is in hospital", "he's poorly again", timedelta(hours=2)),
        ("the kids are sick", "she's poorly again", timedelta(hours=2)),
        # Two members told of at once: either could be meant.
        ("mom and dad are sick", "she's poorly again", timedelta(hours=2)),
        # A day later the pronoun is nobody the chat knows.
        ("emma's got a temperature", "she's poorly again", timedelta(hours=30)),
    ],
)
async def test_a_pronoun_without_one_member_to_mean_reads_nothing_of_them(
    first: str, later: str, later_at: timedelta
) -> None:
    found = await _told([(first, MORNING), (later, MORNING + later_at)])
    assert [
        p
        for p in found
        if p["field"].startswith("family.") and p["field"] != "family.sister.status"
    ] == []


async def test_with_no_member_told_of_a_pronoun_reads_nothing() -> None:
    assert await _told([("she's poorly again", MORNING)]) == []
