"""Who is in the household: ``family.<first name>.relation``, as the user's notes and her
own chat say it.

A MEMORY.md list names the members under their relation, one line each: "- Partner:
Jordan", "Kids: Maya (9), Leo (6)", "* Wife: Priya, in Madrid for work". In the chat the
user says it in passing, a partner or a child of her own and the name: "my wife Priya is
in Madrid", "our daughter maya has a cold", "my kids Maya and Leo" (``SAID_IN_PASSING``).
Each member's field is her first name's slug and its value one word of
``fields.RELATIONS`` ("mum" is mother, "kids" are each a child). An age is never kept: it
goes stale.

Only the writer's own ("my", "our") are hers: "Priya's wife", "my friend's son Leo" and
"my ex-wife Priya" name no one of her household; a question or a condition ("if my son
Leo calls…") is read as the clause says (the rule runs in the clause's intent).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.markdown import MarkdownLine, parse_line
from core.extraction.types import ExtractedObservation, Extraction
from core.extraction.word_gates import gated

RELATION_OF: Final[dict[str, str]] = {
    **dict.fromkeys(("partner", "boyfriend", "girlfriend", "fiance", "fiancee"), "partner"),
    **dict.fromkeys(("fiancé", "fiancée", "other half"), "partner"),
    "spouse": "spouse",
    **dict.fromkeys(("wife", "wifey"), "wife"),
    **dict.fromkeys(("husband", "hubby", "hubs"), "husband"),
    **dict.fromkeys(("kid", "kids", "child", "children"), "child"),
    **dict.fromkeys(("son", "sons"), "son"),
    **dict.fromkeys(("daughter", "daughters"), "daughter"),
    **dict.fromkeys(("parent", "parents"), "parent"),
    **dict.fromkeys(("mother", "mom", "mum", "mommy", "mummy", "mama", "momma"), "mother"),
    **dict.fromkeys(("father", "dad", "daddy", "papa"), "father"),
    **dict.fromkeys(("sibling", "siblings"), "sibling"),
    **dict.fromkeys(("brother", "brothers", "bro"), "brother"),
    **dict.fromkeys(("sister", "sisters", "sis"), "sister"),
    **dict.fromkeys(("grandparent", "grandparents"), "grandparent"),
    **dict.fromkeys(("grandmother", "grandma", "granny", "nana", "nan", "gran"), "grandmother"),
    **dict.fromkeys(("grandfather", "grandpa", "grandad", "granddad"), "grandfather"),
    **dict.fromkeys(("grandchild", "grandchildren", "grandkids", "grandson"), "grandchild"),
    "granddaughter": "grandchild",
}
"""The words for a relation, each as the one value it is (``fields.RELATIONS``)."""

SAID_IN_PASSING: Final = frozenset(
    ("partner", "spouse", "wife", "husband", "child", "son", "daughter")
)
"""The relations a chat mention makes a member of the household: a partner and the
children. A parent or a sibling named in passing ("my brother Tom moved to Denver", "at
my sister Jo's") is family, but not said to live with her; a MEMORY.md household list
names them as members."""
_REL: Final = "|".join(sorted(map(re.escape, RELATION_OF), key=len, reverse=True))
_NAME: Final = r"(?-i:[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
_AGE: Final = r"(?:\s*\(\s*(?:age\s+)?\d{1,2}\s*\))?"
_LISTED: Final = gated(
    rf"^\s*(?:[-*\u2022]\s+)?(?:(?:my|our)\s+)?(?P<rel>{_REL})\s*(?::|\s[-\u2013\u2014])\s*"
    # "Kids: Leo, and Max": the names joined by a comma, "and", "&" or ", and".
    rf"(?P<names>{_NAME}{_AGE}(?:\s*(?:,(?:\s*(?:and\b|&))?|&|\band\b)\s*{_NAME}{_AGE})*)"
    # What may follow the names: the end, or what is said of them after a comma, a
    # bracket or a dash ("- Partner: Sam, away till Sunday"), never more of a name.
    r"\s*(?=$|[,(;.\u2013\u2014-])",
    re.I,
)
"""A household list's line: "- Partner: Jordan", "Kids: Maya (9), Leo (6)"."""
_TOLD: Final = gated(
    r"(?<![\w'\u2019-])(?:my|our)\s+(?:(?:little|lil|older|younger|big|baby|eldest|oldest|"
    rf"youngest|twin|middle)\s+)?(?P<rel>{_REL})\s*,?\s+"
    rf"(?P<names>[A-Za-z][a-z]+(?:\s*(?:,|&|\band\b)\s*[A-Za-z][a-z]+)*)",
    re.I,
)
"""The writer's own relation and its name, in passing: "my wife Priya", "our son leo"."""
_NAMES_SPLIT: Final = gated(r"\s*(?:,|&|\band\b)\s*", re.I)
_AGE_CUT: Final = gated(r"\s*\(.*?\)")
_NOT_NAMES: Final = frozenset(
    ("will", "may", "june", "april", "august", "summer", "bill", "mark", "grace", "hope")
)
"""First names that are as often a word after a relation ("my son will be home")."""
_MANY: Final = frozenset(
    [
        "kids",
        "children",
        "sons",
        "daughters",
        "parents",
        "siblings",
        "brothers",
        "sisters",
        "grandparents",
        "grandchildren",
        "grandkids",
    ]
)
"""A relation of many, followed by each of their names ("my kids Maya and Leo")."""


def listed_members(line: str) -> list[tuple[str, str]]:
    """The members a household list's line names, as (field, relation); [] for any other
    line ("- Partner: TBD", "## Kids", "- Dog: Pepper", a line that asks something)."""
    if line.rstrip().endswith("?") or (m := _LISTED.match(line)) is None:
        return []
    names = [_AGE_CUT.sub("", n) for n in _NAMES_SPLIT.split(m.group("names")) if n]
    if not all(is_first_name(n.lower()) for n in names):
        return []  # "Partner: Leeds" names no one
    relation = RELATION_OF[m.group("rel").lower()]
    return [(f"family.{slugify(n)}.relation", relation) for n in names]


def with_members_listed(read: Extraction, md: MarkdownLine | None, entity_id: str) -> Extraction:
    """``read`` with the members its Markdown line lists (``listed_members``): each is who
    they are now, whatever the line says of them since ("- Husband: Omar (was in hospital
    in 2019)" is still her husband), in place of the chat rule's reading of the line."""
    if md is None or not (listed := listed_members(md.body)):
        return read
    fields = {f for f, _ in listed}
    kept = [o for o in read.observations if o.field not in fields]
    members = [
        ExtractedObservation(entity_id, "family", f, v, "assertive", 1.0, None, md.body[:1000])
        for f, v in listed
    ]
    said = "assertive" if read.intent in ("none", "hypothetical", "historical") else read.intent
    return replace(read, intent=said, observations=(*kept, *members))


def with_members_typed(read: Extraction, text: str, entity_id: str) -> Extraction:
    """``read`` with the members a chat message lists as a household list's lines would
    ("Kids: Leo, and Max", "wife: Priya"), each line read as ``listed_members`` reads one
    of MEMORY.md; a message with no such line is ``read`` as it was."""
    for line in text.splitlines():
        read = with_members_listed(read, parse_line(line), entity_id)
    return read


def members_told(clause: Clause) -> list[Candidate]:
    """The writer's own members a clause names with their relation ("my wife Priya")."""
    found: list[Candidate] = []
    for m in _TOLD.finditer(clause.text):
        relation = RELATION_OF[" ".join(m.group("rel").lower().split())]
        if relation not in SAID_IN_PASSING:
            continue  # "my brother Tom moved to Denver": family, not said to live with her
        words = [w for w in _NAMES_SPLIT.split(m.group("names")) if w]  # "Leo, and Max"
        # A relation of one takes one name ("my son Leo and I"); of many, the names listed.
        for word in words if m.group("rel").lower() in _MANY else words[:1]:
            if not _a_name(word):
                break
            found.append(Candidate(f"family.{slugify(word)}.relation", relation, 0.95))
    return found


def _a_name(word: str) -> bool:
    """A name as typed after a relation: capitalised and a first name, or in lower case
    one of the common ones that is no word of the sentence ("our son leo", not "my son
    still", "my son will")."""
    low = word.lower()
    if word[0].isupper():
        return is_first_name(low)
    if low in _NOT_NAMES:
        return False
    from spacy.lang.en.stop_words import STOP_WORDS  # loaded with the pipeline anyway

    return is_common_first_name(low) and low not in STOP_WORDS
