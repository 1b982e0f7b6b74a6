"""A reply under the question it answers: "> are you still in Denver?\\nyep, till Friday",
"> when do you get back?\\nsunday night", "> did the car insurance go through?\\nyes, paid
it this morning".

The quoted line is someone else's question; the reply alone says little ("yep, till
Friday"). A yes to a question about the user is the question said back as a statement
("I'm still in Denver, till Friday"); an answer to "when do you get back?" is the day of
the return ("I get back sunday night"). A no, or a question this module does not know,
leaves the reply alone, without the quote.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import WordGated, gated

_QUOTED = gated(r"^(?P<q>(?:\s*>[^\n]*(?:\n|$))+)(?P<a>.*)$", re.DOTALL)
_YES = gated(
    r"^(?:yes+|yep+|yeah+|ya|yup+|yea|correct|mhm|affirmative|still\s+here|sure\s+am|i\s+am)\b"
    r"[\s,.!-]*",
    re.IGNORECASE,
)
_SAID_BACK: tuple[tuple[WordGated, str], ...] = (
    # "are you still in Denver?" -> "I'm still in Denver"
    (
        gated(
            r"^(?:are|r)\s+(?:you|u)\s+(?P<adv>(?:still|already|currently)\s+)?(?P<rest>(?:in|at|"
            r"home|back|there|here|away|on\s+(?:the|your|ur)\s+way)\b[^?]*)\??$",
            re.IGNORECASE,
        ),
        "I'm {adv}{rest}",
    ),
    # "did the rent go through?" -> "the rent went through"
    (
        gated(r"^did\s+(?P<rest>(?:the|your|ur|my)\s+[^?]+?)\s+go\s+thr(?:ough|u)\??$", re.I),
        "{rest} went through",
    ),
    # "did you pay the water bill?" -> "I paid the water bill"
    (
        gated(r"^did\s+(?:you|u)\s+pay\s+(?P<rest>[^?]+?)\??$", re.IGNORECASE),
        "I paid {rest}",
    ),
)
_WHEN: tuple[tuple[WordGated, str], ...] = (
    # "when do you get back?" + "sunday night" -> "I get back sunday night"
    (
        gated(
            r"^when\s+(?:do|will|are)\s+(?:you|u)\s+(?:get(?:ting)?\s+back|com(?:e|ing)\s+(?:back|home)|"
            r"get(?:ting)?\s+home|fly(?:ing)?\s+back|return(?:ing)?|be\s+back|back)\b[^?]*\??$",
            re.IGNORECASE,
        ),
        "I'll be back {a}",
    ),
    (
        gated(
            r"^when\s+(?:do|will|are)\s+(?:you|u)\s+(?:leav(?:e|ing)|fly(?:ing)?\s+out|head(?:ing)?\s+out)"
            r"(?:\s+for\s+(?P<place>[^?]+?))?\??$",
            re.IGNORECASE,
        ),
        "I leave{for} {a}",
    ),
)
_OWN_SUBJECT = gated(r"^(?:i|i'm|im|we|we're|were|i'll|we'll|my|our)\b", re.IGNORECASE)


def answered(text: str) -> str:
    """``text`` with a quoted question and its reply read as what the reply tells."""
    m = _QUOTED.match(text)
    if m is None or not m.group("a").strip():
        return text
    question = " ".join(line.lstrip(" >") for line in m.group("q").splitlines()).strip()
    reply = m.group("a").strip()
    yes = _YES.match(reply)
    if yes is not None:
        for rx, shape in _SAID_BACK:
            if q := rx.match(question):
                said = shape.format(**{k: v or "" for k, v in q.groupdict().items()})
                rest = reply[yes.end() :].strip()
                return f"{said}, {rest}" if rest else said
    if yes is None and not _OWN_SUBJECT.match(reply):
        for rx, shape in _WHEN:
            if q := rx.match(question):
                place = q.groupdict().get("place")
                return shape.format(a=reply, **{"for": f" for {place}" if place else ""})
    return reply
