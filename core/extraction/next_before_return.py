"""Which "next <weekday>" a trip leaves on, judged by the return the same message gives.

"Next sunday" said on a Wednesday is this coming Sunday to many writers and next week's to
others; the extractor reads it as next week's. A message that also says when the trip
comes back settles it: "next sunday we leave for tahoe, back on the 13th" typed on
Wednesday 2 December cannot leave on Sunday the 13th and be back the same day, while
leaving on the 6th it is back a week later. When next week's reading puts the departure on
or after the return and this coming one puts it before, the coming one is meant. Without a
return, or when both readings fit, the reading stays as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from core.extraction.timedays import weekday_date
from core.extraction.timewords import WEEKDAYS
from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

_WEEKDAY_RE = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_NEXT_WEEKDAY = gated(
    rf"\bnext\s+(?P<wd>{_WEEKDAY_RE})\b(?!\s+(?:week|after)\b)(?!'?s?\s+week)", re.I
)
"""A departure's "next <weekday>", not "next sunday week" nor "the sunday after next"."""
_DEPART, _RETURN = "travel.depart_date", "travel.return_date"


def coming_before_return(
    obs: tuple[ExtractedObservation, ...], today: date
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the departure moved to this coming weekday when next week's would not
    leave before the return and the coming one does (see the module)."""
    depart = next((o for o in obs if o.field == _DEPART), None)
    back = next((o for o in obs if o.field == _RETURN), None)
    if depart is None or back is None:
        return obs
    try:
        gone = date.fromisoformat(str(depart.candidate_value))
        home = date.fromisoformat(str(back.candidate_value))
    except ValueError:
        return obs
    said = _NEXT_WEEKDAY.findall(depart.evidence_text)
    if len(said) != 1 or gone < home:
        return obs
    weekday = WEEKDAYS[said[0].lower()]
    if gone != weekday_date(today, weekday, "next", True):
        return obs
    coming = weekday_date(today, weekday, "", True)
    if not coming < home or coming == gone:
        return obs
    # The departure alone moves: the return was told by its own day.
    return tuple(replace(o, candidate_value=coming.isoformat()) if o is depart else o for o in obs)
