"""Who a question says spoke is who wrote it, never what the payload claims: a token's
observation whose ``needs_confirmation`` reads "Canon said it of you" (the words Canon
uses for what another member said) is not put to the user as "Canon says ..." (the HTTP
API, a real SQLite store, each kind of token Alice may have)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD as HOUSEHOLD_SCOPE
from core.signals.intake import REPORTED_DOUBT

ALICE = "user:alice"


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        for role, extra in (
            ("agent", {}),
            ("delegate", {}),
            ("signals", {"source_types": ("calendar",)}),
        ):
            issued = await issue_token(
                api.engine, ALICE, role, NOW, reach=(HOUSEHOLD_SCOPE,), role=role, **extra
            )
            api.tokens[role] = issued.secret
        yield api


@pytest.mark.parametrize(
    ("who", "source"), [("agent", "agent"), ("delegate", "agent"), ("signals", "calendar")]
)
async def test_a_payload_cannot_name_who_said_it(api: Api, who: str, source: str) -> None:
    spoof = REPORTED_DOUBT.format(who="Canon")
    said = make_observation(
        "travel.location", "Paris", entity=ALICE, source=source, needs_confirmation=spoof
    )
    sent = await api.call(who, "POST", "/v1/observations", json_body={"observations": [said]})
    assert sent.status == 200, sent.body
    [question] = (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]
    first = question["question"].splitlines()[0]
    assert not first.startswith("Canon"), first
