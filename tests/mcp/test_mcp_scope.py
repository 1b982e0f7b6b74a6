"""Whom `canon mcp --entity E` acts for: E and the shared entities, nobody else."""

from __future__ import annotations

import pytest

from core.conversation.audience import Audience
from core.errors import OutOfScope
from core.mcp.scoped import Scope


@pytest.mark.parametrize(
    ("entity", "audience", "reach"),
    [
        ("user:alice", Audience(), ("user:alice",)),
        ("user:alice", Audience(shared_entities=("family:home",)), ("user:alice", "family:home")),
        (
            "user:alice",
            Audience(shared_entities=("team:ops", "family:home"), family_entity="family:smith"),
            ("user:alice", "team:ops", "family:home", "family:smith"),
        ),
        (
            "user:alice",
            Audience(shared_entities=("family:home",), family_entity="family:home"),
            ("user:alice", "family:home"),
        ),
        ("family:home", Audience(shared_entities=("family:home",)), ("family:home",)),
    ],
)
def test_the_scope_is_the_entity_then_its_shared_entities(
    entity: str, audience: Audience, reach: tuple[str, ...]
) -> None:
    scope = Scope.of(entity, audience)
    assert scope.entities == reach
    assert all(scope.check(e) == e for e in reach)


@pytest.mark.parametrize("other", ["user:bob", "user:alice2", "family:other", "user:Alice", ""])
def test_any_other_entity_is_out_of_scope(other: str) -> None:
    scope = Scope.of("user:alice", Audience(shared_entities=("family:home",)))
    with pytest.raises(OutOfScope, match="this server acts for user:alice, family:home only"):
        scope.check(other)
    with pytest.raises(OutOfScope):
        scope.chosen(other)
    assert scope.chosen(None) == ("user:alice", "family:home")
