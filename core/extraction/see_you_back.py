"""A farewell after the writer's own departure says when they are back: "i've set off for
porto, see you in a week", "just left for the airport, see you all in two weeks".

"See you in a week" alone is a meeting, not a trip; said right after the writer set off it
is the stretch they are away, so its day is the trip's return. Someone else's departure
("my dad's set off for porto, see you in a week") or a question keeps no day. ``segments``
cuts such a farewell off at its comma (``cut_before_farewell``), and only after a departure:
elsewhere ("I'm in Lisbon till Friday, see you in a few days") the sentence stays whole.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from core.extraction.clause import Candidate, Clause
from core.extraction.comma_cuts import Kept, cut_pieces
from core.extraction.word_gates import gated

_STRETCH = (
    r"in\s+(?:\d+|a|an|one|two|three|four|five|six|seven|ten|a\s+few|a\s+couple(?:\s+of)?)\s*"
    r"(?:days?|nights?|weeks?|fortnight)\b"
)
"""A stretch in days or weeks (not "in a bit", "in an hour", "in 10 mins")."""
_SEE_YOU = r"(?:see|c)\s+(?:you|u|ya|y'all|yall|everyone)(?:\s+(?:all|guys))?\s+"
SEE_YOU_IN = gated(r"^(?:(?:ok|okay|so|and|right)\W+)*" + _SEE_YOU + _STRETCH)
"""The farewell and the stretch, opening a clause."""
_WRITER_SET_OFF = gated(
    r"^\W*(?:(?:ok|okay|so|well|right|finally|yay|phew|and)\W+)*"
    r"(?:(?:i|we)(?:'ve|\s+have|'re|\s+are|'m|\s+am)?\s+|(?:have|'ve)\s+|(?:weve|ive|were|im)\s+)?"
    r"(?:(?:just|finally|officially|now|all)\s+)*"
    r"(?:set\s+(?:off|out)|left|headed\s+(?:out|off)|flew\s+out|departed|off|heading|headed|"
    r"flying|driving|leaving)\s+(?:(?:out|off|up|down)\s+)?(?:for|to)\b",
    re.I,
)
"""The writer setting off for somewhere ("i've set off for porto", "just left for the
airport", "off to lisbon"), opening what is said: no one else is its subject."""
_FAREWELL_AFTER = gated(r",\s*(?=" + _SEE_YOU + _STRETCH + ")", re.I)


def cut_before_farewell(kept: Kept) -> Kept:
    """``kept`` with a piece that opens on the writer's departure cut before ", see you in
    a week", so that neither reads the other's day."""
    return cut_pieces(
        kept, lambda piece: _FAREWELL_AFTER.search(piece) if _WRITER_SET_OFF.match(piece) else None
    )


def see_you_back(clause: Clause) -> list[Candidate] | None:
    """The return day a farewell gives after the writer's departure, or None when the clause
    is no such farewell."""
    if not clause.low.startswith(("see", "c ", "ok", "so", "and", "right")):
        return None
    if SEE_YOU_IN.match(clause.low) is None or clause.start_in_message <= 0:
        return None
    before = clause.message[: clause.start_in_message]
    if _WRITER_SET_OFF.match(before) is None or "?" in before:
        return None
    ahead = [t for t in clause.times if not t.past and t.day > clause.at.date()]
    if not ahead:
        return None
    day = ahead[0].day
    # valid until the end of the day back, in the writer's zone
    until = datetime.combine(day + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)
    return [Candidate("travel.return_date", day.isoformat(), 0.85, None, until)]
