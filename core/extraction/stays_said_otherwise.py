"""A stay said the way a region or a register says it, given the words the travel rules
read ("staying at", "at my gran's", "have been in").

- Slang for sleeping somewhere not one's own: "bunking with my cousin in Leeds", "kipping
  at a mate's in Crewe", "dossing at Tom's", "stopping over at my brother's", "kipping on
  Dan's floor in Peckham" are "staying" (on a floor or a sofa: at the owner's).
- South African (and Dutch and German speakers') "by" for "at someone's": "I'm by my gran
  in Soweto for the weekend", "sleeping by my aunt" are "at my gran's", "at my aunt's".
- Indian English's "native" before the home town visited: "I have come to my native
  Madurai", "I'm in my native place Thrissur" name the town itself.
- Nigerian English's simple past with "since" for a stay still going: "I travelled to
  Enugu since last week" is "I have been in Enugu since last week" (the writer is away
  now; "travelled to Enugu last week" without "since" stays a story).
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_SLANG_STAY = gated(
    r"(?i)\b(?:bunking|kipping|dossing|sofa[\s-]?surfing|couch[\s-]?surfing|lodging|stopping(?=\s+over))"
    r"(?:\s+(?:up|down|over))?\s+(?=(?:at|with|in|on)\b)"
)
_ON_THE_FLOOR = gated(
    # "staying on Dan's floor in Peckham", "on my sister's sofa in Leeds": at their place.
    r"(?i)\bstaying\s+on\s+(?P<who>(?:my\s+|our\s+|a\s+)?[\w-]+'s?)\s+(?:floor|sofa|couch|settee|"
    r"futon|air\s?bed|spare\s+bed)\b"
)
_KIN = (
    r"(?:gran|granny|gogo|ouma|oupa|nan|nana|mom|mum|ma|dad|pa|aunt|auntie|aunty|uncle|cousin|"
    r"brother|sister|friend|mate|boyfriend|girlfriend|bf|gf|(?:grand)?(?:mother|father)|"
    r"grandma|grandpa)"
)
_KIN_PLURAL = r"(?:parents|folks|in-laws|grandparents|cousins|friends|mates)"
_BY_KIN = gated(
    # "I'm by my gran in Soweto", "we're sleeping by my aunt tonight": at their home.
    r"(?i)\b(?P<pre>i'm|i\s+am|we're|we\s+are|staying|sleeping|sleep|stay|still|now)\s+by\s+"
    rf"(?P<who>(?:my|our)\s+(?:(?P<one>{_KIN})|(?P<many>{_KIN_PLURAL})))\b(?!')"
)
_NATIVE = gated(
    # "my native Madurai", "my native place Thrissur", "our native place, Kottayam".
    # Case matters here: the town's capital is the only sign that a name follows.
    r"\b(?:[Mm]y|[Oo]ur)\s+[Nn]ative(?:\s+place|\s+town|\s+village)?\s*,?\s+(?=[A-Z][a-z])"
)
_SINCE_TRAVELLED = gated(
    # "I travelled to Enugu since last week", "we have travelled to Kano since Monday".
    r"\b(?P<who>[Ii]|[Ww]e)\s+(?:have\s+|'ve\s+)?travell?ed\s+(?:down\s+|up\s+|over\s+)?to\s+"
    r"(?P<place>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)\s+(?=since\b)"
)


def _by_kin(m: re.Match[str]) -> str:
    who, pre = m.group("who"), m.group("pre")
    pre = "staying" if pre.lower().startswith("sleep") else pre  # where they sleep is the stay
    return f"{pre} at {who}'s" if m.group("one") else f"{pre} at {who}'"


def stays_plain(text: str) -> str:
    """``text`` with a stay said in slang, with South African "by", Indian "native" or
    Nigerian "travelled … since" given the plain words (see the module)."""
    low = text.lower()
    if any(w in low for w in ("bunk", "kip", "doss", "surfing", "lodging", "stopping")):
        text = _ON_THE_FLOOR.sub(r"staying at \g<who>", _SLANG_STAY.sub("staying ", text))
    if " by my " in low or " by our " in low:
        text = _BY_KIN.sub(_by_kin, text)
    if "native" in low:
        text = _NATIVE.sub("", text)
    if "travel" in low and "since" in low:
        text = _SINCE_TRAVELLED.sub(
            lambda m: f"{m.group('who')} have been in {m.group('place')} ", text
        )
    return text
