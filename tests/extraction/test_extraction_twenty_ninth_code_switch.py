"""The twenty-ninth round (issue 24), w29: English mixed with Spanish, Hindi or Tagalog,
found by the dev half of ``realistic/codeswitch-dev.jsonl``. The writer keeps the nouns in
English (places, firms, bills) and says the frame in the other language: "estoy en Madrid
this week, back el viernes", "mi mamá está enferma", "trabajo en Amazon now", "nos mudamos
to Phoenix", "Netflix cancel kar diya", "abhi office mein hoon". ``code_switch.glossed`` puts
that frame into English where its words can mean nothing else; the rules then read the
sentence as they read English. Words that are English too or mean two things ("my Padres",
"por la mañana", Hindi "kal", Tagalog "ate") keep their reading.

Every row is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, intent_said

from core.extraction.code_switch import glossed

GLOSSES: list[tuple[str, str]] = [
    ("estamos en Lisbon hasta el 22", "we're in Lisbon until the 22nd"),
    ("mi esposa tiene gripe", "my wife has the flu"),
    ("meri beti ko fever hai", "my daughter has a fever"),
    ("tatay ko is at the clinic", "my dad is at the clinic"),
    ("my suegra is visiting", "my mother-in-law is visiting"),
    ("hoy I'm off, mañana back to work", "today I'm off, tomorrow back to work"),
    ("I paid the school fees kal", "I paid the school fees yesterday"),
    ("got the results kal, all clear", "got the results yesterday, all clear"),
    ("will send it kal", "will send it tomorrow"),
    ("kuya got a job sa Dubai", "kuya got a job in Dubai"),
    ("agar traffic kam hua toh we'll come by 7", "if traffic kam hua, we'll come by 7"),
    ("ojalá no llueva", "I wish no llueva"),
    ("salimos para Tijuana mañana", "we're leaving for Tijuana tomorrow"),
    ("nagbayad na ako kanina", "nagbayad na ako today"),
    ("soy vegana since January", "soy vegan since January"),
    ("talk to you later", "talk to you later"),
    ("SA is hot this week", "SA is hot this week"),
    # Left alone: English words, a morning, a day that is two days with no verb to tell.
    ("my Padres lost again", "my Padres lost again"),
    ("see you por la mañana", "see you por la mañana"),
    ("kal ki meeting cancel", "kal ki meeting cancel"),
    ("Ate, can you call me", "Ate, can you call me"),
    ("I ate at el Farolito", "I ate at el Farolito"),
]


@pytest.mark.parametrize(("mixed", "english"), GLOSSES)
def test_the_other_languages_frame_is_glossed(mixed: str, english: str) -> None:
    assert glossed(mixed) == english


MIXED_FACTS: list[FieldRow] = [
    ("estoy en Bogotá por trabajo, back el sábado", "travel.location", "Bogotá", "assertive"),
    (
        "estamos en Cusco this week, the altitude is no joke",
        "travel.location",
        "Cusco",
        "assertive",
    ),
    ("estoy en Quito until el domingo", "travel.return_date", "2026-03-08", "planning|assertive"),
    ("mi papá está enfermo, he's got a bad cough", "family.dad.status", "sick", "assertive"),
    ("my hija tiene fiebre so she stayed home", "family.daughter.status", "sick", "assertive"),
    ("papa ko bukhar hai since morning", "family.dad.status", "sick", "assertive"),
    ("mera beta is sick, school nahi gaya", "family.son.status", "sick", "assertive"),
    ("trabajo en Target, just the weekend shifts", "profile.employer", "Target", "assertive"),
    ("nos mudamos a Denver in April, lease is signed", "profile.move_city", "Denver", "planning"),
    (
        "Spotify cancel kar diya, never used it",
        "financial.spotify.status",
        "cancelled",
        "assertive",
    ),
    ("ya pagué la renta, $1,300", "financial.rent.status", "paid", "assertive"),
    ("paid the gas bill kal, 1,150 rupees", "financial.gas_bill.status", "paid", "assertive"),
    ("nandito pa ako sa Baguio until Sunday", "travel.location", "Baguio", "assertive"),
    ("here na sa Davao, sobrang init", "travel.location", "Davao", "assertive"),
    ("we're here na sa Manila", "travel.location", "Manila", "assertive"),
    ("salgo para Lima el sábado", "travel.destination", "Lima", "planning"),
    ("I'm vegana now, ya no como carne", "profile.diet", "vegan", "assertive"),
    ("agar leave mil gayi toh I'll fly to Kochi next week", "travel.destination", None, ""),
    ("ojalá I was in Cancún right now", "travel.location", None, ""),
    ("ate ko is working sa Dubai now", "travel.location", None, ""),
    ("paid the gas bill kal, 1,150 rupees", "financial.gas_bill_kal.status", None, ""),
    # Someone else's, a wish, a question: no fact of the writer's.
    ("mi hermana está en Madrid this week", "travel.location", None, ""),
    ("¿estás en Madrid todavía?", "travel.location", None, ""),
    ("ojalá estuviera en Cancún right now", "travel.location", None, ""),
    ("mi hermano trabaja en Google", "profile.employer", None, ""),
    ("si nos mudamos a Austin, I'd want a yard", "profile.move_city", None, ""),
]


@pytest.mark.parametrize(("text", "field", "value", "intent"), MIXED_FACTS)
def test_mixed_sentences_are_read_as_english(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


MIXED_INTENTS: list[tuple[str, str]] = [
    ("abhi hospital mein hoon, will update", "assertive"),
    ("ghar pe hoon, come whenever", "assertive"),
    ("trabajo desde casa, the plumber is coming", "assertive"),
    ("¿vienes el viernes?", "none"),
    ("my tito got a job sa Doha, he flies out next month", "assertive"),
]


@pytest.mark.parametrize(("text", "intent"), MIXED_INTENTS)
def test_where_the_writer_is_said_in_hindi_or_spanish(text: str, intent: str) -> None:
    assert intent_said(text) == intent
