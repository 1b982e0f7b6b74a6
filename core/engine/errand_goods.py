"""What each return still to send back was said to send back, read from the event log.

"need to send back the amazon boots before we leave" makes ``financial.amazon_return.status``
due; the field's name keeps the shop, not the boots. The words that named the goods stay in
the evidence of the events that made it due, so later news of the same goods ("dropped the
boots at ups") finds that errand (``errand_done``) without a field of its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.domain.errands import returns_held
from core.domain.state import Scalar
from core.extraction.goods_returns import goods_words
from core.store.protocol import Store


async def goods_to_send_back(
    store: Store, entity_id: str, state: Mapping[str, Scalar]
) -> dict[str, frozenset[str]]:
    """Each return of ``entity_id`` still to send back (by its committed values ``state``)
    -> the words that named its goods in the messages that made it due ("amazon_return" ->
    {"amazon", "boots"}). No return due, no read of the log."""
    goods: dict[str, frozenset[str]] = {}
    for slug in returns_held(state, ("due",)):
        told = await store.events_for(entity_id, f"financial.{slug}.status", "due")
        goods[slug] = frozenset().union(*(goods_words(e.evidence_text or "") for e in told))
    return goods
