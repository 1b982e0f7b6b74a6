"""`canon mcp`, driven by the MCP SDK's own client over both transports.

Every test talks to a real `canon mcp --entity user:alice` process on a real SQLite
store: spawned by the client over stdio, or listening for streamable HTTP on a
free loopback port. Alice shares family:home (CANON_SHARED_ENTITIES); Bob's facts
and questions live in the same store and must stay out of her reach. A test that
changes what Canon believes starts its own; the tests that change nothing another reads
(listing, reading, refusals, bad input) share one seeded store and one process per
transport (``shared``): each start is a second of CPU.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from canon_cli import canon
from canon_testing import calibrated_policy, make_observation
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent, TextResourceContents

from core.api.tokens import issue_token
from core.domain.api_tokens import HOUSEHOLD
from core.domain.principals import Role, user_principal
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

REPO = Path(__file__).resolve().parents[2]
ALICE, BOB, HOME = "user:alice", "user:bob", "family:home"
TRANSPORTS = ["stdio", "http"]
TOOLS = {"get_state", "why", "list_pending", "answer_question", "propose_observation"}

pytestmark = [pytest.mark.parametrize("transport", TRANSPORTS), pytest.mark.timeout(120)]


async def seed(db: Path) -> str:
    """Alice is in Tahoe, the household's Emma goes to Lincoln, Bob is in Paris and has
    an open question. Returns the id of Bob's question."""
    at = datetime.now(UTC)
    store = SQLiteStore(db)
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        outcomes = await engine.ingest_batch(
            [
                make_observation("travel.location", "Tahoe", entity=ALICE, at=at),
                make_observation("family.emma.school", "Lincoln", entity=HOME, at=at),
                make_observation("travel.location", "Paris", entity=BOB, at=at),
                make_observation("travel.destination", "Rome", entity=BOB, at=at, source="email"),
            ],
            now=at,
        )
    finally:
        await store.close()
    assert [o.decision for o in outcomes] == ["auto_commit"] * 3 + ["ask_user"]
    assert outcomes[3].review_item_id is not None
    return outcomes[3].review_item_id


def server_env(tmp_path: Path, db: Path, **extra: str) -> dict[str, str]:
    workspace = tmp_path / "workspace"
    workspace.mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "CANON_DB": str(db),
        "CANON_WORKSPACE": str(workspace),
        "CANON_SHARED_ENTITIES": HOME,
        **extra,
    }


async def token(
    db: Path, entity: str = ALICE, role: Role = "user", reach: Sequence[str] | None = None
) -> str:
    """A ``role`` bearer token for ``entity`` reaching ``reach`` (None: the household's),
    as `canon token create` makes one."""
    store = SQLiteStore(db)
    await store.open()
    try:
        issued = await issue_token(
            Engine(store, calibrated_policy()),
            entity,
            "mcp",
            datetime.now(UTC),
            role=role,
            reach=(HOUSEHOLD,) if reach is None else reach,
        )
    finally:
        await store.close()
    return issued.secret


@asynccontextmanager
async def http_server(
    tmp_path: Path, db: Path, *flags: str, said: list[str] | None = None, **env: str
) -> AsyncIterator[str]:
    """A `canon mcp --transport http` process acting for Alice (more ``flags``); yields its
    URL. ``said`` gets the lines it printed on stderr until then."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "core.cli",
        "mcp",
        "--entity",
        ALICE,
        "--transport",
        "http",
        "--port",
        "0",
        *flags,
        cwd=REPO,
        env=server_env(tmp_path, db, **env),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stderr is not None
    lines: list[str] = []
    drain: asyncio.Task[bytes] | None = None
    try:
        while not lines or " at http://" not in lines[-1]:
            line = (await proc.stderr.readline()).decode()
            if not line:
                await proc.wait()
                raise AssertionError("canon mcp --transport http stopped:\n" + "".join(lines))
            lines.append(line)
        url = lines[-1].rsplit(" at ", 1)[1].strip()
        if said is not None:
            said.extend(lines)
        assert url.startswith("http://127.0.0.1:"), url  # loopback by default
        assert url.endswith("/mcp"), url
        drain = asyncio.create_task(proc.stderr.read())  # a full pipe would stall the server
        yield url
    finally:
        await stopped(proc, drain)


async def stopped(proc: asyncio.subprocess.Process, drain: asyncio.Task[bytes] | None) -> None:
    """``proc`` killed and reaped, however its test ended (a failure, a time limit, a
    cancel). asyncio's ``wait()`` (3.11) returns only once the pipes are read to their end,
    so ``drain`` reads stderr until then and is cancelled after, never before: a pipe
    nobody reads stops being read when its buffer fills, and the wait with it."""
    if proc.returncode is None:
        proc.kill()
    try:
        await proc.wait()
    finally:
        if drain is not None:
            drain.cancel()


@asynccontextmanager
async def connect(
    transport: str,
    tmp_path: Path,
    db: Path,
    role: Role | None = None,
    reach: Sequence[str] | None = None,
    secret: str | None = None,
    **extra_env: str,
) -> AsyncIterator[Client]:
    """The SDK's client, connected to a `canon mcp` process acting for Alice: over stdio
    started with ``--role role`` (default: none given), over HTTP with a ``role`` token
    (default: her own client's, ``user``) reaching ``reach`` (default: the household's),
    or the token ``secret`` made apart; ``extra_env``: more of the server's environment."""
    args = ["-m", "core.cli", "mcp", "--entity", ALICE]
    env = server_env(tmp_path, db, **extra_env)
    if transport == "stdio":
        args += [] if role is None else ["--role", role]
        params = StdioServerParameters(command=sys.executable, args=args, env=env, cwd=REPO)
        async with Client(params) as client:
            yield client
        return
    if secret is None:
        secret = await token(db, role=role or "user", reach=reach)
    async with http_server(tmp_path, db, **extra_env) as url, connect_to(url, secret) as client:
        yield client


@asynccontextmanager
async def connect_to(url: str, secret: str) -> AsyncIterator[Client]:
    """The SDK's client, connected with the token ``secret`` to the `canon mcp` server
    at ``url`` (one server may take several clients, each with its own token)."""
    headers = {"Authorization": f"Bearer {secret}"}
    transport_streams = streamable_http_client(
        url, http_client=create_mcp_http_client(headers=headers)
    )
    async with Client(transport_streams) as client:
        yield client


@pytest.fixture
async def db(tmp_path: Path) -> Path:
    return tmp_path / "canon.db"


@dataclass(frozen=True)
class Served:
    """A seeded store and a client of the one `canon mcp` serving it."""

    client: Client
    db: Path
    bobs_question: str


class SharedServers:
    """One seeded store and one connected `canon mcp` per transport, for the tests that
    leave nothing another of them reads: each client is held open by a task of its own
    (the SDK's client must be closed by the task that opened it) until the module ends."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.served: dict[str, Served] = {}
        self.holders: list[asyncio.Task[None]] = []
        self.closing = asyncio.Event()

    async def __call__(self, transport: str) -> Served:
        if transport not in self.served:
            ready: asyncio.Future[Served] = asyncio.get_running_loop().create_future()
            self.holders.append(asyncio.create_task(self._hold(transport, ready)))
            self.served[transport] = await ready
        return self.served[transport]

    async def _hold(self, transport: str, ready: asyncio.Future[Served]) -> None:
        tmp_path = self.root / transport
        tmp_path.mkdir()
        db = tmp_path / "canon.db"
        try:
            bobs_question = await seed(db)
            async with connect(transport, tmp_path, db) as client:
                ready.set_result(Served(client, db, bobs_question))
                await self.closing.wait()
        except BaseException as failed:
            if not ready.done():
                ready.set_exception(failed)
            raise

    async def close(self) -> None:
        self.closing.set()
        await asyncio.gather(*self.holders)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[SharedServers]:
    servers = SharedServers(tmp_path_factory.mktemp("mcp-shared"))
    try:
        yield servers
    finally:
        await servers.close()


SHARED = pytest.mark.asyncio(loop_scope="module")
"""The mark of a test that uses ``shared``: it runs in the module's event loop, the
shared clients' own."""


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's structured result; the call must succeed."""
    result = await client.call_tool(tool, arguments)
    assert isinstance(result, CallToolResult)
    assert not result.is_error, error_text(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


async def refused(client: Client, tool: str, **arguments: Any) -> str:
    """The one-line error of a tool call that must fail."""
    result = await client.call_tool(tool, arguments)
    assert isinstance(result, CallToolResult)
    assert result.is_error, result.structured_content
    return error_text(result)


def error_text(result: CallToolResult) -> str:
    return " ".join(c.text for c in result.content if isinstance(c, TextContent))


async def read_text(client: Client, uri: str) -> str:
    result = await client.read_resource(uri)
    (content,) = result.contents
    assert isinstance(content, TextResourceContents)
    return content.text


async def open_questions(db: Path) -> dict[str, str]:
    """{question id: status} of every open question, read from the store itself."""
    store = SQLiteStore(db)
    await store.open()
    try:
        return {r.id: r.status for r in await store.open_review_items()}
    finally:
        await store.close()


@SHARED
async def test_it_lists_its_tools_and_resources_with_schemas(
    transport: str, shared: SharedServers
) -> None:
    client = (await shared(transport)).client
    tools = {t.name: t for t in (await client.list_tools()).tools}
    resources = [str(r.uri) for r in (await client.list_resources()).resources]
    templates = [
        t.uri_template for t in (await client.list_resource_templates()).resource_templates
    ]
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description, tool.name
        assert tool.output_schema, tool.name
    propose = tools["propose_observation"].input_schema
    assert propose["required"] == ["field", "value"]
    assert "source" not in propose["properties"]  # an agent cannot claim to be anything else
    assert tools["answer_question"].input_schema["properties"]["answer"]["enum"] == [
        "yes",
        "no",
        "edit",
    ]
    assert resources == ["canon://context"]
    assert templates == ["canon://state/{entity_id}"]


@SHARED
async def test_state_why_and_context_cover_its_entities_and_no_others(
    transport: str, shared: SharedServers
) -> None:
    client = (await shared(transport)).client
    state = await call(client, "get_state")
    home = await call(client, "get_state", entity_id=HOME)
    why = await call(client, "why", field="location")
    nothing = await call(client, "why", field="rent")
    context = await read_text(client, "canon://context")
    alice = json.loads(await read_text(client, f"canon://state/{ALICE}"))
    assert state["entities"] == [ALICE, HOME]
    assert [(f["entity_id"], f["field"], f["value"]) for f in state["facts"]] == [
        (HOME, "family.emma.school", "Lincoln"),
        (ALICE, "travel.location", "Tahoe"),
    ]
    assert [f["value"] for f in home["facts"]] == ["Lincoln"]
    (chain,) = why["chains"]
    assert (chain["entity_id"], chain["field"], chain["current"]["value"]) == (
        ALICE,
        "travel.location",
        "Tahoe",
    )
    assert [(e["source"]["type"], e["decision"]) for e in chain["evidence"]] == [
        ("conversation_assertive", "auto_commit")
    ]
    assert [c["new_value"] for c in chain["changes"]] == ["Tahoe"]
    assert nothing["chains"] == []
    assert nothing["message"].startswith("I know nothing about rent.")
    assert "travel.location = Tahoe" in context
    assert "emma" in context
    assert "Paris" not in context
    assert "Rome" not in context
    assert alice[ALICE]["travel.location"]["value"] == "Tahoe"


ANSWERS: list[tuple[str, str, str, str | None, str, str | None]] = [
    # field, value the user mentioned, answer, edited value, question's status, committed value
    ("travel.destination", "Denver", "yes", None, "confirmed", "Denver"),
    ("profile.employer", "Acme", "no", None, "rejected", None),
    ("profile.home_city", "Reno", "edit", "Boulder", "edited", "Boulder"),
]


async def users_questions(db: Path) -> list[str]:
    """Questions Alice's own words raised (said in passing: asked), one per ``ANSWERS`` row."""
    at = datetime.now(UTC)
    store = SQLiteStore(db)
    await store.open()
    try:
        outcomes = await Engine(store, calibrated_policy()).ingest_batch(
            [
                make_observation(field, value, entity=ALICE, at=at, needs_confirmation="in passing")
                for field, value, *_ in ANSWERS
            ],
            now=at,
            principal=user_principal(ALICE),
        )
    finally:
        await store.close()
    return [o.review_item_id for o in outcomes if o.review_item_id is not None]


async def test_a_proposal_is_asked_never_committed(
    transport: str, tmp_path: Path, db: Path
) -> None:
    await seed(db)
    async with connect(transport, tmp_path, db) as client:
        proposals = [
            await call(
                client,
                "propose_observation",
                field=field,
                value=proposed,
                evidence_text=f"the assistant read {proposed}",
            )
            for field, proposed, *_ in ANSWERS
        ]
        state = await call(client, "get_state", entity_id=ALICE)
        pending = await call(client, "list_pending")
        why = await call(client, "why", field="travel.destination")
    for proposal, (field, proposed, *_rest) in zip(proposals, ANSWERS, strict=True):
        assert proposal["decision"] == "ask_user"
        assert "agent proposals are never committed without you" in proposal["reasons"]
        question = proposal["question"]
        assert (question["field"], question["candidate_value"], question["status"]) == (
            field,
            proposed,
            "pending",
        )
    assert [f["field"] for f in state["facts"]] == ["travel.location"]
    assert [q["id"] for q in pending["pending"]] == [p["question"]["id"] for p in proposals]
    (chain,) = why["chains"]
    assert [
        (e["source"]["type"], e["value"], e["decision"], e["evidence_text"])
        for e in chain["evidence"]
    ] == [("agent", "Denver", "ask_user", "the assistant read Denver")]


async def test_the_assistant_answers_the_users_questions_for_them_and_is_named(
    transport: str, tmp_path: Path, db: Path
) -> None:
    """Over stdio (a delegate by default) and with a user token over HTTP the assistant acts
    for Alice: its answers to questions her own words raised decide, as her tap would."""
    await seed(db)
    questions = await users_questions(db)
    changes = tmp_path / "workspace" / "memory" / "state-changes.md"
    async with connect(transport, tmp_path, db) as client:
        workspace_before = changes.exists()
        answers, agains = [], []
        for question_id, (_f, _v, word, edited, _status, _committed) in zip(
            questions, ANSWERS, strict=True
        ):
            arguments: dict[str, Any] = {"question_id": question_id, "answer": word}
            if edited is not None:
                arguments["value"] = edited
            answers.append(await call(client, "answer_question", **arguments))
            agains.append(
                await refused(client, "answer_question", question_id=question_id, answer="no")
            )
        after = await call(client, "get_state", entity_id=ALICE)
    for answered, again, (*_, status, committed) in zip(answers, agains, ANSWERS, strict=True):
        assert (answered["status"], answered["committed_value"]) == (status, committed)
        assert f"is already {status}" in again
    assert {f["field"]: f["value"] for f in after["facts"]} == {
        "travel.location": "Tahoe",
        "travel.destination": "Denver",
        "profile.home_city": "Boulder",
    }
    assert {f["source"]["type"] for f in after["facts"] if f["field"] != "travel.location"} == {
        "user_confirmation"
    }
    store = SQLiteStore(db)
    await store.open()
    try:
        settled = [await store.review_item(q) for q in questions]
    finally:
        await store.close()
    delegate = "mcp:user:alice" if transport == "stdio" else "token:"
    for item in settled:
        assert item is not None
        assert item.answer is not None
        answered_by = item.answer["answer"]["answered_by"]
        assert answered_by.startswith(f"delegate:{delegate}")
        assert answered_by.endswith(" for user:alice via mcp:user:alice")
    # A committed answer refreshes the assistant's workspace, as an answer in the chat does.
    assert not workspace_before
    assert "Denver" in changes.read_text()
    assert "Boulder" in changes.read_text()
    assert "Acme" not in changes.read_text()


async def test_an_edited_place_nobody_knows_waits_for_new_place(
    transport: str, tmp_path: Path, db: Path
) -> None:
    """An edit is checked by the field's kind, as in the chat: "purple" is no place Canon
    knows, so it is refused (saying how to insist) until new_place says the user means it."""
    await seed(db)
    destination, *_ = await users_questions(db)
    async with connect(transport, tmp_path, db) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        edit = {"question_id": destination, "answer": "edit", "value": "purple"}
        said = await refused(client, "answer_question", **edit)
        still = await open_questions(db)
        wrong_word = await refused(
            client, "answer_question", question_id=destination, answer="yes", new_place=True
        )
        used = await call(client, "answer_question", **edit, new_place=True)
        after = await call(client, "get_state", entity_id=ALICE)
    assert tools["answer_question"].input_schema["properties"]["new_place"]["type"] == "boolean"
    assert 'I don\'t know a place called "purple"' in said
    assert "new_place: true" in said
    assert destination in still, "nothing changed"
    assert "edit only" in wrong_word
    assert (used["status"], used["committed_value"]) == ("edited", "purple")
    facts = {f["field"]: f["value"] for f in after["facts"]}
    assert facts["travel.destination"] == "purple"


async def test_a_proposal_against_stronger_fresh_evidence_is_asked_never_committed(
    transport: str, tmp_path: Path, db: Path
) -> None:
    await seed(db)
    async with connect(transport, tmp_path, db) as client:
        proposal = await call(client, "propose_observation", field="travel.location", value="Reno")
        again = await call(
            client,
            "propose_observation",
            field="travel.location",
            value="Reno",
            event_id=proposal["event_id"],
        )
        state = await call(client, "get_state", entity_id=ALICE)
        pending = await call(client, "list_pending")
    assert proposal["decision"] == "ask_user"
    assert proposal["question"]["candidate_value"] == "Reno"
    assert again["decision"] == "duplicate"
    assert [f["value"] for f in state["facts"]] == ["Tahoe"]
    assert [q["candidate_value"] for q in pending["pending"]] == ["Reno"]


@SHARED
async def test_another_entity_is_refused_and_nothing_changes(
    transport: str, shared: SharedServers
) -> None:
    served = await shared(transport)
    client, db = served.client, served.db
    errors = [
        await refused(client, "get_state", entity_id=BOB),
        await refused(client, "why", field="location", entity_id=BOB),
        await refused(client, "answer_question", question_id=served.bobs_question, answer="yes"),
        await refused(
            client, "propose_observation", field="travel.location", value="X", entity_id=BOB
        ),
    ]
    pending = await call(client, "list_pending")
    with pytest.raises(MCPError, match="out of scope"):
        await client.read_resource(f"canon://state/{BOB}")
    state = await call(client, "get_state")
    for error in errors:
        assert f"{BOB} is out of scope: this server acts for {ALICE}, {HOME} only" in error
    assert pending == {"pending": [], "queued": []}
    assert await open_questions(db) == {served.bobs_question: "pending"}
    assert BOB not in state["entities"]


@SHARED
async def test_bad_input_is_a_tool_error_and_the_server_keeps_serving(
    transport: str, shared: SharedServers
) -> None:
    served = await shared(transport)
    client, db = served.client, served.db
    cases: list[tuple[str, dict[str, Any], str]] = [
        (
            "propose_observation",
            {"field": "travel.Where Now!", "value": "Reno"},
            "invalid observation, kept in the dead-letter queue",
        ),
        ("propose_observation", {"field": "travel.location", "value": "x" * 501}, "dead-letter"),
        ("propose_observation", {"field": "travel.location"}, "value"),
        ("propose_observation", {"field": "travel.location", "value": [1]}, "value"),
        ("answer_question", {"question_id": "nope", "answer": "yes"}, "no question 'nope'"),
        ("answer_question", {"question_id": "nope", "answer": "maybe"}, "answer"),
        ("answer_question", {"question_id": "nope", "answer": "edit"}, "needs the corrected"),
        ("why", {"field": ""}, "field"),
        ("no_such_tool", {}, "no_such_tool"),
        # Arguments the tool's own schema does not name are refused, never dropped: the
        # model would read "nothing pending" as bruno's, or Canon as taking its source.
        (
            "list_pending",
            {"entity_id": "user:bruno"},
            "list_pending: invalid arguments: unknown argument(s) ('entity_id' was unexpected)",
        ),
        (
            "propose_observation",
            {"field": "travel.location", "value": "Reno", "source": {"type": "user"}},
            "unknown argument(s) ('source' was unexpected)",
        ),
        ("get_state", {"entity": BOB}, "unknown argument(s) ('entity' was unexpected)"),
    ]
    errors = [await refused(client, tool, **arguments) for tool, arguments, _ in cases]
    state = await call(client, "get_state", entity_id=ALICE)
    for (tool, _arguments, expected), error in zip(cases, errors, strict=True):
        assert expected in error, (tool, error)
        assert "Traceback" not in error
    assert [f["value"] for f in state["facts"]] == ["Tahoe"]
    assert len(await open_questions(db)) == 1  # Bob's: the refused proposal asked nothing
    store = SQLiteStore(db)
    await store.open()
    try:
        letters = await store.dead_letters()
    finally:
        await store.close()
    assert len(letters) == 2  # the two that passed the tool's schema but not Canon's
    assert all(json.loads(d.payload)["source"]["type"] == "agent" for d in letters)


async def test_an_assistant_cannot_flood_the_users_questions(
    transport: str, tmp_path: Path, db: Path
) -> None:
    """Past the policy's max_agent_questions open questions about Alice, a proposal that
    would ask one more is a tool error and records nothing; an answer makes room, and a
    proposal about the household (another entity) is counted apart."""
    await seed(db)
    policy = tmp_path / "policy.toml"
    policy.write_text("max_agent_questions = 2\n", encoding="utf-8")
    async with connect(transport, tmp_path, db, CANON_POLICY=str(policy)) as client:
        asked = [
            await call(client, "propose_observation", field=f"project.p{n}.status", value="done")
            for n in range(2)
        ]
        flood = await refused(client, "propose_observation", field="project.p2.status", value="x")
        household = await call(
            client, "propose_observation", field="family.emma.club", value="chess", entity_id=HOME
        )
        # The agent may not settle its own proposal; the user's answer (here the owner's
        # command line) makes room.
        own = await refused(
            client, "answer_question", question_id=asked[0]["question"]["id"], answer="no"
        )
        # (`canon answer` run in this interpreter, its environment the server's alone: a
        # process of its own was seconds of CPU for what only its store shows.)
        env = server_env(tmp_path, db)
        whole: dict[str, str | None] = {name: None for name in os.environ if name not in env}
        said_no = canon("answer", asked[0]["question"]["id"], "reject", env=whole | env)
        assert said_no.returncode == 0, said_no.stderr
        room = await call(client, "propose_observation", field="project.p2.status", value="x")
        why = await call(client, "why", field="project.p2.status")
    assert [a["decision"] for a in asked] == ["ask_user", "ask_user"]
    assert flood == (
        "Error executing tool propose_observation: too many open questions: this agent "
        f"already has 2 about {ALICE} waiting for the user (the policy's max_agent_questions); "
        "nothing was recorded. Propose again once the user has answered some."
    )
    assert household["decision"] == "ask_user"
    assert "its own proposal" in own or "raised" in own
    assert room["decision"] == "ask_user"
    (chain,) = why["chains"]
    assert [e["value"] for e in chain["evidence"]] == ["x"]  # the refused one left no trace
