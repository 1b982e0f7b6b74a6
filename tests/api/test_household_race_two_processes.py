"""Two `canon serve` processes on one household store (a SQLite file, a PostgreSQL
database), Alice and Bob at the same moment, many times: Bob's word (or his answer) lands on
one process while Alice answers her own open question on the other, released together by a
barrier.

Each race must end as one of its two serial orders does (both played first, on the same
servers, about another child): no double commit (the field's versions run 1, 2, ... and
the fact is the last), no question lost or asked twice (each member has at most one open
question, of the value their own word proposed), her answer taken once and never applied
to a question something else closed first (her 200 means her answer is the one recorded).
Played serially, Bob's plain word never closes her question under her: her answer is a 200
either way (before the twenty-sixth round's fix his word first closed it, and her answer
was a 409).

The twenty-sixth round raced this on SQLite, a later one on PostgreSQL, which settles
questions in statements of its own, under row locks. Every child is a field of its own,
so one pair of servers per store plays them all (the table was once two files, one
starting two servers for every play)."""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
import pytest
from canon_testing import make_observation
from live_server import LiveServer, create_token
from two_processes import FAMILY, TwoProcesses

from core.client_tls import client_tls
from core.store.factory import open_store

pytestmark = pytest.mark.timeout(600)
TLS = client_tls()
"""Every request's TLS context: one per process (a client making its own spends 20 ms of CPU)."""
RACES = 5
NAMES = (
    "Lily",
    "Max",
    "Emma",
    "Noah",
    "Grace",
    "Leo",
    "Mia",
    "Sam",
    "Ava",
    "Ben",
    "Zoe",
    "Jack",
    "Ella",
    "Finn",
    "Ruby",
    "Theo",
    "Nora",
    "Owen",
    "Ivy",
    "Luke",
    "Rose",
    "Adam",
    "Clara",
    "Hugo",
    "Iris",
    "Jonah",
    "Maya",
    "Eli",
    "Lucy",
    "Tom",
)
"""Children the messages' words name (each read as ``family.<name>.status``)."""


def _auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _at_once(*calls: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """Each call on a thread of its own, released together; their responses in order."""
    got: list[httpx.Response | None] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        got[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r is not None for r in got)
    return [r for r in got if r is not None]


@dataclass(frozen=True)
class Household:
    one: LiveServer
    two: LiveServer
    alice: dict[str, str]
    bob: dict[str, str]
    url: str
    children: Iterator[str]
    """A child per round, so one pair of servers plays every round on a field of its own
    (the corrections' rounds post observations, so any name will do once the names run
    out); each store's pair starts from the first name."""


@pytest.fixture(scope="module")
def household(two_processes: TwoProcesses) -> Household:
    """The members' tokens on the pair of servers of each store (``two_processes``, in
    conftest.py): the household is ``CANON_FAMILY_ENTITY`` there."""
    pair = two_processes
    alice = _auth(create_token(pair.db, "user:alice", env=pair.env))
    bob = _auth(create_token(pair.db, "user:bob", env=pair.env))
    children = itertools.chain(NAMES, (f"kid{n}" for n in itertools.count()))
    return Household(pair.one, pair.two, alice, bob, pair.url, children)


def _says(server: LiveServer, who: dict[str, str], text: str) -> str | None:
    """``who`` says ``text`` on ``server``; the id of the question it raised, if any."""
    said = httpx.post(
        f"{server.url}/v1/messages", headers=who, json={"text": text}, timeout=60, verify=TLS
    )
    assert said.status_code == 200, said.text
    questions = said.json()["questions"]
    return str(questions[0]["id"]) if questions else None


def _answer(server: LiveServer, who: dict[str, str], question: str, answer: str) -> httpx.Response:
    path = f"{server.url}/v1/questions/{question}/answer"
    return httpx.post(path, headers=who, json={"answer": answer}, timeout=60, verify=TLS)


Race = Callable[[Household, str], tuple[Callable[[], httpx.Response], str]]
"""Sets a child's field up; Bob's move (on the second process) and Alice's question."""


def _bob_states(value: str) -> Race:
    def setup(h: Household, child: str) -> tuple[Callable[[], httpx.Response], str]:
        hers = _says(h.one, h.alice, f"I think {child} is sick")
        assert hers is not None
        field = f"family.{child.lower()}.status"
        observation = make_observation(field, value, entity=FAMILY, at=datetime.now(UTC))

        def his() -> httpx.Response:
            body = {"observations": [observation]}
            return httpx.post(
                f"{h.two.url}/v1/observations", headers=h.bob, json=body, timeout=60, verify=TLS
            )

        return his, hers

    return setup


def _bob_unsure(h: Household, child: str) -> tuple[Callable[[], httpx.Response], str]:
    hers = _says(h.one, h.alice, f"I think {child} is sick")
    assert hers is not None

    def his() -> httpx.Response:
        path = f"{h.two.url}/v1/messages"
        return httpx.post(
            path, headers=h.bob, json={"text": f"I think {child} is sick"}, timeout=60, verify=TLS
        )

    return his, hers


def _bob_answers_his_own(h: Household, child: str) -> tuple[Callable[[], httpx.Response], str]:
    his_question = _says(h.two, h.bob, f"I think {child} is well")
    hers = _says(h.one, h.alice, f"I think {child} is sick")
    assert his_question is not None
    assert hers is not None
    return (lambda: _answer(h.two, h.bob, his_question, "yes")), hers


def _correction_then(route: str, writer: str) -> Race:
    """Alice's own plain word commits; she asks to ``route`` it (a question to her); the
    race is her Yes to it against a newer word of the field from ``writer`` (her own,
    or Bob's) on the other process. Serially the newer word stands either way: first, the
    correction has nothing left to do (closed as superseded, nothing undone); last, it
    undoes the older word and the newer one lands after."""

    def setup(h: Household, child: str) -> tuple[Callable[[], httpx.Response], str]:
        field = f"family.{child.lower()}.status"
        sick = make_observation(field, "sick", entity=FAMILY, at=datetime.now(UTC))
        said = _posted(h.one, h.alice, sick).json()["results"][0]
        if said["decision"] == "ask_user":  # before the domain's calibration: her Yes
            assert _answer(h.one, h.alice, said["review_item_id"], "yes").status_code == 200
        body = {"entity_id": FAMILY} | ({"field": field} if route == "forget" else {})
        asked = httpx.post(
            f"{h.one.url}/v1/{route}", headers=h.alice, json=body, timeout=60, verify=TLS
        )
        assert asked.status_code == 201, asked.text
        newer = make_observation(field, "well", entity=FAMILY, at=datetime.now(UTC))
        who = h.alice if writer == "alice" else h.bob
        return (lambda: _posted(h.two, who, newer)), str(asked.json()["question"]["id"])

    return setup


def _posted(server: LiveServer, who: dict[str, str], observation: object) -> httpx.Response:
    body = {"observations": [observation]}
    return httpx.post(
        f"{server.url}/v1/observations", headers=who, json=body, timeout=60, verify=TLS
    )


Outcome = tuple[object, ...]
"""The fact and whose word it is, how many commits, each member's open questions (their
values), how the field's questions were closed, and the two responses' status codes."""


async def _read(url: str, field: str) -> tuple[list[int], object, list[tuple[str, ...]]]:
    store = open_store(url)
    await store.open()
    try:
        versions = [h.version for h in await store.history(FAMILY, field)]
        fact = await store.fact(FAMILY, field)
        items = [
            r
            for r in await store.review_items(
                ["pending", "queued", "confirmed", "rejected", "edited", "superseded"]
            )
            if r.entity_id == FAMILY and r.field == field
        ]
        shown = [(r.principal or "", str(r.candidate_value), r.status, r.id) for r in items]
        return versions, None if fact is None else (fact.value, fact.principal), sorted(shown)
    finally:
        await store.close()


def _play(h: Household, race: Race, answer: str, order: str) -> Outcome:
    child = next(h.children)
    field = f"family.{child.lower()}.status"
    his, hers = race(h, child)

    def her_answer() -> httpx.Response:
        return _answer(h.one, h.alice, hers, answer)

    if order == "race":
        his_response, her_response = _at_once(his, her_answer)
    elif order == "his first":
        his_response, her_response = his(), her_answer()
    else:
        her_response = her_answer()
        his_response = his()
    versions, fact, items = asyncio.run(_read(h.url, field))
    assert versions == list(range(1, len(versions) + 1)), versions  # no double commit
    open_by = {
        who: sorted(v for p, v, s, _ in items if p == who and s in ("pending", "queued"))
        for who in ("user:alice", "user:bob")
    }
    assert all(len(values) <= 1 for values in open_by.values()), items  # none asked twice
    [answered] = [s for _, _, s, i in items if i == hers]
    if her_response.status_code == 200:  # her answer is what closed it, nothing before
        assert answered == {"yes": "confirmed", "no": "rejected"}[answer], items
    statuses = (his_response.status_code, her_response.status_code)
    closed = tuple(sorted((p, s) for p, _, s, _ in items if s not in ("pending", "queued")))
    open_values = tuple((who, tuple(values)) for who, values in sorted(open_by.items()))
    return fact, len(versions), open_values, closed, statuses


Taken = dict[str, tuple[int, int]]
"""His response's and hers in each serial order, where the race says them."""
AFTER_HIS_NEWER: Taken = {"his first": (200, 409), "hers first": (200, 200)}
"""Her Yes to her older question after his newer, different word is overtaken (409): it
would overturn a word she was not shown (``core.domain.overtaken``); his word stands and her
question stays open for her to answer having seen it."""
BOTH_TAKEN: Taken = {"his first": (200, 200), "hers first": (200, 200)}

RACE_TABLE = [
    # (race, her answer, the status codes of the serial orders where the race fixes them)
    pytest.param(
        _bob_states("well"), "yes", AFTER_HIS_NEWER, id="Bob states another value, she says Yes"
    ),
    pytest.param(_bob_states("sick"), "no", BOTH_TAKEN, id="Bob states her value, she says No"),
    pytest.param(_bob_unsure, "yes", None, id="Bob's unsure word of her value, she says Yes"),
    pytest.param(_bob_answers_his_own, "yes", None, id="Bob's Yes to his own, she says Yes"),
    pytest.param(
        _correction_then("undo", "alice"), "yes", None, id="her /undo Yes, her newer word"
    ),
    pytest.param(
        _correction_then("undo", "bob"), "yes", None, id="her /undo Yes, Bob's newer word"
    ),
    pytest.param(_correction_then("forget", "alice"), "yes", None, id="her /forget Yes, her newer"),
]


@pytest.mark.parametrize(("race", "answer", "taken"), RACE_TABLE)
def test_bobs_word_and_alices_answer_race_as_one_serial_order(
    household: Household, race: Race, answer: str, taken: Taken | None
) -> None:
    played = {order: _play(household, race, answer, order) for order in ("his first", "hers first")}
    serial = set(played.values())
    if taken is not None:  # her question is hers to answer: his plain word never closes it
        assert {order: outcome[-1] for order, outcome in played.items()} == taken, played
        for outcome in played.values():
            if outcome[-1][1] == 409:  # overtaken: still open, hers to answer having seen his
                open_values = outcome[2]
                assert isinstance(open_values, tuple), outcome
                assert dict(open_values)["user:alice"], outcome
    for round_ in range(RACES):
        raced = _play(household, race, answer, "race")
        assert raced in serial, (round_, raced, serial)
