"""Invitations: the listener asked along, which claims nothing of the writer's world.

"wanna come to the game sunday", "you're welcome to come to lunch sunday", and the bare
condition put after an event, "the Swan is showing the match at 8, if you fancy it": the
want is the listener's and the message asks them along, as "fancy a pint on Friday?" does
with its question mark. What the writer is doing stays told ("we're having a few people
round saturday if you fancy it" plans; the tail alone asks).
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_YOU = r"(?:you|u|ya|y'?all|you\s+guys|u\s+guys)"
_INVITES = gated(
    # "wanna come to the game sunday", "you wanna join us later", "fancy coming to the match"
    rf"^(?:(?:so|hey|oi|yo|ok|okay|also|and)[,!]?\s+)*(?:(?:do\s+|d'\s*)?{_YOU}\s+)?"
    r"(?:wanna|want\s+to|fancy|feel\s+like)\s+(?:come|coming|join|joining|tag\s+along|"
    r"tagging\s+along)\b|"
    # "you're welcome to come to lunch sunday", "you're more than welcome to join us"
    r"^(?:you're|youre|you\s+are|ur|u\s+r|u're)\s+(?:(?:more\s+than|very|always|most|so)\s+)?"
    r"welcome\s+to\s+(?:come|join|pop|drop|stop|swing|tag\s+along)\b"
)
_ASKED_ALONG_AFTER = gated(
    # The bare tail after the event: "…, if you fancy it", "…, if you're up for it" (put
    # first, "If you want, we'll fly to Paris" is the condition of the writer's plan).
    rf"^(?:and\s+|or\s+)?if\s+{_YOU}\s+(?:fancy(?:\s+it)?|want(?:\s+to)?|wanna|like|"
    r"(?:'d|would)\s+like(?:\s+to)?|feel\s+like\s+it|(?:'re|are|r)\s+(?:free|keen|up\s+for\s+it|"
    r"around|about|interested))$"
)


def invites(low: str, *, after_a_clause: bool) -> bool:
    """Whether the clause ``low`` (stripped of its end marks) asks the listener along;
    ``after_a_clause``: it follows another clause of the sentence."""
    if _INVITES.search(low) is not None:
        return True
    return after_a_clause and _ASKED_ALONG_AFTER.search(low) is not None
