"""The speaker's diet: "vegetarian since Jan", "went vegan", "I don't eat meat, fish is
fine though" (pescatarian), "not veggie anymore" (retracted). Read by ``rules_profile``.
"""

from __future__ import annotations

from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import gated

_DIETS = (
    r"vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free|lactose[- ]intolerant|"
    r"keto|paleo|kosher|halal|celiac|coeliac|plant[- ]based|low[- ]carb|nut[- ]free|flexitarian|"
    # British and chat short forms: "veggie since Jan", "been veggo for years".
    r"veggie|veggo"
)
_DIET = gated(
    # A chat message may drop the subject: "been vegetarian since high school".
    # ... or say it went that way: "went vegetarian last year and haven't looked back".
    rf"(?:^|\b(?:i'm|i\s+am|i've\s+been)\s+)(?:been|went|turned)\s+(?:(?:a|an)\s+)?(?P<d0>{_DIETS})\b|"
    # "my wife and i are vegan", "gf and i are both vegetarian": the speaker among them.
    rf"\b(?:i'm|i\s+am|i've\s+been|i\s+have\s+been|we've\s+been|i\s+went|i\s+became|we're|we\s+are|i\s+eat|i\s+was|i\s+keep|"
    rf"and\s+i\s+are|"
    rf"i\s+follow|i'm\s+on|switch(?:ing|ed)?\s+to|go(?:ing)?|diet\s+is|now)\s+"
    rf"(?:(?:now|strictly|fully|mostly|also|still|both|all|a|an|the|completely|totally|100%)\s+)*"
    rf"(?P<diet>{_DIETS})\b"
)
_DIET_LINE = gated(
    rf"^(?:(?:now|still|fully|officially|strictly|completely|totally|mostly|100%)\s+)?(?P<diet>{_DIETS})(?P<d0>)"
    r"(?=\s+(?:now|since|as\s+of|these\s+days|for\s+(?:a|an|\w+)\s+(?:years?|months?|weeks?))\b)"
)
"""A status line without its subject: "vegetarian as of this year", "vegan since january"."""
_NOT_DIET = gated(rf"\b(?:not|no\s+longer)\s+(?:a\s+)?(?:{_DIETS})\b")
_NO_EAT = gated(
    r"\bi\s+(?:don't|do\s+not|no\s+longer|can't|cannot|stopped|quit)\s+(?:eat(?:ing)?\s+)?"
    r"(?P<food>meat|pork|gluten|dairy|animal\s+products|fish)\b"
)
_NO_EAT_DIET = {
    "meat": "vegetarian",
    "pork": "no pork",
    "gluten": "gluten free",
    "dairy": "dairy free",
    "animal products": "vegan",
    "fish": "no fish",
}
_FISH_OK = gated(
    r"\b(?:fish|seafood)\s+(?:is|'s|are)\s+(?:still\s+)?(?:fine|ok|okay|good|allowed)\b|"
    r"\b(?:but|still)\s+(?:i\s+)?(?:do\s+)?eat\s+(?:fish|seafood)\b|\bexcept\s+(?:for\s+)?(?:fish|seafood)\b"
)
"""No meat but fish: pescatarian, not vegetarian."""
_DIET_CANON = {
    "celiac": "gluten free",
    "coeliac": "gluten free",
    "pescetarian": "pescatarian",
    "veggie": "vegetarian",
    "veggo": "vegetarian",
}


def diet_candidates(clause: Clause) -> list[Candidate]:
    """The speaker's diet said in ``clause``: set, or retracted ("not vegan anymore")."""
    low = clause.low
    m = _DIET.search(low)
    if _NOT_DIET.search(low):
        return [Candidate("profile.diet", None, 0.9, "retract")]
    if m or (m := _DIET_LINE.match(low)):
        diet = (m.group("diet") or m.group("d0")).replace("-", " ")
        return [Candidate("profile.diet", _DIET_CANON.get(diet, diet), 1.0)]
    if (m := _NO_EAT.search(low)) is not None:
        diet = _NO_EAT_DIET[" ".join(m.group("food").split())]
        if diet == "vegetarian" and _FISH_OK.search(clause.message.lower() or low):
            diet = "pescatarian"  # "i don't eat meat, fish is fine though"
        return [Candidate("profile.diet", diet, 0.9)]
    return []
