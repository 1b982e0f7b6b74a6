"""Facts said on the side of a longer message, put as sentences of their own so the rules
read them as they read a plain statement.

- An absolute phrase setting the scene: "With Mum in hospital again, I'm doing the school
  run", "What with Dad laid up with his back, it's been a week", "With Tom away in Aberdeen
  till the 18th, …" (read as "Mum is in hospital again. I'm doing …"). A past day said in
  it ("With Mum in hospital last year, …") keeps it a story, as the plain sentence would.
- A fact in brackets inside a story: "Finally went to IKEA (we're renting in Glasgow now,
  did I say?) and it was carnage" (read as a sentence of its own; its tag question is a
  habit of speech, not a question).
- A label before the writer's whereabouts: "Current status: in Leeds, at Mum's, till
  Friday", "Today's office: a beach bar in Canggu", "Home for the next three nights: a yurt
  outside Ulaanbaatar", "…, me in Leeds, …" in a status line.
- A speaker's aside between commas inside a clause: "My brother Tom, by the way, just
  moved to Austin" (read as "My brother Tom just moved to Austin": Tom's move, not the
  writer's). Before a subject of its own ("…, by the way, I'm in Denver") it stays.
- A speaker's "at the minute" (at the moment) and a "like" after "till" ("till like
  thursday"), which hide the present and the day.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_MEMBER = (
    r"(?:(?:my|our)\s+)?(?:[Mm]um|[Mm]om|[Dd]ad|[Nn]an|[Gg]ran|[Gg]randma|[Gg]randad|[Gg]randpa|"
    r"[Mm]other|[Ff]ather|the\s+kids|the\s+baby|the\s+twins|(?:my|our)\s+[a-z-]+|[A-Z][a-z]+)"
)
_STATE = (
    r"(?:(?:still|now|both|once\s+again|back)\s+)*(?:in\s+(?:the\s+)?hospital|in\s+A&E|in\s+intensive\s+"
    r"care|on\s+the\s+ward|away|off\s+sick|laid\s+up|down\s+with|poorly|ill|unwell|home\s+sick|"
    r"in\s+bed\s+with|off\s+(?:in|to)\s+[A-Z])"
)
_WITH_SCENE = gated(
    rf"(?:^|(?<=[.!?]\s))(?:[Ww]hat\s+)?[Ww]ith\s+(?P<who>{_MEMBER})\s+(?P<state>{_STATE}[^,;.!?]*?)"
    r"\s*,\s*(?=[A-Za-z])"
)
"""A member and their state, set as the scene before the writer's clause."""

_IN_BRACKETS = gated(
    r"\s*\((?P<said>(?:I'm|I\s+am|we're|we\s+are|I've|we've|I\s+live|we\s+live|I\s+work|"
    r"(?:my|our)\s+[a-z]+(?:'s|\s+is))\b[^()]{3,120}?)(?:,?\s+(?:did\s+I\s+(?:say|mention)|"
    r"did\s+I\s+tell\s+you|btw|by\s+the\s+way))?\??\)\s*"
)
"""A fact of the writer's in brackets inside another sentence."""

_STATUS_LABEL = gated(
    r"(?:^|(?<=[.!?]\s))(?:(?:current|my|our)\s+)?(?:status|location|whereabouts)(?:\s+update)?"
    r"\s*:\s*(?=(?:in|at|still\s+in|back\s+in)\s)",
    re.I,
)
_SPOT_LABEL = gated(
    r"(?:^|(?<=[.!?]\s))(?:(?:today's|tonight's|this\s+week's|this\s+month's)\s+(?:office|desk|view|"
    r"digs|bed|home|base|spot)|home\s+for\s+(?:the\s+next\s+|now|tonight|the\s+week)(?:[\w\s]{0,20}?)?)"
    r"\s*:\s*(?:a|an|the|our|my)\s+(?:[\w'-]+\s+){0,3}?(?:in|outside|near|on|at|above|by)\s+"
    r"(?=[A-Z])",
    re.I,
)
_ME_IN = gated(r"(?:(?<=,\s)|(?<=:\s))me\s+(?=(?:in|at|back\s+in|still\s+in)\s+[A-Z])")
"""A status line's "me in Leeds": the writer."""

_ASIDE_INSIDE = gated(
    r"(?<=[A-Za-z]),\s+(?:by\s+the\s+way|btw|incidentally|as\s+you\s+know|as\s+I\s+said|"
    r"if\s+you\s+remember|fyi)\s*,\s+(?!(?:i|i'm|im|i've|i'll|we|we're|we've|you|he|she|they|"
    r"it|there|my|our|his|her|their|the|a|an|and|but|so)\b)(?=[a-z])",
    re.I,
)
"""A discourse aside between a subject and its verb: the subject's clause goes on."""

_AT_THE_MINUTE = gated(r"\bat\s+the\s+minute\b", re.I)
_TILL_LIKE = gated(r"\b(till|until|til|from|since|on|by)\s+like\s+", re.I)


def asides_said(text: str) -> str:
    """``text`` with the asides above said as sentences of their own."""
    if "ith " in text:
        text = _WITH_SCENE.sub(_scene, text)
    if "(" in text:
        text = _IN_BRACKETS.sub(lambda m: f". {m.group('said').strip()}. ", text)
    if ":" in text:
        text = _SPOT_LABEL.sub("I am in ", _STATUS_LABEL.sub("I am ", text))
        text = _ME_IN.sub("I am ", text)
    if "," in text:
        text = _ASIDE_INSIDE.sub(" ", text)
    if "minute" in text:
        text = _AT_THE_MINUTE.sub("at the moment", text)
    if " like " in text:
        text = _TILL_LIKE.sub(r"\1 ", text)
    return text


_THEN = gated(
    r"\b(?:last|ago|yesterday|back\s+then|that\s+(?:year|summer|winter|spring|autumn|week|month)|"
    r"in\s+(?:19|20)\d\d)\b",
    re.I,
)
"""A day gone by in the scene ("With Mum in hospital last year, …"): the scene is a story's,
and it stays inside its sentence."""


def _scene(m: re.Match[str]) -> str:
    if _THEN.search(m.group("state")):
        return m.group()
    who = m.group("who")
    verb = "are" if who.lower() in ("the kids", "the twins") else "is"
    return f"{who[0].upper()}{who[1:]} {verb} {m.group('state')}. "
