"""A pet called by its name: "Biscuit is at the vet again", "Honey's on antibiotics, $95 at
the vet", "the vet said Oscar has an ear infection".

People name their pets as they name their children, so a first name alone cannot tell
Mochi the cat from Maya the daughter. The vet can: a sentence that takes the named one to
the vet (or the animal hospital, or gives it kennel cough) is about a pet, and a pet's
health is no family member's status. When the sentence names an animal besides ("Maya's
got the flu, so the dog's vet appointment is off", "Emma took the puppy to the vet"), the
vet is that animal's and the name is a person's.
"""

from __future__ import annotations

from core.extraction.clause import Clause
from core.extraction.word_gates import gated

_VET_CARE = gated(
    r"\b(?:the|our|my|his|her|their|emergency|animal)\s+vets?\b|"
    r"\bvets?\s+(?:says|said|thinks|bill|visit|hospital|clinic|appointment|appt|trip)\b|"
    r"\bveterinar(?:y|ian)\b|\banimal\s+(?:hospital|er)\b|"
    r"\b(?:kennel\s+cough|heartworms?|parvo|spayed|neutered)\b"
)
"""Care only an animal gets: "at the vet", "the vet says", "vet bill", "the animal hospital",
"kennel cough". Not "a vet" alone ("Sam is a vet": his work, or a veteran)."""
_ANIMAL = gated(
    r"\b(?:dogs?|cats?|pupp(?:y|ies)|pups?|kittens?|kitty|rabbits?|bunny|hamsters?|"
    r"guinea\s+pigs?|parrots?|birds?|horses?|pony|ponies|tortoise|lizard|snake|ferrets?)\b"
)
_SENTENCE_END = gated(r"[.!?\n]+\s*")


def a_pet_by_name(clause: Clause) -> bool:
    """Whether the sentence around ``clause`` takes whoever it names to the vet and names no
    animal besides: the named one is a pet."""
    sentence = _sentence_of(clause).lower()
    return _VET_CARE.search(sentence) is not None and _ANIMAL.search(sentence) is None


def _sentence_of(clause: Clause) -> str:
    if clause.start_in_message < 0 or not clause.message:
        return clause.text
    text, at = clause.message, clause.start_in_message
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= at:
            start = m.end()
        else:
            return text[start : m.start()]
    return text[start:]
