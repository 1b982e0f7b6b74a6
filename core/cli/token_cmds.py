"""``canon token create|list|revoke``: who may use the HTTP API (``canon serve``)."""

from __future__ import annotations

import click

from core.api.tokens import issue_token
from core.cli.common import Context, emit_json, open_engine, out, pass_ctx, resolve_now, run
from core.domain.api_tokens import HOUSEHOLD, ApiToken
from core.domain.claims import SIGNAL_TYPES
from core.domain.principals import ROLES, Role
from core.domain.timeutil import format_ts
from core.errors import NotFound


@click.group()
def token() -> None:
    """Bearer tokens of the HTTP API and of canon mcp over HTTP, each speaking for one
    entity in one role (user, delegate, agent, signals; see the README's Trust model).

    Example: canon token create --entity user:alice --role user --name laptop
    """


@token.command()
@click.option("--entity", "entity_id", required=True, metavar="ENTITY", help="e.g. user:alice")
@click.option("--name", default="", help="What the token is for (shown by 'canon token list').")
@click.option(
    "--role",
    type=click.Choice(ROLES),
    default="agent",
    show_default=True,
    help="user: the person's own client; delegate: an assistant acting for them; agent: an "
    "assistant whose evidence is only ever asked about; signals: a calendar, mail or CI feed.",
)
@click.option(
    "--source-type",
    "source_types",
    multiple=True,
    type=click.Choice(SIGNAL_TYPES),
    help="A signals token: a source type it may post (repeat for more).",
)
@click.option(
    "--reach",
    multiple=True,
    metavar="ENTITY",
    help="A shared entity (family:home, team:acme) it may touch besides its own, or "
    "'household' for the household's as configured (CANON_SHARED_ENTITIES, "
    "CANON_FAMILY_ENTITY); repeat for more. Default: its own entity only.",
)
@pass_ctx
@run
async def create(
    ctx: Context,
    entity_id: str,
    name: str,
    role: Role,
    source_types: tuple[str, ...],
    reach: tuple[str, ...],
) -> None:
    """Make a ROLE token for ENTITY and print it, once: only its hash is stored.

    The token reaches ENTITY and, only when given, the shared entities of --reach
    (--reach household: CANON_SHARED_ENTITIES and CANON_FAMILY_ENTITY), nothing else.
    Its role decides what its writes may claim: an agent's are always asked, never
    committed.

    Examples: canon token create --entity user:alice --role user --name phone --reach household;
    canon token create --entity user:alice --name openclaw (an agent token, Alice's own only);
    canon token create --entity user:alice --role signals --source-type calendar
    """
    async with open_engine(ctx) as engine:
        issued = await issue_token(
            engine,
            entity_id,
            name,
            resolve_now(None),
            role=role,
            source_types=source_types,
            reach=reach,
        )
    click.echo(issued.secret)
    click.echo(
        f"canon: {role} token {issued.token.id} for {entity_id}, reaching "
        f"{reach_words(issued.token)}; it is shown only now, keep it safe",
        err=True,
    )


@token.command("list")
@click.option("--json", "as_json", is_flag=True, help="As JSON.")
@pass_ctx
@run
async def list_tokens(ctx: Context, as_json: bool) -> None:
    """Every token (never its secret): id, role, entity, reach, name, created, revoked."""
    async with open_engine(ctx) as engine:
        tokens = await engine.store.api_tokens.tokens()
    rows = [
        {
            "id": t.id,
            "name": t.name,
            "entity_id": t.entity_id,
            "role": t.role,
            "source_types": list(t.source_types),
            "reach": None if t.reach is None else list(t.reach),
            "created_at": format_ts(t.created_at),
            "revoked_at": None if t.revoked_at is None else format_ts(t.revoked_at),
        }
        for t in tokens
    ]
    if as_json:
        emit_json(rows)
        return
    if not rows:
        out().print("No tokens yet: canon token create --entity user:alice")
        return
    for t, r in zip(tokens, rows, strict=True):
        state = f"revoked {r['revoked_at']}" if r["revoked_at"] else "live"
        role = t.role + (f"({','.join(t.source_types)})" if t.source_types else "")
        out().print(
            f"{t.id}  {role}  {t.entity_id}  reach {reach_words(t)}  {t.name or '-'}  "
            f"created {r['created_at']}  {state}",
        )


@token.command()
@click.argument("token_id", required=False)
@click.option(
    "--entity",
    "entity",
    default=None,
    help="Revoke every live token of this user instead (a member leaving the household: "
    "their client, assistants and delegates alike).",
)
@pass_ctx
@run
async def revoke(ctx: Context, token_id: str | None, entity: str | None) -> None:
    """Refuse token TOKEN_ID (as 'canon token list' shows it) from now on, or with
    --entity every live token of that user: a delegate token acts for its user as long as
    it lives, so a member leaves the household with all of them (revoking their own
    client's token alone left their assistant reading and writing the household)."""
    if (token_id is None) == (entity is None):
        raise click.UsageError("give a TOKEN_ID or --entity, not both")
    async with open_engine(ctx) as engine:
        if entity is not None:
            live = [
                t.id
                for t in await engine.store.api_tokens.tokens()
                if t.entity_id == entity and t.revoked_at is None
            ]
            if not live:
                raise NotFound(f"no live token of {entity}")
            for made in live:
                await engine.revoke_api_token(made, resolve_now(None))
                click.echo(f"revoked {made}")
            return
        assert token_id is not None
        if not await engine.revoke_api_token(token_id, resolve_now(None)):
            known = {t.id for t in await engine.store.api_tokens.tokens()}
            if token_id in known:
                raise NotFound(f"token {token_id} is already revoked")
            raise NotFound(f"no token {token_id}")
    click.echo(f"revoked {token_id}")


def reach_words(t: ApiToken) -> str:
    """What a token reaches besides its own entity, as ``canon token list`` says it."""
    if t.made_before_scopes:
        return f"{HOUSEHOLD} (made before scopes)"
    return ",".join(t.reach or ()) or "own only"


COMMANDS = (token,)
