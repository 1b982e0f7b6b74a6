"""An errand typed as a command to oneself: "return the amazon thing tmrw", "pay rent friday".

A chat command is a request of the assistant and claims nothing ("book me a table"). But
a person telling their own state keeper "pay the rent friday" is writing a to-do, as a
Markdown to-do line ("- [ ] Pay rent by Friday") is read: the rent is due on Friday. Only
the errands of money are read so (paying, renewing, returning goods), and only when
the money rules find a bill or a return in the clause; anything else stays a request.
What such a line claims is a plan, and less sure than a statement ("need to pay the
rent friday"), so it is asked before it is kept.
"""

from __future__ import annotations

from dataclasses import replace

from core.extraction.clause import Candidate, Clause
from core.extraction.intent import ClauseIntent
from core.extraction.rules_financial import extract_financial
from core.extraction.rules_travel import extract_travel
from core.extraction.travel_going import BEFORE_PLACE
from core.extraction.word_gates import gated

_ERRAND = gated(r"^(?:pay|renew|return)\s+")
"""A command whose verb is an errand of money: what a to-do line's verb is (``TO_DO_LINE``)."""
_SEND_BACK = gated(
    r"^(?:(?:oh\s+)?(?:and|also|just|then)\s+)*(?:send|ship|mail|post|courier|drop\s+off|take|bring)\s+"
)
"""A command to send something: a to-do only when it is goods going back ("send the amazon
parcel back tomorrow", "post the zara return friday"), not "send mom the photos"."""

_REMINDED_RETURN = gated(
    r"^(?:(?:please|pls|plz|(?:can|could|would)\s+(?:you|u))\s+)?(?:(?:just|also)\s+)?"
    r"(?:remind\s+(?:me|us)\s+to|(?:don'?t|dont|do\s+not)\s+(?:let\s+(?:me|us)\s+)?forget\s+to|"
    r"(?:(?:i|we)\s+)?(?:must|need\s+to|have\s+to|gotta|got\s+to)\s+remember\s+to|"
    r"remember\s+to)\s+(?=(?:return|send|ship|mail|post|take|bring|drop\s+off)\b)"
)
"""A reminder asked of the assistant (or of oneself) to send goods back: "remind me to
return the amazon thing", "don't forget to drop off the nike return". Setting the reminder
is the assistant's job; that the goods are still to go back is the speaker's news, a
plan like a to-do line. Only goods: "remind me to pay rent on friday" says nothing new (a
bill comes every month), "remind me to call the vet" nothing Canon keeps."""

_PLEASE = gated(r"\b(?:please|pls|plz|kindly)\b")

CONFIDENCE = 0.85
"""A to-do typed as a command: sure enough to ask about (the user's words x 0.9 x this
clears financial's ask threshold of 0.65), never to keep unasked (its auto is 0.85)."""


def errand_noted(
    clause: Clause, ci: ClauseIntent
) -> tuple[Clause, ClauseIntent, list[Candidate]] | None:
    """The clause read as a to-do when it is a command to run an errand of money and the
    money rules find what it is about; None otherwise (the command stays a request)."""
    low = clause.low.strip()
    reminded = _REMINDED_RETURN.match(low) is not None
    sent = ci.command and _SEND_BACK.match(low) is not None
    # "can u remind me to return the zara jeans" is asked as a question: a request still.
    if clause.markdown or not (reminded or sent or (ci.command and _ERRAND.match(low))):
        return None
    if _PLEASE.search(clause.low) and not reminded:
        return None  # "return the package please": asked of someone, not a note to oneself
    # Read as the to-do line it is: "- [ ] Pay rent by Friday".
    planned = replace(clause, intent="planning", markdown=True, done=False)
    found = extract_financial(planned)
    if not any(c.field.endswith(".status") and c.value == "due" for c in found):
        return None
    if reminded or sent:  # goods only ("remind me to return mom's call" found none above)
        found = [c for c in found if "_return." in c.field]
        if not found:
            return None
    if BEFORE_PLACE.search(clause.low):
        # "return the amazon package before tahoe": the trip it is due before is planned
        # too, as in "gotta return the amazon package before tahoe".
        ahead = replace(clause, intent="planning")
        found += [c for c in extract_travel(ahead) if c.field.startswith("travel.")]
    return planned, ClauseIntent("planning", CONFIDENCE), found
