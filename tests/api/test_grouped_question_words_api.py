"""A grouped question reads the same over the HTTP API as in the chat: "we're back home
in Portland" raises the location and the trip's end together, and the chat asks them as
one question. Before, ``GET /v1/questions`` worded each part without its group, so a
client showed two questions where the chat asked one ("Are you in Tahoe?" against "On a
trip in Tahoe?")."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.extraction.offline import extract_offline

PRIMARY = "user:primary"
ALICE_CHAT = 111
"""Alice's chat: her entity is the primary user's, as her client's token is."""

GROUPS = [
    pytest.param(
        (("travel.location", "Tahoe"), ("travel.status", "in_progress")), id="a trip under way"
    ),
    pytest.param((("travel.location", "Portland"), ("travel.status", "completed")), id="back home"),
    pytest.param(
        (("travel.destination", "Denver"), ("travel.depart_date", "2026-12-04")),
        id="a trip planned",
    ),
]


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


@pytest.mark.parametrize("fields", GROUPS)
async def test_a_grouped_question_reads_the_same_over_the_api_as_in_the_chat(
    api: Api, fields: tuple[tuple[str, str], ...]
) -> None:
    """One calendar event, several fields: asked as one question in the chat; each part
    over the API says that one question, word for word."""
    for field, value in fields:
        obs = make_observation(field, value, source="calendar", ref="cal-1", entity=PRIMARY)
        assert (await api.engine.ingest(obs, now=NOW)).review_item_id is not None

    phone = RecordingMessenger()
    chat = CanonChat(
        api.engine,
        api.engine.store.conversation,
        phone,
        Audience(allowed_user_ids=(ALICE_CHAT,)),
        clock=lambda: NOW,
        extractor=extract_offline,
        responder=OfflineResponder(),
    )
    await chat.sweep()
    in_chat = phone.prompt(ALICE_CHAT).text

    listed = (await api.call(PRIMARY, "GET", "/v1/questions")).body["questions"]
    assert len(listed) == len(fields), "each part is listed, with its group"
    assert len({q["group"] for q in listed}) == 1
    assert [q["question"] for q in listed] == [in_chat] * len(fields)
