"""A profile clause that leaves out what the clause before it said.

"No longer at Acme, now at Globex" and "i used to live in new york but now im in new
jersey": the second clause drops the verb ("work", "live") the first one gave, so its
place or organisation is read against the first. Without that, "now at Globex" and
"now im in new jersey" look like where one is on a trip.
"""

from __future__ import annotations

import re

from core.extraction.clause import Candidate, Clause
from core.extraction.firm_left import QUIT
from core.extraction.organisations import Organisation, organisation_at
from core.extraction.profile_employer import employer_in
from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

LIVE = r"live|lived|living|liv|lve|livin|reside|resided|residing"
NOW_AT = gated(
    r"^(?:and\s+|but\s+)?now\s+(?:(?:i'm|i\s+am|im)\s+)?(?:at|with|working\s+(?:at|for))\s+"
)
"""A verbless "now at X", which names a place unless a job was left before it."""
_NOW_IN = gated(
    r"^(?:and\s+|but\s+)?now\s+(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?in\s+|"
    # "…, but we're in Croydon now", "we are in Leicester since then", "been in Toronto
    # since 2015": the place now, marked as now or as held since, after a former home.
    r"^(?:and\s+|but\s+)?(?:(?:i'm|i\s+am|we're|we\s+are|(?:i've|we've)\s+been|been)\s+)"
    r"(?:(?:now|still|down|up|over|out|back)\s+)*in\s+(?=[^,;.!?]*\b(?:now|since|these\s+days|"
    r"nowadays)\b)"
)
_LIVED = branched(
    rf"\b(?:use[d]?\s+to\s+(?:{LIVE})|(?:{LIVE})d?\s+for\s+\w+\s+years)\s+in\b|"
    # "we lived in ohio for years, now in tampa", "grew up in boston, now in seattle".
    r"(?:\b(?:i|we)\s+|^)(?:(?:had\s+)?lived|grew\s+up|spent\s+(?:\w+\s+){1,2}?(?:years|decades?))"
    r"\s+in\b|"
    # "we were in Hackney for ages", "after a decade in Dubai", "born and raised in Cork",
    # "came over from Kerala in 1998": a home the writer had, for long or from birth.
    r"\b(?:i|we)\s+(?:was|were)\s+in\s+[^,.;!?]{1,30}?\bfor\s+(?:ages|years|decades|"
    r"(?:a|the\s+best\s+part\s+of\s+a)\s+decade|\w+\s+years)\b|"
    r"\bafter\s+(?:a\s+decade|(?:\w+\s+){1,2}?years|decades)\s+in\b|\bborn\s+(?:and\s+(?:raised|bred)\s+)?in\b|"
    r"\b(?:came\s+over|emigrated|moved\s+(?:down|up|over|across|out))\s+from\b|"
    r"\bno\s+longer\s+(?:live|living)\s+in\b|\bmoved\s+(?:away\s+)?from\b|"
    # "we moved house, now in Leeds": after a move of one's home, "now in X" is the new one.
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+)?moved"
    r"(?:\s+(?:house|home|flats?|apartments?))?\s*(?:[,.!]|$)"
)


def now_living(clause: Clause) -> re.Match[str] | None:
    """ "i used to live in new york but now im in new jersey": the clause after a former
    home leaves out what the first said, living there; "now in X" is the home now."""
    if clause.start_in_message <= 0:
        return None
    before = clause.message[: clause.start_in_message].lower()
    if _STAY.search(clause.low):
        return None  # "…, now in rome for work this week": a trip from the home, not a home
    if not _LIVED.search(before):
        return None
    if _NOW_BEFORE.search(before):
        # "spent ten years in Cardiff, these days | we're up in Aberdeen": the parse may cut
        # the clause after its "these days".
        return _IN_LEAD.match(clause.low) or _NOW_IN.match(clause.low)
    return _NOW_IN.match(clause.low)


_NOW_BEFORE = gated(r"\b(?:these\s+days|nowadays|now)\W*$")
_IN_LEAD = gated(r"^(?:i'm|i\s+am|we're|we\s+are|im)\s+(?:(?:down|up|over|out|back)\s+)?in\s+")


_STAY = gated(
    r"\bfor\s+(?:(?:a|an|the|my|our|some)\s+)?(?:conference|work|business|meeting|trip|wedding|"
    r"weekend|holidays?|vacation|week|few\s+days|couple|visit|funeral|gig|tournament)\b|"
    r"\bthis\s+(?:week|weekend)\b|\b(?:till|until|til|thru|through)\b|\bvisiting\b"
)
"""A stay, not a home: "now in rome for work this week"."""


_FORMER_JOB = gated(
    r"^(?:just\s+|finally\s+)?(?:quit|left)\s+[a-z]|"  # "quit Walgreens, now at CVS"
    r"\bno\s+longer\s+(?:at|with)\b|\bused\s+to\s+work\b|\b(?:i|we)\s+(?:worked|was)\s+(?:at|for)\b|"
    r"\bspent\s+(?:a|an|one|two|three|four|five|\d+)\s+(?:years?|months?)\s+at\b"
)
"""A job the speaker had: "I used to work at Boeing", "I worked at Acme for years"."""


def next_employer(clause: Clause) -> Organisation | None:
    """ "No longer at Acme, now at Globex": the second clause leaves out what the first
    said, being employed; after a job left, "now at X" is the new employer."""
    m = NOW_AT.match(clause.low)
    if m is None or clause.start_in_message <= 0:
        return None
    before = clause.message[: clause.start_in_message].lower()
    if QUIT.search(before) is None and not _FORMER_JOB.search(before):
        return None
    return organisation_at(clause.text, m.end())


def settled_not_travelling(found: list[Candidate]) -> list[Candidate]:
    """``found`` without the trip a new employer or home was mistaken for ("now at
    Globex" after a job left, "now im in new jersey" after a former home); a trip said
    to be over at home stays as it was read."""
    settled = {c.value for c in found if c.field in ("profile.employer", "profile.home_city")}
    if settled and any(c.field == "travel.location" and c.value in settled for c in found):
        if any(c.field == "travel.status" and c.value == "completed" for c in found):
            return found  # "back home in portland": the trip ended there, at home
        return [c for c in found if not c.field.startswith("travel.")]
    return found


_THEN = gated(r"[,;]|\b(?:and|but|now|so)\b")
"""Where the words after a job left go on to the next thing ("quit acme, starting at google")."""


def job_after_quit(text: str, low: str, quit_end: int) -> Organisation | None:
    """The new job said after the one left in the same clause ("quit acme, starting at
    google monday": Google), read from the words after the comma."""
    after = _THEN.search(low, quit_end)
    if after is None:
        return None
    rest = after.end() + len(low[after.end() :]) - len(low[after.end() :].lstrip())
    return employer_in(text[rest:], low[rest:])
