"""The chat and learner spellings of the words the family status rules read, written out.

``spelled_out`` rewrites them so that each shape is written once: "'s been running a
temp" as "is running a temp", "w/" and "w" for "with" ("came down w the flu"), an
intensifier between the verb and the state ("been proper ill", "is already fine", "are
finally over the bug"), and a time said between "has" and the illness in a learner's
word order ("has since Monday a strong cold").

Apart from ``family_condition_words`` because it says no status: it only rewrites
``rest`` (what follows the member) before ``family_status`` and
``family_condition_words`` read it, so their patterns need not each allow every spelling.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_WITH = gated(r"(?<=\s)w/?\s+(?=(?:a|an|the|his|her|their|some|[a-z]{3,}))")
_INTENSIFIER = gated(
    # ("'s" opens the words after a name: "Gran's finally over the flu")
    r"(\bis|\bare|'s|\bwas|\bwere|\bbeen|\bfeels?|\bfeeling)\s+"
    r"(?:(?:proper|super|real|seriously|quite|rather|terribly|awfully|already|finally|fully|much|"
    r"completely|largely|"
    r"legit|hella|mega)\s+)+(?=(?:sick|ill|poorly|unwell|fine|better|well|ok|okay|over|home|"
    r"back|recovered)\b)"
)
_HAS_SINCE = gated(
    r"\b(has|have)\s+(?:since|for|from)\s+(?:\w+\s+){1,2}?(?=(?:a|an)\s+(?:[a-z]+\s+)?[a-z]+)|"
    # German order, the time before where: "is since two weeks in rehabilitation clinic".
    r"\b(is|are)\s+(?:since|for|from)\s+(?:\w+\s+){1,3}?(?=in\s)"
)

_BEEN_DOING = gated(
    r"(?:\b(?:has|have)|'s)\s+been\s+(?=(?:running|having|fighting|battling|coughing|vomiting|"
    r"throwing\s+up|puking)\b)"
)
"""The present perfect progressive of an illness ("she's been running a temp since lunch")
is the illness now, as the simple progressive is."""

_ASIDE = gated(
    r"^\s*(?:,\s*(?:(?:who|whom)\s+[^,;.]{1,80}|(?:bless|god\s+love)\s+(?:him|her|them|'?em)|"
    r"(?:poor|the\s+poor)\s+(?:thing|love|lamb|soul|guy|girl|kid|boy|mite)s?)\s*)+,\s*"
)
"""A relative clause or a fond aside said after the member ("My grandmother, who taught me
to bake, is dying", "my grandad, bless him, who is 91, …"): what follows it is said of
the member."""
_STILL = gated(
    r"(\bis|\bare|'s|\bwas|\bwere|\bbeen)\s+(?:(?:still|again|now|currently|also|both|all)\s+)+"
    r"(?=(?:running|having|fighting|battling|coughing|vomiting|sick|ill|poorly|unwell|fine|"
    r"better|well|healthy|recovered)\b)"
)
"""An adverb between the copula and the state: "he's still running a temperature", "my son
is again healthy" (a learner's order) say the state as "is running", "is healthy" do."""
_NTH = gated(r"\b(?:his|her|their|its)\s+(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+")
"""The baby's "first cold" is a cold: "the baby's got her first cold"."""

_JUST_BEEN = gated(r"\b(has|have|'s)\s+(?:just|recently|now|finally|already|only\s+just)\s+been\b")
"""'has just been diagnosed" is "has been diagnosed"."""


def spelled_out(rest: str) -> str:
    """``rest`` with chat and learner spellings of the status words written out."""
    rest = _ASIDE.sub(" ", rest, count=1)
    rest = _NTH.sub("a ", rest)
    rest = _JUST_BEEN.sub(r"\1 been", rest)
    rest = _BEEN_DOING.sub("is ", rest)
    rest = _WITH.sub("with ", rest)
    rest = _INTENSIFIER.sub(r"\1 ", rest)
    rest = _STILL.sub(r"\1 ", rest)
    return _HAS_SINCE.sub(lambda m: (m.group(1) or m.group(2)) + " ", rest)
