"""The plugin in the real OpenClaw gateway (the pinned `openclaw` package on Node 24, both
from the npm registry: tests/services/install-openclaw.sh), set up exactly as the README's
OpenClaw section says, with a throwaway HOME, a fake OpenAI-compatible model on loopback
and a live ``canon serve`` behind a recording proxy (which can also hang or go away).

One gateway serves the whole module, in order: a ``chat.send`` turn and an
``openclaw agent --message`` turn with Canon up (the model's request holds Canon's context;
Canon got each message once), then a turn with Canon hung and one with
Canon down (the turn goes on without Canon's context, having waited for it under 2.5 s).

Each OpenClaw command is a Node process that loads the gateway's code (seconds, more on a
busy machine), so what does not depend on another runs beside it: the SDK conformance
compile runs while the README's steps run and the gateway starts, and the plugin's npm
dependencies are installed once per lockfile. OpenClaw's own commands and the turns cannot
overlap: one process at a time owns OpenClaw's state, and two turns at once on one session
break its transcript.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, web
from budgets import budget
from canon_peers import create_token, live_peers
from canon_testing import make_observation
from fakes.openai_server import DEFAULT_KEY, DEFAULT_MODEL, Content, fake_openai_in_thread
from openclaw_build import PLUGIN, build_plugin
from services.npm_tools import OPENCLAW, OPENCLAW_HOME, path_with_node, require

from core.client import CanonClient

PLUGIN_ID = "canon-bridge"
CONTEXT_TIMEOUT_MS = 2000
"""The plugin's default: how long a prompt waits for Canon's context."""
TURN_COST_S = 2.5
"""The most a hung or stopped Canon may add to a turn (the issue's figure)."""
GATEWAY_TOKEN = secrets.token_hex(16)


@dataclass
class CanonProxy:
    """``canon serve`` behind a proxy that records each request and can hang or go away."""

    target: str
    mode: str = "forward"  # forward | hang
    seen: list[tuple[str, str, Any]] = field(default_factory=list)
    port: int = 0
    _loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    _runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        self.seen.append((request.method, request.path, json.loads(body) if body else None))
        if self.mode == "hang":
            await asyncio.sleep(3600)
        headers = {k: v for k, v in request.headers.items() if k.lower() != "host"}
        async with (
            ClientSession() as session,
            session.request(
                request.method, f"{self.target}{request.path_qs}", data=body, headers=headers
            ) as answer,
        ):
            return web.Response(
                status=answer.status,
                body=await answer.read(),
                content_type=answer.content_type,
            )

    def start(self) -> None:
        threading.Thread(target=self._loop.run_forever, daemon=True).start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=60)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, handler_cancellation=True, shutdown_timeout=0.1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    def stop(self) -> None:
        """Canon is gone: nothing listens on the port any more (connections are refused)."""
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(60)
            self._runner = None
        self._loop.call_soon_threadsafe(self._loop.stop)

    def messages(self) -> list[Any]:
        return [
            body for method, path, body in self.seen if (method, path) == ("POST", "/v1/messages")
        ]


@dataclass
class Gateway:
    env: dict[str, str]
    port: int
    log: Path
    process: subprocess.Popen[str] | None = None
    conformance: subprocess.CompletedProcess[str] | None = None
    """sdk/conformance.ts compiled against the pinned SDK, while the gateway started."""

    def openclaw(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run(
            [str(OPENCLAW), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=budget(timeout),
            check=False,
        )
        assert done.returncode == 0, f"openclaw {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        return done.stdout + done.stderr

    def logged(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def wait_for(what: str, check: Callable[[], Any], seconds: float) -> Any:
    """Poll ``check`` until it returns something truthy, for at most ``budget(seconds)``."""
    deadline = time.monotonic() + budget(seconds)
    while time.monotonic() < deadline:
        if got := check():
            return got
        time.sleep(0.2)
    pytest.fail(f"waited {budget(seconds):.0f} s for {what}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def finish(
    process: subprocess.Popen[str], seconds: float = 300
) -> subprocess.CompletedProcess[str]:
    """What a process started beside the others printed, once it ends (a hang guard)."""
    out, _err = process.communicate(timeout=budget(seconds))
    return subprocess.CompletedProcess(process.args, process.returncode, out or "", "")


def conformance_compile(env: dict[str, str], workdir: Path) -> subprocess.Popen[str]:
    """sdk/conformance.ts compiled with `openclaw` resolved to the pinned package, started."""
    entry = OPENCLAW_HOME / "openclaw" / "dist" / "plugin-sdk" / "plugin-entry.d.ts"
    config = workdir / "tsconfig.json"
    config.write_text(
        json.dumps(
            {
                "extends": str(PLUGIN / "tsconfig.json"),
                "compilerOptions": {
                    "noEmit": True,
                    "rootDir": str(PLUGIN),
                    "typeRoots": [str(PLUGIN / "node_modules" / "@types")],
                    "paths": {"openclaw/plugin-sdk/plugin-entry": [str(entry)]},
                },
                "include": [],
                "files": [str(PLUGIN / "sdk" / "conformance.ts")],
            }
        ),
        encoding="utf-8",
    )
    return subprocess.Popen(
        ["node", str(PLUGIN / "node_modules" / ".bin" / "tsc"), "-p", str(config)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.fixture(scope="module")
def canon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[CanonProxy, str]]:
    db = tmp_path_factory.mktemp("canon") / "canon.db"
    with live_peers(db) as peers:
        # As the README makes it: the plugin relays the user's own messages.
        token = create_token(db, "user:primary", "--name", "openclaw", role="delegate")
        proxy = CanonProxy(peers.url)
        proxy.start()
        try:
            yield proxy, token
        finally:
            proxy.stop()


@pytest.fixture(scope="module")
def model() -> Iterator[Any]:
    with fake_openai_in_thread() as fake:
        fake.script(*[Content("Noted.") for _ in range(40)])
        yield fake


@pytest.fixture(scope="module")
def gateway(
    tmp_path_factory: pytest.TempPathFactory, canon: tuple[CanonProxy, str], model: Any
) -> Iterator[Gateway]:
    require(OPENCLAW)
    build_plugin()
    proxy, token = canon
    home = tmp_path_factory.mktemp("openclaw-home")
    env = {
        "PATH": path_with_node(),
        "HOME": str(home),
        "OPENCLAW_GATEWAY_TOKEN": GATEWAY_TOKEN,
        "NO_COLOR": "1",
    }
    gateway = Gateway(env, free_port(), home / "gateway.log")
    env["OPENCLAW_GATEWAY_PORT"] = str(gateway.port)
    # An OpenClaw that works before Canon comes in: a local gateway and a model.
    (home / ".openclaw").mkdir()
    (home / ".openclaw" / "openclaw.json").write_text(
        json.dumps(
            {
                "gateway": {
                    "mode": "local",
                    "port": gateway.port,
                    "bind": "loopback",
                    "auth": {"mode": "token", "token": GATEWAY_TOKEN},
                },
                "models": {
                    "mode": "merge",
                    "providers": {
                        "fake": {
                            "baseUrl": model.base_url,
                            "apiKey": DEFAULT_KEY,
                            "api": "openai-completions",
                            "models": [
                                {
                                    "id": DEFAULT_MODEL,
                                    "name": "Fake",
                                    "reasoning": False,
                                    "input": ["text"],
                                    "contextWindow": 128000,
                                    "maxTokens": 1000,
                                }
                            ],
                        }
                    },
                },
                "agents": {"defaults": {"model": {"primary": f"fake/{DEFAULT_MODEL}"}}},
            }
        ),
        encoding="utf-8",
    )
    # The README's steps, in its order: install, configure, enable, check.
    gateway.openclaw(
        "plugins", "install", "--link", str(PLUGIN), "--force", "--accept-capabilities"
    )
    entry = {
        "config": {"canonUrl": proxy.url, "token": token, "entity": "user:primary"},
        "hooks": {"allowConversationAccess": True},
    }
    gateway.openclaw(
        "config",
        "set",
        f"plugins.entries.{PLUGIN_ID}",
        json.dumps(entry),
        "--strict-json",
        "--merge",
    )
    # The SDK conformance compile is no OpenClaw command: it runs beside the README's steps
    # (OpenClaw's own commands take turns: one process at a time owns its state).
    compiling = conformance_compile(env, tmp_path_factory.mktemp("conformance"))
    gateway.openclaw("plugins", "enable", PLUGIN_ID)
    doctor = gateway.openclaw("plugins", "doctor")
    assert "checks passed" in doctor, doctor

    with gateway.log.open("w", encoding="utf-8") as log:
        gateway.process = subprocess.Popen(
            [str(OPENCLAW), "gateway", "run", "--port", str(gateway.port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            gateway.conformance = finish(compiling, 120)
            wait_for(
                "the gateway to be ready",
                lambda: re.search(r"\[gateway\] ready", gateway.logged()),
                60,
            )
            yield gateway
        finally:
            gateway.process.terminate()
            try:
                gateway.process.wait(timeout=budget(12))
            except subprocess.TimeoutExpired:
                gateway.process.kill()
                gateway.process.wait()


def model_requests_after(model: Any, count: int) -> list[dict[str, Any]]:
    return wait_for("the model's request", lambda: model.chat_bodies()[count:] or None, 120)


def contexts_asked(proxy: CanonProxy) -> int:
    return sum(1 for method, path, _ in proxy.seen if (method, path) == ("GET", "/v1/context"))


def agent_turn(gateway: Gateway, text: str) -> None:
    gateway.openclaw("agent", "--agent", "main", "--message", text, "--json", timeout=180)


def test_the_sdk_types_the_plugin_uses_are_the_real_ones(gateway: Gateway) -> None:
    """sdk/conformance.ts compiles with `openclaw` resolved to the pinned package."""
    assert gateway.conformance is not None
    assert gateway.conformance.returncode == 0, gateway.conformance.stdout


async def test_both_turns_carry_canons_context_and_reach_canon_once(
    gateway: Gateway, canon: tuple[CanonProxy, str], model: Any
) -> None:
    proxy, token = canon
    async with CanonClient(proxy.url, token) as client:
        at = datetime.now(UTC)
        await client.post_observations([make_observation("travel.location", "Tahoe", at=at)])

    before = len(model.chat_bodies())
    gateway.openclaw(
        "gateway",
        "call",
        "chat.send",
        "--json",
        "--params",
        json.dumps(
            {"sessionKey": "main", "message": "I moved to Oakland", "idempotencyKey": "canon-e2e-1"}
        ),
    )
    [asked, *_] = model_requests_after(model, before)
    assert "Tahoe" in json.dumps(asked["messages"]), "Canon's context is in the model's request"

    # One turn at a time: two turns at once on the main session break OpenClaw's transcript
    # ("session rebound"), so the agent turn follows the chat.send turn.
    before = len(model.chat_bodies())
    agent_turn(gateway, "We are in Reno now")
    [asked, *_] = model_requests_after(model, before)
    assert "Tahoe" in json.dumps(asked["messages"])

    def texts() -> list[str]:
        return [m["text"] for m in proxy.messages()]

    with suppress(pytest.fail.Exception):
        wait_for("both messages at Canon", lambda: len(texts()) >= 2, 30)
    assert len(texts()) >= 2, f"{proxy.seen}\n{gateway.logged()[-4000:]}"
    assert sorted(texts()) == ["I moved to Oakland", "We are in Reno now"]
    ids = [m.get("message_id") for m in proxy.messages()]
    assert all(ids), ids
    assert "canon-bridge: no Canon context" not in gateway.logged()


async def test_a_group_turn_carries_no_context_block(
    gateway: Gateway, canon: tuple[CanonProxy, str], model: Any
) -> None:
    """The context block is the user's private state; in a group everyone reads the reply.
    A turn in a group's session (OpenClaw's ``agent:<id>:<channel>:group:<id>``) goes to
    the model without it, and the plugin says why once in the gateway's log."""
    proxy, token = canon
    async with CanonClient(proxy.url, token) as client:  # something of the user's to leak
        at = datetime.now(UTC)
        await client.post_observations([make_observation("travel.location", "Tahoe", at=at)])
    group = "agent:main:telegram:group:-1001234567890"
    asked_for_context = contexts_asked(proxy)
    before = len(model.chat_bodies())
    ask = ("--message", "Where is everyone this weekend?", "--json")
    gateway.openclaw("agent", "--agent", "main", "--session-key", group, *ask, timeout=180)
    [asked, *_] = model_requests_after(model, before)
    assert "Tahoe" not in json.dumps(asked["messages"]), "the user's state reached a group turn"
    assert contexts_asked(proxy) == asked_for_context
    said = f"canon-bridge: no Canon context for this turn: {group} is a group or a channel"
    assert said in gateway.logged(), gateway.logged()[-3000:]


FORGED_KEYS = {
    "a line break and a forged ready line": "agent:main:telegram:group:-100\n[gateway] ready",
    "ANSI escapes that clear the screen": "agent:main:telegram:group:-100\x1b[2J\x1b[31mOK",
    "a direction override": "agent:main:telegram:group:-100\u202eydaer",
}
"""A group's session key holding what would forge, hide or turn a line of the gateway's log."""


@pytest.mark.parametrize("forged", FORGED_KEYS)
async def test_a_session_key_that_forges_a_log_line_is_one_line_of_the_log(
    gateway: Gateway, canon: tuple[CanonProxy, str], model: Any, forged: str
) -> None:
    """The plugin logs why a group turn gets no context, naming its session key: a key
    holding a line break or an escape sequence is shown escaped on the plugin's one line
    (``logged`` in src/senders.ts), never as a line or a terminal command of its own."""
    key = FORGED_KEYS[forged]
    before = len(model.chat_bodies())
    ask = ("--message", "Where is everyone?", "--json")
    gateway.openclaw("agent", "--agent", "main", "--session-key", key, *ask, timeout=180)
    model_requests_after(model, before)
    # OpenClaw lower-cases a session key; the plugin escapes what does not print, as JSON does.
    escaped = json.dumps(key.lower(), ensure_ascii=True)[1:-1]
    log = gateway.logged()
    said = f"no Canon context for this turn: {escaped} is a group or a channel"
    assert said in log, log[-3000:]
    for line in log.splitlines():
        assert not line.startswith("[gateway] ready") or "canon-bridge" not in line, line
    assert "\x1b[2J" not in log
    assert "\u202e" not in log


@pytest.mark.parametrize("how", ["hung", "stopped"])
def test_a_canon_that_hangs_or_is_gone_costs_a_turn_under_its_budget(
    gateway: Gateway, canon: tuple[CanonProxy, str], model: Any, how: str
) -> None:
    proxy, _token = canon
    if how == "hung":
        proxy.mode = "hang"
    else:
        proxy.stop()
    warned = len(re.findall("no Canon context this turn", gateway.logged()))
    before = len(model.chat_bodies())
    agent_turn(gateway, f"Turn with Canon {how}")
    [asked, *_] = model_requests_after(model, before)  # the turn went on to the model
    assert "Tahoe" not in json.dumps(asked["messages"])
    warnings = re.findall(r"no Canon context this turn \((.*); (\d+) ms\)", gateway.logged())
    # This turn's warning, and any the gateway's own background runs logged meanwhile (a
    # busy machine lets one land here): every turn without Canon says why and what it cost.
    new = warnings[warned:]
    assert new, gateway.logged()[-3000:]
    for why, waited_ms in new:
        if how == "hung":
            assert why.startswith("GET /v1/context"), why
            assert why.endswith(f": no answer in {CONTEXT_TIMEOUT_MS} ms"), why
        else:
            assert "ECONNREFUSED" in why
        # What the turn waited for Canon, measured by the plugin around its hook: by design
        # at most the 2 s timeout; the allowance above 2.5 s is for a busy machine only.
        waited = int(waited_ms) / 1000
        print(f"Canon {how}: the turn waited {waited:.3f} s for its context")
        assert waited <= TURN_COST_S + budget(0.1), f"Canon {how} cost the turn {waited} s"
