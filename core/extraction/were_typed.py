"""A "were" typed for "we're": texting leaves the apostrophe out ("were already in truckee",
"so were home today", "anyway were home in oakland now", "ok were heading out").

A "were" that opens a clause without a subject before it, and is not followed by one, is
"we're": the past of "be" always has its subject ("we were home by 9", "the kids were sick
and so were we") or asks ("were you there?", "Were it not for…"). A clause opens at the
start of the message, after a stop or a comma, or after a word that only opens what is
said: "so", "ok", "anyway", "well", "oh", "hey", "finally"…, or a day ahead that opens it
("thursday were leaving for tahoe"). Those that may also close a
clause before it ("they did well", "tell them anyway") count only where they themselves
open the message or a clause.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_OPENS_ANYWHERE = r"so|now|but|cuz|because|lol|ok|omg|yeah"
"""Words after which a subject-less "were" opens a clause wherever they stand."""
_OPENS_A_SENTENCE = (
    r"anyway|anyways|anyhow|well|oh|ah|hey|hi|okay|k|kk|alright|right|yep|yup|yes|update|"
    r"phew|whew|finally|btw|fyi|haha|ha|lmao|ugh|also|and\s+now|good\s+news|guess\s+what|"
    # "change of plans were already in tahoe": the news announced, then told
    r"change\s+of\s+plans?|plans?\s+changed|new\s+plan|big\s+news|surprise"
)
"""Words that open a message or a clause ("..., anyway were home now"), and may end one
elsewhere ("they did well were…" is not a clause of ours), so they count only at its start."""

_WHEN_AHEAD = (
    r"(?:(?:this|next|on|come)\s+)?(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|"
    r"tomorrow|tmrw|tmr|tmw|2morrow|2moro|today|tonight|tonite|"
    r"(?:this|next)\s+(?:weekend|wknd|week|month|morning|afternoon|evening)|"
    r"(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)|in\s+(?:a|an|two|three|a\s+few|\d+)\s+(?:days?|weeks?)"
)
"""A day ahead (or today) opening a clause before a subject-less "were": "thursday were
leaving for tahoe", "tmrw were off", "this weekend were in napa". The past's days are left
out: "yesterday were at the beach" has lost its "we", not its apostrophe."""
_LEADS = rf"^|[.!?;,]\s|\b(?:{_OPENS_ANYWHERE})\s|(?:^|[.!?;,]\s)(?i:{_OPENS_A_SENTENCE}),?\s"

_TEXT_WERE = gated(
    rf"((?:{_LEADS})(?i:{_WHEN_AHEAD}),?\s|{_LEADS})"
    r"(?:were|Were(?<=^Were))\b"
    r"(?!\s+(?:i|you|u|he|she|it|we|they|there|the|a|an|my|your|ur|his|her|our|their|this|"
    r"that|these|those|any|some|all|both|either|neither|[A-Z]\w*)\b|\s*[?,.!]|$)"
)


def _we_are(m: re.Match[str]) -> str:
    lead = m.group(1)
    return f"{lead}{m.group(0)[len(lead)]}e're"  # keeps the capital of "Were"


def were_as_we_are(text: str) -> str:
    """``text`` with each "were" that stands for "we're" spelled so."""
    return _TEXT_WERE.sub(_we_are, text) if "ere" in text else text
