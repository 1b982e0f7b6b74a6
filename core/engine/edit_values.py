"""An Edit's value, checked by its question's kind: one check for the bot, the HTTP API,
MCP and the command line.

``coerce_value`` reads typed text by the field's kind (a status's words, a date, a
number); a place must also be one Canon knows: the extractor's gazetteer, a place any
of the user's entities holds or held (home city, where they were, past trips), one the
question itself names, or "home" (the home city, when it is known). Any other place raises ``UnknownPlace`` ("I don't know a place called
"purple"") unless the caller insists with ``new_place`` (the bot's "use it anyway?"
Yes, the API's ``new_place: true``, MCP's ``new_place`` argument, ``--new-place``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from core.domain.state import Scalar
from core.engine.answer_values import (
    EXAMPLES,
    PLACE_FIELDS,
    known_place,
    means_home,
    value_kind,
)
from core.engine.answers import coerce_value
from core.engine.consistency import no_cannot_keep
from core.errors import InvalidAnswer, UnknownPlace
from core.store import ReviewItem, Store

HOME = "profile.home_city"


def left_already(item: ReviewItem) -> bool:
    """Whether ``item`` asks the day a trip left, one gone by: a departure ahead of a trip
    under way (``no_cannot_keep``), or one said on or before the day it was asked ("we
    left on friday"). Its Edit reads "thursday" as the last one, never the next."""
    if item.field != "travel.depart_date" or item.candidate_value is None:
        return False
    asked = item.created_at.date().isoformat()
    return no_cannot_keep(item) or str(item.candidate_value)[:10] <= asked


async def edit_value(
    store: Store,
    item: ReviewItem,
    raw: Any,
    *,
    at: datetime | None,
    new_place: bool = False,
    entities: Iterable[str] | None = (),
) -> Scalar:
    """The value an Edit of ``item`` stores for ``raw``; ``InvalidAnswer`` (``UnknownPlace``
    for a place nobody knows, without ``new_place``) when it is none. Nothing is written.

    Dates are read against ``at``, the time the answer was written. A place is looked up
    in what ``item``'s entity and ``entities`` (the asker's other entities; None: every
    entity, for the owner's command line) hold now or held before.
    """
    # The day a trip under way began has been: "friday" is the last one.
    value = coerce_value(
        item.field, raw, at=at, sample=item.candidate_value, past=left_already(item)
    )
    if value_kind(item.field, item.candidate_value) != "place":
        return value
    if not isinstance(value, str):  # 42 or true over the API: no place's name
        raise InvalidAnswer(EXAMPLES["place"])
    owners = None if entities is None else list(dict.fromkeys([item.entity_id, *entities]))
    home = await store.fact(item.entity_id, HOME)
    if (
        home is not None
        and isinstance(home.value, str)
        and item.field != HOME
        and means_home(value)
    ):
        return home.value  # "home" on "Are you in Tahoe?": the home city
    held = [item.candidate_value, item.current_value, *await places_held(store, owners)]
    known = known_place(value, held)
    if known is not None:
        return known
    place = " ".join(value.split()).strip(" .,!")
    if new_place and place:
        return place
    raise UnknownPlace(place or value)


async def places_held(store: Store, entities: Iterable[str] | None) -> list[Scalar]:
    """Every place ``entities`` (None: every entity) hold or held: their home city, where
    they are and were, their trips' destinations, past ones included."""
    held: list[Scalar] = []
    for entity in [None] if entities is None else entities:
        held += [f.value for f in await store.facts(entity) if f.field in PLACE_FIELDS]
        for field in sorted(PLACE_FIELDS):
            for entry in await store.history(entity, field):
                held += [entry.old_value, entry.new_value]
    return held
