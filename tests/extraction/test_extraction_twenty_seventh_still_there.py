"""The twenty-seventh round (issue 24), w27: readings the lead met while using Canon, found
again by the probe sentences written for this round (``realistic/probes27a-dev.jsonl``:
teens', students', world English, roaming, night-shift and carers' voices). A departure
that has not happened leaves the writer where they are ("still haven't left Hoi An", "I
have not yet departed from Nairobi", "yet to leave Kuala Lumpur"); a town spelled like an
ordinary word, typed in lower case right after a journey's "to", is the town ("driving up
to bend sun", "made it to florence"), while the same word as a verb or an adjective is not;
a host's lodging that has guests or is let is where others are; and a pronoun with a
verb's particle ("dropped me off") or a run of shifts on the rota ("finished nights") names
no project. Each class is tabled with paraphrases in other voices and look-alikes that must
keep their reading. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, held_said

NOT_GONE_YET_IS_STILL_THERE: list[FieldRow] = [
    # The writer has not left (or is yet to leave): there now, the subject said or not.
    ("still haven't left Chiang Mai, too comfy here", "travel.location", "Chiang Mai", "assertive"),
    ("we still havent left Accra, the ferry is late", "travel.location", "Accra", "assertive"),
    ("haven't made it out of Dubai yet, stuck on standby", "travel.location", "Dubai", "assertive"),
    (
        "I have not yet departed from Colombo, will update",
        "travel.location",
        "Colombo",
        "assertive",
    ),
    ("havent even left Hanoi yet lol", "travel.location", "Hanoi", "assertive"),
    (
        "I'm yet to leave Jakarta, the visa office is shut",
        "travel.location",
        "Jakarta",
        "assertive",
    ),
    # Someone else who has not left, a building, a time: not where the writer is.
    ("my brother still hasn't left Perth, flies friday", "travel.location", None, ""),
    ("my aunt hasn't left Kampala yet", "travel.location", None, ""),
    ("haven't left the house since monday", "travel.location", None, ""),
    ("still haven't left work, send help", "travel.location", None, ""),
]

A_LOWER_CASE_TOWN_AFTER_A_JOURNEYS_TO: list[FieldRow] = [
    # After a journey's "to", a common noun wants "the": a town's name there is the town.
    ("heading up to bend sat with the kids", "travel.destination", "Bend", "planning"),
    ("flying to nice tmrw for a wedding", "travel.destination", "Nice", "planning"),
    ("headed to cork friday for the match", "travel.destination", "Cork", "planning"),
    ("made it to florence, feet destroyed", "travel.location", "Florence", "assertive"),
    ("off to split on thursday with the girls", "travel.destination", "Split", "planning"),
    # The same words as verbs, adjectives or nouns a word goes on with: no town.
    ("going to bath the baby then bed", "travel.destination", None, ""),
    ("we're off to split the bill at the pub", "travel.destination", None, ""),
    ("made it to nice weather at last", "travel.location", None, ""),
    ("got to bend the rules a bit today", "travel.location", None, ""),
    ("flying to nice places is my hobby lol", "travel.destination", None, ""),
    # An Indian state travellers name, in lower case.
    ("in goa till sunday, no signal on the beach", "travel.location", "Goa", "assertive"),
    ("backpacking around kerala this month", "travel.location", "Kerala", "assertive"),
]

A_HOSTS_LODGING_IS_WHERE_OTHERS_ARE: list[FieldRow] = [
    ("our airbnb in whitby has guests till sunday", "travel.location", None, ""),
    ("my flat in Porto is let to students this term", "travel.location", None, ""),
    ("our cabin in Tahoe has a family in it this week", "travel.location", None, ""),
    # A guest describing the lodging they are in: there.
    ("the hostel in Cusco is freezing at night", "travel.location", "Cusco", "assertive"),
]


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    NOT_GONE_YET_IS_STILL_THERE
    + A_LOWER_CASE_TOWN_AFTER_A_JOURNEYS_TO
    + A_HOSTS_LODGING_IS_WHERE_OTHERS_ARE,
)
def test_where_the_writer_is_or_is_going(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


NO_PROJECT: list[str] = [
    # A pronoun with a verb's particle is another verb's object, not a piece of work.
    "my dad dropped me off at uni this morning",
    "the coach dropped us off outside the hotel",
    "they killed him off in the finale",
    # A run of shifts by its name on the rota, done: no work shipped.
    "finished nights today, sleeping till 4",
    "finally finished my lates, off till monday",
    "finished my last earlies this morning",
    "done my doubles for the week",
]

A_PROJECT_STILL: list[tuple[str, str]] = [
    # Work named after the same verbs keeps its project.
    ("finished the grant report today", "project.grant_report.status"),
    ("we dropped the night mode feature", "project.night_mode_feature.status"),
]


@pytest.mark.parametrize("text", NO_PROJECT)
def test_a_particle_or_a_shift_names_no_project(text: str) -> None:
    fields = [f for f in held_said(text) if f.startswith("project.")]
    assert fields == [], f"{text!r} names no project: {fields}"


@pytest.mark.parametrize(("text", "field"), A_PROJECT_STILL)
def test_work_named_after_the_same_verbs_is_a_project(text: str, field: str) -> None:
    assert field in held_said(text), text
