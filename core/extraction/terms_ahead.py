"""A thing's term that runs to a day ahead: "rent is due tomorrow", "the broadband contract
ends on the 31st", "my passport expires in June", "season ticket runs out on the 31st".

The bill is owed now and the contract or the document is in force now; the day ahead is
when that state ends, not something anyone will do, so the clause states the present (the
labelling guide: a bill due ahead is assertive, or planning). Only a thing has a term: a
person or the speaker "due back Thursday" comes home, a plan ("I'm due back Thursday"),
and a journey "due in at 6" (the ferry, the flight) is the trip's timetable.
"""

from __future__ import annotations

from core.extraction.linguistics.reading import ClauseReading
from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

_TERM = branched(
    # "is due", "'s due", "rent due fri" (the verb left out), "now due the 24th"; not a
    # cause ("due to the strike"), a plan ("due to land"), a return ("due back"), a
    # release ("due out") nor an arrival ("due in at 6").
    r"\bdue\b(?!\s+(?:to|back|home|out|in\s+at|for|a|an)\b)|"
    r"\b(?:ends|expires?|runs?\s+(?:out|to|until|till|through)|lapses?|renews?)\b|"
    # "the room is available from the 3rd", "the flat's all yours from 3pm Friday": a
    # place's or a thing's availability, a host's or a seller's fact now.
    r"\b(?:available|vacant|free|all\s+yours)\s+(?:again\s+)?(?:from|until|till|til|through)\b|"
    # "the contract is up in May", "fees come out of my account on the 1st"
    r"(?:\b(?:is|are)|(?<=\w)'s)\s+up\b(?!\s+(?:to|and|at|early|late)\b)|"
    r"\b(?:comes?|goes?)\s+out\s+of\s+(?:my|our|the|his|her|their)\s+(?:[a-z]+\s+)?"
    r"(?:account|bank|card|wages|pay|salary)\b"
)
_FUTURE_AUX = gated(r"\b(?:will|won't|shall|gonna|going\s+to|about\s+to)\b|'ll\b")
_JOURNEYS = frozenset(
    {
        *("flight", "flights", "train", "trains", "bus", "coach", "ferry", "plane", "boat"),
        *("ship", "taxi", "cab", "uber", "lift", "ride", "connection", "trip", "holiday"),
        *("vacation", "visit", "stay", "tour", "cruise", "leave"),
    }
)
"""A journey's "due" or end is a trip's timetable: "the ferry is due at 6", "our stay
ends on Sunday" say when the speaker travels."""


def a_things_term(reading: ClauseReading, low: str) -> bool:
    """The clause gives a thing's term, due or ending on a day ahead, in the present:
    a bill, a fee, a contract, a document, work handed in."""
    if reading.modal or reading.negated or reading.tense not in ("present", "none"):
        return False
    term = _TERM.search(low)
    if term is None or _FUTURE_AUX.search(low):
        return False  # "the lease will end in June": told as what will happen
    if ends_a_stay(low[term.end() :]) or _MOVING.search(low, 0, term.start()):
        return False  # "visa expires on the 28th so flying out on the 27th": a move
    if reading.tense == "none":
        # "council tax due the 1st", "my coursework's due thursday", "the trial lapses on
        # Friday" read as a noun: the small parse finds no verb; the words before the term
        # are its thing.
        return _THING_FIRST.match(low) is not None
    return (
        reading.subject == "other"
        and not reading.subject_person
        and reading.subject_text.lower() not in _JOURNEYS
    )


_THING_FIRST = gated(
    r"(?:(?:the|my|our|ur|your|his|her|their)\s+)?(?!(?:i|i'm|im|we|we're|you|u|he|she|they|"
    r"flight|train|bus|coach|ferry|plane|trip|stay|visit|leave)\b)[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}"
    r"(?:'s|\s+is|\s+are)?\s+(?:due|ends|expires|runs\s+out|lapses|renews|"
    r"available|vacant|free|all\s+yours)\b"
)


def ends_a_stay(after: str) -> bool:
    """What follows a thing's term goes on with the move it starts ("the lease ends the
    31st and we move to Denver", "visa expires on the 28th so flying out on the 27th"):
    the term dates the speaker's plan, and the message is that plan (as it is when the
    move comes first: "relocating to Tbilisi on the 1st, the Lisbon lease is up")."""
    return _MOVE_AFTER.search(after) is not None


_MOVE = gated(
    r"\b(?:off|head(?:ing)?|fly(?:ing)?|mov(?:e|ing)|relocat(?:e|ing)|leav(?:e|ing)|home|back|"
    r"go(?:ing)?|driv(?:e|ing)|travel(?:l?ing)?)\b"
)
_MOVING = gated(
    r"\b(?:fly(?:ing)?|mov(?:e|ing)|relocat(?:e|ing)|leav(?:e|ing)|head(?:ing)?\s+(?:to|off|out)|"
    r"driv(?:e|ing)\s+to|travel(?:l?ing)?)\b"
)
"""A move told before the term, by its verb ("relocating my base to Tbilisi on the 1st, the
Lisbon lease is up"); "home" and "off" there are words of the thing ("the home insurance")."""
_MOVE_AFTER = gated(rf"(?:^|\b(?:then|after\s+that|so|and)\b|,).*{_MOVE.pattern}")
