"""He, she and they: a family status said of a pronoun belongs to the member it stands for.

Each row is one message and the family fields it must yield (value and intent), or
none at all. The antecedent is the one family member of the pronoun's gender (or
number, for "they") mentioned earlier in the same message, or the one person named
when no relation gives a gender; two candidates, or a person of unknown gender beside
one of the pronoun's, leave the pronoun unresolved.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline

Expected = dict[str, tuple[object, str]]

CASES: list[tuple[str, Expected]] = [
    ("my wife had a rough night. she has the flu", {"family.wife.status": ("sick", "assertive")}),
    ("My dad called. He's in the hospital", {"family.dad.status": ("sick", "assertive")}),
    ("my son broke his arm, he is in a cast", {"family.son.status": ("injured", "assertive")}),
    ("my husband called, he's sick", {"family.husband.status": ("sick", "assertive")}),
    (
        # One person: the daughter is Lily, whose field her name gives (as "my daughter
        # Lily has a fever" does), never a second member called "daughter".
        "My daughter Lily came home early. She has a fever",
        {"family.lily.status": ("sick", "assertive")},
    ),
    ("the kids were up all night. they have colds", {"family.kids.status": ("sick", "assertive")}),
    (
        "my daughter emma has a fever. she has strep",
        {"family.emma.status": ("sick", "assertive")},
    ),
    (
        "My wife took our son to the doctor. He has strep",
        {"family.son.status": ("sick", "assertive")},
    ),
    (
        "My wife took our son to the doctor. She has strep",
        {"family.wife.status": ("sick", "assertive")},
    ),
    (
        "my mom was sick last week but she is fine now",
        {"family.mom.status": ("well", "assertive")},
    ),
    # Two candidates of the same gender: no observation.
    ("My mom and my sister came over. She is sick", {}),
    ("My brother and my dad are here. He is sick", {}),
    # Someone whose gender the words do not give could be the one meant.
    ("My wife and her friend went out. She is sick", {}),
    ("My wife's boss called. She is sick", {}),
    ("my wife and her mom are here. she has the flu", {}),
    # A name gives no gender, but the one person named is whom "she" or "he" means.
    ("Lily came by after school. She has a fever", {"family.lily.status": ("sick", "assertive")}),
    (
        "Maya had a fever last week but she's fine now",
        {"family.maya.status": ("well", "assertive")},
    ),
    # Two people named: either could be meant.
    ("Tom and Maya were sick but she's fine now", {}),
    ("my wife and Maya were sick, she's fine now", {}),
    # No antecedent in the message: nothing (a pronoun never reaches a past message).
    ("she has the flu", {}),
    ("He's in the hospital", {}),
    # A pronoun of the other gender does not attach.
    ("my wife had a rough night. he has the flu", {}),
]


def _family_status(text: str) -> Expected:
    ext = extract_offline(text, at=AT)
    return {
        o.field: (o.candidate_value, o.intent)
        for o in ext.observations
        if o.domain == "family" and o.field.endswith(".status")
    }


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_pronoun_reading(text: str, expected: Expected) -> None:
    found = _family_status(text)
    assert {f: v for f, v in found.items() if f in expected or not expected} == expected, found


def test_a_pronoun_never_reaches_into_an_earlier_message() -> None:
    assert _family_status("my wife had a rough night") == {}
    assert _family_status("she has the flu") == {}
