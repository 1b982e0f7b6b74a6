"""What a typed reply means while a question is open: a yes, a no, or a question of its own.

Pure: a function of the text alone. A typed "yep" answers the question as the Yes
button would; "what's on my calendar?" is a question to the assistant, not a value.
"""

from __future__ import annotations

import re

from core.conversation.buttons import TapAction

_YES = {"yes", "y", "yep", "yeah", "yup", "ya", "correct", "right", "confirm", "sure", "ok"}
_YES |= {"okay", "true", "indeed", "affirmative", "yes please", "that's right", "thats right"}
_NO = {"no", "n", "nope", "nah", "wrong", "reject", "false", "not really", "no thanks"}
_NO |= {"not true", "that's wrong", "thats wrong", "incorrect"}


def typed_answer(text: str) -> TapAction | None:
    """'confirm' for a typed yes, 'reject' for a typed no (close variants too)."""
    norm = re.sub(r"[^\w' ]+", "", text.casefold()).strip()
    norm = " ".join(norm.split())
    if norm in _YES or text.strip() in ("👍", "✅"):
        return "confirm"
    if norm in _NO or text.strip() in ("👎", "❌"):
        return "reject"
    return None


_ASKING = re.compile(r"^(?:what|where|who|why|how|which)(?:'s|'re)?\b", re.I)


def is_question(text: str) -> bool:
    """A question to the assistant ("what's on my calendar?"), not a value being typed."""
    words = text.split()
    if len(words) < 2:
        return False  # "Saturday?" is a hesitant answer
    return text.rstrip().endswith("?") or (len(words) >= 3 and bool(_ASKING.match(text.strip())))
