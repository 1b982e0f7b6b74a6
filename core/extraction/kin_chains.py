"""Relatives named through another relative, or named before their relation.

"my wife's mom is in hospital" is about the writer's mother-in-law, and "my husband's
dad got the all clear" about the father-in-law: a spouse's parent or sibling is an
in-law, whose field is ``family.mother_in_law`` as for "my mother-in-law". Any other
chain ("my son's girlfriend", "my sister's kids", "my partner's gran", "my mum's old
colleague", "grandma's cat") names someone no family field is about, so what is said of
them is no status of the first relative.

"Jake, my brother, has been in hospital", "Ana (my sister) is in hospital": the name said
before its relation, as an apposition, is who the field is about, as in "my brother Jake".
"""

from __future__ import annotations

import re

from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.word_gates import gated

_SPOUSES = frozenset({"wife", "husband", "partner", "spouse", "hubby", "wifey"})
_IN_LAW = {
    **dict.fromkeys(("mom", "mum", "mother", "mama", "ma", "mommy", "mummy"), "mother_in_law"),
    **dict.fromkeys(("dad", "father", "papa", "daddy"), "father_in_law"),
    **dict.fromkeys(("sister", "sis"), "sister_in_law"),
    **dict.fromkeys(("brother", "bro"), "brother_in_law"),
    **dict.fromkeys(("parents", "folks", "family"), "in_laws"),
}
_KIN = (
    r"mom|mum|mother|mama|ma|mommy|mummy|dad|father|papa|daddy|sister|sis|brother|bro|parents|"
    r"folks|family|grandma|grandpa|gran|granny|nana|nan|grandad|grandmother|grandfather|son|"
    r"daughter|kids?|children|child|baby|boyfriend|girlfriend|bf|gf|wife|husband|partner|"
    r"fianc[eé]e?|aunt|uncle|cousin|niece|nephew|friend|boss|teacher|dog|cat"
)
_OTHERS = "|".join(
    sorted(
        PEOPLE_BY_ROLE
        # Someone the relative has, beside the family and work: "my brother's ex", "my
        # mum's mate", "grandma's cat".
        | {"ex", "mate", "pal", "classmate", "colleagues", "coworkers", "bestie", "carer"}
        | {"pet", "puppy", "kitten", "pup", "hamster", "horse", "rabbit", "parrot"},
        key=len,
        reverse=True,
    )
)
_CHAIN = gated(
    r"^(?:'s|s'|')\s+(?:(?:little|older|younger|big|elderly|old|new|best|ex|lovely|poor)\s+)*"
    rf"(?P<rel>{_KIN}|{_OTHERS})\b"
)
_REPORTS = gated(r"\s+(?:says|said|thinks|reckons|told|tells|called|rang|texted)\b")
_OWNED_BY = gated(rf"\b(?:{_KIN}|{_OTHERS})\s+of\s+$")
_NAMED_BEFORE = gated(r"^\s*(?P<name>[A-Za-z][a-z]+)\s*[,(]\s*$")
"""The name, then a comma or a bracket before the relation: "Jake, my brother, …", "Ana
(my sister) is in hospital"."""


def through_a_relative(first: str, rest: str) -> tuple[str | None, str] | None:
    """Whether ``rest`` (what follows the relation ``first``) names a relative of theirs:
    None if not; else the in-law's slug (or None for someone no field is about) and
    what is said of them."""
    m = _chain(rest)
    if m is None:
        return None
    rel = m.group("rel")
    slug = _IN_LAW.get(rel) if first in _SPOUSES else None
    return slug, rest[m.end() :]


def owned_person(rest: str) -> str | None:
    """The relative or other person ``rest`` (what follows a name or a relation, lower
    case) says belongs to them ("'s dad", "'s old colleague"), or None."""
    m = _chain(rest)
    return m.group("rel") if m else None


OUTSIDER = ""
"""Who a pronoun stands for when it is someone else's relative ("sarah's dad ... he"): no
family field is about them."""


def _chain(rest: str) -> re.Match[str] | None:
    m = _CHAIN.match(rest)
    if m is None or (m.group("rel") in PEOPLE_BY_ROLE and _REPORTS.match(rest, m.end())):
        # "my son's teacher says he has a temperature": who looks after the relative,
        # telling how the relative is.
        return None
    return m


def named_before(head: str) -> str | None:
    """The first name said right before a relation as its apposition ("Jake, my
    brother, …": ``head`` is "Jake, "), or None."""
    m = _NAMED_BEFORE.match(head)
    return m.group("name") if m else None


def of_a_relative(head: str) -> bool:
    """Whether the relation is said as whose someone is, in a phrase that names that other
    person first ("the neighbour of my mother is in hospital", "a friend of my dad's"):
    ``head`` is what comes before the relation's determiner."""
    return head.endswith("of ") and _OWNED_BY.search(head) is not None
