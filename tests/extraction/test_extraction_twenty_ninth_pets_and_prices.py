"""The twenty-ninth round (issue 24), words29b: pets by name, the emergency vet, prices by
the unit and sums "and due" a day, as pet owners and sports fans told them.

- A pet called by its name at the vet ("Mochi is at the emergency vet", "Honey's on
  antibiotics … at the vet", found by ``realistic/pets-dev.jsonl``) gave
  ``family.<name>.status``: a first name alone cannot tell a pet from a child, the vet can
  (``pets_named.py``); a sentence that names an animal besides keeps the person.
- "the emergency vet" read as the emergency room (a relative "at the emergency vet with our
  puppy" was sick).
- "hotel in Munich is €210 a night, due at check-in" (``realistic/matchday-dev.jsonl``)
  named a bill "night": the unit a price is by is no thing paid for (``amounts.py``); the
  thing is named with its town, the town is not the thing (``item_in_a_place.py``).
- "season ticket renewal is £640 and due by the 31st" gave nothing: a sum, then "and due"
  its day, as "…, due" does; "renewal" is the thing paid for again (``bill_names.py``).

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

PETS_BY_NAME: list[FieldRow] = [
    ("Biscuit is at the vet again, they think it's her kidneys", "family.biscuit.status", None, ""),
    ("Pepper has a fever, the vet wants to see her tomorrow", "family.pepper.status", None, ""),
    ("Mochi's on antibiotics, $120 at the vet", "family.mochi.status", None, ""),
    ("Coco spent the night at the animal hospital", "family.coco.status", None, ""),
    ("Rex has kennel cough and a fever", "family.rex.status", None, ""),
    ("the vet says Milo has an ear infection", "family.milo.status", None, ""),
    ("Nala's back from the vet, all good", "family.nala.status", None, ""),
    # A person by name: no vet, another sentence, or an animal named besides.
    ("Emma has a fever", "family.emma.status", "sick", "assertive"),
    (
        "Emma has a fever. I'm at the vet with the cat all morning",
        "family.emma.status",
        "sick",
        "assertive",
    ),
    (
        "Maya's got the flu, so the dog's vet appointment is off",
        "family.maya.status",
        "sick",
        "assertive",
    ),
    ("Noah is in the hospital with pneumonia", "family.noah.status", "sick", "assertive"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PETS_BY_NAME)
def test_a_pet_at_the_vet_is_no_family_member(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


EMERGENCY_VET: list[FieldRow] = [
    ("my son is at the emergency vet with our puppy", "family.son.status", None, ""),
    ("my wife's at the emergency vet with the cat", "family.wife.status", None, ""),
    ("mum took the dog to the emergency vet", "family.mum.status", None, ""),
    # The emergency room stays where it was.
    ("my wife is at the emergency room with a migraine", "family.wife.status", "sick", "assertive"),
    ("my dad is in the emergency room", "family.dad.status", "sick", "assertive"),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), EMERGENCY_VET)
def test_the_emergency_vet_is_no_emergency_room(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


PRICED_BY_THE_UNIT: list[FieldRow] = [
    (
        "hotel in Munich is €210 a night, due at check-in",
        "financial.hotel.amount",
        210,
        "assertive",
    ),
    ("the cabin is $220 per night, due on arrival", "financial.cabin.amount", 220, "assertive"),
    ("boarding is $45 a night, due at pickup", "financial.boarding.amount", 45, "assertive"),
    (
        "the apartment in Lisbon is €900, due on the 1st",
        "financial.apartment.amount",
        900,
        "assertive",
    ),
    ("the rent is $1,650 a month, due on the 1st", "financial.rent.amount", 1650, "assertive"),
    # The unit, the town: no bill of that name.
    ("hotel in Munich is €210 a night, due at check-in", "financial.night.amount", None, ""),
    ("the dog walker is $25 a walk, due Fridays", "financial.walk.amount", None, ""),
    ("the apartment in Lisbon is €900, due on the 1st", "financial.lisbon.amount", None, ""),
    ("the flight is delayed, due to weather", "financial.flight.status", None, ""),
    ("is the hotel €210, due at check-in?", "financial.hotel.amount", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), PRICED_BY_THE_UNIT)
def test_a_price_by_the_unit_names_the_thing(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


AND_DUE: list[FieldRow] = [
    (
        "season ticket renewal is £640 and due by the 31st",
        "financial.season_ticket.amount",
        640,
        "assertive",
    ),
    (
        "season ticket renewal is £640 and due by the 31st",
        "financial.season_ticket.due_date",
        "2026-03-31",
        "assertive|planning",
    ),
    (
        "the gym membership is $45 and due Friday",
        "financial.gym_membership.due_date",
        "2026-03-06",
        "assertive|planning",
    ),
    (
        "car insurance renewal is $890 and due on the 20th",
        "financial.car_insurance.amount",
        890,
        "assertive",
    ),
    (
        "the storage unit is $95 and is due on the 1st",
        "financial.storage_unit.amount",
        95,
        "assertive",
    ),
    # Asked, someone else's, or a condition: no sum of ours.
    ("is the season ticket £640 and due by the 31st?", "financial.season_ticket.amount", None, ""),
    (
        "my brother's gym membership is $60 and due Friday",
        "financial.gym_membership.amount",
        None,
        "",
    ),
    (
        "if the renewal is £700 and due before payday I'm not renewing",
        "financial.renewal.amount",
        None,
        "",
    ),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), AND_DUE)
def test_a_sum_and_due_a_day(text: str, field: str, value: str | float | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
