"""A message's event ids: the same for the same message from the same sender, in every
process on one store, and not computable by anyone without the store's key."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

from canon_testing import NOW
from hypothesis import given
from hypothesis import strategies as st

from core.conversation.message_intake import message_observations
from core.domain.ids import CANON_NAMESPACE, derived_id, keyed_id, new_id
from core.domain.policy import default_policy
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.signals.intake import message_payloads
from core.store.sqlite import SQLiteStore

SAID = "Emma is sick today"
REF = "api:ta:m-1"


def test_a_keyed_id_is_a_uuid_only_the_keys_holder_can_compute() -> None:
    one = keyed_id(b"k" * 32, "conversation_assertive", REF)
    assert one == keyed_id(b"k" * 32, "conversation_assertive", REF)
    assert uuid.UUID(one).version == 8
    assert uuid.UUID(one).variant == uuid.RFC_4122
    assert one != keyed_id(b"j" * 32, "conversation_assertive", REF)
    assert one != derived_id("conversation_assertive", REF)


async def _ids(path: Path) -> list[str]:
    store = SQLiteStore(path)
    await store.open()
    try:
        engine = Engine(store, default_policy())
        payloads = await message_observations(
            engine,
            SAID,
            at=NOW,
            entity_id="user:alice",
            message_ref=REF,
            extractor=extract_offline,
            family_entity="family:smith",
        )
        return [p["event_id"] for p in payloads]
    finally:
        await store.close()


async def test_a_message_gets_the_same_ids_in_every_process_on_its_store(tmp_path: Path) -> None:
    first = await _ids(tmp_path / "canon.db")
    assert first  # the message holds a claim
    assert await _ids(tmp_path / "canon.db") == first  # a restart, another process


async def test_nobody_can_compute_a_messages_ids_from_its_ref(tmp_path: Path) -> None:
    keyed = await _ids(tmp_path / "canon.db")
    guessed = message_payloads(
        SAID,
        at=NOW,
        entity_id="user:alice",
        message_ref=REF,
        extractor=extract_offline,
        family_entity="family:smith",
    )
    assert not {p["event_id"] for p in guessed} & set(keyed)
    assert not set(await _ids(tmp_path / "other.db")) & set(keyed)  # another store's key


@given(st.lists(st.text(alphabet=st.characters(exclude_categories=["Cs"])), min_size=1))
def test_a_derived_id_is_the_uuid5_of_its_parts_in_canons_namespace(parts: list[str]) -> None:
    assert derived_id(*parts) == str(uuid.uuid5(CANON_NAMESPACE, "\x1f".join(parts)))


def test_a_new_id_is_a_uuid7_and_each_is_above_the_last() -> None:
    minted = [new_id() for _ in range(2000)]
    for text in minted:
        parsed = uuid.UUID(text)
        assert str(parsed) == text
        assert (parsed.version, parsed.variant) == (7, uuid.RFC_4122)
    assert minted == sorted(set(minted))
    # Its first 48 bits are the time in milliseconds (here, within a second of now).
    assert abs((uuid.UUID(minted[0]).int >> 80) - time.time() * 1000) < 1000
