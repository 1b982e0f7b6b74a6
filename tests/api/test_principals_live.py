"""Issue 23, attack 2, against a live ``canon serve``: one member cannot silently drop
another's message, and cannot read another's token, message refs or event ids.

Alice and Bob share the household ``family:smith`` (CANON_FAMILY_ENTITY), each with a
token of their own. Before principals, Bob read Alice's refs through ``/v1/why`` on the
household, computed the ids her next message would get (``api:<her token>:m-N``), and
posted them first: her message came back "duplicate", with nothing recorded or asked.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from canon_testing import make_observation
from live_server import CANON, LISTENING, environment

from core.domain.ids import new_id
from core.extraction.offline import extract_offline
from core.signals.intake import message_payloads

pytestmark = pytest.mark.timeout(300)

FAMILY = "family:smith"
FIELD = "family.emma.status"


@dataclass
class Household:
    url: str
    secrets: dict[str, str]

    def call(self, who: str, method: str, path: str, **kwargs: Any) -> Any:
        got = httpx.request(
            method,
            f"{self.url}{path}",
            headers={"Authorization": f"Bearer {self.secrets[who]}"},
            timeout=60,
            **kwargs,
        )
        assert got.status_code < 300, got.text
        return got.json()

    def say(self, who: str, text: str, message_id: str) -> Any:
        return self.call(who, "POST", "/v1/messages", json={"text": text, "message_id": message_id})

    def why(self, who: str) -> Any:
        return self.call(who, "GET", "/v1/why", params={"entity": FAMILY, "field": FIELD})


USER_IN_HOUSEHOLD = ("--role", "user", "--reach", "household")


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Household]:
    db = tmp_path_factory.mktemp("household") / "canon.db"
    env = {**environment(db), "CANON_FAMILY_ENTITY": FAMILY}
    secrets = {
        who: subprocess.run(
            [*CANON, "token", "create", "--entity", who, "--name", name, *USER_IN_HOUSEHOLD],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=True,
        ).stdout.strip()
        for who, name in (("user:alice", "alice-phone"), ("user:bob", "bob-laptop"))
    }
    process = subprocess.Popen(
        [*CANON, "serve", "--port", "0", "--rate", "100000", "--burst", "100000"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    url = None
    for line in process.stderr:
        if found := LISTENING.search(line):
            url = found.group(1)
            break
    try:
        assert url is not None
        yield Household(url, secrets)
    finally:
        process.terminate()
        process.wait(timeout=60)


def alice_said_emma_is_sick(home: Household) -> dict[str, Any]:
    """Alice's first message (a retry after the first time: a duplicate of it)."""
    [outcome] = home.say("user:alice", "Emma is sick today", "m-1")["outcomes"]
    return dict(outcome)


def alices_token_id(home: Household) -> str:
    """Her token's id, from her own view of what she said (only she is shown it)."""
    alice_said_emma_is_sick(home)
    mine = next(e for e in home.why("user:alice")["evidence"] if e["by"] == "you")
    ref = mine["source"]["ref"]
    assert ref.startswith("api:")
    return str(ref.split(":")[1])


def test_a_member_sees_another_members_evidence_as_theirs_without_refs_or_ids(
    home: Household,
) -> None:
    outcome = alice_said_emma_is_sick(home)
    assert outcome["entity_id"] == FAMILY

    hers = home.why("user:alice")
    [evidence] = [e for e in hers["evidence"] if e["source"]["ref"].endswith(":m-1")]
    assert evidence["by"] == "you"
    assert evidence["event_id"] == outcome["event_id"]
    assert evidence["source"]["ref"].endswith(":m-1")

    # Her word is hers until it is the household's fact: she confirms it, then Bob sees it.
    for q in home.call("user:alice", "GET", "/v1/questions")["questions"]:
        if q["field"] == FIELD:
            home.call(
                "user:alice", "POST", f"/v1/questions/{q['id']}/answer", json={"answer": "yes"}
            )
    bobs = home.why("user:bob")
    [seen] = [e for e in bobs["evidence"] if e["by"] != "you"]
    assert seen["by"] == "another member of the household"
    assert (seen["event_id"], seen["source"]["ref"]) == (None, None)
    assert seen["value"] == evidence["value"]  # the value she gave is the household's
    assert seen["evidence_text"] is None  # her words are hers (they may say much more)
    shown = httpx.Response(200, json=bobs).text
    for secret in (alices_token_id(home), outcome["event_id"], "m-1", "api:"):
        assert secret not in shown


def test_ids_posted_first_by_another_member_never_drop_her_next_message(
    home: Household,
) -> None:
    text = "Emma is better today"
    token = alices_token_id(home)
    # What the attack computed: the ids her next message would have had (unkeyed uuid5).
    guessed = message_payloads(
        text,
        at=datetime.now(UTC),
        entity_id="user:alice",
        message_ref=f"api:{token}:m-2",
        extractor=extract_offline,
        family_entity=FAMILY,
    )
    assert guessed, "the message holds a claim"
    planted = home.call(
        "user:bob",
        "POST",
        "/v1/observations",
        json={"observations": [{**p, "candidate_value": "sick"} for p in guessed]},
    )
    assert [r["decision"] for r in planted["results"]] != ["duplicate"] * len(guessed)
    home.say("user:bob", text, "m-2")  # and the same message id, from his own token

    said = home.say("user:alice", text, "m-2")
    assert said["observations"] == len(guessed)
    assert [o["decision"] for o in said["outcomes"]] != ["duplicate"] * len(guessed)
    assert all(o["decision"] in ("ask_user", "auto_commit") for o in said["outcomes"])
    assert {o["event_id"] for o in said["outcomes"]}.isdisjoint(p["event_id"] for p in guessed)
    # Her retry is still hers to be a duplicate.
    again = home.say("user:alice", text, "m-2")
    assert [o["decision"] for o in again["outcomes"]] == ["duplicate"] * len(guessed)


def test_the_answer_to_another_members_event_id_is_that_of_a_fresh_one(
    home: Household,
) -> None:
    hers = home.say("user:alice", "Max is sick today", "m-3")["outcomes"][0]["event_id"]

    def planted(field: str, event_id: str) -> dict[str, Any]:
        payload = make_observation(
            field, "sick", entity=FAMILY, event_id=event_id, at=datetime.now(UTC)
        )
        [result] = home.call(
            "user:bob", "POST", "/v1/observations", json={"observations": [payload]}
        )["results"]
        return result

    foreign = planted("family.ada.status", hers)
    fresh = planted("family.ida.status", new_id())
    assert foreign["event_id"] == hers  # he hears of his own id, as anyone does
    tell = ("decision", "committed", "confidence", "reasons", "errors")
    assert {k: foreign[k] for k in tell} == {k: fresh[k] for k in tell}
    assert foreign["decision"] != "duplicate"
