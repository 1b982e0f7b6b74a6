"""The formulas of a letter around its news: salutations, frames and sign-offs.

Mail wraps a fact in courtesy: "Hi Sarah, Just a quick note to let you know we arrived
in Lisbon last night. Best, Tom". The salutation and the sign-off claim nothing, and the
frame ("I am writing to let you know that", "Please note that", "I regret to inform
you that") only announces the clause it leads into. Read as clauses of their own they
blur the message: "Best, Amina" looks like a statement, and "I am writing to confirm
that the rent has been paid" has "writing" for its verb.

``strip_salutation`` and ``strip_frame`` take the formula off the front of a clause, so
the clause is read from the news; ``is_sign_off`` tells the segmenter's leftover
"Kind regards, Anne Martin" for what it is.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_NAME = r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}"
_GROUP = r"(?:all|everyone|everybody|team|both|folks|guys|friends|neighbou?rs|mom|mum|dad)"
_SALUTATION = gated(
    # "Dear Mr. Klein,", "Hi Sarah,", "Hello all,", "Dear neighbours,"; "hey im dave" is
    # an introduction, not a greeting: a greeting takes a name or a group, then a comma.
    rf"^(?:(?i:dear|hi|hello|hey|good\s+(?:morning|afternoon|evening))\s+"
    rf"(?:(?i:mr|mrs|ms|dr|prof)\.?\s+)?(?:{_NAME}|(?i:{_GROUP}))|"
    rf"(?i:dear)\s+[\w'.-]+(?:\s+[\w'.-]+){{0,2}}|(?i:hello|hi))(?:\s*[,!:]\s*|$)"
    # "hi laura, ...": a lowercase name is a name only before the comma.
    r"|^(?i:hi|hello|hey)\s+(?!(?:i|im|i'm|it|its|it's|we|we're|were)\b)[a-z]+\s*,\s*",
)
_SIGN_OFF = gated(
    r"(?:(?:best|kind|warm|warmest|many|all\s+the|with|much)\s+)?"
    r"(?:regards|wishes|best|thanks|cheers|love|sincerely|warmly|thank\s+you|"
    r"yours(?:\s+(?:sincerely|truly|faithfully))?|talk\s+soon|take\s+care|xo+|"
    r"thanks\s+in\s+advance|speak\s+soon|best\s+wishes)"
    r"(?:\s*,\s*[a-z][\w'.-]*(?:\s+[a-z][\w'.-]*){0,2})?"
)
_FRAME = gated(
    r"^(?:(?:i\s+am|i'm|we\s+are|we're)\s+(?:writing|emailing|messaging|reaching\s+out)\s+to\s+"
    r"(?:let\s+you\s+know|confirm|inform\s+you|tell\s+you|say|share|update\s+you|report)|"
    r"(?:i|we)\s+(?:just\s+)?(?:wanted|want|wished)\s+to\s+(?:let\s+you\s+know|tell\s+you|"
    r"say|share|confirm|update\s+you|report|give\s+you\s+(?:a\s+)?(?:quick\s+)?heads[\s-]?up)|"
    # Dictated or typed without its subject: "just wanted to let you know we got held up",
    # "just wanted to say we landed", "wanted to give u a heads up im in leeds".
    r"(?:just\s+)?wanted\s+to\s+(?:let\s+(?:you|u|y'all|yall|everyone)\s+know|tell\s+(?:you|u)|"
    r"update\s+(?:you|u)|say|give\s+(?:you|u|everyone)\s+(?:a\s+)?(?:quick\s+)?heads[\s-]?up)|"
    r"(?:i|we)(?:\s+am|'m|\s+are|'re)?\s+(?:regret|pleased|happy|sorry|glad|delighted|sad)\s+"
    r"to\s+(?:inform\s+you|share|announce|confirm|say|report|let\s+you\s+know|tell\s+you)|"
    r"(?:just\s+)?(?:a\s+)?(?:quick\s+)?(?:note|heads\s+up|line|update)\s+to\s+"
    r"(?:let\s+you\s+know|say|confirm|tell\s+you)|"
    r"(?:just\s+)?(?:a\s+)?(?:quick\s+)?(?:heads\s+up|fyi)|"
    r"(?:just\s+)?letting\s+you\s+(?:all\s+)?know|"
    # The infinitive alone, as a grandparent's text opens: "Just to let you know I am home
    # now", "just to let u know the boys are fine".
    r"(?:just\s+)?to\s+let\s+(?:you|u|y'all|yall|everyone)\s+(?:all\s+)?know|"
    # "I should have mentioned that I'm based in Rotterdam now": what one forgot to say
    r"(?:i|we)\s+should\s+have\s+(?:mentioned|said|told\s+you|let\s+you\s+know)"
    r"(?=\s+that\s+(?:i|we|my|our|the|i'm|we're|i've|we've|i'll|we'll)\b)|"
    # "Kindly be informed that…", "Please be notified that…" (Nigerian and Indian mail)
    # "Please to inform that…", "kindly to inform": Indian English's frame with "to".
    r"(?:please\s+|kindly\s+)?(?:be\s+advised|be\s+informed|be\s+notified|kindly\s+note|note|"
    r"to\s+inform)|"
    r"this\s+is\s+(?:just\s+)?to\s+(?:confirm|let\s+you\s+know|inform\s+you)|"
    r"for\s+(?:scheduling|planning)\s+purposes|for\s+your\s+information|"
    r"following\s+up\s+on\s+(?:my|our)\s+(?:earlier|last|previous)\s+(?:email|message|note|call)"
    # "Following up on my earlier email regarding the refund": the follow-up is the
    # message, with nothing after it to read as news.
    r"(?!\s+(?:regarding|about|re|concerning|on|with\s+regards?\s+to|in\s+regards?\s+to|as\s+"
    r"regards)\b))"
    # whole words: "noted, thanks" acknowledges, it is no "note that …" frame
    r"\b(?:\s+that\b)?[\s,:;-]*",
    re.I,
)


def strip_salutation(text: str) -> str:
    """``text`` without a leading "Dear Ms. Chen," / "Hi all,"."""
    return _SALUTATION.sub("", text, count=1)


_COURTESY_TAIL = gated(
    r",?\s+and\s+(?:would|'d|will|shall)\s+(?:be\s+(?:glad|happy|delighted|pleased|keen)|love|"
    r"like)\s+to\s+(?:meet|catch\s+up|see\s+you|connect|help|chat|discuss)\b[^.;!?]*",
    re.I,
)
"""A courtesy after the news ("I will be travelling to Lagos on 18 March and would be
glad to meet"): an offer, not a possibility that makes the news hypothetical."""


def strip_frame(text: str) -> str:
    """``text`` without a leading "I am writing to let you know that", "Please note that"
    (frames may follow each other: "For scheduling purposes, please note that …"), nor a
    courtesy trailing the news ("… and would be glad to meet")."""
    for _ in range(3):
        bare = _FRAME.sub("", text, count=1)
        if bare == text:
            break
        text = bare
    return _COURTESY_TAIL.sub("", text)


def is_sign_off(low: str) -> bool:
    """A clause that is only a sign-off, with or without a name: "best, tom", "kind
    regards, anne martin", "yours sincerely"."""
    return _SIGN_OFF.fullmatch(low.strip(" ,.!")) is not None
