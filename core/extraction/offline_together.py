"""What one message's observations say together, once each clause has been read: an
arrival dated by the clause that explains it, a trip there and back in one day or one
message, a return after a departure, a stay ended, a home or a job left since, the day of
the journey that got there; and whether the home the message stood on was left (the move
is then a story)."""

from __future__ import annotations

from datetime import datetime

from core.extraction.arrivals import dated_arrivals
from core.extraction.day_trips import back_the_day_it_leaves, same_day_trip
from core.extraction.due_before_the_trip import due_before_the_trip
from core.extraction.hedged_back import back_as_hedged
from core.extraction.home_visits import out_then_back
from core.extraction.job_left import employer_since_left, home_since_left
from core.extraction.journey_day import journey_day
from core.extraction.next_before_return import coming_before_return
from core.extraction.offline_consistency import (
    back_from_there,
    dedupe_observations,
    return_after_departure,
    there_and_back,
)
from core.extraction.settled_since import home_held_since
from core.extraction.travel_cancellations import plan_called_off
from core.extraction.travel_going_back import back_from_stay
from core.extraction.trips_told_whole import as_story, told_whole
from core.extraction.types import ExtractedObservation


def read_together(
    observations: list[ExtractedObservation],
    explaining: list[str],
    text: str,
    parsed: str,
    at: datetime,
) -> tuple[tuple[ExtractedObservation, ...], bool]:
    """``observations`` of ``text`` (``parsed``: its cleaned words) made consistent with
    each other, and whether the message's move is a story (its home left since)."""
    read = back_from_stay(
        back_the_day_it_leaves(
            return_after_departure(
                same_day_trip(
                    coming_before_return(
                        out_then_back(
                            dedupe_observations(
                                # "tmrw we go tahoe. must return amazon before": due that day
                                due_before_the_trip(dated_arrivals(observations, explaining, at))
                            )
                        ),
                        at.date(),
                    ),
                    at.date(),
                )
            )
        ),
        at.date(),
    )
    read = employer_since_left(
        home_held_since(back_from_there(there_and_back(read, text), parsed), parsed), text
    )
    kept = back_as_hedged(
        plan_called_off(home_since_left(read, text), text), text
    )  # "moved to denver in 2019 and left in 2022"
    # The home the message stood on was left: the move is a story.
    storied = len(kept) < len(read) and not any(o.intent == "assertive" for o in kept)
    if told_whole(parsed):  # "went to tahoe last weekend, back sunday": a trip, a story
        kept, storied = as_story(kept), True
    return journey_day(kept, parsed, at), storied  # "made it to tahoe!! drove up thursday"
