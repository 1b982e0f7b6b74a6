"""A first name's "'s" typed without its apostrophe or capital is the name's: "emmas got a
fever" is Emma's news, "olivia's flight got cancelled" Olivia's trip, not the writer's.
Plurals in daily use, names ending in "s" and nouns after a determiner stay as typed."""

from __future__ import annotations

import pytest
from extraction_fixtures import SATURDAY, facts_said

from core.extraction.name_s import name_s
from core.extraction.offline import extract_offline


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("emmas got a fever, keeping her home today", "family.emma.status", "sick"),
        ("jakes sick again ugh", "family.jake.status", "sick"),
        ("noahs home from school w a cough", "family.noah.status", "sick"),
        ("Lilys got a cold", "family.lily.status", "sick"),
    ],
)
def test_a_name_without_its_apostrophe_is_the_persons(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "olivia's flight got cancelled",
        "olivias flight got cancelled smh",
        "ethans train is delayed again",
    ],
)
def test_a_named_persons_trip_is_not_the_writers(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("travel.")]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("the bills got paid", "the bills got paid"),  # a determiner: a noun
        ("lucas is sick", "lucas is sick"),  # a name that ends in "s"
        ("james got the flu", "james got the flu"),
        ("roses are out", "roses are out"),  # not said of a person
        ("may's rent is due", "may's rent is due"),  # a month, not a name
        ("marks got better this term", "marks got better this term"),  # a plural in use
        ("emmas got a fever", "Emma's got a fever"),
        ("olivia's flight", "Olivia's flight"),
    ],
)
def test_only_a_first_names_s_is_mended(typed: str, read: str) -> None:
    assert name_s(typed) == read


@pytest.mark.parametrize(
    "text",
    [
        "emmas got a fever so shes home from school today",
        "my son has the flu, he's home today",
        "Lily's sick, keeping her home",
    ],
)
def test_home_because_sick_is_one_state_not_two(text: str) -> None:
    said = [
        o for o in extract_offline(text, at=SATURDAY).observations if o.field.startswith("family.")
    ]
    assert [o.candidate_value for o in said] == ["sick"], said
