"""What the named-entity recogniser adds to the rules: who is a person.

The field rules find a place by where it stands ("we're at X", "moved to X") and the
gazetteer confirms the names it knows. A capitalised name it does not know is taken
as a place on the writer's word, which is right for "Springdale" and wrong for
"we're at Kevin's place". spaCy's NER tells the two apart: a name it reads as a
PERSON, and that the gazetteer does not know as a place, is nobody's whereabouts.
"""

from __future__ import annotations

from core.extraction.first_names import is_common_first_name
from core.extraction.gazetteer import key_of, lookup
from core.extraction.linguistics.parse import parse

_PLACE_FIELDS = frozenset({"travel.location", "travel.destination", "profile.home_city"})


def people_named(message: str) -> frozenset[str]:
    """Lowercase names the parse of ``message`` reads as people (possessive 's dropped)."""
    return frozenset(
        ent.text.lower().removesuffix("'s").strip()
        for ent in parse(message).ents
        if ent.label_ == "PERSON"
    )


def is_a_person_not_a_place(field: str, value: object, people: frozenset[str]) -> bool:
    """Whether a place field's value is someone's ("Austin's house") or a person's name
    the gazetteer does not know."""
    if field not in _PLACE_FIELDS or not isinstance(value, str):
        return False
    if value.lower().endswith("'s"):
        return True
    if value.isupper():
        return False  # "JFK", "LAX": the small model takes airports for people
    name = value.lower().strip()
    if field.startswith("travel.") and not is_common_first_name(name.split()[0]):
        # "off to Lanzarote on Saturday": the recogniser takes an unknown island for a
        # person, but one goes to a person's name only if it is a person's name.
        return False
    return name in people and lookup(key_of(name)) is None
