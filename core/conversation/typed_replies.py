"""What a typed reply means while a question is open: a yes, a no, or a question of its own.

Pure: a function of the text alone. A typed "yep" answers the question as the Yes
button would; "what's on my calendar?" is a question to the assistant, not a value.
People type a yes the way they say it ("yea", "yesss", "yup!") and often go on in the
same message ("yea before we leave, window's the 10th tho"): ``typed_reply`` splits
such a yes from the remark after it, which is then heard as a message of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.conversation.buttons import TapAction

_YES = {"yes", "y", "yep", "yeah", "yup", "ya", "correct", "right", "confirm", "sure", "ok"}
_YES |= {"okay", "true", "indeed", "affirmative", "yes please", "that's right", "thats right"}
_YES |= {"k", "kk", "exactly", "absolutely", "definitely", "of course", "yes it is", "it is"}
_YES |= {"uh huh", "mhm", "mhmm", "sure is", "thats correct", "that's correct", "spot on"}
_NO = {"no", "n", "nope", "nah", "wrong", "reject", "false", "not really", "no thanks"}
_NO |= {"not true", "that's wrong", "thats wrong", "incorrect", "no way", "not at all"}
_NO |= {"negative", "nuh uh", "not right", "that's not right", "thats not right", "naw"}
_NO |= {"no it isn't", "no it isnt", "no it's not", "no its not", "yeah no"}

# A yes or no typed with its letters drawn out or clipped: "yesss", "yea", "yeh",
# "yasss", "yupp", "noooo", "nahh", "nop".
_DRAWN_YES = re.compile(r"y+e+s+|y+e+a+h*|y+e+h+|y+a+h*|y+a+s+|y+e+p+|y+u+p+")
_DRAWN_NO = re.compile(r"n+o+|n+a+h+|n+o+p+e*|n+a+w+")

# Words that begin a yes's remark: a plain yes followed by news. Only a word that is a
# yes and nothing else: "ok so the flight moved" and "right, about the return" begin
# with discourse words, not answers, so ok/okay/right/sure are not among them.
_LEADING_YES = re.compile(rf"{_DRAWN_YES.pattern}|correct|exactly")
# A remark that takes the yes back or hedges it is not a yes: "yes but it's the 10th",
# "yeah no", "yeah actually we got back", "yes? what do you mean".
_TAKES_IT_BACK = re.compile(
    r"^(?:but|except|although|though|actually|wait|hold on|hmm+|no|not|nope|nah|well|"
    r"maybe|kinda|kind of|sort of|i think|i guess|i mean|apart|other than|only|know)\b",
    re.I,
)


_UNSURE = re.compile(
    r"(?:i\s*)?(?:dunno+|idk+|dno|donno|no\s+idea|not\s+sure(?:\s+yet)?|unsure|"
    r"i\s+(?:do\s*n'?o?t|dont|don't)\s+know(?:\s+yet)?|(?:do\s*n'?o?t|dont|don't)\s+know|"
    r"no\s+clue|not\s+yet\s+sure|can'?t\s+say|haven'?t\s+decided|not\s+decided(?:\s+yet)?|"
    r"tbd|who\s+knows)(?:\s+(?:yet|tbh|honestly|sorry|lol|really))*"
)
"""A reply that says the user does not know ("dunno", "not sure", "idk", "i don't know
yet"): neither a yes nor a no nor a value. The question stays open, as its belief does."""


def typed_unsure(text: str) -> bool:
    """Whether ``text`` is a whole "I don't know" ("dunno", "not sure yet", "idk lol")."""
    return bool(_UNSURE.fullmatch(_norm(text).replace("’", "'")))


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w' ]+", "", text.casefold()).split())


def typed_answer(text: str) -> TapAction | None:
    """'confirm' for a typed yes, 'reject' for a typed no (close variants too)."""
    norm = _norm(text)
    if norm in _YES or _DRAWN_YES.fullmatch(norm) or text.strip() in ("👍", "✅"):
        return "confirm"
    if norm in _NO or _DRAWN_NO.fullmatch(norm) or text.strip() in ("👎", "❌"):
        return "reject"
    return None


@dataclass(frozen=True)
class TypedReply:
    """A typed answer and what came after it in the same message ('' when nothing)."""

    action: TapAction
    remark: str = ""


_LEAD = re.compile(r"^\s*(?P<word>[\w']+|👍|✅)(?P<gap>[\s,.!;:—–-]+)(?P<remark>\S.*)$", re.S)


def typed_reply(text: str) -> TypedReply | None:
    """A typed yes or no, or a yes and a remark ("yea before we leave"): None otherwise.

    Only a yes takes a remark: after a no, the words that follow are the right value,
    which the message's own reading (an Edit, a day typed) already finds.
    """
    action = typed_answer(text)
    if action is not None:
        return TypedReply(action)
    lead = _LEAD.match(text)
    if lead is None or "?" in lead["gap"]:
        return None
    word = lead["word"].casefold()
    if not (word in ("👍", "✅") or _LEADING_YES.fullmatch(word)):
        return None
    remark = lead["remark"].strip()
    if _TAKES_IT_BACK.match(remark) or not re.search(r"\w", remark):
        return None
    return TypedReply("confirm", remark)


_ASKING = re.compile(r"^(?:what|where|who|why|how|which)(?:'s|'re)?\b", re.I)


def is_question(text: str) -> bool:
    """A question to the assistant ("what's on my calendar?"), not a value being typed."""
    words = text.split()
    if len(words) < 2:
        return False  # "Saturday?" is a hesitant answer
    return text.rstrip().endswith("?") or (len(words) >= 3 and bool(_ASKING.match(text.strip())))
