"""Subscriptions called by the service's name: "cancelled disney plus", "netflix is
cancelled", "my spotify is 11.99 a month", "hulu went up to 18".

People name the service, not "the subscription": a streaming, music, gaming or app
subscription is money (``financial.<service>``), never a project the speaker cancelled.
The names are a small documented class: services sold by the month that a person signs
up to and cancels. Names that are also ordinary words ("calm", "sky", "prime" alone)
are left out, so "cancelled prime" stays unread rather than misread.
"""

from __future__ import annotations

import re

from core.domain.fields import slugify
from core.extraction.amounts import amount_in, bare_amount_at
from core.extraction.charges_disputed import disputed_charge
from core.extraction.clause import Candidate, Clause
from core.extraction.costs_by_the_term import cost_by_the_term
from core.extraction.word_gates import gated

SERVICES = (
    r"netflix|spotify|hulu|disney\s*(?:plus|\+)|hbo(?:\s+max)?|paramount\s*(?:plus|\+)|"
    r"peacock|apple\s+(?:music|tv\+?|one|arcade)|youtube\s+(?:premium|tv|music)|"
    r"amazon\s+prime|prime\s+video|audible|kindle\s+unlimited|crunchyroll|"
    r"(?:xbox\s+)?game\s*pass|playstation\s+plus|ps\s*plus|nintendo\s+(?:switch\s+)?online|"
    r"chatgpt(?:\s+plus)?|adobe(?:\s+cc|\s+creative\s+cloud)?|dropbox|icloud(?:\s+storage|\+)?|"
    r"google\s+one|patreon|duolingo(?:\s+plus|\s+super)?|headspace|peloton|classpass|"
    r"hello\s*fresh|gousto|tidal|deezer|now\s+tv|dazn|britbox|masterclass|linkedin\s+premium|"
    r"tinder\s+(?:gold|plus)|hinge\s+(?:plus|x)|the\s+athletic|nyt\s+cooking"
)
_NAMED = gated(rf"\b(?:{SERVICES})\b")
_NOT_HERE = r"(?!\s+(?:subscription|membership|account|plan|order|trial|gift)\b)"
"""Followed by "subscription" and the like, the clause is read by ``rules_financial``."""
_CANCELLED = gated(
    r"\b(?:cancell?ed|canceled|cancell?ing|canceling|unsubscribed\s+from|ditched|dropped|"
    r"got\s+rid\s+of|finally\s+killed)\s+(?:my\s+|our\s+|the\s+)?"
    rf"(?P<s>{SERVICES})\b{_NOT_HERE}|"
    rf"\b(?P<s2>{SERVICES})(?:\s+(?:premium|family|duo|student|basic|standard|ultimate))?"
    # "netflix is cancelled", and the status line: "Netflix: cancelled", "spotify cancelled".
    r"(?:\s+(?:is|was|got|has\s+been|'s)\s+|'s\s+(?:been\s+|now\s+)?|\s*[:=–—-]\s*|\s+)"
    r"(?:now\s+|finally\s+|officially\s+)?(?:cancell?ed|canceled|gone)\b"
    # Not the service as the one cancelling: "netflix cancelled my favourite show".
    r"(?!\s+(?:my|our|the|a|an|his|her|their|its|it|this|that|all|every|some|your)\b)"
)
_CANCELLED_LIST = gated(
    r"\b(?:subs|subscriptions|cancell?ed|canceled)\s*(?:cancell?ed|canceled)?\s*[:=–—-]\s*"
    rf"(?P<list>(?:(?:{SERVICES})(?:\s*(?:,|&|\band\b|\+)\s*|\s*$|\s*[.!]))+)"
)
"""A line that lists what was cancelled: "subs cancelled: Netflix, Audible", "Cancelled -
hulu and spotify"."""
_PRICE = gated(
    rf"\b(?P<s>{SERVICES}){_NOT_HERE}(?:\s+|(?='))(?:is|'s|costs?|now\s+costs?|is\s+now|"
    # "Spotify's gone up to £11.99", "disney+ has jumped to 7.99", "netflix rose to 12.99"
    r"(?:went|(?:has|'s)\s+gone)\s+(?:again\s+)?(?:up|down)\s+(?:(?:yet\s+)?again\s+)?to|(?:(?:has|'s)\s+)?(?:risen|rose|increased|"
    r"jumped|dropped|gone\s+up)\s+to|renewed\s+(?:today\s+)?at|charged(?:\s+(?:me|us))?)\s+"
    r"(?:now\s+|like\s+|about\s+|only\s+|just\s+)?(?=[$£€₹\d])"
)


_CANCEL_VERB = gated(
    r"\b(?:cancell?ed|canceled|cancell?ing|canceling|unsubscribed\s+from|ditched|dropped|"
    r"got\s+rid\s+of|finally\s+killed)\s+"
)
_LIST_END = gated(r"[.;!?]|\b(?:but|because|so|since|though|after|then)\b")
_ITEM = gated(
    rf"(?:^|,|&|\+|\band\b|\bor\b)\s*(?:(?:my|our|the|both)\s+)?(?P<s>{SERVICES})\b{_NOT_HERE}"
    # Each an item of the list, not the subject of a clause of its own ("netflix stays").
    r"(?=\s*(?:$|,|&|\+|and\b|or\b|(?:this|today|yesterday|last|too|as\s+well|both|finally)\b))"
)


def _cancelled_together(low: str) -> list[str]:
    """Every service in the list a cancelling verb takes: "I cancelled the gym, hulu and
    the meal kit thing", "dropped netflix and disney plus" (each one an item of the list)."""
    verb = _CANCEL_VERB.search(low)
    if verb is None:
        return []
    end = _LIST_END.search(low, verb.end())
    span = low[verb.end() : end.start() if end else len(low)]
    return [m.group("s") for m in _ITEM.finditer(span)]


def _field(name: str) -> str:
    return "financial." + slugify(name.replace("+", " plus"))


_RENEWED = gated(
    rf"\b(?P<s>{SERVICES}){_NOT_HERE}\s+(?:(?:just|auto)[- ]?)?(?:renewed|charged\s+(?:me|us))\b|"
    rf"\brenewed\s+(?:my\s+|our\s+|the\s+)?(?P<s2>{SERVICES})\b{_NOT_HERE}"
)
"""Paid again: "Netflix renewed this morning", "renewed my game pass for a year"."""


def subscription_candidates(clause: Clause) -> list[Candidate]:
    """Status and amount of a subscription named by its service in ``clause``; with no
    service named, of a thing paid for by the month ("the storage unit is $95 a month")."""
    if _NAMED.search(clause.low) is None:
        return cost_by_the_term(clause)
    out: list[Candidate] = []
    if listed := _CANCELLED_LIST.search(clause.low):
        for name in _NAMED.finditer(listed.group("list")):
            out.append(Candidate(_field(name.group()) + ".status", "cancelled", 0.9))
    elif together := _cancelled_together(clause.low):
        for service in dict.fromkeys(together):
            out.append(Candidate(_field(service) + ".status", "cancelled", 0.9))
    elif m := _CANCELLED.search(clause.low):
        out.append(Candidate(_field(m.group("s") or m.group("s2")) + ".status", "cancelled", 0.9))
    elif (r := _RENEWED.search(clause.low)) and not disputed_charge(clause):
        # "netflix charged me twice": money taken wrongly, no bill paid (charges_disputed).
        out.append(Candidate(_field(r.group("s") or r.group("s2")) + ".status", "paid", 0.9))
    if p := _PRICE.search(clause.low):
        said = amount_in(clause.low[p.end() : p.end() + 16])
        value = said[0] if said else bare_amount_at(clause.low, p.end())
        if value is not None:
            out.append(Candidate(_field(p.group("s")) + ".amount", value, 0.9))
            if said:
                out.append(Candidate(_field(p.group("s")) + ".currency", said[1], 0.9))
    return out


def names_a_subscription(name: str) -> bool:
    """Whether ``name`` (a phrase a project rule found) is a subscribed service."""
    return (
        re.fullmatch(rf"(?:my\s+|our\s+|the\s+)?(?:{SERVICES})", name.lower().strip()) is not None
    )
