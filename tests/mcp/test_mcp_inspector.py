"""`canon mcp` driven by a third-party client: the MCP Inspector's command-line mode
(`@modelcontextprotocol/inspector`, pinned, from the npm registry on the cache's Node 24:
tests/services/install-inspector.sh), as a user would run it, on stdio (the Inspector
starts `canon mcp`) and on streamable HTTP (with a bearer token from `canon token create`).

Over HTTP it lists the tools (closed schemas, no portability problem by the Inspector's
own ``--strict`` check) and the resources, reads the context, and calls every tool: the
reads, a proposal that is asked and the answer that commits it, an unknown argument and
an entity out of scope, which the Inspector reports as tool errors. On stdio, where each
Inspector run starts a `canon mcp` of its own (seconds of CPU each), it lists the tools
(``--strict``), reads the context, calls a read, meets a tool error and answers the
user's question as her delegate: what the transport changes. Each tool's answers on both
transports are test_mcp_server.py's, through the SDK's client. Independent calls run side
by side; each Inspector run is one process, so its time limit is a guard against a hang,
from the suite's one setting.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest
from budgets import budget
from canon_testing import calibrated_policy, make_observation
from live_server import create_token
from services.npm_tools import INSPECTOR, path_with_node, require
from test_mcp_server import ALICE, BOB, HOME, TOOLS, http_server, open_questions, seed, server_env

from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

pytestmark = pytest.mark.timeout(900)

TOOL_ERROR = 5
"""The Inspector's exit status when a tool answered ``isError: true``."""
T = TypeVar("T")
SIDE_BY_SIDE = 4
"""Inspector runs at once (each on stdio starts its own `canon mcp`)."""


@asynccontextmanager
async def inspector(transport: str, tmp_path: Path, db: Path) -> AsyncIterator[Any]:
    """``run(*method args)`` -> (exit status, the JSON the Inspector printed), against a
    `canon mcp` acting for Alice on ``transport``."""
    env = server_env(tmp_path, db)
    if transport == "stdio":
        server_vars = [arg for name, value in env.items() for arg in ("-e", f"{name}={value}")]
        target = [*server_vars, "--", sys.executable, "-m", "core.cli", "mcp", "--entity", ALICE]
        async with _runner(tmp_path, target) as run:
            yield run
        return
    token = create_token(db, ALICE, "--name", "inspector")
    # Each Inspector CLI call opens a session of its own (initialize, initialized, the
    # call: three requests of the token's bucket) and the calls run side by side: a burst
    # above the default 20, which test_mcp_auth holds to.
    async with http_server(tmp_path, db, "--burst", "200") as url:
        target = [
            *("--server-url", url, "--transport", "http"),
            *("--header", f"Authorization: Bearer {token}"),
        ]
        async with _runner(tmp_path, target) as run:
            yield run


@asynccontextmanager
async def _runner(tmp_path: Path, target: list[str]) -> AsyncIterator[Any]:
    home = tmp_path / "inspector-home"  # its catalog and stored auth, kept out of the real HOME
    home.mkdir(exist_ok=True)
    # The Inspector gives a server 15 s to connect by default: a busy machine's instead.
    connect_ms = str(round(budget(60) * 1000))
    turns = asyncio.Semaphore(SIDE_BY_SIDE)

    async def run(*method: str) -> tuple[int, Any]:
        async with turns:
            return await _run_once(
                home, ["--cli", "--connect-timeout", connect_ms, *method, *target]
            )

    yield run


async def _run_once(home: Path, args: list[str]) -> tuple[int, Any]:
    process = await asyncio.create_subprocess_exec(
        str(require(INSPECTOR)),
        *args,
        env={"PATH": path_with_node(), "HOME": str(home), "NO_COLOR": "1"},
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        # A group of its own: the `canon mcp` it starts on stdio is in it, and writes to
        # the same stderr pipe (the Inspector lets its server inherit stderr).
        start_new_session=True,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), budget(120))
    except TimeoutError:
        pytest.fail(f"the Inspector did not finish {args} within {budget(120):.0f} s")
    finally:
        await _stop_group(process)
    text = out.decode()
    assert text.strip(), f"{args}: exit {process.returncode}, nothing printed:\n{err.decode()}"
    printed, _end = json.JSONDecoder().raw_decode(text.strip())
    return process.returncode or 0, printed


async def side_by_side(*runs: Awaitable[T]) -> list[T]:
    """The runs at once, as ``asyncio.gather``, but each to its end before a failure is
    raised. pytest-asyncio cancels every task left at a test's end, asyncio's own among
    them (the one connecting a starting process's pipes), and a process start cancelled so
    never ends (Python 3.11 waits for pipes it never connected): teardown hung so after one
    Inspector run failed while the others were starting theirs."""
    ended = await asyncio.gather(*runs, return_exceptions=True)
    for outcome in ended:
        if isinstance(outcome, BaseException):
            raise outcome
    return cast("list[T]", ended)


async def _stop_group(process: asyncio.subprocess.Process) -> None:
    """The Inspector and what it started killed if still running, and reaped, however the
    run ended (its time limit, or its test's cancelling it): asyncio's ``wait()``
    (3.11) returns only once the pipes are closed, and a `canon mcp` left behind holds
    stderr open. After a run that finished, its group is gone already."""
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    await process.wait()


def call(tool: str, **arguments: str) -> list[str]:
    pairs = [f"{name}={value}" for name, value in arguments.items()]
    return [
        "--method",
        "tools/call",
        "--tool-name",
        tool,
        *(["--tool-arg", *pairs] if pairs else []),
    ]


def error_of(result: tuple[int, Any]) -> str:
    status, printed = result
    assert status == TOOL_ERROR, printed
    assert printed["isError"] is True
    return " ".join(c["text"] for c in printed["content"])


def answer(result: tuple[int, Any]) -> Any:
    status, printed = result
    assert status == 0, printed
    assert printed["isError"] is False
    return printed["structuredContent"]


async def test_the_inspector_lists_reads_and_calls_every_tool(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    await seed(db)
    mails = await mail_question(db)  # a question the user's mail raised, not the assistant
    async with inspector("http", tmp_path, db) as run:
        reads = await side_by_side(
            run("--method", "tools/list", "--strict"),
            run("--method", "resources/list"),
            run("--method", "resources/read", "--uri", "canon://context"),
            run(*call("get_state", entity_id=HOME)),
            run(*call("why", field="location")),
            run(*call("list_pending")),
            run(*call("list_pending", entity_id="user:bruno")),
            run(*call("get_state", entity_id=BOB)),
        )
        proposed = answer(
            await run(
                *call(
                    "propose_observation",
                    field="travel.destination",
                    value="Denver",
                    evidence_text="the assistant read Denver",
                )
            )
        )
        own = await run(
            *call("answer_question", question_id=proposed["question"]["id"], answer="yes")
        )
        answered = answer(await run(*call("answer_question", question_id=mails, answer="yes")))
        state = answer(await run(*call("get_state", entity_id=ALICE)))
    tools, resources, context, home, why, pending, unknown, bobs = reads

    assert tools[0] == 0
    listed = {t["name"]: t for t in tools[1]["tools"]}
    assert set(listed) == TOOLS
    assert all(t["inputSchema"]["additionalProperties"] is False for t in listed.values())
    assert resources[0] == 0
    assert [r["uri"] for r in resources[1]["resources"]] == ["canon://context"]
    assert context[0] == 0
    (block,) = context[1]["contents"]
    assert "travel.location = Tahoe" in block["text"]
    assert "Paris" not in block["text"]  # Bob's

    assert [(f["entity_id"], f["value"]) for f in answer(home)["facts"]] == [(HOME, "Lincoln")]
    (chain,) = answer(why)["chains"]
    assert (chain["field"], chain["current"]["value"]) == ("travel.location", "Tahoe")
    assert [q["id"] for q in answer(pending)["pending"]] == [mails]
    assert answer(pending)["queued"] == []
    assert error_of(unknown) == (
        "list_pending: invalid arguments: unknown argument(s) ('entity_id' was unexpected)"
    )
    assert f"{BOB} is out of scope: this server acts for {ALICE}, {HOME} only" in error_of(bobs)

    assert proposed["decision"] == "ask_user"
    assert proposed["question"]["candidate_value"] == "Denver"
    # The assistant acts for Alice, but never settles what its own proposal raised.
    assert "raised by your own evidence" in error_of(own)
    assert (answered["status"], answered["committed_value"]) == ("confirmed", "Oakland")
    assert {f["field"]: f["value"] for f in state["facts"]} == {
        "profile.home_city": "Oakland",
        "travel.location": "Tahoe",
    }
    assert len(await open_questions(db)) == 2  # Bob's, and the proposal: the user's to answer


async def test_the_inspector_starts_canon_mcp_on_stdio_and_its_delegate_answers(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    await seed(db)
    mails = await mail_question(db)
    async with inspector("stdio", tmp_path, db) as run:
        tools, context, home, unknown = await side_by_side(
            run("--method", "tools/list", "--strict"),
            run("--method", "resources/read", "--uri", "canon://context"),
            run(*call("get_state", entity_id=HOME)),
            run(*call("list_pending", entity_id="user:bruno")),
        )
        # Started by the assistant it serves, over stdio it acts as the user's delegate.
        answered = answer(await run(*call("answer_question", question_id=mails, answer="yes")))

    assert tools[0] == 0
    listed = {t["name"]: t for t in tools[1]["tools"]}
    assert set(listed) == TOOLS
    assert all(t["inputSchema"]["additionalProperties"] is False for t in listed.values())
    assert context[0] == 0
    (block,) = context[1]["contents"]
    assert "travel.location = Tahoe" in block["text"]
    assert "Paris" not in block["text"]  # Bob's
    assert [(f["entity_id"], f["value"]) for f in answer(home)["facts"]] == [(HOME, "Lincoln")]
    assert error_of(unknown) == (
        "list_pending: invalid arguments: unknown argument(s) ('entity_id' was unexpected)"
    )
    assert (answered["status"], answered["committed_value"]) == ("confirmed", "Oakland")
    assert len(await open_questions(db)) == 1  # Bob's


async def mail_question(db: Path) -> str:
    """A question Alice's mail raised (her home city): one the assistant may answer for her."""
    at = datetime.now(UTC)
    store = SQLiteStore(db)
    await store.open()
    try:
        mail = make_observation("profile.home_city", "Oakland", entity=ALICE, at=at, source="email")
        outcome = await Engine(store, calibrated_policy()).ingest(mail, now=at)
    finally:
        await store.close()
    assert outcome.review_item_id is not None, outcome
    return outcome.review_item_id
