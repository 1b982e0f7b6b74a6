"""A fact said inside a frame that announces it.

Letters and long posts hold the news back behind a clause that says news is coming: a
pseudo-cleft ("What I have not told you, what I could not bring myself to write, is that
Mother is in hospital again", "What I forgot to mention is that we're in Porto till
Sunday"), a summary ("the short of it is that we live in Galway now", "the upshot is
that Dad's home", "the big news is that we're moving") or the one piece of news ("not much
news here except that Ray has been poorly again"). The frame's own verbs ("could
not", "forgot", "have not told") are about the telling, not about the fact: read with
them, the fact looks like a possibility or a past. The frame is left out, so the fact is
read as said plainly.

Only a frame whose news starts with someone (a pronoun, a possessive, a relative, a name)
is left out: "the news is bad" and "what I want is a holiday" keep their words.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_FRAME = gated(
    r"(?:^|(?<=[.;:!?]\s)|(?<=,\s)|(?<=\bbut\s)|(?<=\band\s)|(?<=\bso\s))"
    r"(?:"
    # "What I have not told you is that…", "what we forgot to say, in all the rush, is…"
    r"what\s+(?:I|we)\s+(?:have\s+not|haven't|did\s+not|didn't|never|forgot\s+to|"
    r"could\s+not|couldn't|meant\s+to|should\s+have|wanted\s+to|must\s+tell|have\s+to\s+tell|"
    r"need\s+to\s+tell)\b[^.;!?]{0,90}?\s+is|"
    # "the short of it is", "the long and the short of it is", "the upshot is", "the big news
    # is", "the short version is"
    r"the\s+(?:short|long\s+and\s+(?:the\s+)?short|upshot|gist|bottom\s+line|"
    r"(?:big|good|bad|sad|main|real|other|only)\s+news|news|short\s+version|tl;?dr)(?:\s+of\s+it)?\s+is|"
    # "Not much news here except that Ray has been poorly", "nothing to report from Hoi An
    # apart from the fact that I've stayed a week longer": the one piece of news.
    r"(?:not\s+much|nothing\s+much|little|nothing)\s+(?:(?:new|news|to\s+report|to\s+tell|going\s+on|"
    r"happening)\s+)+(?:(?:here|from\s+(?P<place>[^,;.!?]{1,30}?)|this\s+(?:end|week|side))\s+)?,?\s*"
    r"(?:except|apart\s+from|other\s+than|besides|but|save)(?:\s+(?:for\s+)?the\s+fact)?"
    r")\s*,?\s+(?:that\s+)?"
    r"(?=(?:I|we|I'm|we're|I've|we've|my|our|mum|mom|dad|mother|father|(?-i:[A-Z][a-z]+))\b)",
    re.I,
)


_LAST_WORDS = (" is ", " is,", "xcept", "apart from", "other than", "esides", " but ", " save ")
"""How every frame ends: one of these is in the text, or no frame is."""


def fact_unframed(text: str) -> str:
    """``text`` with a frame that announces a fact left out before the fact."""
    if not any(w in text for w in _LAST_WORDS):  # the cheap test first
        return text
    return _FRAME.sub(_from_there, text)


def _from_there(m: re.Match[str]) -> str:
    # "Not much to report from Hoi An except that…": where the news comes from stays said.
    return f"Writing from {m.group('place')}. " if m.group("place") else ""
