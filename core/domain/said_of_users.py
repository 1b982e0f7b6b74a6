"""A user's own state and what the household says of them, judged together.

Bob told Canon "alice is away" before Canon knew Alice was a user of the household: the
household holds ``family.alice.status = away``. Alice then said "I'm back home now": her
own ``travel.status = completed``. Shown side by side they say two things of one person
that cannot both be true. Alice's own word wins: every view for Alice (the context block,
"where am I?", "what do you know about me?", /state) leaves the household's line out of
what is true and shows it, if at all, as what someone else said of her.

Only whereabouts disagree here ("away" and "home" against the user's trip); "sick" or
"well" says nothing a trip contradicts, and stays the household's as it is. The user's own
word is a fact the user made themself (their principal, or a write older than principals
on their own entity); a value someone else proposed and the user never confirmed does not
win over anything.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from core.domain.household import HouseholdUsers, member_slug_user
from core.domain.state import CommittedFact
from core.domain.whose_word import users_own_word

AWAY: Final = "away"
HOME: Final = "home"
_TRIP_SAYS: Final = {"in_progress": AWAY, "completed": HOME, "cancelled": HOME}
"""Where the user's own trip state puts them (a planned trip says nothing of now)."""


@dataclass(frozen=True)
class SaidOfUser:
    """A household status about a user that the user's own word contradicts."""

    said: CommittedFact
    """The household's ``family.<name>.status``."""
    own: CommittedFact
    """The user's own ``travel.status`` that wins over it."""

    @property
    def user_says(self) -> str:
        """Where the user's own word puts them: ``away`` or ``home``."""
        return _TRIP_SAYS[str(self.own.value)]


def whereabouts_of(status: object) -> str | None:
    """``away`` / ``home`` for a household status that places someone, else None."""
    return status if status in (AWAY, HOME) else None


def judged(
    facts: Sequence[CommittedFact], users: HouseholdUsers, reader: str | None
) -> tuple[list[CommittedFact], list[SaidOfUser]]:
    """``facts`` without the household statuses about ``reader`` that their own trip state
    contradicts, and those statuses, each with the fact that wins over it. A status the
    user's own word agrees with, or that says nothing of where they are, stays."""
    if reader is None or not users:
        return list(facts), []
    own = next(
        (
            f
            for f in facts
            if f.entity_id == reader
            and f.field == "travel.status"
            and str(f.value) in _TRIP_SAYS
            and users_own_word(f.principal, f.entity_id)
        ),
        None,
    )
    if own is None:
        return list(facts), []
    kept: list[CommittedFact] = []
    overruled: list[SaidOfUser] = []
    for f in facts:
        where = whereabouts_of(f.value)
        if (
            f.entity_id != reader
            and member_slug_user(users, f.field) == reader
            and where is not None
            and where != _TRIP_SAYS[str(own.value)]
        ):
            overruled.append(SaidOfUser(f, own))
        else:
            kept.append(f)
    return kept, overruled
