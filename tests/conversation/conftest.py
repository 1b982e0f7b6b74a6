"""CanonChat as a library: a real Engine on a real store (a SQLite file, and a
PostgreSQL database), the offline extractor and responder, and the in-process
RecordingMessenger instead of a chat network."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import AUDIENCE, Clock, Conversation, OpenConversation

from core.conversation.chat import CanonChat
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.domain.policy import Policy
from core.engine.engine import Engine
from core.extraction.offline import extract_offline
from core.store.factory import open_store
from core.store.protocol import StoreBackend


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_conversation(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_store_file: Path
) -> AsyncIterator[OpenConversation]:
    """Start CanonChat over a store (``tmp_path/canon.db``, or a fresh PostgreSQL
    database); calling again is a restart (a new store connection, a new CanonChat, a
    new messenger unless one is passed). The policy is past calibration unless one is
    passed (``default_policy()``: a fresh store that still calibrates)."""
    # Both start as a store already migrated (the session's copy): these tests are of
    # conversations, the migrations have tests of their own in tests/store.
    if request.param == "sqlite":
        shutil.copyfile(migrated_store_file, tmp_path / "canon.db")
        url = f"sqlite:///{tmp_path / 'canon.db'}"
    else:
        url = str(request.getfixturevalue("migrated_postgres_url"))
    stores: list[StoreBackend] = []

    async def start(
        *,
        messenger: RecordingMessenger | None = None,
        clock: Clock | None = None,
        policy: Policy | None = None,
    ) -> Conversation:
        store = open_store(url)
        await store.open()
        stores.append(store)
        talk = messenger or RecordingMessenger()
        time = clock or Clock()
        chat = CanonChat(
            Engine(store, policy or calibrated_policy()),
            store.conversation,
            talk,
            AUDIENCE,
            clock=time,
            extractor=extract_offline,
            responder=OfflineResponder(),
        )
        return Conversation(chat, talk, time, store)

    yield start
    for store in stores:
        await store.close()


@pytest.fixture
async def talk(open_conversation: OpenConversation) -> Conversation:
    return await open_conversation()
