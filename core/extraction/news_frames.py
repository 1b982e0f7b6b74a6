"""A fact said inside a frame that announces it.

Letters and long posts hold the news back behind a clause that says news is coming: a
pseudo-cleft ("What I have not told you, what I could not bring myself to write, is that
Mother is in hospital again", "What I forgot to mention is that we're in Porto till
Sunday") or a summary ("the short of it is that we live in Galway now", "the upshot is
that Dad's home", "the big news is that we're moving"). The frame's own verbs ("could
not", "forgot", "have not told") are about the telling, not about the fact: read with
them, the fact looks like a possibility or a past. The frame is left out, so the fact is
read as said plainly.

Only a frame whose news starts with someone (a pronoun, a possessive, a relative, a name)
is left out: "the news is bad" and "what I want is a holiday" keep their words.
"""

from __future__ import annotations

import re

_FRAME = re.compile(
    r"(?:^|(?<=[.;:!?]\s)|(?<=,\s)|(?<=\bbut\s)|(?<=\band\s)|(?<=\bso\s))"
    r"(?:"
    # "What I have not told you is that…", "what we forgot to say, in all the rush, is…"
    r"what\s+(?:I|we)\s+(?:have\s+not|haven't|did\s+not|didn't|never|forgot\s+to|"
    r"could\s+not|couldn't|meant\s+to|should\s+have|wanted\s+to|must\s+tell|have\s+to\s+tell|"
    r"need\s+to\s+tell)\b[^.;!?]{0,90}?\s+is|"
    # "the short of it is", "the long and the short of it is", "the upshot is", "the big news
    # is", "the short version is"
    r"the\s+(?:short|long\s+and\s+(?:the\s+)?short|upshot|gist|bottom\s+line|"
    r"(?:big|good|bad|sad|main|real|other)\s+news|news|short\s+version|tl;?dr)(?:\s+of\s+it)?\s+is"
    r")\s*,?\s+(?:that\s+)?"
    r"(?=(?:I|we|I'm|we're|I've|we've|my|our|mum|mom|dad|mother|father|(?-i:[A-Z][a-z]+))\b)",
    re.I,
)


def fact_unframed(text: str) -> str:
    """``text`` with a frame that announces a fact left out before the fact."""
    if " is " not in text:  # the cheap test first: every frame ends in "is"
        return text
    return _FRAME.sub("", text)
