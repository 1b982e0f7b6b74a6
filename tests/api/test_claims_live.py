"""Attack 3 of issue 23 through a live ``canon serve``: what a request may claim follows from
its token's role, whatever the payload says. Each row posts as one token; an agent's claim
is downgraded to agent evidence (asked, never committed), a signals token posts only what
it was made for, and the legitimate paths still commit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from canon_peers import create_token
from canon_testing import make_observation
from live_server import LiveServer, live_server

from core.api.bodies import body_errors

pytestmark = pytest.mark.timeout(180)
PRIMARY = "user:primary"


@dataclass(frozen=True)
class Tokens:
    server: LiveServer
    secrets: dict[str, str]

    def post(self, who: str, path: str, body: Any) -> httpx.Response:
        return httpx.post(
            f"{self.server.url}/v1{path}",
            json=body,
            headers={"Authorization": f"Bearer {self.secrets[who]}"},
            timeout=60,
        )

    def get(self, who: str, path: str, **params: str) -> httpx.Response:
        return httpx.get(
            f"{self.server.url}/v1{path}",
            params=params,
            headers={"Authorization": f"Bearer {self.secrets[who]}"},
            timeout=60,
        )


@pytest.fixture(scope="module")
def tokens(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tokens]:
    db = tmp_path_factory.mktemp("claims") / "canon.db"
    with live_server(db, "--rate", "100000", "--burst", "100000") as server:
        yield Tokens(
            server,
            {
                "user": server.token,
                "agent": create_token(db, PRIMARY, role="agent"),
                "delegate": create_token(db, PRIMARY, role="delegate"),
                "calendar": create_token(db, PRIMARY, "--source-type", "calendar", role="signals"),
                "mail": create_token(db, PRIMARY, "--source-type", "email", role="signals"),
            },
        )


def observation(field: str, value: Any, source: str, **extra: Any) -> dict[str, Any]:
    return make_observation(
        field, value, entity=PRIMARY, source=source, at=datetime.now(UTC), **extra
    )


CORROBORATED = [{"type": "calendar", "ref": "c-1"}, {"type": "transactions_email", "ref": "m-1"}]
AS_SENT = None

CLAIMS: list[tuple[str, str, str, bool, str | None, str | None]] = [
    # token, claimed source, decision, committed, the source notice (AS_SENT: none), stored as
    ("agent", "user_confirmation", "ask_user", False, "user_confirmation -> agent", "agent"),
    ("agent", "transactions_email", "ask_user", False, "transactions_email -> agent", "agent"),
    ("agent", "manual_markdown", "ask_user", False, "manual_markdown -> agent", "agent"),
    ("delegate", "user_confirmation", "ask_user", False, "user_confirmation -> agent", "agent"),
    ("user", "user_confirmation", "auto_commit", True, "user_confirmation -> conversation_", None),
    ("user", "system", "auto_commit", True, "system -> conversation_assertive", None),
    ("user", "manual_markdown", "auto_commit", True, AS_SENT, "manual_markdown"),
    # calendar evidence (0.85) alone is asked about below the thresholds of 0.90
    ("calendar", "calendar", "ask_user", False, AS_SENT, "calendar"),
    ("mail", "transactions_email", "ask_user", False, "transactions_email -> email", "email"),
]


@pytest.mark.parametrize(("who", "claimed", "decision", "committed", "notice", "stored"), CLAIMS)
def test_an_observation_is_taken_as_its_tokens_role_may_claim_it(
    tokens: Tokens,
    who: str,
    claimed: str,
    decision: str,
    committed: bool,
    notice: str | None,
    stored: str | None,
) -> None:
    field = f"project.{who}_{claimed}.status"
    extra: dict[str, Any] = {"corroborators": CORROBORATED} if who != "calendar" else {}
    got = tokens.post(
        who, "/observations", {"observations": [observation(field, "blocked", claimed, **extra)]}
    )
    assert got.status_code == 200, got.text
    assert body_errors("ObservationsResponse", got.json()) == []
    [result] = got.json()["results"]
    assert (result["decision"], result["committed"]) == (decision, committed), result
    notices = result["notices"]
    if notice is None:
        assert not [n for n in notices if n.startswith("source ")]
    else:
        assert notices[0].startswith(f"source {notice}")
    if extra:  # no role here may claim calendar and transaction mail both
        assert notices[-1].startswith("corroborators ")
    why = tokens.get("user", "/why", field=field).json()
    [evidence] = why["evidence"]
    assert evidence["source"]["type"] == (stored or "conversation_assertive")
    assert {c["type"] for c in evidence["corroborators"]} <= {"calendar"}


REFUSED: list[tuple[str, str, str, Any, str]] = [
    # token, method, path, body, what the refusal says
    (
        "user",
        "POST",
        "/observations",
        {"observations": [observation("travel.location", "Reno", "calendar")]},
        "observations[0]: a user token may not claim calendar evidence",
    ),
    (
        "calendar",
        "POST",
        "/observations",
        {"observations": [observation("travel.location", "Reno", "transactions_email")]},
        "observations[0]: this signals token may post calendar, not transactions_email",
    ),
    (
        "calendar",
        "POST",
        "/observations",
        {
            "observations": [
                observation("travel.location", "Reno", "calendar"),
                observation("travel.location", "Reno", "user_confirmation"),
            ]
        },
        "observations[1]: this signals token may post calendar, not user_confirmation",
    ),
    (
        "calendar",
        "POST",
        "/messages",
        {"text": "I moved to Reno"},
        "signals tokens may not call postMessage",
    ),
    ("calendar", "GET", "/context", None, "signals tokens may not call getContext"),
    (
        "agent",
        "POST",
        "/questions/q-1/answer",
        {"answer": "yes"},
        "agent tokens may not call answerQuestion",
    ),
]


@pytest.mark.parametrize(("who", "method", "path", "body", "detail"), REFUSED)
def test_a_claim_the_role_may_not_make_is_refused_and_nothing_is_written(
    tokens: Tokens, who: str, method: str, path: str, body: Any, detail: str
) -> None:
    before = tokens.get("user", "/state").json()
    got = tokens.post(who, path, body) if method == "POST" else tokens.get(who, path)
    assert got.status_code == 403, got.text
    assert got.headers["content-type"].startswith("application/problem+json")
    problem = got.json()
    assert body_errors("Problem", problem) == []
    assert problem["type"].endswith("/claim-refused")
    assert problem["detail"].startswith(detail), problem["detail"]
    assert tokens.get("user", "/state").json() == before


def test_an_agents_claimed_user_confirmation_is_asked_and_only_the_user_commits_it(
    tokens: Tokens,
) -> None:
    """The attack: an agent claims the user confirmed rent 9999. It is asked instead; the
    agent cannot answer; a delegate answering names itself; the user's own Yes commits."""
    posted = tokens.post(
        "agent",
        "/observations",
        {"observations": [observation("financial.rent.amount", 9999, "user_confirmation")]},
    ).json()
    [result] = posted["results"]
    assert (result["decision"], result["committed"]) == ("ask_user", False)
    question = result["review_item_id"]
    refused = tokens.post("agent", f"/questions/{question}/answer", {"answer": "yes"})
    assert refused.status_code == 403
    assert "financial.rent.amount" not in str(tokens.get("user", "/state").json())

    answered = tokens.post("user", f"/questions/{question}/answer", {"answer": "yes"})
    assert answered.status_code == 200, answered.text
    assert (answered.json()["status"], answered.json()["committed_value"]) == ("confirmed", 9999)
    why = tokens.get("user", "/why", field="financial.rent.amount").json()
    assert why["current"]["source"]["type"] == "user_confirmation"


def test_an_agents_message_is_asked_and_only_the_user_settles_it(
    tokens: Tokens,
) -> None:
    said = {"text": "I moved to Oakland"}
    agent = tokens.post("agent", "/messages", {**said, "message_id": "a-1"}).json()
    assert agent["outcomes"], agent
    for outcome in agent["outcomes"]:
        assert (outcome["decision"], outcome["committed"]) == ("ask_user", False)
        assert outcome["notices"][0].startswith("source conversation_assertive -> agent")
    [asked] = agent["questions"]

    delegate = tokens.post("delegate", "/messages", {**said, "message_id": "d-1"}).json()
    assert all(o["notices"] == [] for o in delegate["outcomes"])
    # A sibling assistant does not turn the agent's proposal into the user's confirmation
    # (two assistants would make one no person gave); the user's own client does.
    refused = tokens.post("delegate", f"/questions/{asked['id']}/answer", {"answer": "yes"})
    assert refused.status_code == 403, refused.text
    answered = tokens.post("user", f"/questions/{asked['id']}/answer", {"answer": "yes"})
    assert answered.status_code == 200, answered.text
    assert answered.json()["status"] == "confirmed"


def test_an_agents_message_about_one_trip_is_one_question(tokens: Tokens) -> None:
    """Its claims keep their message: "we are in Denver now" is asked as one question
    (where and the trip under way together), not two that No must answer twice."""
    agent = tokens.post("agent", "/messages", {"text": "we are in Denver now", "message_id": "a-2"})
    questions = agent.json()["questions"]
    assert len(questions) >= 2, questions
    groups = {q["group"] for q in questions}
    assert len(groups) == 1, questions
    assert None not in groups, questions


def test_a_delegate_cannot_settle_the_forget_it_asked_for(tokens: Tokens) -> None:
    field = "project.forgotten.status"
    tokens.post(
        "user", "/observations", {"observations": [observation(field, "done", "manual_markdown")]}
    )
    asked = tokens.post("delegate", "/forget", {"field": field})
    assert asked.status_code == 201, asked.text
    question = asked.json()["question"]["id"]
    refused = tokens.post("delegate", f"/questions/{question}/answer", {"answer": "yes"})
    assert refused.status_code == 403
    assert "raised by your own evidence" in refused.json()["detail"]
    assert field in str(tokens.get("user", "/state").json())
    answered = tokens.post("user", f"/questions/{question}/answer", {"answer": "yes"})
    assert answered.json()["status"] == "confirmed"
    assert field not in str(tokens.get("user", "/state").json())
