"""Two `canon serve` processes on one SQLite file, one question group answered on both
at the same moment: a Yes to one part on the first, a No to the other part on the second.
The group is answered once (one 200, one 409), and the facts are what that answer said,
for both parts: never the trip's place confirmed and its status turned down."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime

import httpx
import pytest
from canon_testing import make_observation
from live_server import create_token
from two_processes import TwoProcesses

from core.client_tls import client_tls

pytestmark = pytest.mark.timeout(240)
TLS = client_tls()
"""Every request's TLS context: one per process (a client making its own spends 20 ms of CPU)."""
ROUNDS = 6


def _auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _at_once(user: dict[str, str], *calls: tuple[str, str, str]) -> dict[str, httpx.Response]:
    """Each (server url, question id, answer) posted on a thread of its own, released
    together; the responses by answer."""
    answers: dict[str, httpx.Response] = {}
    start = threading.Barrier(len(calls))

    def answer(url: str, question: str, said: str) -> None:
        start.wait()
        path = f"{url}/v1/questions/{question}/answer"
        answers[said] = httpx.post(
            path, headers=user, json={"answer": said}, timeout=60, verify=TLS
        )

    threads = [threading.Thread(target=answer, args=call) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.mark.parametrize("two_processes", ["sqlite"], indirect=True)
def test_one_group_answered_on_two_processes_at_once_is_answered_once(
    two_processes: TwoProcesses,
) -> None:
    # The pair of servers the race files share (conftest.py): this file's users are its own.
    # Its tokens reach their own user only, never the household another file plays in.
    one, two, db, env = two_processes.one, two_processes.two, two_processes.db, two_processes.env
    for round_ in range(ROUNDS):
        # a user of their own each round: the last round's Yes outranks a calendar
        entity = f"user:group{round_}"
        calendar = ("--source-type", "calendar")
        feed = create_token(db, entity, *calendar, role="signals", env=env, household=False)
        user = _auth(create_token(db, entity, env=env, household=False))
        place, ref, now = f"Place{round_}", f"cal-{uuid.uuid4()}", datetime.now(UTC)
        observations = [
            make_observation(f, v, source="calendar", ref=ref, at=now, entity=entity)
            for f, v in (("travel.location", place), ("travel.status", "in_progress"))
        ]
        sent = httpx.post(
            f"{one.url}/v1/observations",
            headers=_auth(feed),
            json={"observations": observations},
            verify=TLS,
        )
        assert sent.status_code == 200, sent.text
        asked = httpx.get(f"{two.url}/v1/questions", headers=user, verify=TLS).json()["questions"]
        assert len(asked) == 2, (round_, asked)

        answers = _at_once(user, (one.url, asked[0]["id"], "yes"), (two.url, asked[1]["id"], "no"))

        statuses = sorted(r.status_code for r in answers.values())
        assert statuses == [200, 409], {k: r.text for k, r in answers.items()}
        won = next(k for k, r in answers.items() if r.status_code == 200)
        state = httpx.get(f"{one.url}/v1/state", headers=user, verify=TLS).json()
        facts = {f: v["value"] for f, v in state["entities"].get(entity, {}).items()}
        both = (facts.get("travel.location"), facts.get("travel.status"))
        assert both == ((place, "in_progress") if won == "yes" else (None, None)), both
        assert (
            httpx.get(f"{one.url}/v1/questions", headers=user, verify=TLS).json()["questions"] == []
        )
    assert one.process.poll() is None
    assert two.process.poll() is None
