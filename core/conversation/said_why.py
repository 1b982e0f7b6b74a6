"""A held value's reasons asked in plain words: "why do you think maya is sick", "how do
you know i'm in tahoe", "what makes you think the rent is paid", "who told you that".

Said so, it is ``/why`` with what the question names: Canon shows the evidence behind
the value rather than "I'm not sure what you mean". Pure: the words in, the words a
field is found by out, most particular first ("maya is sick" -> "maya"; "i'm in tahoe"
-> "location"); ``plain_commands`` finds the field.
"""

from __future__ import annotations

import re

_OPENERS = r"(?:(?:wait|hmm+|um+|so|ok|okay|and|but|huh|hey|canon|sorry)\b[\s,.!-]*)*"
"""Words that only open the question ("hmm, why do you think…")."""
_ASKED_WHY = re.compile(
    rf"^{_OPENERS}(?:"
    r"(?:why|how come|how)\s+(?:do|did|would)\s+(?:you|u)\s+"
    r"(?:think|believe|know|say|figure|reckon|have(?:\s+it)?)\b"
    r"|(?:what\s+makes\s+(?:you|u)\s+(?:think|believe|say)"
    r"|where\s+did\s+(?:you|u)\s+get(?:\s+the\s+idea)?"
    r"|who\s+told\s+(?:you|u))\b)"
)
"""The opening of a question about Canon's own reasons (not "why is maya sick": the
cause of it, which is no question about what Canon holds)."""

_THAT = re.compile(r"^(?:that|so|it's|its)\b\s*")
_SUBJECT = re.compile(
    r"^(?:(?:the|my|our|your)\s+)?(?P<who>[a-z][a-z' ]*?)\s*"
    r"(?:'s|\s(?:is|are|was|were|has|have|had|will|isn't|aren't|wasn't|got|owes?|lives?)\b)"
)
_ME = re.compile(r"^(?:i'm|i've|im|i|we're|we've|were|we|me)\b\s*(?P<rest>.*)$")
_MINE = (
    (re.compile(r"\b(?:live|living|home)\b"), "home"),
    (
        re.compile(r"\b(?:going|flying|driving|leaving|leave|fly|trip|travell?ing|away|back)\b"),
        "trip",
    ),
    (re.compile(r"^(?:am\s+|are\s+)?(?:in|at|still\s+in|still\s+at)\b"), "location"),
    (re.compile(r"\b(?:work|working)\b"), "job"),
)
"""What the speaker says of themselves, by the words that say it ("i'm in tahoe")."""


def why_words(text: str) -> list[str] | None:
    """The words to find the value ``text`` asks the reasons for, most particular first
    (``[]``: a question of reasons that names nothing, "why do you think that"), or None
    when ``text`` asks no such thing."""
    said = " ".join(re.sub(r"[^\w' ]+", " ", text.casefold().replace("’", "'")).split())
    m = _ASKED_WHY.match(said)
    if m is None:
        return None
    rest = _THAT.sub("", said[m.end() :].strip()).strip()
    if not rest or rest in ("that", "this", "so", "it"):
        return []
    if (me := _ME.match(rest)) is not None:
        mine = [word for rx, word in _MINE if rx.search(me.group("rest"))][:1]
        if mine or not me.group("rest"):
            return mine
        # "i paid the rent": what the speaker did it to.
        who = me.group("rest").partition(" ")[2]
    else:
        found = _SUBJECT.match(rest)
        who = (found.group("who") if found else rest).strip()
    words = [w for w in who.split() if w not in ("the", "my", "our", "your", "a", "an")]
    # "the amazon return": the whole name first, then its last word ("return").
    return [" ".join(words), words[-1]] if len(words) > 1 else words
