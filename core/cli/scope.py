"""``--entity``: what of the questions and dead letters belongs to one entity.

A dead letter has no entity column (its payload failed validation); it belongs
to the entity its payload names, and to none when the payload is not even an
object with an ``entity_id``.
"""

from __future__ import annotations

import click

from core.engine.rollout_gates import letter_entity
from core.store import DeadLetter, ReviewItem

entity_option = click.option(
    "--entity", "-e", metavar="ENTITY", help="Only this entity (user:primary, family:home, ...)."
)


def items_of(items: list[ReviewItem], entity: str | None) -> list[ReviewItem]:
    return items if entity is None else [r for r in items if r.entity_id == entity]


def letters_of(letters: list[DeadLetter], entity: str | None) -> list[DeadLetter]:
    return letters if entity is None else [d for d in letters if letter_entity(d) == entity]
