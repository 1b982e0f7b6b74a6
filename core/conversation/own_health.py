"""The user's own health told as news: "I am not feeling well today", "i'm sick", "got a
bad cold". Canon keeps how the user's family is, but not the user's own health: "Nothing
in that changes what I know" read as cold, and as if it had not been understood. The reply
wishes them well and says it is not kept (``told_about.KEPT``: what is). Pure patterns over
``reply_patterns.normalised`` text, the user the subject and the state now: someone else's
("my son is sick"), the past ("i was sick last week"), an if, and "sick of" something are
not it.
"""

from __future__ import annotations

import re

from core.conversation.told_about import KEPT

_UNWELL = re.compile(
    r"^(?:(?:ugh|ugh+|oh|so|well|honestly|btw|fyi|just|also|hey|hi|sorry)\s+)*"
    r"(?:i'm|im|i am|i've been|ive been|i have been|been|feeling|i feel|i'm feeling|im feeling"
    r"|i am feeling|i've got|ive got|i have|i got|got|came down with|i came down with|"
    r"i've come down with|down with)\s+"
    r"(?:still\s+|really\s+|so\s+|a\s+bit\s+|a\s+little\s+|kind\s+of\s+|kinda\s+|pretty\s+|very\s+)*"
    r"(?:not\s+(?:feeling\s+)?(?:well|great|good|so\s+good|too\s+good|100)|unwell|sick(?!\s+of\b)"
    r"|ill\b|poorly|under\s+the\s+weather|awful|terrible|rough|crummy|lousy|feverish"
    r"|(?:a|the)\s+(?:bad\s+|nasty\s+|horrible\s+|stinking\s+)?(?:cold|flu|fever|migraine|"
    r"stomach\s+bug|bug|virus|sore\s+throat|headache|cough)|covid|flu|a\s+fever)\b"
)
_NOT_NOW = re.compile(r"\b(?:if|when|last|ago|yesterday|was|were|tomorrow|might|may)\b")
"""Past, future or maybe: "if i'm sick tomorrow", "i was sick last week"."""
NOT_KEPT_HEALTH = (
    "Sorry you're not feeling well — I hope you feel better soon. "
    "I don't keep track of your own health: " + KEPT[0].lower() + KEPT[1:]
)


def own_health(normalised: str) -> str | None:
    """The reply to the user telling how they themselves are unwell now; None otherwise."""
    if _UNWELL.search(normalised) is None or _NOT_NOW.search(normalised) is not None:
        return None
    return NOT_KEPT_HEALTH
