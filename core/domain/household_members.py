"""Who each household member is to the user, said beside the bare field.

``family.maya.relation = daughter`` names the member in a field and the relation in its
value; an assistant reading the context block should not have to put the two together
to know that Maya is the user's daughter. Said in words the block's reader can parse
back (lower case, no quote marks): "maya is the daughter of the user".
"""

from __future__ import annotations

from collections.abc import Iterable

from core.domain.fields import spec_for
from core.domain.state import CommittedFact


def is_relation(field: str) -> bool:
    """Whether ``field`` is a member's relation (``family.<member>.relation``)."""
    parts = field.split(".")
    return len(parts) == 3 and parts[0] == "family" and parts[2] == "relation"


def relation_meanings(facts: Iterable[CommittedFact]) -> dict[tuple[str, str], str]:
    """(entity, field) -> "maya is the daughter of the user", for each member's relation
    held (a value outside the closed list, which validation never lets in, says nothing)."""
    return {
        (f.entity_id, f.field): f"{f.field.split('.')[1].replace('_', ' ')} is the {f.value} "
        "of the user"
        for f in facts
        if is_relation(f.field) and f.value in spec_for(f.field).values
    }


def lasting(field: str) -> bool:
    """Whether ``field`` holds a lasting fact that never goes stale by age."""
    return spec_for(field).long_lived
