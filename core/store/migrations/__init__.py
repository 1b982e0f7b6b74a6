"""Schema migrations, per backend (``sqlite.py``; PostgreSQL adds its own module).

A migration is (name, script). Migrations are grouped by the feature whose
tables they create or change (events, dead letters, conversation, sources,
workspace): a ``Feature`` is (feature name, its migrations in order). A backend
applies the flattened list and records each applied name, so a name, once
shipped, must never change.
"""

from __future__ import annotations

Migration = tuple[str, str]
Feature = tuple[str, tuple[Migration, ...]]


def flatten(features: tuple[Feature, ...]) -> tuple[Migration, ...]:
    """Every migration of ``features``, feature by feature, each feature's in order."""
    return tuple(migration for _, migrations in features for migration in migrations)
