"""What one MCP server acts for: its user's entity, the shared entities it may also read
and answer for, and the household's members it names (``core.mcp.scoped``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from core.conversation.audience import Audience
from core.errors import OutOfScope


@dataclass(frozen=True)
class Scope:
    """The entity a server acts for, and the shared entities it may also read and answer for."""

    entity: str
    shared: tuple[str, ...] = ()
    household: tuple[str, ...] = ()
    """The users who share the household (``Audience.household``): to name who said what."""
    family: str | None = None
    """The household's family entity: a reach without it knows no member by name."""

    @classmethod
    def of(cls, entity: str, audience: Audience) -> Scope:
        family = (audience.family_entity,) if audience.family_entity else ()
        shared = tuple(e for e in (*audience.shared_entities, *family) if e != entity)
        return cls(entity, tuple(dict.fromkeys(shared)), audience.household, audience.family_entity)

    def narrowed(self, reach: Collection[str]) -> Scope:
        """This scope as a token reaching ``reach`` may use it: the shared entities it
        reaches, and the household's members by name only when it reaches the family."""
        shared = tuple(e for e in self.shared if e in reach)
        if self.family is None or self.family not in reach:
            return Scope(self.entity, shared)
        return Scope(self.entity, shared, self.household, self.family)

    @property
    def entities(self) -> tuple[str, ...]:
        return (self.entity, *self.shared)

    def check(self, entity_id: str) -> str:
        """``entity_id`` if this scope reaches it; ``OutOfScope`` otherwise."""
        if entity_id in self.entities:
            return entity_id
        reach = ", ".join(self.entities)
        raise OutOfScope(f"{entity_id} is out of scope: this server acts for {reach} only")

    def chosen(self, entity_id: str | None) -> tuple[str, ...]:
        """The entities a request reads: one named (checked), or all of the scope."""
        return self.entities if entity_id is None else (self.check(entity_id),)
