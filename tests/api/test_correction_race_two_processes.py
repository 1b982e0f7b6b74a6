"""Two `canon serve` processes on one store (a SQLite file, a PostgreSQL database): the
user answers Yes to an /undo or a /forget of her place on one while, on the other, she
says where she is now. Whatever order the store takes them in, the outcome is one a
serial order gives: her newer place is never lost (the correction either came first and
her word after it, or her word came first and the correction, naming an older place,
undoes nothing of it), the correction is closed once, no question is left open, and the
field's versions run 1, 2, ... with the fact its last one.

A correction answered serially after a newer word is ``test_undo_after_newer_word_api``;
this is the same on two processes at the same moment, many times."""

from __future__ import annotations

import asyncio
import itertools

import httpx
import pytest
from live_server import LiveServer, create_token
from test_household_race_two_processes import _at_once, _auth
from two_processes import TwoProcesses

from core.client_tls import client_tls
from core.store.factory import open_store

pytestmark = pytest.mark.timeout(600)
TLS = client_tls()
"""Every request's TLS context: one per process (a client making its own spends 20 ms of CPU)."""
LOCATION = "travel.location"
ROUNDS = 3
PLACES = ("Denver", "Lisbon", "Boston", "Paris", "Madrid", "Austin", "Seattle", "Chicago")


def _says(server: LiveServer, who: dict[str, str], text: str) -> list[httpx.Response]:
    """``who`` says ``text`` on ``server`` and answers Yes to what it asks; every response."""
    said = httpx.post(
        f"{server.url}/v1/messages", headers=who, json={"text": text}, timeout=60, verify=TLS
    )
    answers = [said]
    for q in said.json().get("questions", []) if said.status_code == 200 else []:
        path = f"{server.url}/v1/questions/{q['id']}/answer"
        answers.append(
            httpx.post(path, headers=who, json={"answer": "yes"}, timeout=60, verify=TLS)
        )
    return answers


async def _read(url: str, entity: str) -> tuple[list[int], object, list[str], list[str]]:
    store = open_store(url)
    await store.open()
    try:
        versions = [h.version for h in await store.history(entity, LOCATION)]
        fact = await store.fact(entity, LOCATION)
        opened = [r.id for r in await store.open_review_items([entity])]
        closed = [
            r.status
            for r in await store.review_items(["confirmed", "rejected", "superseded"])
            if r.entity_id == entity and r.field == LOCATION
        ]
        return versions, None if fact is None else fact.value, opened, closed
    finally:
        await store.close()


USERS = (f"user:correction{n}" for n in itertools.count())
"""A user of her own each round (the pair of servers, ``two_processes``, is shared by every
round of both corrections and by the other race files), so no round sees another's place
or questions."""


@pytest.mark.parametrize(
    ("correction", "body"), [("/v1/undo", {}), ("/v1/forget", {"field": LOCATION})]
)
def test_a_correction_and_a_newer_place_at_once_lose_neither(
    two_processes: TwoProcesses, correction: str, body: dict[str, str]
) -> None:
    servers = two_processes
    one, two = servers.one, servers.two
    for round_ in range(ROUNDS):
        entity = next(USERS)
        her = _auth(create_token(servers.db, entity, env=servers.env, household=False))
        old, new = PLACES[2 * round_], PLACES[2 * round_ + 1]
        assert all(r.status_code in (200, 409) for r in _says(one, her, f"I'm in {old}"))
        asked = httpx.post(f"{one.url}{correction}", headers=her, json=body, timeout=60, verify=TLS)
        assert asked.status_code == 201, asked.text
        question = asked.json()["question"]["id"]

        def yes(q: str = question, who: dict[str, str] = her) -> httpx.Response:
            path = f"{one.url}/v1/questions/{q}/answer"
            return httpx.post(path, headers=who, json={"answer": "yes"}, timeout=60, verify=TLS)

        def newer(who: dict[str, str] = her, place: str = new) -> httpx.Response:
            answers = _says(two, who, f"I'm in {place}")
            return next((r for r in answers if r.status_code != 200), answers[-1])

        answered, said = _at_once(yes, newer)

        assert answered.status_code == 200, answered.text
        assert said.status_code in (200, 409), said.text
        versions, fact, opened, closed = asyncio.run(_read(servers.url, entity))
        assert fact == new, (round_, fact, versions, closed)
        assert versions == list(range(1, len(versions) + 1)), versions
        assert opened == [], opened
        assert answered.json()["question"]["status"] in ("confirmed", "superseded")
