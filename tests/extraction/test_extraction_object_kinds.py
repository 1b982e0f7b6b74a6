"""The rules check the kind of thing a status verb acts on.

"dropped", "finished", "got" and "on vacation in" say little by themselves: the
object decides. A project is a work item ("the billing migration", "Project
Nova", "my thesis"), not a possession, body part, food, event or errand place; a
bill or fine that arrives is owed, not paid; "got" a thing is no arrival; and
"on vacation in X" is where the user is only when the clause is in the present.
Each row is a sentence and the fields of one domain it must yield (value and
intent), or none at all.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.object_kinds import head_noun, kind_of
from core.extraction.offline import extract_offline

NOTHING: dict[str, tuple[object, str]] = {}

CASES: list[tuple[str, str, dict[str, tuple[object, str]]]] = [
    # Projects: work items keep their status whatever the verb.
    (
        "we dropped the analytics dashboard",
        "project",
        {"project.analytics_dashboard.status": ("cancelled", "assertive")},
    ),
    (
        "I finally finished my thesis",
        "project",
        {"project.thesis.status": ("shipped", "assertive")},
    ),
    (
        "we finished the billing migration",
        "project",
        {"project.billing_migration.status": ("shipped", "assertive")},
    ),
    (
        "Project Nova was scrapped",
        "project",
        {"project.project_nova.status": ("cancelled", "assertive")},
    ),
    (
        "I'm working on the grant proposal",
        "project",
        {"project.grant_proposal.status": ("in_progress", "assertive")},
    ),
    (
        "we launched the spring campaign",
        "project",
        {"project.spring_campaign.status": ("shipped", "assertive")},
    ),
    # Possessions, body parts, food, events and errand places are no projects.
    ("dropped my keys down the drain this morning", "project", NOTHING),
    ("ugh I dropped my laptop on the floor", "project", NOTHING),
    ("I dropped a glass on my foot", "project", NOTHING),
    ("finished my coffee and went back to bed", "project", NOTHING),
    ("we finished the pizza in ten minutes", "project", NOTHING),
    ("I completed the half marathon in under two hours", "project", NOTHING),
    ("finally finished the race, my legs are jelly", "project", NOTHING),
    ("we finished the whole season of that show", "project", NOTHING),
    ("I finished the interview and felt great", "project", NOTHING),
    ("started the workout at six", "project", NOTHING),
    ("dropped my nephew at the station", "project", NOTHING),
    ("killed a wasp in the kitchen", "project", NOTHING),
    ("finally finished the dishes", "project", NOTHING),
    ("I started the antibiotics yesterday", "project", NOTHING),
    (
        "I started a gardening podcast",
        "project",
        {"project.gardening_podcast.status": ("in_progress", "assertive")},
    ),
    # Money: a bill or fine received is owed; goods got with a price are bought.
    ("I got a parking ticket outside the dentist", "financial", NOTHING),
    ("received a fine from the library", "financial", NOTHING),
    (
        "got a traffic ticket for $90",
        "financial",
        {"financial.traffic_ticket.status": ("due", "assertive")},
    ),
    (
        "paid the parking ticket online",
        "financial",
        {"financial.parking_ticket.status": ("paid", "assertive")},
    ),
    (
        "got concert tickets for $120",
        "financial",
        {"financial.concert_tickets.status": ("paid", "assertive")},
    ),
    ("got a new kettle for $35", "financial", {"financial.kettle.status": ("paid", "assertive")}),
    # Travel: "got" a thing is no arrival; "on vacation in X" is a stay only in the present.
    ("I got a sunburn on holiday in Mallorca", "travel", NOTHING),
    ("I got a flat tire in Fresno", "travel", NOTHING),
    ("we met some lovely people on vacation in Lisbon", "travel", NOTHING),
    ("we got into Lisbon late last night", "travel", {"travel.location": ("Lisbon", "assertive")}),
    ("we're on holiday in Mallorca", "travel", {"travel.location": ("Mallorca", "assertive")}),
    (
        "we're on a family vacation in Orlando",
        "travel",
        {"travel.location": ("Orlando", "assertive")},
    ),
    ("on holiday in Crete right now", "travel", {"travel.location": ("Crete", "assertive")}),
]


def _fields(text: str, domain: str) -> dict[str, tuple[object, str]]:
    ext = extract_offline(text, at=AT)
    return {
        o.field: (o.candidate_value, o.intent)
        for o in ext.observations
        if o.domain == domain and o.intent in ("assertive", "planning")
    }


@pytest.mark.parametrize(("text", "domain", "expected"), CASES, ids=[t for t, _, _ in CASES])
def test_object_kind_reading(
    text: str, domain: str, expected: dict[str, tuple[object, str]]
) -> None:
    found = _fields(text, domain)
    if not expected:
        assert found == {}, found
    else:
        assert {f: found.get(f) for f in expected} == expected, found


HEADS: list[tuple[str, str, str | None]] = [
    # phrase in its sentence, head noun, class
    ("I dropped my phone", "phone", "possession"),
    ("we finished the marathon I trained for", "marathon", "event"),
    ("she hurt her left knee", "knee", "body_part"),
    ("we shipped the pricing page", "page", None),
    ("I got a speeding ticket", "ticket", "demand"),
    ("I got tickets to the game", "ticket", "possession"),
]


@pytest.mark.parametrize(("sentence", "head", "kind"), HEADS, ids=[s for s, _, _ in HEADS])
def test_head_noun_and_class(sentence: str, head: str, kind: str | None) -> None:
    verb_end = sentence.index(" ", sentence.index(" ") + 1) + 1  # after the verb
    assert head_noun(sentence, verb_end, len(sentence)) == head
    assert kind_of(sentence[verb_end:], head) == kind


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("the car is dead", None),
        ("the car's engine is dead", None),
        ("my phone's battery is dead", None),
        ("the fridge is dead", None),
        ("our furnace is dead again", None),
        ("the router migration is done", "project.router_migration.status"),
        ("the printer project shipped", "project.printer.status"),
    ],
)
def test_a_machine_dies_a_project_ships(text: str, project: str | None) -> None:
    """A machine or its part breaks down, it is cancelled as no project; a project named
    after one is still a project."""
    found = [o.field for o in extract_offline(text, at=AT).observations]
    assert found == ([] if project is None else [project])
