"""Her own later day back on her trip under way: her say, not a claim to ask her about.

"we're staying 2 more days", said by the user herself in her chat about her own trip
under way, is her word on her own plans. The resolver keeps a value she confirmed from
being overruled by a weaker source within its authority window ("you told me otherwise
not long ago"), which is right for anyone else's word; her own clear, newer word is what
that rule waits for, so it is taken (``FieldEvidence.own_word``): no question, the day
back moves. Everything else is still asked: a trip only planned (the day may still be a
wish), a reading Canon doubts (``needs_confirmation``), a member's word of her, an
assistant's (never the user's own), a day earlier than the one held (a trip cut short is
``travel.status``'s to say). Hedges, questions, conditions and someone else's stay are
read as nothing at all before this (``core.engine.staying_longer``).

Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.domain.observation_record import ObservationRecord
from core.domain.state import CommittedFact
from core.domain.timeutil import calendar_day
from core.domain.whose_word import users_own_word
from core.engine.trip_state import RETURN, STATUS


def own_later_day_back(
    given: ObservationRecord, principal_ref: str, trip: Sequence[CommittedFact]
) -> bool:
    """Whether ``given`` is the user's own undoubted word (in her chat, principal
    ``principal_ref``) that her trip under way (``trip``: its committed facts) comes back
    later than the day held."""
    held = {f.field: f.value for f in trip}
    back, later = calendar_day(held.get(RETURN)), calendar_day(given.candidate_value)
    return (
        given.field == RETURN
        and given.source.type == "conversation_assertive"
        and not given.needs_confirmation
        and principal_ref == given.entity_id
        and users_own_word(principal_ref, given.entity_id)
        and held.get(STATUS) == "in_progress"
        and back is not None
        and later is not None
        and later > back
    )
