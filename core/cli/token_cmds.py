"""``canon token create|list|revoke``: who may use the HTTP API (``canon serve``)."""

from __future__ import annotations

import click

from core.api.tokens import issue_token
from core.cli.common import Context, emit_json, open_engine, out, resolve_now, run
from core.domain.timeutil import format_ts
from core.errors import NotFound

pass_ctx = click.make_pass_decorator(Context)


@click.group()
def token() -> None:
    """Bearer tokens of the HTTP API, each speaking for one entity.

    Example: canon token create --entity user:alice --name laptop
    """


@token.command()
@click.option("--entity", "entity_id", required=True, metavar="ENTITY", help="e.g. user:alice")
@click.option("--name", default="", help="What the token is for (shown by 'canon token list').")
@pass_ctx
@run
async def create(ctx: Context, entity_id: str, name: str) -> None:
    """Make a token for ENTITY and print it, once: only its hash is stored.

    The token reaches ENTITY and the shared entities (CANON_SHARED_ENTITIES,
    CANON_FAMILY_ENTITY), nothing else.

    Example: canon token create --entity user:alice --name laptop
    """
    async with open_engine(ctx) as engine:
        issued = await issue_token(engine, entity_id, name, resolve_now(None))
    click.echo(issued.secret)
    click.echo(
        f"canon: token {issued.token.id} for {entity_id}; it is shown only now, keep it safe",
        err=True,
    )


@token.command("list")
@click.option("--json", "as_json", is_flag=True, help="As JSON.")
@pass_ctx
@run
async def list_tokens(ctx: Context, as_json: bool) -> None:
    """Every token (never its secret): id, name, entity, created, revoked."""
    async with open_engine(ctx) as engine:
        tokens = await engine.store.api_tokens.tokens()
    rows = [
        {
            "id": t.id,
            "name": t.name,
            "entity_id": t.entity_id,
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
    for r in rows:
        state = f"revoked {r['revoked_at']}" if r["revoked_at"] else "live"
        out().print(
            f"{r['id']}  {r['entity_id']}  {r['name'] or '-'}  created {r['created_at']}  {state}",
            markup=False,
        )


@token.command()
@click.argument("token_id")
@pass_ctx
@run
async def revoke(ctx: Context, token_id: str) -> None:
    """Refuse token TOKEN_ID (as 'canon token list' shows it) from now on."""
    async with open_engine(ctx) as engine:
        if not await engine.revoke_api_token(token_id, resolve_now(None)):
            known = {t.id for t in await engine.store.api_tokens.tokens()}
            if token_id in known:
                raise NotFound(f"token {token_id} is already revoked")
            raise NotFound(f"no token {token_id}")
    click.echo(f"revoked {token_id}")


COMMANDS = (token,)
