"""Who talks to Canon in a chat, and which entities each of them is.

The conversation service needs only this much of a front end's configuration:
``core.settings`` reads it from CANON_ALLOWED_USER_IDS and its companions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from core.conversation.token_budget import DEFAULT_TOKEN_BUDGET

PRIMARY = "user:primary"


@dataclass(frozen=True)
class Audience:
    """The allowed users, their own entities, and the entities they share."""

    allowed_user_ids: tuple[int, ...] = ()
    entity_map: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    shared_entities: tuple[str, ...] = ()
    context_tokens: int = DEFAULT_TOKEN_BUDGET
    family_entity: str | None = None
    """The household's ``family:*`` entity: where chat family facts go."""
    user_names: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    """What users are called (``CANON_USER_NAMES``), by user id: configured names."""

    def allowed(self, user_id: int | None) -> bool:
        return user_id is not None and user_id in self._allowed

    @cached_property
    def _allowed(self) -> frozenset[int]:
        return frozenset(self.allowed_user_ids)

    @cached_property
    def _owners(self) -> dict[str, int]:
        """Each allowed user's own entity, to the first allowed user it is the entity of."""
        owners: dict[str, int] = {}
        for user_id in self.allowed_user_ids:
            owners.setdefault(self.entity_of(user_id), user_id)
        return owners

    @cached_property
    def owned_entities(self) -> tuple[str, ...]:
        """The allowed users' own entities, sorted (computed once: the audience is fixed)."""
        return tuple(sorted(self._owners))

    def entity_of(self, user_id: int) -> str:
        """The user's own entity."""
        if user_id in self.entity_map:
            return self.entity_map[user_id]
        if self.allowed_user_ids and user_id == self.allowed_user_ids[0]:
            return PRIMARY
        return f"user:{user_id}"

    def entities_of(self, user_id: int) -> tuple[str, ...]:
        """The user's own entity first, then the shared ones and the family."""
        family = (self.family_entity,) if self.family_entity else ()
        return tuple(dict.fromkeys((self.entity_of(user_id), *self.shared_entities, *family)))

    def configured_names(self) -> dict[str, str]:
        """Each allowed user's own entity -> the name configured for them."""
        return {
            self.entity_of(user_id): name
            for user_id, name in self.user_names.items()
            if user_id in self._allowed
        }

    @property
    def household(self) -> tuple[str, ...]:
        """The users who share the household (none without ``family_entity``): each one's
        name said by another is that user (``core.domain.household``)."""
        return self.owned_entities if self.family_entity else ()

    def in_household(self, user_id: int) -> bool:
        """Whether ``user_id`` is an allowed user who shares the household: their words,
        forwarded by another member, are read as theirs (``core.conversation.relayed``)."""
        return self.allowed(user_id) and self.entity_of(user_id) in self.household

    def owner_of(self, entity_id: str) -> int | None:
        """The allowed user whose own entity this is (None for shared ones)."""
        return self._owners.get(entity_id)
