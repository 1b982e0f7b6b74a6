"""``canon mcp``: Canon as a Model Context Protocol server for one entity."""

from __future__ import annotations

import re
import secrets
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import click

from core.cli.common import Context, open_engine, pass_ctx, run
from core.domain.principals import Principal, Role
from core.engine.engine import Engine
from core.settings import Settings

if TYPE_CHECKING:  # the chat (and LangGraph with it) loads only when it is used
    from core.conversation.chat import AfterChange

DEFAULT_PORT = 8766
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
ENTITY = re.compile(r"(user|family|team):[a-z0-9._-]+")


@click.command()
@click.option(
    "--entity",
    "-e",
    required=True,
    metavar="ENTITY",
    help="The entity the server acts for (user:alice); it also reaches the shared "
    "entities (CANON_SHARED_ENTITIES, CANON_FAMILY_ENTITY), no others.",
)
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for a client that starts canon mcp; http for streamable HTTP.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: address to bind.")
@click.option(
    "--port",
    default=DEFAULT_PORT,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="HTTP: port to bind (0: a free one, printed on stderr).",
)
@click.option(
    "--role",
    type=click.Choice(["delegate", "agent"]),
    default=None,
    help="stdio: what the assistant that started the server may do. delegate (default): "
    "answer questions for the user, never one its own proposal raised, and the answer "
    "names it; agent: only propose (answer_question is not offered). Over HTTP each "
    "token's role decides.",
)
@click.option(
    "--start-key",
    is_flag=True,
    help="HTTP on loopback only: besides the stored tokens, accept a key made for this "
    "start and printed once on stderr (as an agent's token: it only proposes).",
)
@click.option("--no-auth", is_flag=True, hidden=True)
@click.option(
    "--rate",
    default=5.0,
    show_default=True,
    type=click.FloatRange(min=0.01),
    help="HTTP: requests a second per token, on average, from the bucket canon serve "
    "spends on the same store; handshakes (a new session's) spend a bucket of their own "
    "(three times --burst), and a request without a token its client address's "
    "(core/mcp/gate.py).",
)
@click.option(
    "--burst",
    default=20,
    show_default=True,
    type=click.IntRange(min=1),
    help="HTTP: at once, per token.",
)
@pass_ctx
@run
async def mcp(
    ctx: Context,
    entity: str,
    transport: str,
    host: str,
    port: int,
    role: str | None,
    start_key: bool,
    no_auth: bool,
    rate: float,
    burst: int,
) -> None:
    """Serve Canon to an MCP client: state, why-chains, questions and answers as tools,
    the context block as a resource. What an assistant proposes is asked, never committed.

    Over stdio the server acts as the assistant that started it (--role). Over HTTP
    every request carries a bearer token made for the same entity (canon token create
    --entity user:alice), as the HTTP API's do: an agent token only proposes, a user or
    delegate token may also answer for the user, a signals token is refused.

    Example: canon mcp --entity user:alice --transport http --port 8766
    """
    if not _is_entity(entity):
        raise click.BadParameter(
            f"{entity!r} is not an entity like user:alice", param_hint="--entity"
        )
    if role is not None and transport == "http":
        raise click.BadParameter(
            "over HTTP each request's token decides its role", param_hint="--role"
        )
    if no_auth:
        # Loopback is every local account's: a server without any secret let another
        # account's process act for the entity. A key for this start is the same ease.
        raise click.BadParameter(
            "no server runs without a secret any more (any local account could act for "
            "the entity): use --start-key (a key for this start, printed once) or a token "
            "(canon token create)",
            param_hint="--no-auth",
        )
    if start_key and transport != "http":
        raise click.BadParameter("only --transport http takes a key", param_hint="--start-key")
    if start_key and host not in LOOPBACK_HOSTS:
        raise click.BadParameter(
            "only a loopback server may take a key for this start; elsewhere use a token "
            "(canon token create)",
            param_hint="--start-key",
        )
    # The SDK (Starlette, uvicorn, ...) is loaded by this command only, not by every canon.
    from core.mcp.scoped import Scope, ScopedCanon, stdio_principal, token_mcp_principal
    from core.mcp.serve import serve_http, serve_stdio
    from core.mcp.server import build_server

    settings = ctx.settings
    # No language pipeline is loaded: every tool takes structured values and reads no
    # message (tests/mcp/test_mcp_without_pipeline.py), so a start costs no second for it.
    async with open_engine(ctx) as engine:
        stdio_role: Role = "agent" if role == "agent" else "delegate"
        canon = ScopedCanon(
            engine,
            Scope.of(entity, settings.audience),
            rules=settings.rules,
            token_budget=settings.audience.context_tokens,
            after_change=_projection_hook(settings),
            principal=stdio_principal(entity, stdio_role),
            names=settings.audience.configured_names(),
        )
        if transport == "stdio":
            await serve_stdio(build_server(canon, answers=stdio_role == "delegate"))
            return

        # What only HTTP needs (tokens, buckets, aiohttp with the API's reach) loads here.
        from core.api.call import reach_of
        from core.api.limits import RateLimiter
        from core.api.tokens import token_for
        from core.mcp.gate import Knock, McpGate, Refused

        this_start = secrets.token_urlsafe(32) if start_key else None

        gate = McpGate(entity, engine.store.api_tokens, RateLimiter(rate, burst), this_start)

        async def authorize(knock: Knock) -> Refused | None:
            return await gate.admit(knock, time.time())

        async def caller(request: Any) -> tuple[Principal, tuple[str, ...]]:
            """The request's token, already let in by ``authorize``, and what it reaches, as
            over the HTTP API (``--start-key``'s key: an agent, as an assistant started
            beside the server is, with the server's whole scope)."""
            header = "" if request is None else str(request.headers.get("authorization", ""))
            token = await token_for(engine.store.api_tokens, header.partition(" ")[2].strip())
            if token is None or token.entity_id != entity:
                return stdio_principal(entity, "agent"), canon.scope.entities
            return token_mcp_principal(token), reach_of(token, settings.audience)

        server = build_server(canon, caller=caller)

        async def keep_oversize(secret: str, excerpt: str, why: str) -> None:
            """An admitted caller's oversize body: its excerpt dead-lettered as theirs."""
            token = await token_for(engine.store.api_tokens, secret)
            writer = (
                stdio_principal(entity, "agent") if token is None else token_mcp_principal(token)
            )
            await engine.ingest_invalid(
                "mcp_body", excerpt, [why], now=datetime.now(UTC), principal=writer
            )

        def announce(url: str) -> None:
            if this_start is not None:
                click.echo(
                    f"canon: key for this start (Authorization: Bearer <key>, an agent's; "
                    f"shown once): {this_start}",
                    err=True,
                )
            click.echo(f"canon: MCP server for {entity} at {url}", err=True)

        await serve_http(server, host, port, announce, authorize, settings.http, keep_oversize)


def _projection_hook(settings: Settings) -> AfterChange:
    """After an answer committed, the workspace's projections are refreshed, as the bot does."""

    async def after_change(engine: Engine, now: datetime) -> None:
        if settings.workspace.is_dir():
            # The renderer (markdown-it with it) loads at the first answer, not at start.
            from core.workspace import refresh_projections

            await refresh_projections(engine, settings.workspace, now, settings.projection)

    return after_change


def _is_entity(text: str) -> bool:
    """An entity id as the StateObservation schema allows it."""
    return len(text) <= 128 and ENTITY.fullmatch(text) is not None


COMMANDS = (mcp,)
