"""Attack 5 of issue 23, through a live ``canon serve``: one tenant's confirmed changes
never end another tenant's calibration.

Two users on one store, each with their own ``user`` token and the shipped policy (the
first 30 changes per entity and domain are asked). Alice confirms 31 travel changes;
Bob's first travel word is still asked, not committed on Canon's say.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from canon_testing import make_observation
from live_server import create_token, environment, live_server

from core.domain.policy import DEFAULTS_PATH

PLACES = ("Tahoe", "Reno", "Portland", "Denver")


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    db = tmp_path / "canon.db"
    env = environment(db, CANON_POLICY=str(DEFAULTS_PATH))
    with live_server(db, "--rate", "100000", "--burst", "100000", env=env) as server:
        bob = create_token(db, "user:bob", env=env)
        alice = create_token(db, "user:alice", env=env)
        yield server.url, {"alice": alice, "bob": bob}


def said(client: httpx.Client, token: str, entity: str, value: str, at: datetime) -> Any:
    body = {"observations": [make_observation("travel.location", value, entity=entity, at=at)]}
    made = client.post("/v1/observations", json=body, headers={"Authorization": f"Bearer {token}"})
    assert made.status_code == 200, made.text
    return made.json()["results"][0]


def test_one_users_confirmed_changes_never_end_anothers_calibration(
    serve: tuple[str, dict[str, str]],
) -> None:
    url, tokens = serve
    start = datetime.now(UTC) - timedelta(hours=2)
    with httpx.Client(base_url=url, timeout=60) as client:
        for n in range(31):
            at = start + timedelta(minutes=n)
            out = said(client, tokens["alice"], "user:alice", PLACES[n % len(PLACES)], at)
            assert out["decision"] == "ask_user", out  # calibrating: asked, then confirmed
            answered = client.post(
                f"/v1/questions/{out['review_item_id']}/answer",
                json={"answer": "yes"},
                headers={"Authorization": f"Bearer {tokens['alice']}"},
            )
            assert answered.status_code == 200, answered.text
            assert answered.json()["committed"] is True

        first = said(client, tokens["bob"], "user:bob", "Tahoe", datetime.now(UTC))

    assert first["decision"] == "ask_user"
    assert first["committed"] is False
    assert any("calibrating" in reason for reason in first["reasons"]), first["reasons"]
