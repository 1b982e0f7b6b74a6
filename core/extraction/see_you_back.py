"""A farewell after the writer's own departure says when they are back: "i've set off for
porto, see you in a week", "just left for the airport, see you all in two weeks".

"See you in a week" alone is a meeting, not a trip; said right after the writer set off it
is the stretch they are away, so its day is the trip's return. Someone else's departure
("my dad's set off for porto, see you in a week") or a question keeps no day. ``segments``
cuts the farewell off at its comma.
"""

from __future__ import annotations

import re

from core.extraction.clause import Candidate, Clause
from core.extraction.travel_trips import end_of_day

SEE_YOU_IN = re.compile(
    r"^(?:(?:ok|okay|so|and|right)\W+)*(?:see|c)\s+(?:you|u|ya|y'all|yall|everyone)"
    r"(?:\s+(?:all|guys))?\s+in\s+(?:\d+|a|an|one|two|three|four|five|six|seven|ten|a\s+few|"
    r"a\s+couple(?:\s+of)?)\s*(?:days?|nights?|weeks?|fortnight)\b"
)
"""The farewell and the stretch, in days or weeks (not "see you in a bit", "in an hour")."""
_WRITER_SET_OFF = re.compile(
    r"^\W*(?:(?:ok|okay|so|well|right|finally|yay|phew|and)\W+)*"
    r"(?:(?:i|we)(?:'ve|\s+have|'re|\s+are|'m|\s+am)?\s+|(?:have|'ve)\s+|(?:weve|ive|were|im)\s+)?"
    r"(?:(?:just|finally|officially|now|all)\s+)*"
    r"(?:set\s+(?:off|out)|left|headed\s+(?:out|off)|flew\s+out|departed|off|heading|headed|"
    r"flying|driving|leaving)\s+(?:(?:out|off|up|down)\s+)?(?:for|to)\b"
)
"""The message opens on the writer setting off for somewhere ("i've set off for porto",
"just left for the airport", "off to lisbon"): no one else is its subject."""


def see_you_back(clause: Clause) -> list[Candidate] | None:
    """The return day a farewell gives after the writer's departure, or None when the clause
    is no such farewell."""
    if not clause.low.startswith(("see", "c ", "ok", "so", "and", "right")):
        return None
    if SEE_YOU_IN.match(clause.low) is None or clause.start_in_message <= 0:
        return None
    before = clause.message[: clause.start_in_message].lower()
    if _WRITER_SET_OFF.match(before) is None or "?" in before:
        return None
    ahead = [t for t in clause.times if not t.past and t.day > clause.at.date()]
    if not ahead:
        return None
    day = ahead[0].day
    return [Candidate("travel.return_date", day.isoformat(), 0.85, None, end_of_day(day, clause.at))]
