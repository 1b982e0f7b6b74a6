"""A first name's "'s" typed without its apostrophe or its capital: "emmas got a fever",
"jakes sick again", "olivia's flight got cancelled".
A relative's too ("moms in the hospital", "at my dads in tucson"): ``kin_s`` and
``kin_place_s``, kept here beside the names' rule.

Chat leaves the apostrophe out, and the parse then reads one unknown word ("emmas")
where a name and "is", "has" or a possessive stand. The apostrophe is given back when
the word less its "s" is a common first name ("emma", "jake", "noah"), the word itself is
no name ("lucas", "carlos", "james" stay) nor a plural in daily use ("bills", "marks",
"roses"), no determiner comes before it ("the bills got paid"), and what follows is what
is said of a person ("got", "sick", "home", "been", ...) or a thing of theirs ("school",
"flight", ...).
"""

from __future__ import annotations

import re

from core.extraction.first_names import is_common_first_name
from core.extraction.word_gates import gated

_NAME_S = gated(
    # A word like a name's first, then the determiners before it: the lookbehinds (zero
    # width, at the same place) cost a try at every position when they lead.
    r"\b(?=[A-Za-z][a-z]{1,14}s\s)"
    r"(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)(?<!\ball\s)(?<!\bno\s)(?<!\bany\s)(?<!\bsome\s)"
    r"(?<!\bboth\s)(?<!\bthese\s)(?<!\bthose\s)(?<!\byour\s)(?<!\btheir\s)(?<!\bhis\s)"
    r"(?<!\bher\s)"
    r"(?P<name>[A-Za-z][a-z]{1,14})s\b(?=\s+(?:"
    # Said of the person: "'s" for "is" or "has".
    r"got|gotten|been|sick|ill|unwell|home|back|out|off|away|better|fine|ok|okay|still|not|"
    r"at|with|feeling|having|getting|staying|flying|driving|coming|going|in|asleep|finally|"
    # A thing of theirs: the possessive.
    r"school|class|daycare|nursery|teacher|flight|train|game|practice|appointment|party|"
    r"recital|birthday|fever|temperature|cough|cold|wedding|graduation|exam|exams|surgery)\b)"
)


def _words(block: str) -> frozenset[str]:
    """The words of a block of text (the lists below read as prose, not as lists)."""
    return frozenset(block.split())


_S_NAMES = _words(
    "lucas carlos andreas nicolas jonas elias tobias matthias niklas marcus thomas james "
    "louis julius silas amos moses agnes frances doris iris lois alexis phyllis"
)
"""Names that end in "s" and whose stem is a name too ("luca", "andrea")."""
_PLURALS = _words(
    "bills marks pats hopes roses franks jacks rays woods dawns graces joys summers grants "
    "nicks bobs wills mays junes rubys ambers jades heathers daisys olives violets ivys "
    "hollys pearls sages autumns rivers skys stormys taylors bakers millers masons "
    "hunters carters coopers drews chases wades deans"
)
"""Plurals in daily use whose singular is a first name too ("bill", "rose", "mason")."""


def _given_back(m: re.Match[str]) -> str:
    name = m.group("name")
    low = name.lower()
    whole = low + "s"
    if whole in _S_NAMES or whole in _PLURALS or is_common_first_name(whole):
        return m.group()
    if not is_common_first_name(low):
        return m.group()
    return name.capitalize() + "'s"


_LOWER_NAME_S = gated(r"\b(?P<name>[a-z]{2,15})(?='s\b)")
_WORDS_TOO = _words(
    "will may june april august march bill mark pat art rose hope joy grace faith "
    "sunny summer autumn winter dawn rich frank jack ray wood"
)
"""Common first names that are words people write with "'s" ("may's rent", "summer's")."""


def _capital(m: re.Match[str]) -> str:
    name = m.group("name")
    if name in _WORDS_TOO or not is_common_first_name(name):
        return name
    return name.capitalize()


def name_s(text: str) -> str:
    """``text`` with a first name's "'s" typed without its apostrophe given it back, and a
    common first name before "'s" given its capital ("olivia's flight" is hers, not the
    writer's: the parse tells a name by its capital)."""
    if "s " not in text:  # the cheap test first
        return text
    return _LOWER_NAME_S.sub(_capital, _NAME_S.sub(_given_back, text))


_KIN_S = gated(
    # The relative's first letter, then the lookbehinds: they cost a try at every position
    # when they lead.
    r"\b(?=[mdwhsbgn])(?<!\bthe\s)(?<!\ball\s)(?<!other\s)(?<!some\s)(?<!\bof\s)"
    r"(mom|mum|dad|wife|hubby|husband|sister|"
    r"brother|grandma|grandpa|grandad|granddad|nana|nanna|granny|son|daughter)s\b(?=\s+(?:out|home|back|away|sick|gone|asleep|"
    r"still|not|been|better|fine|ok|okay|finally|just|at|with|having|getting|feeling|doing|"
    # "my moms in the hospital" (not "my sisters in law")
    # "mums off to tahoe friday": where they are off to, or off work.
    r"staying|flying|driving|coming|going|leaving|heading|off|in(?!(?:\s|-)+laws?\b))\b)",
    re.I,
)
""""moms out of town til tuesday", "dads home from the hospital", "my moms in the hospital":
a relative's "'s" typed without its apostrophe, before what is said of them (not "the
moms in the group", "my sisters in law")."""
_KIN_PLACE_S = gated(
    r"(?i)(?P<pre>\b(?:at|to|from|near|outside|by)\s+(?:my|our|his|her|their)\s+)"
    r"(?P<kin>(?:(?:grand|step)?(?:mom|mum|mam|dad|ma|pa|mother|father)|nan|nana|gran|granny|"
    r"grandma|grandpa|sister|brother|sis|bro|aunt|auntie|aunty|uncle|cousin|bf|gf|boyfriend|"
    r"girlfriend)s)\b"
    r"(?=\s+(?:in|place|house|flat|apartment|for|until|till|til|this|tonight|now|rn|again|"
    r"overnight|since)\b|\s*[,.!]|\s*$)"
)
"""A relative's place with the apostrophe left out: "still at my dads in tucson", "back
at my moms for the week". Only after "at", "to" or "from" and before where, when or the
end: "my sisters are in Ohio" stays plural."""


def kin_place_s(text: str) -> str:
    """``text`` with a relative's place given its apostrophe ("at my dads in tucson"); the
    same cheap test first as ``name_s``, which it runs before."""
    if "s " not in text:
        return text
    return _KIN_PLACE_S.sub(lambda m: m.group("pre") + m.group("kin")[:-1] + "'s", text)


_KIN_IS = gated(
    # "at my dad's in tucson": after "at", "to" or "from" it is their place, not "is".
    # The possessive's first letter first: the lookbehinds cost a try at every position.
    r"\b(?=[mouhty])(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bnear\s)(?<!\bby\s)"
    r"((?:my|our|your|ur|his|her|their)\s+(?:mom|mum|dad|wife|hubby|husband|sister|brother|"
    r"grandma|grandpa|nana|son|daughter|boyfriend|girlfriend|partner|cousin|aunt|uncle|"
    r"niece|nephew|bf|gf|sis|bro))'s\s+(?=(?:in|into|over|up|down|out|visiting|staying)\s+(?!-)|"
    # "my son's proper poorly", "my mum's real sick": an intensifier, then how they are.
    r"(?:proper|real|super|well|mega|hella)\s+(?:ill|sick|poorly|unwell)\b)",
    re.I,
)
"""The parse takes a relative's "'s" before where they are for a possessive ("my sister's in
town all week", "my brother's in Tulsa for work"), or before an intensifier and how they are
("my son's proper poorly"): it is "is"."""


def kin_s(text: str) -> str:
    """``text`` with a relative's "'s" typed without its apostrophe given it back, then read
    as "is" where it says where or how they are ("my moms in the hospital")."""
    return _KIN_IS.sub(r"\1 is ", _KIN_S.sub(r"\1's", text))
