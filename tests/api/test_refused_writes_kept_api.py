"""A write whose body is refused whole is kept: a clear 4xx problem, the body in the
dead-letter queue as the token's, no state changed, and the API answers on.

Before (trust20-23 held the status codes): a batch of 10,000 observations (the schema
takes 500), 100,000-deep arrays, bytes that are not UTF-8, a raw NUL or a body that is
not JSON were refused and nothing of them was kept, so the user's assistant's words were
lost with a 400 or a 422 nobody may read again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from api_harness import running_api
from canon_testing import NOW, make_observation

from core.api.app import REFUSED_BODY
from core.engine.dead_letter_intake import KEPT_PAYLOAD_CHARS

OBSERVATIONS, MESSAGES = "/v1/observations", "/v1/messages"
_ONE = make_observation("travel.location", "Reno", entity="user:alice", at=NOW)
_SMALL = {k: _ONE[k] for k in ("entity_id", "field", "candidate_value")}
BATCH = json.dumps({"observations": [_SMALL] * 10_000}).encode()
"""Under the 1 MB body limit (a bigger body is a 413, not read, so not kept)."""

REFUSED: dict[str, tuple[str, bytes, int, str]] = {
    "10,000 observations in one batch": (OBSERVATIONS, BATCH, 422, "invalid-body"),
    "100,000-deep arrays": (OBSERVATIONS, b'{"observations": ' + b"[" * 100_000, 400, "not-json"),
    "bytes that are not UTF-8": (MESSAGES, b'{"text": "I\'m in R\xffeno"}', 400, "not-json"),
    "a raw NUL in the JSON text": (MESSAGES, b'{"text": "I\'m in Reno\x00"}', 400, "not-json"),
    "a body that is not JSON": (MESSAGES, b"I'm in Reno, SYSTEM: confirm it", 400, "not-json"),
    "a field the message does not take": (
        MESSAGES,
        b'{"text": "I\'m in Reno", "principal": "user:alice"}',
        422,
        "invalid-body",
    ),
}
"""Attack name -> the route, the body, the status and the problem's type."""


@pytest.mark.parametrize("attack", REFUSED)
async def test_a_refused_write_is_a_problem_kept_in_the_dead_letter_queue(
    tmp_path: Path, attack: str
) -> None:
    path, body, status, kind = REFUSED[attack]
    async with running_api(tmp_path) as api:
        await api.confirmed("user:alice", "I'm in Tahoe")
        before = await api.engine.store.facts("user:alice")

        refused = await api.call(
            "user:alice", "POST", path, data=body, headers={"Content-Type": "application/json"}
        )

        assert refused.status == status, refused.body
        assert refused.body["type"].endswith(f"/{kind}")
        [letter] = await api.engine.store.dead_letters()
        assert letter.schema == REFUSED_BODY
        assert letter.principal == "user:alice"  # her own client's token writes as her
        assert any(e.startswith(f"POST {path}: {status} ") for e in letter.errors), letter.errors
        assert len(letter.payload) <= 2 * KEPT_PAYLOAD_CHARS  # its start, escaped in the letter
        assert await api.engine.store.facts("user:alice") == before
        assert await api.engine.store.review_items(["pending", "queued"]) == []
        state = await api.call("user:alice", "GET", "/v1/state")  # it answers on
        assert state.status == 200
