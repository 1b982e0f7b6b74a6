"""A trip moved by a span, its new day told in the next breath.

"Tahoe is happening a day early, we're leaving tomorrow morning instead of Friday",
"tahoe's pushed back a day - leaving saturday instead", "Denver trip got pushed back a day,
we fly saturday now": the clause that moves the trip names its place and how far it moved,
but no day; the one after it names the day it now sets out, but no place. Read together
they are the trip's place and its new day. Someone else's trip ("my brother's tahoe trip")
never starts the clause; a setting out with a subject of its own ("my sister leaves
saturday") is not the writer's; the day given up ("instead of Friday") is not the new one.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.places import place_at
from core.extraction.timeexpr import find_times
from core.extraction.word_gates import gated

_SPAN = r"(?:a|one|two|three|a\s+couple\s+of|\d)\s+days?"
_SHIFTED = gated(
    r"^(?:(?:so|ok|okay|ugh|update:?|change\s+of\s+plans?:?|actually|well|btw|fyi),?\s+)*"
    r"(?:(?:the|our|my)\s+)?(?:trip\s+to\s+)?(?P<place>[a-z][\w.-]*(?:\s+[a-z][\w.-]*)??)"
    r"(?:\s+trip)?(?:'s|\s+is|\s+got|\s+was|\s+has\s+been|'s\s+been)?\s+(?:now\s+)?(?:"
    # "tahoe got pushed back a day", "Lisbon's been moved up two days"
    r"(?:pushed|moved|bumped|brought|shifted|put)\s+(?:back|up|forward|ahead)\s+(?:by\s+)?"
    + _SPAN
    + r"|"
    # "Tahoe is happening a day early", "Trip to Tahoe is a day later now"
    r"(?:happening\s+|going\s+ahead\s+)?" + _SPAN + r"\s+(?:early|earlier|late|later|sooner))\b"
)
_SETS_OUT = gated(
    r"(?:^|[,;.!:-]\s*|\b(?:and|so|now)\s+)(?:(?:so|now|and)\s+)?"
    r"(?:(?:we|i)(?:'re|\s+are|'m|\s+am|'ll|\s+will)?\s+)?(?:now\s+)?"
    r"(?:leave|leaving|go|going|fly|flying|head|heading|drive|driving|set\s+off|setting\s+off|"
    r"depart|departing|travel|travelling|traveling)\b|(?:^|[,;.!:-]\s*)so\s+(?=\w)"
)
"""The writer setting out, as the next clause starts: "we're leaving", "leaving", "so"."""
_GIVEN_UP = gated(r"\b(?:instead\s+of|not|rather\s+than)\s+(?:on\s+)?(?:the\s+)?$")


def shifted_trip(clause: Clause) -> list[Candidate]:
    """A trip named by its known place, moved by a span ("Tahoe is happening a day early"),
    and the day the rest of the message sets out on ("we're leaving tomorrow morning
    instead of Friday"): where and when it leaves, planned."""
    if clause.intent not in ("assertive", "planning") or any(t.past for t in clause.times):
        return []
    m = _SHIFTED.match(clause.low)
    if m is None or clause.start_in_message < 0 or not clause.message:
        return []
    where = place_at(clause.text[: m.end("place")], m.start("place"), bare=True)
    if where is None or not where.known or where.end != m.end("place"):
        return []
    rest = clause.message[clause.start_in_message + len(clause.text) :].lower()
    going = _SETS_OUT.search(rest)
    if going is None:
        return []
    for t in find_times(rest, clause.at):
        if t.start < going.end() or t.past or t.coarse or t.day < clause.at.date():
            continue
        if _GIVEN_UP.search(rest, 0, t.start):
            continue  # "instead of Friday": the day given up
        return [
            Candidate("travel.destination", where.name, 0.85, "planning"),
            Candidate("travel.depart_date", t.day.isoformat(), 0.85, "planning"),
        ]
    return []
