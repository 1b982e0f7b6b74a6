"""The twenty-fifth round (issue 24), w25b: whose state a sentence states, found by the
probe sentences written for this round in new voices (``realistic/probes25b-dev.jsonl``:
teens' texts, a student group chat, non-native English, people moving between countries).
A relative named inside someone else's noun phrase, a name or a relative that owns
another person, a "your" relative passed on to the writer or said back to the reader, a
past illness beside a present return home, and a second verb that reports the member's
own words. Each class is tabled with paraphrases in other voices and look-alikes that must
keep their reading. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row, held_said, intent_said

SOMEONE_THE_RELATIVE_HAS: list[FieldRow] = [
    # The relative owns (or is "of") the person the state is about: theirs, not ours.
    ("helping out at the ward with my dad's old carer", "family.dad.status", None, ""),
    ("my nan's neighbour is in hospital again", "family.grandma.status", None, ""),
    ("my sister's ex is down with covid lol", "family.sister.status", None, ""),
    ("grandad's dog is really poorly", "family.grandpa.status", None, ""),
    ("a colleague of my husband is off sick", "family.husband.status", None, ""),
    ("The friend of my mother is in the hospital since Sunday", "family.mother.status", None, ""),
    # The relative's own illness, own body, own in-law: still the relative (or the in-law).
    ("my mum's in hospital with her chest", "family.mom.status", "sick", "assertive"),
    ("my son's fever is gone this morning", "family.son.status", "well", "assertive"),
    ("my wife's dad is in hospital", "family.father_in_law.status", "sick", "assertive"),
    # Who looks after the relative, telling how the relative is.
    ("my son's teacher says he's got a temperature", "family.son.status", None, ""),
]

SOMEONE_ELSES_RELATIVE_BY_NAME: list[FieldRow] = [
    # A name owning a relative: the name is whose, neither is the writer's family.
    ("priya's mum is in hospital, she's gutted", "family.priya.status", None, ""),
    ("marco's dad works nights at the hospital, he's not ill", "family.marco.status", None, ""),
    ("Jo's brother is off sick, he's been in bed all week", "family.jo.status", None, ""),
    # A name owning a thing keeps the name ("Zara's inhaler ... she's been wheezy").
    ("Ava's inhaler ran out, she's been wheezy all day", "family.ava.status", "sick", "assertive"),
    ("ella's got a fever again", "family.ella.status", "sick", "assertive"),
]

YOUR_RELATIVE_PASSED_ON: list[FieldRow] = [
    # A partner's or a carer's note to the writer about the writer's relative.
    (
        "your dad's got a chest infection so I'm staying over",
        "family.dad.status",
        "sick",
        "assertive",
    ),
    ("ur nan's back in hospital hun, call me", "family.grandma.status", "sick", "assertive"),
    (
        "Your brother is much better today, he's eating again",
        "family.brother.status",
        "well",
        "assertive",
    ),
    # Said back to the reader about the reader's relative: sympathy, a question, a wish.
    ("so sorry your mum is in hospital x", "family.mom.status", None, ""),
    ("oh no sorry to hear ur dad's poorly", "family.dad.status", None, ""),
    ("is your sister feeling better?", "family.sister.status", None, ""),
    ("hope your grandad feels better soon", "family.grandpa.status", None, ""),
]

HOME_AFTER_A_PAST_ILLNESS: list[FieldRow] = [
    # Sick once, home now: the present state is home.
    (
        "my mum's finally home, she was in hospital for a week",
        "family.mom.status",
        "home",
        "assertive",
    ),
    (
        "grandad was in the hospital over easter but he's home now",
        "family.grandpa.status",
        "home",
        "assertive",
    ),
    # Sick now and home because of it: one state, sick.
    ("noah's got a fever so he's home from school", "family.noah.status", "sick", "assertive"),
]

A_SECOND_VERB_REPORTS: list[FieldRow] = [
    # The member's second verb passes on their own words about how they are.
    (
        "dad's landed in lagos and says he's feeling much better",
        "family.dad.status",
        "well",
        "assertive",
    ),
    ("my sister rang and said she's got the flu", "family.sister.status", "sick", "assertive"),
    # The pronoun is someone else: no status of the member.
    ("my brother called and said she's sick", "family.brother.status", None, ""),
]

A_TEACHER_IS_NO_RELATIVE: list[FieldRow] = [
    # A student's teachers and peers named by role, typed in lower case.
    ("prof said he's off sick so no lecture", "family.prof.status", None, ""),
    ("lecturer has covid, seminar moved online", "family.lecturer.status", None, ""),
    ("classmate's got the flu so I'm doing the slides", "family.classmate.status", None, ""),
]


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    SOMEONE_THE_RELATIVE_HAS
    + SOMEONE_ELSES_RELATIVE_BY_NAME
    + YOUR_RELATIVE_PASSED_ON
    + HOME_AFTER_A_PAST_ILLNESS
    + A_SECOND_VERB_REPORTS
    + A_TEACHER_IS_NO_RELATIVE,
)
def test_whose_state_the_sentence_states(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    ["so sorry your mum is in hospital x", "oh no sorry to hear ur dad's poorly"],
)
def test_sympathy_for_the_readers_relative_says_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    ["Your mum's gone down with a cold", "YOUR DAD'S IN HOSPITAL AGAIN"],
)
def test_your_is_never_a_relatives_name(text: str) -> None:
    said = held_said(text)
    assert "family.your.status" not in said
    assert set(said) & {"family.mom.status", "family.dad.status"}
