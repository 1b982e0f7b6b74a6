"""The OpenClaw plugin (deploy/openclaw-plugin): installed from the registry by its lockfile,
built with tsc, its node unit tests run, and its hooks driven end to end against a live
``canon serve`` by a small node harness (dist/test/harness.js) as OpenClaw would drive them.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from budgets import budget
from canon_peers import Peers, closed_port, live_peers, silent_port
from canon_testing import make_observation
from context_parser import parse_block
from jsonschema import Draft202012Validator
from live_server import call_as, create_token
from openclaw_build import PLUGIN, build_plugin, run
from outsider_text import ADMITTED, data_only

from core.client import CanonClient
from core.domain.quoting import MAX_VALUE_CHARS, Slot

HARNESS = PLUGIN / "dist" / "test" / "harness.js"


@pytest.fixture(scope="module")
def built() -> Path:
    """The plugin, its dependencies installed (once per lockfile) and built."""
    return build_plugin()


def test_the_plugins_own_tests_pass(built: Path) -> None:
    done = run("npm", "test", "--silent")
    assert "# fail 0" in done.stdout


def test_the_manifest_declares_the_config_and_the_package_its_built_entry(built: Path) -> None:
    manifest = json.loads((built / "openclaw.plugin.json").read_text(encoding="utf-8"))
    schema = manifest["configSchema"]
    Draft202012Validator.check_schema(schema)
    config = Draft202012Validator(schema)
    assert config.is_valid({"canonUrl": "http://127.0.0.1:8787", "token": "t"})
    assert not config.is_valid({"canonUrl": "http://127.0.0.1:8787"})
    assert not config.is_valid({"canonUrl": "http://x", "token": "t", "entity": "alice"})
    package = json.loads((built / "package.json").read_text(encoding="utf-8"))
    [extension] = package["openclaw"]["extensions"]
    assert (built / extension).is_file()
    assert manifest["id"] == "canon-bridge"


def harness(url: str, token: str, inbound: dict[str, Any] | None = None, **env: str) -> Any:
    """Drive the built plugin's hooks once; what the prompt got and what was logged.

    The plugin's waits for Canon (2 s for the context, 5 s for the message post) are
    stretched by the suite's one setting, so a busy machine's Canon is still heard; a test
    of the waits themselves sets its own (``CANON_CONTEXT_TIMEOUT_MS``)."""
    environment = {
        "PATH": os.environ["PATH"],
        "CANON_URL": url,
        "CANON_TOKEN": token,
        "CANON_CONTEXT_TIMEOUT_MS": str(round(budget(2) * 1000)),
        "CANON_INGEST_TIMEOUT_MS": str(round(budget(5) * 1000)),
        **env,
    }
    args = [json.dumps(inbound)] if inbound else []
    done = run("node", str(HARNESS), *args, env=environment)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def peers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Peers]:
    with live_peers(tmp_path_factory.mktemp("openclaw") / "canon.db") as running:
        yield running


async def test_context_prepended_and_the_inbound_message_ingested(
    built: Path, peers: Peers
) -> None:
    token = peers.tokens["user:primary"]
    async with CanonClient(peers.url, token) as canon:
        at = datetime.now(UTC)
        await canon.post_observations([make_observation("travel.location", "Tahoe", at=at)])

        got = harness(peers.url, token, {"content": "I moved to Oakland", "messageId": "oc-1"})

        assert got["warnings"] == []
        assert "Tahoe" in got["context"]["prependContext"]
        [asked] = [q for q in await canon.questions() if q.field == "profile.home_city"]
        assert asked.candidate_value == "Oakland"

        again = harness(peers.url, token, {"content": "I moved to Oakland", "messageId": "oc-1"})
        assert again["warnings"] == []
        assert len([q for q in await canon.questions() if q.field == "profile.home_city"]) == 1

        await canon.answer(asked.id, "yes")
        after = harness(peers.url, token)
        assert "Oakland" in after["context"]["prependContext"]


def test_a_token_canon_refuses_means_no_context_and_a_warning(built: Path, peers: Peers) -> None:
    got = harness(peers.url, "not-a-token", {"content": "I moved to Reno"})
    assert got["context"] is None
    assert len(got["warnings"]) == 2
    assert all("401" in w for w in got["warnings"])


def test_canon_down_means_no_context_and_no_error(built: Path) -> None:
    got = harness(closed_port(), "token", {"content": "I moved to Reno", "messageId": "oc-2"})
    assert got["context"] is None
    assert [w.split(" (")[0] for w in got["warnings"]] == [
        "canon-bridge: Canon did not take the message",
        "canon-bridge: no Canon context this turn",
    ]


def test_a_hung_canon_is_given_up_on_at_the_timeout(built: Path) -> None:
    with silent_port() as url:
        got = harness(url, "token", CANON_CONTEXT_TIMEOUT_MS="300")
    assert got["context"] is None
    [warning] = got["warnings"]
    assert re.fullmatch(
        r"canon-bridge: no Canon context this turn "
        r"\(GET /v1/context: no answer in 300 ms; \d+ ms\)",
        warning,
    ), warning
    assert got["options"]["before_prompt_build"]["timeoutMs"] < 15000


def test_the_context_the_plugin_prepends_keeps_every_attack_quoted(
    built: Path, tmp_path: Path
) -> None:
    """An assistant's proposals holding each named attack reach the prompt through the
    plugin exactly as Canon rendered them: one quoted value per line, marked as an agent's,
    the block parsing back into those questions (``outsider_text``)."""
    db = tmp_path / "canon.db"
    with live_peers(db) as running:
        agent = create_token(db, "user:primary", role="agent")
        at = datetime.now(UTC)
        proposals = [
            make_observation(f"project.agent_{i}.note", words, source="agent", at=at)
            for i, words in enumerate(ADMITTED.values())
        ]
        written = call_as(
            running.url, agent, "POST", "/v1/observations", {"observations": proposals}
        )
        assert written.status_code == 200, written.text

        got = harness(running.url, running.tokens["user:primary"])

    assert got["warnings"] == []
    text = got["context"]["prependContext"]
    block = parse_block(text)
    assert data_only("\n".join(text.split("\n")[1:])) == []
    asked = {q.field: q.candidate for q in block.questions}
    for i, words in enumerate(ADMITTED.values()):
        cut = len(words) if len(words) > MAX_VALUE_CHARS else None
        assert asked[f"project.agent_{i}.note"] == Slot(words[:MAX_VALUE_CHARS], "an agent", cut)
