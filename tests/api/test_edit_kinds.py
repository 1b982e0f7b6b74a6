"""An Edit over the HTTP API is checked by its question's kind, as the bot checks it.

A place must be one Canon knows (the gazetteer, the user's state, the question itself,
or "home"); any other is a 422 ``unknown-place`` problem saying so, nothing changes, and
the same edit with ``"new_place": true`` stores it (the bot's "use it anyway?" Yes).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.domain.ids import new_id
from core.domain.state import CommittedFact

ALICE = "user:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _asked_where(api: Api) -> str:
    """A calendar says Alice is in Tahoe: asked, not committed. The answer's path."""
    obs = make_observation("travel.location", "Tahoe", source="calendar", entity=ALICE)
    asked = await api.engine.ingest(obs, now=NOW)
    assert asked.review_item_id is not None
    return f"/v1/questions/{asked.review_item_id}/answer"


async def _where(api: Api) -> Any:
    fact = await api.engine.store.fact(ALICE, "travel.location")
    return None if fact is None else fact.value


async def test_a_word_that_is_no_place_is_refused_until_insisted_on(api: Api) -> None:
    path = await _asked_where(api)
    edit = {"answer": "edit", "value": "purple"}
    refused = await api.call(ALICE, "POST", path, json_body=edit)
    assert refused.status == 422
    assert refused.body["type"].endswith("/unknown-place")
    assert refused.body["detail"].startswith('I don\'t know a place called "purple"')
    assert '"new_place": true' in refused.body["detail"]
    assert await _where(api) is None, "nothing changed"
    assert len((await api.call(ALICE, "GET", "/v1/questions")).body["questions"]) == 1

    used = await api.call(ALICE, "POST", path, json_body={**edit, "new_place": True})
    assert (used.status, used.body["committed_value"]) == (200, "purple")
    assert await _where(api) == "purple"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("reno", "Reno"),  # the gazetteer's spelling
        ("Portland, Oregon", "Portland, Oregon"),  # a city and its state, as typed
        ("tahoe", "Tahoe"),  # the question's own place
        ("kittery point", "Kittery Point"),  # a place the user's state holds
        ("back home", "Kittery Point"),  # home: the home city
    ],
)
async def test_a_known_place_is_taken_at_once(api: Api, typed: str, stored: str) -> None:
    home = CommittedFact(
        ALICE, "profile.home_city", "Kittery Point", 1, "user_confirmation", "seed",
        1.0, new_id(), NOW, NOW, "user_confirm",
    )  # fmt: skip
    await api.engine.store.import_facts([home])
    path = await _asked_where(api)
    got = await api.call(ALICE, "POST", path, json_body={"answer": "edit", "value": typed})
    assert (got.status, got.body["committed_value"]) == (200, stored)
    assert await _where(api) == stored


async def test_new_place_goes_with_an_edit_only(api: Api) -> None:
    path = await _asked_where(api)
    got = await api.call(ALICE, "POST", path, json_body={"answer": "yes", "new_place": True})
    assert got.status == 422
    assert "edit only" in got.body["detail"]
    assert await _where(api) is None
    bad = await api.call(
        ALICE, "POST", path, json_body={"answer": "edit", "value": "x", "new_place": "yes"}
    )
    assert bad.status == 422, "new_place is true or false"
    assert await _where(api) is None


@pytest.mark.parametrize("value", [42, True, "", "   "])
async def test_what_is_no_place_name_is_refused(api: Api, value: Any) -> None:
    path = await _asked_where(api)
    got = await api.call(ALICE, "POST", path, json_body={"answer": "edit", "value": value})
    assert got.status == 422
    assert got.body["type"].endswith("/invalid-input")
    assert await _where(api) is None


async def test_other_kinds_are_checked_too(api: Api) -> None:
    obs = make_observation("travel.status", "in_progress", source="calendar", entity=ALICE)
    asked = await api.engine.ingest(obs, now=NOW)
    assert asked.review_item_id is not None
    path = f"/v1/questions/{asked.review_item_id}/answer"
    got = await api.call(ALICE, "POST", path, json_body={"answer": "edit", "value": "purple"})
    assert got.status == 422
    assert got.body["type"].endswith("/invalid-input")
    done = await api.call(ALICE, "POST", path, json_body={"answer": "edit", "value": "back home"})
    assert (done.status, done.body["committed_value"]) == (200, "completed")


async def test_a_place_from_a_past_trip_is_known(api: Api) -> None:
    """Alice went to Kittery Point once; the trip is long over. The place is still one she
    knows: the edit takes it at once, as the bot's would."""
    old = make_observation(
        "travel.destination", "Kittery Point", source="user_confirmation", entity=ALICE
    )
    assert (await api.engine.ingest(old, now=NOW)).committed
    gone = make_observation(
        "travel.destination", None, intent="retract", source="user_confirmation", entity=ALICE
    )
    assert (await api.engine.ingest(gone, now=NOW)).committed
    path = await _asked_where(api)
    got = await api.call(
        ALICE, "POST", path, json_body={"answer": "edit", "value": "kittery point"}
    )
    assert (got.status, got.body["committed_value"]) == (200, "Kittery Point")


async def test_a_place_another_of_the_users_entities_holds_is_known(api: Api) -> None:
    """The team Alice shares holds Kittery Point: a question about Alice herself knows it."""
    team = CommittedFact(
        "team:home", "travel.location", "Kittery Point", 1, "user_confirmation", "seed",
        1.0, new_id(), NOW, NOW, "user_confirm",
    )  # fmt: skip
    await api.engine.store.import_facts([team])
    path = await _asked_where(api)
    got = await api.call(
        ALICE, "POST", path, json_body={"answer": "edit", "value": "kittery point"}
    )
    assert (got.status, got.body["committed_value"]) == (200, "Kittery Point")
    assert await _where(api) == "Kittery Point"
