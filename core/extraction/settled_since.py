"""Where the speaker is, held since long ago, is home: "btw I'm in Austin, have been for 6
years", "I'm in Denver, been here since college", "in chicago, have been since 09", "I am
in Pune only, staying here from childhood". Being somewhere since a day this week is a
stay ("been here since tuesday for work", "since 8am"), and so is someone else's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.types import ExtractedObservation

_LONG_AGO = (
    r"(?:uni|college|school|high\s+school|grad\s+school|childhood|birth|forever|"
    r"i\s+was\s+(?:a\s+kid|little|small|born|\d+)|(?:the\s+)?kids\s+were\s+born|"
    r"(?:my|the)\s+divorce|covid|the\s+pandemic|(?:19|20)\d\d|'\d\d|0\d\b|the\s+\d0s|"
    r"the\s+(?:seventies|eighties|nineties))"
)
_YEARS = (
    r"(?:\d+|a\s+few|several|many|a\s+couple(?:\s+of)?|two|three|four|five|six|seven|eight|"
    r"nine|ten|fifteen|twenty)\s*\+?\s*(?:years?|yrs?|decades?)"
)
_HELD_SINCE = re.compile(
    r"\b(?:(?:have|'ve|i've|ive|we've|weve)\s+)?(?:been|living|lived|staying|stayed)\s+"
    r"(?:(?:living|based|staying|settled)\s+)?(?:here\s+|in\s+it\s+)?"
    rf"(?:since\s+{_LONG_AGO}|from\s+(?:childhood|birth|{_LONG_AGO})|"
    rf"for\s+(?:(?:almost|nearly|about|over|like|around)\s+)?{_YEARS}|"
    r"for\s+(?:years|ages|decades|ever|a\s+decade|my\s+whole\s+life)|"
    r"(?:my\s+)?whole\s+life|all\s+my\s+life)"
    r"|\b(?:born\s+and\s+(?:raised|bred)|grew\s+up)\s+here\b"
)
_SOMEONE_ELSE = re.compile(r"\bbeen\s+there\b|\b(?:he|she|they)(?:'s|'ve|\s+has|\s+have)\s+been\b")


def home_held_since(
    obs: tuple[ExtractedObservation, ...], message: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the speaker's whereabouts read as their home city when the message
    says they have been there since long ago, and the trip they seemed to be on dropped."""
    low = message.lower()
    if _HELD_SINCE.search(low) is None or _SOMEONE_ELSE.search(low):
        return obs
    here = [o for o in obs if o.field == "travel.location" and o.intent == "assertive"]
    if len(here) != 1 or any(o.field == "profile.home_city" for o in obs):
        return obs
    home = replace(here[0], domain="profile", field="profile.home_city")
    return tuple(
        home if o is here[0] else o
        for o in obs
        if not (o.field == "travel.status" and o.candidate_value == "in_progress")
    )
