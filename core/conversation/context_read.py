"""The context block read from the store: an entity's facts and open questions, built.

The block itself is a pure function (``context.build_context``); here are the reads it
is built from: the facts, the open questions the viewer may answer, the conflicts the
user has not declined, and what the household says of the viewer that their own word
overrules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from core.conversation.context import (
    ContextBlock,
    build_context,
    invitation_of,
)
from core.conversation.token_budget import DEFAULT_TOKEN_BUDGET
from core.domain.household import NO_USERS, HouseholdUsers
from core.domain.policy import Policy
from core.domain.said_of_users import SaidOfUser, judged
from core.domain.state import CommittedFact
from core.domain.whose_word import may_answer, tokens_needed
from core.engine.consistency import SOURCE_PREFIX as CONFLICT_SOURCE
from core.engine.consistency import find_conflicts
from core.engine.household import UsersToName, users_by_name
from core.store import ReviewItem
from core.store.protocol import StoreBackend


@dataclass(frozen=True)
class ContextRead:
    """The block and what it was built from, for a caller that needs them too."""

    block: ContextBlock
    facts: list[CommittedFact]
    """The entities' facts, entity by entity."""
    open_items: list[ReviewItem]
    """Every open review item of the entities (the block shows the changes among them)."""
    overruled: list[SaidOfUser] = field(default_factory=list)
    """What the household says of the viewer that their own word overrules (not in facts)."""


async def load_context(
    store: StoreBackend,
    policy: Policy,
    entities: Sequence[str] | None,
    now: datetime,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    viewer: str | None = None,
    users: HouseholdUsers | UsersToName = NO_USERS,
) -> ContextBlock:
    """Read ``entities``' facts and open items (all entities when None) and build the block.

    ``viewer`` is the user the block is for, ``users`` the household's (``read_context``)."""
    read = await read_context(
        store, policy, entities, now, token_budget=token_budget, viewer=viewer, users=users
    )
    return read.block


async def read_context(
    store: StoreBackend,
    policy: Policy,
    entities: Sequence[str] | None,
    now: datetime,
    *,
    token_budget: int = DEFAULT_TOKEN_BUDGET,
    viewer: str | None = None,
    users: HouseholdUsers | UsersToName = NO_USERS,
) -> ContextRead:
    """``load_context``, with the facts and open items it read (one read of each).

    ``users``: the household's users by name; what the household says of ``viewer`` that
    their own word contradicts is judged with it (``said_of_users.judged``): out of the
    facts, into ``overruled`` (their names, when ``UsersToName``, taken from the facts
    read here)."""
    if entities is None:
        facts = await store.facts()
        rejected = await store.review_items(["rejected"])
        open_items = await store.open_review_items(None)
    else:
        # A conflict is one entity's, and so is the question that asked about it.
        rows = await store.context_rows(entities, CONFLICT_SOURCE)
        facts, open_items = rows.facts, rows.open_items
        rejected = [r for r in rows.items_from if r.status == "rejected"]
    # What another member said of the household awaits their answer, not the viewer's:
    # neither listed as awaiting "the user's confirmation" nor shown before it is a fact.
    open_items = await _answerable(store, open_items, viewer)
    items = [r for r in open_items if r.kind == "change"]
    # A conflict the user answered No to ("keep both as they are") is theirs to keep.
    declined = {r.source_key for r in rejected}
    # A stranger's invitation is listed apart: never one of the user's plans that disagree.
    own_items = [r for r in items if invitation_of(r) is None]
    conflicts = [c for c in find_conflicts(facts, own_items, now) if c.source_key not in declined]
    configured = users.configured if isinstance(users, UsersToName) else {}
    if isinstance(users, UsersToName):
        users = await users.named(store, entities, facts)
    facts, overruled = judged(facts, users, viewer)
    names = await _writers_named(store, [*facts, *items], viewer, users, configured)
    block = build_context(
        facts,
        items,
        now,
        token_budget=token_budget,
        stale_after_hours=stale_hours(policy),
        conflicts=conflicts,
        viewer=viewer,
        overruled=overruled,
        names=names,
    )
    return ContextRead(block, facts, open_items, overruled)


async def _writers_named(
    store: StoreBackend,
    written: Sequence[CommittedFact | ReviewItem],
    viewer: str | None,
    users: HouseholdUsers,
    configured: Mapping[str, str],
) -> Mapping[str, str]:
    """The names of the other members whose words the block quotes (``user:bob`` ->
    "Bob"), as the chat names them: ``users``' names, and those of writers they leave out
    (a client's block links only its own user) read only when there is one to name."""
    others = {
        w.principal
        for w in written
        if w.principal and w.principal.startswith("user:") and w.principal != viewer
    }
    missing = sorted(others - users.names.keys())
    if viewer is None or not missing:
        return users.names
    found = await users_by_name(store, missing, configured)
    return {**users.names, **found.names}


async def _answerable(
    store: StoreBackend, items: list[ReviewItem], viewer: str | None
) -> list[ReviewItem]:
    """``items`` the user ``viewer`` may answer (``may_answer``; all for Canon's owner)."""
    if viewer is None or not viewer.startswith("user:"):
        return items
    tokens = await store.api_tokens.tokens() if tokens_needed(items) else ()
    return [r for r in items if may_answer(r, viewer, tokens)]


def stale_hours(policy: Policy) -> dict[str, float]:
    """Per domain, the age after which evidence is called stale: the policy's half-life."""
    return {name: d.half_life_hours for name, d in policy.domains.items()}
