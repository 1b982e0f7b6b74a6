"""A note about the writer with its subject left out: "Lives in Portland, OR".

An assistant's MEMORY.md (and many people's own notes) describe the user in the third
person with no subject: "Lives in Portland", "Works at Nike", "Currently based in Denver",
"User is vegetarian". Read as they stand, a verb with no subject says nothing of anyone;
they are the writer's own facts, said in the first person here so the one reading of
"I live in Portland" applies. Another person's line keeps its subject ("Mom lives in
Ohio"), and a question ("Is the dentist on Thursday?") or a thing's state ("Is due
Friday") is left as it stands.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_FIRST_PERSON = {
    "lives": "live",
    "works": "work",
    "studies": "study",
    "stays": "stay",
    "has": "have",
    "moved": "moved",
    "relocated": "relocated",
    "prefers": "prefer",
    "likes": "like",
    "loves": "love",
    "hates": "hate",
    "owns": "own",
    "rents": "rent",
    "teaches": "teach",
    "drives": "drive",
    "runs": "run",
}
_SUBJECTLESS = gated(
    r"^(?:(?:the\s+)?(?:user|owner|human)\s+)?(?P<adv>(?:currently|now|still|also)\s+)?"
    r"(?:(?P<verb>" + "|".join(_FIRST_PERSON) + r")"
    # "Is" only before what a person is: "Is vegetarian", "Is based in Leeds", "Is in Tokyo
    # until March"; never "Is due Friday" or a question.
    r"|(?P<is>is)(?=\s+(?:(?:currently|now|still)\s+)?(?:based|in|at|from|away|home|"
    r"vegetarian|vegan|pescatarian|allergic|married|single|divorced|retired|pregnant|"
    r"travell?ing|on\s+(?:holiday|vacation|leave)|off\s+work|a|an)\b)"
    r"|(?P<based>based)(?=\s+(?:in|at|out\s+of)\b))\b",
    re.I,
)


def said_by_the_writer(body: str) -> str:
    """``body`` in the first person when it is a note about the writer with no subject."""
    if body.rstrip().endswith("?") or (m := _SUBJECTLESS.match(body)) is None:
        return body
    adv = (m.group("adv") or "").lower()
    if m.group("verb"):
        said = f"I {adv}{_FIRST_PERSON[m.group('verb').lower()]}"
    elif m.group("is"):
        said = f"I am {adv}".rstrip()
    else:
        said = f"I am {adv}based"
    return f"{said}{body[m.end() :]}"
