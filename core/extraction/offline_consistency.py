"""One message's observations made consistent with each other: a trip that ended is not
under way, a cancelled flight alone does not end a trip that is, a return comes after its
departure, and one observation per field, value and intent (the most confident).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from core.extraction.intent_tense import WENT_HOME
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_HOME_WORD = gated(r"\bhome\b", re.I)
_EARLIER = gated(
    r"(?<!since\s)\b(?:yesterday|last\s+night|this\s+morning|earlier|for\s+the\s+day|on\s+\w+day)\b",
    re.I,
)
"""An arrival dated before now: by the time the speaker is back home it is over ("back in
boston since yesterday" is where the speaker has been since, up to now)."""


def _ended(o: ExtractedObservation) -> bool:
    return (
        o.field == "travel.status" and o.intent == "assertive" and o.candidate_value == "completed"
    )


def is_under_way(o: ExtractedObservation) -> bool:
    return (o.field, o.candidate_value, o.intent) == ("travel.status", "in_progress", "assertive")


def _cancelled_flight(o: ExtractedObservation) -> bool:
    """A cancellation read from a flight alone (the travel rule gives it 0.6)."""
    return (
        o.field == "travel.status"
        and o.candidate_value == "cancelled"
        and o.extraction_confidence <= 0.6
    )


def return_after_departure(
    obs: tuple[ExtractedObservation, ...],
) -> tuple[ExtractedObservation, ...]:
    """A trip comes back after it leaves: "we leave for tahoe sunday, back saturday" read
    clause by clause puts a bare weekday's return before the departure the message names
    (this week's Saturday); within a week of it, the return is the one after."""
    days = {o.field: o.candidate_value for o in obs if o.domain == "travel"}
    depart, back = days.get("travel.depart_date"), days.get("travel.return_date")
    if not (isinstance(depart, str) and isinstance(back, str)):
        return obs
    try:
        gone, home = date.fromisoformat(depart), date.fromisoformat(back)
    except ValueError:
        return obs
    if not gone - timedelta(days=7) < home < gone:
        return obs
    returned = next(o for o in obs if o.field == "travel.return_date")
    later = _next_month(home) if _day_of_month_said(returned, home) else home + timedelta(days=7)
    if later is None:
        return obs
    until = returned.valid_until and returned.valid_until + (later - home)

    def moved(o: ExtractedObservation) -> ExtractedObservation:
        if o.field == "travel.return_date":
            return replace(o, candidate_value=later.isoformat(), valid_until=until)
        if o.domain == "travel" and o.valid_until and until and o.valid_until < until:
            return replace(o, valid_until=until)  # the plan lasts until its return
        return o

    return tuple(moved(o) for o in obs)


def _day_of_month_said(returned: ExtractedObservation, home: date) -> bool:
    """The return was told by its day of the month ("back the 5th"), not by a weekday: the
    one after the departure is next month's, never a week later. "back on the 5", the
    ending left out, is the same day."""
    text = returned.evidence_text.lower()
    said = rf"\b{home.day}(?:st|nd|rd|th)\b|\bthe\s+{home.day}\b"
    return re.search(said, text) is not None and not re.search(
        rf"\b{home.strftime('%a').lower()}", text
    )


def _next_month(day: date) -> date | None:
    """The same day of the month a month later (None when that month has no such day)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    try:
        return date(year, month, day.day)
    except ValueError:
        return None


def dedupe_observations(obs: list[ExtractedObservation]) -> tuple[ExtractedObservation, ...]:
    best: dict[tuple[str, object, str], ExtractedObservation] = {}
    if any(_ended(o) for o in obs):
        # "Landed in Portland. Trip's over.": arriving at the end of a trip puts the user
        # somewhere (the location stays) but the trip is over, not under way.
        obs = [
            o
            for o in obs
            if not (o.field == "travel.status" and o.candidate_value == "in_progress")
        ]
        homes = {o.evidence_text for o in obs if _ended(o) and _HOME_WORD.search(o.evidence_text)}
        if homes:
            # "we drove up to tahoe for the day yesterday, back home now": where the trip
            # went earlier is not home ("landed in portland, back home!" is); the home
            # city is, which the story supplies.
            obs = [
                o
                for o in obs
                if not (
                    o.field == "travel.location"
                    and o.evidence_text not in homes
                    and _EARLIER.search(o.evidence_text)
                )
            ]
    elif any(is_under_way(o) for o in obs):
        # "my flight is cancelled, stuck in Denver": a cancelled flight alone is a doubt
        # (a rebooking, perhaps); being somewhere on the trip says it is under way.
        obs = [o for o in obs if not (_cancelled_flight(o) and o.intent == "assertive")]
    replaced = {o.field for o in obs if o.intent == "assertive" and o.candidate_value is not None}
    # "quit acme, starting at google monday": the new value replaces the old one, so the old
    # one's retraction is no second question ("forget your employer?" beside "Google?").
    obs = [o for o in obs if not (o.intent == "retract" and o.field in replaced)]
    # "the electric bill came, $212, I paid it": a bill that came due and was paid is paid.
    paid = {o.field for o in obs if o.candidate_value == "paid" and o.intent == "assertive"}
    obs = [o for o in obs if not (o.field in paid and o.candidate_value == "due")]
    # Sick now, not once: "dad's back home, he was in the hospital 3 days" is home.
    sick = {
        o.field
        for o in obs
        if o.field.startswith("family.")
        and o.candidate_value == "sick"
        and o.intent != "historical"
    }
    for o in obs:
        if o.field in sick and o.candidate_value == "home":
            # "emma's got a fever so she's home from school": home because she is sick, one
            # state said twice, not two to ask about.
            continue
        key = (o.field, o.candidate_value, o.intent)
        if key not in best or o.extraction_confidence > best[key].extraction_confidence:
            best[key] = o
    return tuple(best.values())


_WAY_BACK = gated(r"\b(?:came|went)\s+(?:straight\s+)?(?:back|home)\b|" + WENT_HOME.pattern)
"""A journey away from where the message put the speaker ("came back", "flew home"), not
the trip's end said of a place ("landed in portland, back home!", "trip's over")."""


def there_and_back(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """A place reached before a way back is where the trip went, not where the speaker is:
    "we flew to Tenerife last night and came back this morning" (the arrival read from its
    own clause). A place told after the return, or in the return's own clause ("got back
    from paris, now in london"), stays."""
    back = next(
        (o for o in obs if o.field == "travel.status" and o.candidate_value == "completed"), None
    )
    if back is None or not any(o.field == "travel.location" for o in obs):
        return obs
    if not _WAY_BACK.search(back.evidence_text.lower()):
        return obs  # "landed in portland. trip's over": where the trip ended
    low, returned = text.lower(), back.evidence_text.lower()
    at_return = low.find(returned)

    def went_before(o: ExtractedObservation) -> bool:
        told = o.evidence_text.lower()
        start = low.find(told)
        return (
            o.field == "travel.location"
            and start >= 0
            and returned not in told
            and at_return >= start + len(told)
        )

    return tuple(o for o in obs if not went_before(o))


_BACK_IN = gated(
    r"^(?:(?:and|but|now|so|then)\s+)*(?:(?:i'm|im|i\s+am|we're|we\s+are)\s+)?"
    r"(?:(?:finally|just|safely|now)\s+)?back\s+(?:in|to|home\s+in)\b"
)
"""A clause that opens on being back somewhere ("back in portland this morning")."""


def back_from_there(
    obs: tuple[ExtractedObservation, ...], text: str
) -> tuple[ExtractedObservation, ...]:
    """A place reached, then "back in" another one later in the message: "flew to denver
    last night, back in portland this morning" is a trip to Denver that is over and the
    speaker back in Portland, never the speaker in Denver (read clause by clause, both were
    a location and the trip under way). The first place is where the trip went."""
    low = text.lower()
    places = [o for o in obs if o.field == "travel.location" and o.intent == "assertive"]
    back = next((o for o in places if _BACK_IN.match(o.evidence_text.lower())), None)
    if back is None or len(places) != 2:
        return obs
    went = next(o for o in places if o is not back)
    if went.candidate_value == back.candidate_value or not (
        0 <= low.find(went.evidence_text.lower()) < low.find(back.evidence_text.lower())
    ):
        return obs
    out: list[ExtractedObservation] = []
    for o in obs:
        if o is went:
            out.append(replace(o, field="travel.destination"))
        elif is_under_way(o):
            out.append(replace(o, candidate_value="completed", evidence_text=back.evidence_text))
        else:
            out.append(o)
    return tuple(out)
