"""Words that open a message before what it says: "actually we're heading home tomorrow",
"oh wait we land in denver at 5", "plot twist rent is now 2200". The message reads
as it does without them (as it already did with a comma after them); a corrected day said
the short way ("tomorrow not wed") is a day, not the verb "wed".

Found telling a trip's end in the playground: "actually we're heading home tomorrow not
wed" got "I'm not sure what you mean", while "actually, we're heading home tomorrow" worked.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.typed_text import clean

TOMORROW = "2026-11-29"  # the fixtures' message time is Saturday, November 28

OPENERS = [
    "actually",
    "Actually",
    "oh wait",
    "wait",
    "hey",
    "omg",
    "sooo",
    "ok so",
    "plot twist",
    "just so you know",
    "fyi",
    "update:",
    "quick update -",
    "guess what",
    "turns out",
    "turns out that",
]


@pytest.mark.parametrize("opener", OPENERS)
@pytest.mark.parametrize(
    ("said", "field", "value"),
    [
        ("we're heading home tomorrow", "travel.return_date", TOMORROW),
        ("rent is now 2200", "financial.rent.amount", 2200),
        ("i'm in denver now", "travel.location", "Denver"),
    ],
)
def test_an_opener_leaves_what_follows_as_it_reads_alone(
    opener: str, said: str, field: str, value: object
) -> None:
    assert facts_said(said).get(field) == value  # the sentence alone
    assert facts_said(f"{opener} {said}").get(field) == value, clean(f"{opener} {said}")


@pytest.mark.parametrize(
    "text",
    [
        "lol",  # nothing after it: the message stays
        "hey",
        "lol my mom would be in the hospital if she saw this",  # laughter tells a joke
        "haha rent is now 2200",
        "hey from Kathmandu! wifi is patchy",  # where one writes from
    ],
)
def test_laughter_a_lone_word_and_a_greeting_from_a_place_stay(text: str) -> None:
    assert clean(text).lower().startswith(text.split()[0].lower())


@pytest.mark.parametrize(
    ("text", "back"),
    [
        ("actually we're heading home tomorrow not wed", TOMORROW),
        ("flying home friday instead of sun", "2026-12-04"),
        ("we come back the 3rd, not thu", "2026-12-03"),
        ("heading home monday rather than tue", "2026-11-30"),
    ],
)
def test_the_day_a_correction_takes_back_is_a_day(text: str, back: str) -> None:
    assert facts_said(text).get("travel.return_date") == back, clean(text)


@pytest.mark.parametrize(
    "text",
    [
        "lol rent is 2200 now",
        "seriously rent is 2200 now",
        "meanwhile rent is 2200 now",
        "honestly rent is 2200 now",
    ],
)
def test_a_word_before_a_bill_that_never_names_it_is_not_its_name(text: str) -> None:
    """ "lol rent" was a bill called "lol rent" (``financial.lol_rent``): the rent it is."""
    said = facts_said(text)
    assert said.get("financial.rent.amount") == 2200, said
    assert not [f for f in said if f.startswith("financial.") and "_rent" in f], said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("the electric bill is $140", "financial.electric_bill.amount"),
        ("hospital bill is 1200", "financial.hospital_bill.amount"),
        ("so the car insurance is $90", "financial.car_insurance.amount"),
    ],
)
def test_a_word_that_names_the_bill_still_does(text: str, field: str) -> None:
    assert field in facts_said(text)
