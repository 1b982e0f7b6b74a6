"""Where the speaker is, held since long ago, is home: "btw I'm in Austin, have been for 6
years", "I'm in Denver, been here since college", "in chicago, have been since 09", "I am
in Pune only, staying here from childhood". Being somewhere since a day this week is a
stay ("been here since tuesday for work", "since 8am"), and so is someone else's.
"""

from __future__ import annotations

from dataclasses import replace

from core.extraction.types import ExtractedObservation
from core.extraction.word_gates import gated

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
_HELD_SINCE = gated(
    r"\b(?:(?:have|'ve|i've|ive|we've|weve)\s+)?(?:been|living|lived|staying|stayed)\s+"
    r"(?:(?:living|based|staying|settled)\s+)?(?:here\s+|in\s+it\s+)?"
    rf"(?:since\s+{_LONG_AGO}|from\s+(?:childhood|birth|{_LONG_AGO})|"
    rf"for\s+(?:(?:almost|nearly|about|over|like|around)\s+)?{_YEARS}|"
    r"for\s+(?:years|ages|decades|ever|a\s+decade|my\s+whole\s+life)|"
    r"(?:my\s+)?whole\s+life|all\s+my\s+life)"
    r"|\b(?:born\s+and\s+(?:raised|bred)|grew\s+up)\s+here\b"
)
_MOVED_IN = gated(
    # A move done, said beside where the speaker is: "been in Melbourne a month since the
    # move", "lease signed, we're in Cardiff from now on", "we bought flat there", "the
    # movers left and we're in Boise", "the u-haul is unpacked".
    r"\bsince\s+(?:the|our|my)\s+(?:big\s+)?move\b|\bfrom\s+now\s+on\b|\bfor\s+good\b|"
    r"\blease\s+(?:is\s+)?signed\b|\bsigned\s+(?:the|a|our|my)\s+(?:new\s+)?lease\b|"
    # (the speaker's purchase: not "my sister bought a house")
    r"(?:^|[,.;!]\s*|\b(?:we|i)\s+(?:just\s+|finally\s+|now\s+)?)(?:bought|own|closed\s+on)\s+"
    r"(?:a\s+|the\s+|our\s+|my\s+)?(?:new\s+)?(?:flat|house|home|place|condo|apartment)\b|"
    r"\bmovers\s+(?:have\s+|just\s+)?(?:left|gone)\b|\bu-?haul\s+(?:is\s+)?(?:unpacked|returned|empty)\b|"
    r"\blast\s+box(?:es)?\s+unpacked\b"
)
"""A move done, said beside where the speaker is: that place is the home, not a trip."""
_TRIP_DAYS = frozenset({"travel.return_date", "travel.depart_date", "travel.destination"})
_SOMEONE_ELSE = gated(r"\bbeen\s+there\b|\b(?:he|she|they)(?:'s|'ve|\s+has|\s+have)\s+been\b")


def home_held_since(
    obs: tuple[ExtractedObservation, ...], message: str
) -> tuple[ExtractedObservation, ...]:
    """``obs`` with the speaker's whereabouts read as their home city when the message
    says they have been there since long ago, or beside a move done (and no day of a trip
    out or back), and the trip they seemed to be on dropped."""
    low = message.lower()
    if _HELD_SINCE.search(low) is None and (
        _MOVED_IN.search(low) is None or any(o.field in _TRIP_DAYS for o in obs)
    ):
        return obs
    if _SOMEONE_ELSE.search(low):
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
