"""A dead letter keeps a bounded part of what it was sent, against a live `canon serve`.

Kept whole, a body-limit observation item (about 1 MB) that fails its schema grew the
store by the body limit times the rate limit, for any token. Past
``KEPT_PAYLOAD_CHARS`` the letter keeps the start, and states the whole's size and
SHA-256, as the bot keeps ``KEPT_CHARS`` of a chat message past what it reads.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_cli import canon
from canon_testing import make_observation
from live_server import LiveServer, call, environment, unlimited_server

from core.engine.dead_letter_intake import KEPT_PAYLOAD_CHARS, dead_letter_for, payload_json

pytestmark = pytest.mark.timeout(120)
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with unlimited_server(tmp_path_factory.mktemp("bounds") / "canon.db") as running:
        yield running


def _observation(**changes: Any) -> dict[str, Any]:
    at = datetime.now(UTC) - timedelta(minutes=1)
    return make_observation("travel.location", "Tahoe", at=at, **changes)


def test_a_megabyte_item_is_kept_in_part_with_its_size_and_hash(server: LiveServer) -> None:
    item = _observation(junk="x" * 990_000)  # an unknown key: the item fails its schema
    state = call(server, "GET", "/v1/state").json()

    response = call(server, "POST", "/v1/observations", {"observations": [item]})

    assert response.status_code == 200, response.text[:500]
    [result] = response.json()["results"]
    assert result["decision"] == "invalid"
    assert call(server, "GET", "/v1/state").json() == state
    letters = call(server, "GET", "/v1/dead-letters").json()["dead_letters"]
    [letter] = [d for d in letters if item["event_id"] in (d["payload"] or "")]
    assert len(letter["payload"]) < 2 * KEPT_PAYLOAD_CHARS + 1_000  # not 1 MB
    kept = json.loads(letter["payload"])
    whole = kept["cut"]["characters"]
    assert whole > 990_000
    assert kept["cut"]["kept"] == KEPT_PAYLOAD_CHARS == len(kept["start"])
    assert kept["entity_id"] == item["entity_id"]  # whose letter it is, still
    digest = kept["cut"]["sha256"]
    assert f"a payload of {whole:,} characters (SHA-256 {digest})" in letter["errors"][0]
    assert any("junk" in e for e in letter["errors"][1:])  # why it failed, still said


@pytest.mark.parametrize("size", [10, KEPT_PAYLOAD_CHARS - 1_000, KEPT_PAYLOAD_CHARS + 1_000])
def test_a_payload_is_kept_whole_up_to_the_bound_and_its_hash_is_the_wholes(size: int) -> None:
    payload = {"entity_id": "user:primary", "text": "é" * size}
    text = payload_json(payload)
    letter = dead_letter_for("message", payload, ["why"], NOW, "user:primary")
    if len(text) <= KEPT_PAYLOAD_CHARS:
        assert letter.payload == text
        assert letter.errors == ("why",)
        return
    kept = json.loads(letter.payload)
    assert kept["cut"]["sha256"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert text.startswith(kept["start"])
    assert letter.errors[1:] == ("why",)


def test_a_letter_kept_in_part_is_never_retried_as_if_whole(tmp_path: Path) -> None:
    """A letter cut at ``KEPT_PAYLOAD_CHARS`` holds the start of its payload, not the
    payload: `canon dlq --retry` and a Yes to its question (`canon answer ... confirm`)
    must refuse it saying so, and keep what the letter says it lost (size, SHA-256).
    Before, each retry replaced the letter's errors with the wrapper's schema errors
    ("Additional properties ... 'cut'"), so the size and hash were gone after the first,
    and the Yes was refused as if the payload lacked fields."""
    db = tmp_path / "canon.db"
    env = environment(db)
    whole_env: dict[str, str | None] = {name: None for name in os.environ if name not in env}
    env_all = whole_env | env
    item = _observation(junk="x" * 400_000)
    with unlimited_server(db) as server:
        response = call(server, "POST", "/v1/observations", {"observations": [item]})
        assert response.json()["results"][0]["decision"] == "invalid"
    [letter] = json.loads(canon("dlq", "--json", env=env_all).stdout)["dead_letters"]
    [cut_note] = [e for e in letter["errors"] if "SHA-256" in e]
    first_seen = datetime.fromisoformat(letter["first_seen"].replace("Z", "+00:00"))

    for minutes in (2, 10, 45):  # past each retry's delay: three retries, then a question
        at = (first_seen + timedelta(minutes=minutes)).isoformat()
        ran = canon("dlq", "--retry", "--json", "--now", at, env=env_all)
        assert ran.returncode == 0, ran.stderr
        [letter] = json.loads(ran.stdout)["dead_letters"]
        assert cut_note in letter["errors"]  # what it lost is still said
        assert not any("cut" in e and "Additional" in e for e in letter["errors"])
    assert letter["status"] == "permanently_failed"
    assert any("a part as the whole" in e for e in letter["errors"]), letter["errors"]

    pending = json.loads(canon("pending", "--json", env=env_all).stdout)["pending"]
    [question] = [q for q in pending if q["kind"] == "dead_letter"]
    yes = canon("answer", question["id"], "confirm", env=env_all)
    assert yes.returncode != 0
    assert "a part as the whole" in yes.stdout + yes.stderr
    assert "400," in yes.stdout + yes.stderr  # the whole's size, said
    state = json.loads(canon("state", "--json", env=env_all).stdout)
    assert "Tahoe" not in json.dumps(state)


def test_a_retry_keeps_why_a_line_first_failed(tmp_path: Path) -> None:
    """`canon ingest` keeps a line that is not UTF-8 as its text, with why; before, the
    first `canon dlq --retry` replaced the why ("not UTF-8 (byte 0xff ...)") with the
    schema's complaint about a string, and the byte was never named again."""
    env_all: dict[str, str | None] = {name: None for name in os.environ}
    env_all |= environment(tmp_path / "canon.db")
    lines = tmp_path / "in.jsonl"
    lines.write_bytes(b'{"entity_id": "user:primary", "x": "\xff"}\n')
    assert canon("ingest", str(lines), env=env_all).returncode == 0
    [letter] = json.loads(canon("dlq", "--json", env=env_all).stdout)["dead_letters"]
    [why] = letter["errors"]
    assert "not UTF-8" in why
    first_seen = datetime.fromisoformat(letter["first_seen"].replace("Z", "+00:00"))

    for minutes in (2, 10, 45):
        at = (first_seen + timedelta(minutes=minutes)).isoformat()
        ran = canon("dlq", "--retry", "--json", "--now", at, env=env_all)
        [letter] = json.loads(ran.stdout)["dead_letters"]
        assert letter["errors"][0] == why, letter["errors"]
    assert letter["status"] == "permanently_failed"
    assert len(letter["errors"]) < 10  # the retries' reasons added once, not each time
