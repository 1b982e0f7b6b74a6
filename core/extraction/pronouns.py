"""Who "he", "she" or "they" is: the family member a message mentioned before.

"My wife had a rough night. She has the flu", "My dad called. He's in the
hospital", "my son broke his arm, he is in a cast": a clause whose subject is a
pronoun speaks about the most recent family member of that gender (or number)
mentioned earlier in the same message. The gender comes from the relation word
(wife, mom, sister -> she; husband, dad, brother -> he; kids, twins -> they); a
first name alone gives none, but "my daughter Lily" does, through "daughter".

The reading is conservative. Anyone else mentioned before whose gender the text does
not give (a partner, a friend, the boss, a bare first name) could be the one meant,
so two possible people, of the same gender or of unknown gender, leave the pronoun
unresolved and the clause yields nothing.

Across messages only what the caller passes carries over: the member the chat was last
about (``recent_subject``, from the conversation's state, never from a global), who is
"she" in "she's poorly again" when the message itself names nobody before the pronoun.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.domain.fields import slugify
from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.kin_chains import OUTSIDER, owned_person
from core.extraction.word_gates import gated

# How people write a relation (pet names, typos) -> the word the family fields use.
# Grandparents, aunts and uncles called in the household's first language keep that word
# as their field, as said ("Lola is confined" -> family.lola, the convention of the
# world-English sets): Filipino lola, lolo, tita, tito; German Oma, Opa; Spanish abuela,
# abuelo; Hindi and Urdu nani, dadi. They are relations all the same ("my lola is in the
# hospital"), with the gender the word gives.
KIN_AS_SAID = {
    "lola": "she", "lolo": "he", "tita": "she", "tito": "he", "oma": "she", "opa": "he",
    "abuela": "she", "abuelo": "he", "abuelita": "she", "abuelito": "he", "nani": "she",
    "dadi": "she", "nanaji": "he", "dadaji": "he",
}  # fmt: skip
RELATION_SPELLINGS = {
    "mum": "mom", "mommy": "mom", "mummy": "mom", "mama": "mom", "momma": "mom",
    "daddy": "dad", "papa": "dad", "hubby": "husband", "wifey": "wife",
    "doughter": "daughter", "duaghter": "daughter", "daugther": "daughter",
    "daugter": "daughter", "dauther": "daughter", "husbnad": "husband", "huband": "husband",
    "granny": "grandma", "nana": "grandma", "nanna": "grandma", "nan": "grandma", "gran": "grandma",
    "grammy": "grandma", "grandmom": "grandma", "grandad": "grandpa", "granddad": "grandpa",
    "gramps": "grandpa", "grampa": "grandpa", "sis": "sister", "bro": "brother",
    "bf": "boyfriend", "gf": "girlfriend", "auntie": "aunt", "aunty": "aunt",
    # Mother and father as said in Indian, Nigerian and Filipino English households: "ma is
    # admitted since tuesday", "amma has fever", "nanay is in the hospital", "appa is better".
    "ma": "mom", "amma": "mom", "nanay": "mom", "appa": "dad", "tatay": "dad",
    # The in-laws as forums and group chats abbreviate them: "MIL is home from hospital".
    "mil": "mother_in_law", "fil": "father_in_law",
    # Pet names for a husband and a baby: "hubs is feeling rough", "the bubba has a rash".
    "hubs": "husband", "bubba": "baby", "bub": "baby",
    # "my other half is laid up": the partner.
    "other half": "partner", "other_half": "partner",
    # Irish English names the spouse as "himself" or "herself" at the head of a sentence:
    # "Himself is laid up with the flu", "herself is away in Galway till Friday".
    "himself": "husband", "herself": "wife",
}  # fmt: skip
_SHE = (
    "wife", "mom", "mother", "sister", "daughter", "aunt", "grandma", "grandmother",
    "niece", "girlfriend", "fiancee", "fiancée", "mother-in-law", "stepmom", "stepdaughter",
    "mum", "mommy", "mummy", "mama", "momma", "wifey", "doughter", "duaghter", "daugther",
    "daugter", "dauther", "granny", "nana", "nanna", "nan", "gran", "grammy", "grandmom", "sis",
    "ma", "amma", "nanay", "auntie", "aunty", "mil",
    *(k for k, p in KIN_AS_SAID.items() if p == "she"),
)  # fmt: skip
_HE = (
    "husband", "dad", "father", "brother", "son", "uncle", "grandpa", "grandfather", "nephew",
    "boyfriend", "fiance", "fiancé", "father-in-law", "stepdad", "stepson",
    "daddy", "papa", "hubby", "husbnad", "huband", "grandad", "granddad", "gramps", "grampa",
    "bro", "appa", "tatay", "fil", "hubs",
    *(k for k, p in KIN_AS_SAID.items() if p == "he"),
)  # fmt: skip
_THEY = ("kids", "children", "twins", "boys", "girls", "parents", "in-laws", "grandparents")
# People whose gender the words do not give: any of them could be "he" or "she".
_UNKNOWN = (
    "partner", "spouse", "other half", "kid", "child", "baby", "bubba", "bub", "toddler", "friend", "boss", "manager",
    "colleague", "coworker", "co-worker", "neighbor", "neighbour", "cousin", "roommate",
    "teacher", "doctor", "nanny", "sibling",
)  # fmt: skip
_PRONOUN_OF = {
    **dict.fromkeys(_SHE, "she"),
    **dict.fromkeys(_HE, "he"),
    **dict.fromkeys(_THEY, "they"),
    **dict.fromkeys(_UNKNOWN, "?"),
}
# The same field the family rules give the member ("my father is sick" -> family.father).
_SLUG = {**RELATION_SPELLINGS, "children": "kids"}
_MENTION = gated(
    r"(?:\b(?P<pos>(?i:my|our|the|his|her|their))|'s)\s+(?:(?:little|lil|older|younger|big|baby|oldest|youngest|eldest|new|twin)"
    r"\s+)?(?P<rel>" + "|".join(sorted(map(re.escape, _PRONOUN_OF), key=len, reverse=True)) + r")\b"
    # "my daughter Lily": the name is the same person, its gender given by the relation.
    r"(?:,?\s+(?P<named>[A-Za-z][a-z]+)\b(?!'s))?|(?<![\w'])(?P<name>(?!(?:I|We|The|My|Our|This|That|It|He|She|They|You|What|"
    r"Just|So|But|And|Then|Today|Tomorrow|Yesterday|Hi|Hey|Ok|Okay|Also)\b)[A-Z][a-z]+)"
    r"(?=\s+(?:is|was|were|are|has|had|called|said|texted|got|came|went|and|"
    # A school note or a carer's line: "Tobi will be absent today as he is running a
    # fever", "Maya stayed home, she's got a cough", "Ade won't be in, he has malaria".
    r"will|won't|wont|would|can't|cant|couldn't|isn't|wasn't|didn't|stayed|stays|needs|"
    r"missed|woke|felt|feels|seems|looks|kept|keeps)\b)"
    # "grandma fell and broke her hip, she's in the ER": a parent or grandparent called by
    # the relation alone, as a name, opening the clause.
    # A parent or grandparent called by the relation alone, as a name, capitalised as one
    # anywhere in the clause ("whoever has Mum tonight: she's been running a temp", "we
    # drove to the coast with Dad. He's in the hospice now").
    r"|(?<![\w'])(?P<cap>(?-i:Mom|Mum|Dad|Grandma|Grandpa|Nana|Nanna|Nan|Gran|Granny|Gramps|Grandad|"
    r"Granddad|Mama|Papa|"
    r"Oma|Opa|Lola|Lolo|Abuela|Abuelo|Nani))"
    r"\b(?!')"
    # A note's heading about them: "re dad - he's been discharged", "update on mum: she's ..."
    r"|^\W*(?:(?i:re|about|on|update\s+on|news\s+on)\W+)?"
    r"(?P<bare>(?i:mom|mum|dad|grandma|grandpa|nana|granny|gramps|grandad|mama|papa))"
    # ... or owning what the clause is about: "dad's flight got cancelled so he's home",
    # "moms car broke down, she's stuck in fresno" (the apostrophe left out).
    r"(?:\b(?!')|(?i:'s|s)\s+(?=[a-z]))"
    # A child named as owning what the clause is about: "Zara's inhaler is in her bag, she's
    # been wheezy" (``note`` keeps it only when it is a common first name, not "Tesco's").
    r"|(?<![\w'])(?P<owner>[A-Z][a-z]+)'s\s+(?=\w)(?!(?:note|notes|message|msg|email|e-mail|text|"
    # Not what a colleague wrote or runs: "copying in Mark's note: he's off sick".
    r"reply|post|comment|update|memo|team|desk|office|account|clients?|project|tickets?|"
    r"shift|rota|cover)\b)"
)


def _names_someone(word: str) -> bool:
    """Whether the word after a relation is that person's name: capitalised, or a first
    name in lower case ("my daughter emma"; never "my son still", nor the modal of "my son
    will be off today", though Will is a name)."""
    if word[0].isupper():
        return True
    from spacy.lang.en.stop_words import STOP_WORDS  # loaded with the pipeline anyway

    return word not in STOP_WORDS and is_first_name(word)


def pronoun_of(relation: str) -> str:
    """ "she", "he", "they", or "?" when the word does not give it (a partner, a name)."""
    return _PRONOUN_OF.get(relation.lower(), "?")


_SUBJECT = gated(r"^\W*(?:(?:and|but|so|now|then|today|poor)\W+)*(?P<p>she|he|they)\b")


@dataclass
class Referents:
    """The family members a message has mentioned so far, most recent last."""

    _seen: list[tuple[str, str]] = field(default_factory=list)
    """(slug or name, pronoun: "she", "he", "they" or "?" when unknown)."""
    recalled: str | None = None
    """The member the conversation was last about (a ``family.<slug>`` slug), meant by a
    pronoun only while the message has mentioned nobody before it."""

    def note(self, text: str) -> None:
        """Record the people ``text`` (one clause, original casing) mentions."""
        for m in _MENTION.finditer(text):
            if m.group("bare") or m.group("cap"):
                rel = (m.group("bare") or m.group("cap")).lower()
                self._seen.append((_SLUG.get(rel, slugify(rel)), _PRONOUN_OF[rel]))
            elif m.group("rel"):
                rel = m.group("rel").lower()
                if _PRONOUN_OF[rel] == "?" and (m.group("pos") or "").lower() == "the":
                    continue  # "took him to the doctor": a place to go, not a person here
                # "my daughter Lily ... she": Lily, whose field the family rules gave her.
                named = m.group("named")
                who = named.lower() if named and _names_someone(named) else None
                self._seen.append((who or _SLUG.get(rel, slugify(rel)), _PRONOUN_OF[rel]))
            elif m.group("owner"):
                if (owned := owned_person(text[m.end("owner") :].lower())) is not None:
                    # "sarah's dad works at the hospital, he's not sick": he is her dad,
                    # someone no family field is about.
                    self._seen.append((OUTSIDER, _PRONOUN_OF.get(owned, "?")))
                elif is_common_first_name(m.group("owner").lower()):
                    self._seen.append((m.group("owner").lower(), "?"))
            else:
                self._seen.append((m.group("name").lower(), "?"))

    def subject(self, low: str) -> tuple[str, int] | None:
        """The member a clause starting with a subject pronoun speaks about, and the
        offset just after the pronoun; None when the pronoun has no single antecedent."""
        m = _SUBJECT.match(low)
        if m is None:
            return None
        pronoun = m.group("p")
        if not self._seen and self.recalled:
            # "emma's got a temperature" ... later "she's poorly again": the chat's subject,
            # when the pronoun can be them ("she" is not the kids; a name may be either).
            said = pronoun_of(self.recalled)
            fits = said == pronoun or (said == "?" and pronoun != "they")
            return (self.recalled, m.end("p")) if fits else None
        matching = {who for who, p in self._seen if p == pronoun}
        unknown = {who for who, p in self._seen if p == "?"}
        if pronoun != "they" and unknown - matching:
            if not matching and len(unknown) == 1:
                # "maya had a fever last week but she's fine now": the one name before.
                return next(iter(unknown)), m.end("p")
            return None  # "my wife and her friend ... she": either could be meant
        if len(matching) != 1:
            return None
        return next(iter(matching)), m.end("p")
