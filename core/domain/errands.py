"""An entity's errands and bills read from its facts (a pure function).

An errand is ``financial.<slug>.<part>`` ("financial.amazon_return.status",
"...due_date"): the conversation tells and lists them, and the engine moves the ones
dated by a trip, each from the same grouping.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.domain.state import CommittedFact


def errands_of(facts: Iterable[CommittedFact], mine: str) -> dict[str, dict[str, CommittedFact]]:
    """The errands of ``mine``: slug -> its fields by name ("amazon_return" -> "status", ...)."""
    by_slug: dict[str, dict[str, CommittedFact]] = {}
    for f in facts:
        parts = f.field.split(".")
        if len(parts) == 3 and parts[0] == "financial" and f.entity_id == mine:
            by_slug.setdefault(parts[1], {})[parts[2]] = f
    return by_slug
