"""One authenticated request as the handlers see it: who asks, what they may reach.

A token speaks for one entity and reaches that entity and the shared ones it was
made for (``ApiToken.reach``: by default none; ``household`` names
``Audience.shared_entities`` and the household's family entity, and a token made
before scopes keeps that reach), nothing else. Its role decides what its writes may claim
(``core.domain.claims``) and the principal they are recorded as.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.api.problems import Problem
from core.conversation.audience import Audience
from core.domain.api_tokens import HOUSEHOLD, ApiToken
from core.domain.claims import Claimant
from core.domain.principals import Principal, token_principal
from core.engine.engine import Engine
from core.extraction.types import Extractor
from core.signals.rules import Rule


@dataclass(frozen=True)
class Services:
    """What the handlers work with, the same for every request."""

    engine: Engine
    audience: Audience
    extractor: Extractor
    rules: Sequence[Rule] = ()


def reach_of(token: ApiToken, audience: Audience) -> tuple[str, ...]:
    """The token's own entity first, then the shared entities it was made for: those it
    names, and for ``household`` (or a token made before scopes) the household's, the
    shared entities and the family. Compared exactly wherever it is asked: an entity
    spelled otherwise ("User:Alice", a look-alike letter) is another entity, out of reach."""
    scope = (HOUSEHOLD,) if token.reach is None else token.reach
    family = (audience.family_entity,) if audience.family_entity else ()
    household = (*audience.shared_entities, *family) if HOUSEHOLD in scope else ()
    named = (e for e in scope if e != HOUSEHOLD)
    return tuple(dict.fromkeys((token.entity_id, *named, *household)))


def speaks_in_household(token: ApiToken, audience: Audience, *, any_role: bool = False) -> bool:
    """Whether ``token`` speaks among the household's users (``household_of``): a person's
    own client (any token with ``any_role``) that reaches the household's family entity.
    Asked before the tokens are read, so a request that names only its own user (no
    household configured, an assistant's token) reads none (a read of every token a
    request, the most of an API turn's added cost)."""
    family = audience.family_entity
    speaks = any_role or token.role in ("user", "delegate")
    return speaks and family is not None and family in reach_of(token, audience)


def household_of(
    token: ApiToken, audience: Audience, tokens: Sequence[ApiToken], *, any_role: bool = False
) -> list[str]:
    """The users who share ``token``'s household, its own first: a person's own client
    (a ``user`` token, or a ``delegate`` relaying their words) that reaches the family
    entity speaks among the household's users, as its user does in the chat: the allowed
    users of the bot and every live ``user`` token's user that reaches the family too.
    Any other token (an ``agent``, a ``signals`` feed, a token outside the household)
    knows its own user only; with ``any_role``, every token reaching the family knows
    them (to ask a user what is said of her, never to take it as the household's)."""
    own = [token.entity_id]
    family = audience.family_entity
    if family is None or not speaks_in_household(token, audience, any_role=any_role):
        return own
    members = (
        t.entity_id
        for t in tokens
        if t.role == "user" and t.revoked_at is None and family in reach_of(t, audience)
    )
    return list(dict.fromkeys([*own, *audience.household, *members]))


@dataclass(frozen=True)
class Call:
    services: Services
    token: ApiToken
    now: datetime
    body: Any
    query: Mapping[str, Any]
    path: Mapping[str, str]

    @property
    def engine(self) -> Engine:
        return self.services.engine

    @property
    def reach(self) -> tuple[str, ...]:
        return reach_of(self.token, self.services.audience)

    @property
    def principal(self) -> Principal:
        """Who the request's writes are recorded as: the token's principal."""
        t = self.token
        return token_principal(t.id, t.role, t.entity_id, t.name)

    @property
    def claimant(self) -> Claimant:
        return Claimant(self.token.role, self.token.source_types, via=f"API token {self.token.id}")

    @property
    def answered_by(self) -> str:
        return f"api:{self.token.id}"

    def check_reach(self, entity_id: str) -> str:
        if entity_id not in self.reach:
            raise Problem(403, f"this token cannot reach {entity_id}", kind="out-of-reach")
        return entity_id

    def entities(self, named: str | None = None) -> tuple[str, ...]:
        """The entity the request names (if the token reaches it), else all it reaches."""
        chosen = named if named is not None else self.query.get("entity")
        return (self.check_reach(chosen),) if chosen is not None else self.reach
