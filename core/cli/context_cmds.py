"""``canon context``: the block of canonical state an assistant reads before replying."""

from __future__ import annotations

import click

from core.cli.common import (
    Context,
    emit_json,
    now_option,
    open_engine,
    out,
    pass_ctx,
    resolve_now,
    run,
)
from core.conversation.context_read import load_context
from core.conversation.token_budget import DEFAULT_TOKEN_BUDGET


@click.command()
@click.option(
    "--entity",
    "-e",
    "entities",
    multiple=True,
    metavar="ENTITY",
    help="Only these entities (repeatable; default: all).",
)
@click.option(
    "--budget",
    default=DEFAULT_TOKEN_BUDGET,
    show_default=True,
    type=click.IntRange(min=50),
    help="Token budget (about four characters a token).",
)
@click.option("--json", "as_json", is_flag=True, help="The block and its counts as JSON.")
@now_option
@pass_ctx
@run
async def context(
    ctx: Context, entities: tuple[str, ...], budget: int, as_json: bool, now_text: str | None
) -> None:
    """Print the context block injected before every assistant reply.

    Example: canon context --entity user:primary --entity family:home
    """
    now = resolve_now(now_text)
    async with open_engine(ctx) as engine:
        block = await load_context(
            engine.store, engine.policy, list(entities) or None, now, token_budget=budget
        )
    if as_json:
        emit_json(
            {
                "text": block.text,
                "tokens": block.tokens,
                "facts_shown": block.facts_shown,
                "facts_omitted": block.facts_omitted,
            }
        )
        return
    out().print(block.text)


COMMANDS = (context,)
